package loader

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWorkspaceMayHold: a walked project folder's listing answers for
// the names in it; a folder discovery did not list may hold anything.
func TestWorkspaceMayHold(t *testing.T) {
	root := t.TempDir()
	for p, body := range map[string]string{
		"a/.mcp.json": `{"mcpServers": {}}`,
		"a/.env":      "X=1\n",
		"b/.mcp.json": `{"mcpServers": {}}`,
	} {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := Load(Options{Paths: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	if !ws.MayHold(a, ".env") || !ws.MayHold(a+"/", ".ENV") {
		t.Error("a lists .env")
	}
	if ws.MayHold(b, ".env") {
		t.Error("b was listed without .env")
	}
	if !ws.MayHold(filepath.Join(b, "sub"), ".env") || !(&Workspace{}).MayHold(b, ".env") {
		t.Error("a folder nobody listed may hold anything")
	}
}
