package loader

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A walked project folder's names reach its documents, in every part of
// a split plan; a file named alone has no listing.
func TestProjectNamesFromTheWalk(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a/.mcp.json":        `{"mcpServers":{"x":{"command":"x"}}}`,
		"a/go.mod":           "module a\n",
		"a/.vscode/mcp.json": `{"servers":{"y":{"command":"y"}}}`,
		"b/.mcp.json":        `{"mcpServers":{"z":{"command":"z"}}}`,
	})
	plan, err := Discover(Options{Paths: []string{root}, WorkDir: root})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		filepath.Join(root, "a"): {".mcp.json", ".vscode", "go.mod"},
		filepath.Join(root, "b"): {".mcp.json"},
	}
	seen := 0
	for _, part := range plan.Split(1) {
		ws, err := part.Load()
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ws.Documents {
			if !slices.Equal(d.ProjectNames, want[d.ProjectDir]) {
				t.Errorf("%s: ProjectNames %q, want %q", d.Path, d.ProjectNames, want[d.ProjectDir])
			}
			seen++
		}
	}
	if seen != 3 {
		t.Errorf("%d documents, want 3", seen)
	}
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "b", ".mcp.json")}, WorkDir: root})
	if len(ws.Documents) != 1 || ws.Documents[0].ProjectNames != nil {
		t.Errorf("a named file: ProjectNames %q, want none (its folder was not read)", ws.Documents[0].ProjectNames)
	}
}

// A walk from a linked folder resolves the link once, and a link inside
// back to a plain folder it already walked is not walked again.
func TestWalkFromALinkedRoot(t *testing.T) {
	root := writeTree(t, map[string]string{
		"real/a/.mcp.json":        `{"mcpServers":{"x":{"command":"x"}}}`,
		"real/b/.vscode/mcp.json": `{"servers":{"y":{"command":"y"}}}`,
	})
	link := filepath.Join(root, "link")
	if err := os.Symlink(filepath.Join(root, "real"), link); err != nil {
		t.Skipf("symlinks: %v", err)
	}
	if err := os.Symlink(filepath.Join(root, "real", "a"), filepath.Join(root, "real", "b", "alias")); err != nil {
		t.Fatal(err)
	}
	ws := mustLoad(t, Options{Paths: []string{link}, WorkDir: root})
	var got []string
	for _, d := range ws.Documents {
		rel, _ := filepath.Rel(root, d.AbsPath)
		got = append(got, filepath.ToSlash(rel))
	}
	slices.Sort(got)
	if want := []string{"link/a/.mcp.json", "link/b/.vscode/mcp.json"}; !slices.Equal(got, want) {
		t.Errorf("documents %q, want %q", got, want)
	}
}
