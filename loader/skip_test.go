package loader

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSkipUnrelated: with SkipUnrelated a named file of a generic name
// whose content is not an MCP document is left out without a finding,
// as the folder scan leaves it out; an MCP document of the same names,
// and any file at a client's own place, is still read.
func TestSkipUnrelated(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, content string) string {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	unrelated := []string{
		write("api/server.json", `{"port": 8080}`),
		write("api/broken/server.json", `{"port": `),
		write("tools/mcp_config.json", `{"theme": "dark"}`),
		write("notes/data.json", `{"a": 1}`),
		write("notes/broken.json", `{"a": `),
	}
	related := map[string]string{
		write("reg/server.json", `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "name": "io.example/x", "version": "1.0.0", "description": "x"}`): "registry",
		write("sp/mcp_config.json", `{"mcpServers": {"a": {"command": "a"}}}`): "super-pi",
		write(".mcp.json", `{"port": 8080}`):                                   "claude-code",
	}
	var paths []string
	paths = append(paths, unrelated...)
	for p := range related {
		paths = append(paths, p)
	}
	for _, skip := range []bool{false, true} {
		ws, err := Load(Options{Paths: paths, WorkDir: dir, SkipUnrelated: skip})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, d := range ws.Documents {
			if !d.Context {
				got[d.AbsPath] = d.Client
			}
		}
		for _, p := range unrelated {
			if _, ok := got[p]; ok == skip {
				t.Errorf("skip=%v: %s read=%v", skip, p, ok)
			}
			for _, f := range ws.Findings {
				if skip && filepath.Join(dir, filepath.FromSlash(f.File)) == p {
					t.Errorf("skip=true: finding on an unrelated file: %s %s", f.Rule, f.File)
				}
			}
		}
		for p, client := range related {
			if got[p] != client {
				t.Errorf("skip=%v: %s read as %q, want %q", skip, p, got[p], client)
			}
		}
	}
}
