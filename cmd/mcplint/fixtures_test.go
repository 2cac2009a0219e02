package main

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/report"
)

var update = flag.Bool("update", false, "rewrite golden files")

// copyFixture copies a fixture tree into a temporary folder and replaces
// @PROJECT@ in every file with the absolute path of its project/ folder,
// because ~/.claude.json and trust.json key projects by absolute path.
func copyFixture(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	project := filepath.Join(dst, "project")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, []byte("@PROJECT@"), []byte(filepath.ToSlash(project)))
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// fixtureOptions reads a fixture's layout: project/ is walked, home/ is
// --home, and paths.txt names extra files (one per line, relative).
func fixtureOptions(t *testing.T, root string) loader.Options {
	opts := loader.Options{WorkDir: root}
	if fi, err := os.Stat(filepath.Join(root, "project")); err == nil && fi.IsDir() {
		opts.Paths = append(opts.Paths, filepath.Join(root, "project"))
	}
	if fi, err := os.Stat(filepath.Join(root, "home")); err == nil && fi.IsDir() {
		opts.Home = filepath.Join(root, "home")
	}
	if b, err := os.ReadFile(filepath.Join(root, "paths.txt")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if strings.HasPrefix(line, "--client ") {
				opts.Client = strings.TrimPrefix(line, "--client ")
				continue
			}
			opts.Paths = append(opts.Paths, filepath.Join(root, line))
		}
	}
	if len(opts.Paths) == 0 {
		t.Fatalf("fixture %s has neither project/ nor paths.txt", root)
	}
	return opts
}

// TestClientFixtures runs `list --format json` over every client fixture
// and compares it with the fixture's golden file.
func TestClientFixtures(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob(filepath.Join("..", "..", "fixtures", "clients", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no client fixtures: %v", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			root := copyFixture(t, dir)
			ws, err := loader.Load(fixtureOptions(t, root))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := report.ListJSON(&out, ws); err != nil {
				t.Fatal(err)
			}
			got := bytes.NewBuffer(unplaceProject(out.Bytes(), root))
			golden := filepath.Join(dir, "list.golden.json")
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/mcplint -run TestClientFixtures -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("list output differs from %s:\n%s", golden, lineDiff(string(want), got.String()))
			}
		})
	}
}

// unplaceProject puts @PROJECT@ back where the output shows the copy's
// absolute project folder (the JSON pointer of a ~/.claude.json local entry
// is keyed by it), so goldens do not depend on the temporary folder.
func unplaceProject(b []byte, root string) []byte {
	project := filepath.ToSlash(filepath.Join(root, "project"))
	escaped := strings.ReplaceAll(strings.ReplaceAll(project, "~", "~0"), "/", "~1")
	b = bytes.ReplaceAll(b, []byte(escaped), []byte("@PROJECT@"))
	return bytes.ReplaceAll(b, []byte(project), []byte("@PROJECT@"))
}

// lineDiff shows the first differing lines of two texts.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  want: " + a + "\n  got:  " + c + "\n")
			if shown++; shown == 8 {
				break
			}
		}
	}
	return b.String()
}
