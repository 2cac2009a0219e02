package facts

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDevelopsServer(t *testing.T) {
	for file, c := range map[string]struct{ text, want string }{
		"pyproject.toml": {"[project]\nname = \"w\"\ndependencies = [\"mcp[cli]>=1.9\"]\n", "pyproject.toml depends on mcp"},
		"package.json":   {`{"dependencies": {"@modelcontextprotocol/sdk": "^1.17.0"}}`, "package.json depends on @modelcontextprotocol/sdk"},
		"go.mod":         {"module x\n\nrequire github.com/mark3labs/mcp-go v0.38.0\n", "go.mod depends on github.com/mark3labs/mcp-go"},
		"Cargo.toml":     {"[package]\nname = \"site\"\n[dependencies]\nserde = \"1\"\n", ""},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, file), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := developsServer(dir); got != c.want {
			t.Errorf("%s: %q, want %q", file, got, c.want)
		}
	}
	if got := developsServer(t.TempDir()); got != "" {
		t.Errorf("empty folder: %q", got)
	}
}
