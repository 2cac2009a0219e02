package loader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An mcpServers file named for a client that reads another shape
// (codex.mcp.json) is read with advice for any client, and the note says
// why its name was not taken at its word; a name of a client that does
// read mcpServers (cursor-mcp.json) is.
func TestFileNamedForAnotherClient(t *testing.T) {
	dir := t.TempDir()
	body := []byte(`{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "pkg@1.0.0"]}}}`)
	for _, c := range []struct {
		name, client string
		unsure       bool
		says         string
	}{
		{"codex.mcp.json", "claude-code", true, "its name says codex, but Codex reads [mcp_servers.<name>] tables in ~/.codex/config.toml, not an mcpServers file, so no client is assumed"},
		{"opencode-servers.json", "claude-code", true, "but OpenCode reads an \"mcp\" object in opencode.json"},
		{"cursor-mcp.json", "cursor", false, "its name says cursor"},
		{"servers.json", "claude-code", true, "nothing in its name or content names a client"},
	} {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
		ws, err := Load(Options{WorkDir: dir, Paths: []string{p}})
		if err != nil {
			t.Fatal(err)
		}
		d := ws.Documents[0]
		if d.Client != c.client || d.Unsure != c.unsure || !strings.Contains(d.Assumed, c.says) {
			t.Errorf("%s: client %s, unsure %v, assumed %q; want %s, %v, %q", c.name, d.Client, d.Unsure, d.Assumed, c.client, c.unsure, c.says)
		}
	}
}
