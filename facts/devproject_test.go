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
		if got := developsServer(dir, nil); got != c.want {
			t.Errorf("%s: %q, want %q", file, got, c.want)
		}
	}
	if got := developsServer(t.TempDir(), nil); got != "" {
		t.Errorf("empty folder: %q", got)
	}
}

func TestDevelopsServerUsesDiscoveryListing(t *testing.T) {
	project := func(t *testing.T) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\nrequire github.com/mark3labs/mcp-go v0.1.0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	const want = "go.mod depends on github.com/mark3labs/mcp-go"
	if got := developsServer(project(t), nil); got != want {
		t.Errorf("no listing: %q, want %q (every marker is tried)", got, want)
	}
	if got := developsServer(project(t), []string{".mcp.json", "go.mod"}); got != want {
		t.Errorf("listed: %q, want %q", got, want)
	}
	if got := developsServer(project(t), []string{"GO.MOD"}); got != want {
		t.Errorf("listed in another case: %q, want %q", got, want)
	}
	// Discovery read the folder without the marker: it is not read again.
	if got := developsServer(project(t), []string{".mcp.json"}); got != "" {
		t.Errorf("not listed: %q, want no reason (the file is not opened)", got)
	}
}
