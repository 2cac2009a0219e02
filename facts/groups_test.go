package facts

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

func TestGroupsJoinHomeServersToEveryProject(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/.mcp.json", `{"mcpServers": {"x": {"command": "x"}, "off": {"command": "y", "type": "bogus"}}}`)
	write("b/.mcp.json", `{"mcpServers": {"y": {"command": "y"}}}`)
	write("home/.claude.json", `{"mcpServers": {"u": {"command": "u"}}}`)
	write("home/.cursor/mcp.json", `{"mcpServers": {"c": {"command": "c"}}}`)
	ws, err := loader.Load(loader.Options{Paths: []string{filepath.Join(root, "a"), filepath.Join(root, "b")}, Home: filepath.Join(root, "home"), WorkDir: root})
	if err != nil {
		t.Fatal(err)
	}
	name := func(g GroupFact) []string {
		var out []string
		for _, i := range g.Members {
			out = append(out, ws.Servers[i].Name)
		}
		return out
	}
	gs := buildGroups(ws)
	if len(gs) != 3 {
		t.Fatalf("%d groups: %+v", len(gs), gs)
	}
	want := [][]string{{"x", "u"}, {"y", "u"}, {"c"}}
	clients := []string{"claude-code", "claude-code", "cursor"}
	for i, g := range gs {
		if g.Client != clients[i] || !slices.Equal(name(g), want[i]) {
			t.Errorf("group %d: %s %q %v, want %s %v", i, g.Client, g.Project, name(g), clients[i], want[i])
		}
	}
	if gs[2].Project != "" {
		t.Errorf("a home-only client's group has project %q", gs[2].Project)
	}
}
