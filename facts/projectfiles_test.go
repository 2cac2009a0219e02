package facts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// Each Build reads the project's manifests afresh: a language server
// builds facts for every edit, and a package.json changed since the last
// build must count (it used to be kept for the life of the process).
func TestManifestsAreReadPerBuild(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".mcp.json", `{"mcpServers": {"tools": {"command": "npx", "args": ["-y", "acme-tools"]}}}`)
	problem := func() string {
		t.Helper()
		ws, err := loader.Load(loader.Options{WorkDir: dir, Paths: []string{dir}})
		if err != nil {
			t.Fatal(err)
		}
		in := testInput(ws)
		s := serverNamed(in, "tools")
		if s == nil || s.Runner == nil {
			t.Fatalf("no runner facts: %+v", s)
		}
		return s.Runner.Problem
	}
	write("package.json", `{"devDependencies": {"acme-tools": "1.2.3"}}`)
	if p := problem(); p != "" {
		t.Errorf("npx of a package the project installs: problem %q, want none", p)
	}
	write("package.json", `{"devDependencies": {}}`)
	if p := problem(); p != "no-version" {
		t.Errorf("after package.json dropped it: problem %q, want no-version", p)
	}
}
