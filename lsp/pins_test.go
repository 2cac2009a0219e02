package lsp

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEditorReportsToolDrift: the editor reads the project's tool
// snapshots and pins like check, so a tool that changed after it was
// pinned is a diagnostic on the snapshot, with no server started.
func TestEditorReportsToolDrift(t *testing.T) {
	proj := t.TempDir()
	src := filepath.Join("..", "fixtures", "rules", "trust", "tool-drift", "fail")
	for _, f := range []string{".mcp.json", ".mcplint/pins.json", ".mcplint/tools/notes.json"} {
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(proj, filepath.FromSlash(f)), string(b))
	}
	mcp := filepath.Join(proj, ".mcp.json")
	b, _ := os.ReadFile(mcp)
	c, _, _ := inProcess(t, Options{NoConfig: true})
	c.initialize(pathToURI(proj))
	c.open(pathToURI(mcp), string(b), 1)
	snap := pathToURI(filepath.Join(proj, ".mcplint", "tools", "notes.json"))
	c.diagnostics(snap, func(p PublishDiagnosticsParams) bool { return hasCode(p, "trust/tool-drift") })
}
