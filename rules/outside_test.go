package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNoPathOutsideTheRepository: no Go file, script or workflow names a
// path outside the repository (../shared beside this team's checkouts,
// a sibling clone), because a user's clone has nothing beside it and the
// README's test command must pass there. In Go, every filepath.Join or
// path.Join of constant parts and every string literal holding "../" is
// resolved from its file's folder; in scripts and workflows any "../"
// that climbs out of the file's folder further than the repository is
// refused too.
func TestNoPathOutsideTheRepository(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	escapes := func(dir, rel string) bool {
		p := filepath.Clean(filepath.Join(dir, filepath.FromSlash(rel)))
		r, err := filepath.Rel(root, p)
		return err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator))
	}
	scriptRe := regexp.MustCompile(`(?:\.\./)+[A-Za-z0-9_.-]*`)
	checked := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if name == ".git" || name == "node_modules" || (name == "testdata" && p != filepath.Join(root, "testdata")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		dir := filepath.Dir(p)
		switch {
		case strings.HasSuffix(name, ".go"):
			checked++
			for _, lit := range goPathLiterals(t, p) {
				if escapes(dir, lit.path) {
					t.Errorf("%s:%d names %q, outside the repository: copy what it needs into the tree (testdata)", rel, lit.line, lit.path)
				}
			}
		case strings.HasSuffix(name, ".sh") || rel == filepath.Join(".ci", "run") || strings.HasPrefix(rel, filepath.Join(".github", "workflows")):
			checked++
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				for _, m := range scriptRe.FindAllString(line, -1) {
					// Scripts run from the repository's root (.ci/run and
					// bench/run.sh cd there first).
					if escapes(root, m) {
						t.Errorf("%s:%d names %q, outside the repository", rel, i+1, m)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Errorf("only %d files checked", checked)
	}
}

type pathLiteral struct {
	path string
	line int
}

// goPathLiterals lists the constant paths a Go file builds: Join calls
// whose leading arguments are string literals, and literals holding "../".
func goPathLiterals(t *testing.T, file string) []pathLiteral {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var out []pathLiteral
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Join" {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || (pkg.Name != "filepath" && pkg.Name != "path") {
				return true
			}
			var parts []string
			for _, a := range x.Args {
				bl, ok := a.(*ast.BasicLit)
				if !ok || bl.Kind != token.STRING {
					break
				}
				s, err := strconv.Unquote(bl.Value)
				if err != nil {
					break
				}
				parts = append(parts, s)
			}
			if len(parts) > 0 && parts[0] == ".." {
				out = append(out, pathLiteral{strings.Join(parts, "/"), fset.Position(x.Pos()).Line})
			}
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(x.Value)
			if err == nil && strings.HasPrefix(s, "../") {
				out = append(out, pathLiteral{s, fset.Position(x.Pos()).Line})
			}
		}
		return true
	})
	return out
}
