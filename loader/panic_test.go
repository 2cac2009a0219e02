package loader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mcplint failing on one file (a panic while reading it) is reported at
// that file, and the other files are read all the same.
func TestAFailureOnOneFileKeepsTheRun(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{".mcp.json", ".cursor/mcp.json"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(`{"mcpServers": {"a": {"command": "npx"}}}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	readHook = func(path string) {
		if strings.HasSuffix(path, filepath.Join(".cursor", "mcp.json")) {
			panic("index out of range [3] with length 2")
		}
	}
	defer func() { readHook = nil }()
	ws, err := Load(Options{WorkDir: dir, Paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Servers) != 1 || ws.Servers[0].Doc.Path != ".mcp.json" {
		t.Errorf("servers: %d", len(ws.Servers))
	}
	found := false
	for _, f := range ws.Findings {
		if f.File == filepath.Join(".cursor", "mcp.json") && strings.Contains(f.Message, "internal error") && f.Range.Start.Line == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("no internal error at the file: %+v", ws.Findings)
	}
}
