package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An --output FILE whose folder is missing is a bad path (exit 2), said
// before any work, for every command that writes one; and export's
// --output replaces a link there instead of writing through it.
func TestOutputPathIsCheckedFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "npx", "args": ["a@1.0.0"]}}}`})
	missing := filepath.Join(dir, "no", "such", "out.json")
	for _, args := range [][]string{
		{"check", "--output", missing, dir},
		{"merge", "--output", missing, dir},
		{"export", "--output", missing, "a", dir},
		{"check", "--output", dir, dir}, // a folder
	} {
		code, _, errOut := runCLI(t, args...)
		if code != exitUsage || !strings.Contains(errOut, "--output") {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(args[:2], " "), code, errOut)
		}
	}
	victim := filepath.Join(t.TempDir(), "bashrc")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	link := filepath.Join(dir, "team.json")
	if err := os.Symlink(victim, link); err != nil {
		t.Skipf("symlinks: %v", err)
	}
	if code, _, errOut := runCLI(t, "export", "--output", link, "a", dir); code != exitOK {
		t.Fatalf("export: exit %d %s", code, errOut)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("export wrote through the link: %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the link was not replaced by the report")
	}
}
