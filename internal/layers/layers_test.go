package layers

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

type pkg struct {
	ImportPath string
	Imports    []string
}

// TestImportsFollowThePipeline fails on an import against the pipeline
// (loader → facts → rules → report …): each must point to a lower layer.
func TestImportsFollowThePipeline(t *testing.T) {
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", Module+"/...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs, err := decode(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages; the test reads the wrong module", len(pkgs))
	}
	for _, p := range pkgs {
		for _, msg := range violations(p) {
			t.Error(msg)
		}
	}
}

// TestViolationsAreCaught makes sure the check itself can fail.
func TestViolationsAreCaught(t *testing.T) {
	up := pkg{ImportPath: Module + "/loader", Imports: []string{Module + "/rules"}}
	side := pkg{ImportPath: Module + "/report", Imports: []string{Module + "/rules"}}
	stray := pkg{ImportPath: Module + "/newthing", Imports: []string{"fmt"}}
	for _, p := range []pkg{up, side, stray} {
		if len(violations(p)) == 0 {
			t.Errorf("%s importing %v passed", p.ImportPath, p.Imports)
		}
	}
	ok := pkg{ImportPath: Module + "/rules", Imports: []string{Module + "/facts", "fmt"}}
	if v := violations(ok); len(v) != 0 {
		t.Errorf("rules importing facts: %v", v)
	}
}

func violations(p pkg) []string {
	name := strings.TrimPrefix(p.ImportPath, Module+"/")
	if name == p.ImportPath {
		return nil // the module's own root, or another module
	}
	if strings.HasPrefix(name, "bench") {
		return nil // its own module; never imported
	}
	from, ok := Of[name]
	if !ok {
		return []string{name + " has no layer: add it to internal/layers.Of"}
	}
	var out []string
	for _, imp := range p.Imports {
		dep := strings.TrimPrefix(imp, Module+"/")
		if dep == imp {
			continue
		}
		to, ok := Of[dep]
		if !ok {
			continue // reported as its own package
		}
		if to >= from {
			out = append(out, name+" imports "+dep+" against the pipeline (layer "+strconv.Itoa(from)+" → "+strconv.Itoa(to)+")")
		}
	}
	return out
}

func decode(b []byte) ([]pkg, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	var out []pkg
	for {
		var p pkg
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
}
