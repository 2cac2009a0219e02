//go:build linux

package integration

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateProbed = flag.Bool("update-probed", false, "rewrite the tool lists of knowledge/probed/*.json from the installed servers")

// probedServer is one knowledge/probed/<id>.json: how a server installed
// from npm (.ci/npm/package.json, exact versions) was started for a probe,
// and the tools it listed. The knowledge record of the same id classifies
// those tools (knowledge.TestProbedToolsAreTheRecordsTools).
type probedServer struct {
	ID      string            `json:"id"`
	Package string            `json:"package"`
	Version string            `json:"version"`
	Bin     string            `json:"bin"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
	Tools   []string          `json:"tools"`
}

// The tool lists in knowledge/probed are what `mcplint probe` reads from
// the real servers at the pinned versions: a server that adds, renames or
// drops a tool fails here, and -update-probed rewrites the lists (then the
// knowledge records must classify the new tools).
func TestKnowledgeToolListsAreProbed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint and starts real servers")
	}
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "knowledge", "probed", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no probed tool lists in knowledge/probed (%v)", err)
	}
	modules, err := filepath.Abs(filepath.Join("..", ".ci", "npm", "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	var pinned struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	readJSON(t, filepath.Join("..", ".ci", "npm", "package.json"), &pinned)
	bin := releaseBinary(t)
	for _, f := range files {
		var p probedServer
		readJSON(t, f, &p)
		if p.ID+".json" != filepath.Base(f) {
			t.Errorf("%s: id %q does not match the file name", f, p.ID)
		}
		if v := pinned.Dependencies[p.Package]; v != p.Version {
			t.Errorf("%s: %s is pinned at %q in .ci/npm/package.json, the list is of %q", f, p.Package, v, p.Version)
			continue
		}
		exe := filepath.Join(modules, ".bin", p.Bin)
		var installed struct {
			Version string `json:"version"`
		}
		if b, err := os.ReadFile(filepath.Join(modules, filepath.FromSlash(p.Package), "package.json")); err != nil || json.Unmarshal(b, &installed) != nil {
			if os.Getenv("MCPLINT_REQUIRE_NPM") != "" {
				t.Fatalf("%s is not installed (npm install --prefix .ci/npm): %v", p.Package, err)
			}
			t.Skipf("%s not installed (npm install --prefix .ci/npm)", p.Package)
		}
		if installed.Version != p.Version {
			t.Errorf("%s %s is installed, the list is of %s: npm install --prefix .ci/npm", p.Package, installed.Version, p.Version)
			continue
		}
		got := probeTools(t, bin, exe, p)
		if *updateProbed {
			p.Tools = got
			b, _ := json.MarshalIndent(p, "", "  ")
			if err := os.WriteFile(f, append(b, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !slices.Equal(got, p.Tools) {
			t.Errorf("%s@%s lists %d tools %v; knowledge/probed/%s.json has %d %v (go test ./integration -run TestKnowledgeToolListsAreProbed -update-probed, then classify them in knowledge/servers/%s.toml)",
				p.Package, p.Version, len(got), got, p.ID, len(p.Tools), p.Tools, p.ID)
		}
	}
}

// probeTools runs `mcplint probe` on a project whose .mcp.json starts exe
// and returns the sorted tool names of the snapshot it writes.
func probeTools(t *testing.T, mcplint, exe string, p probedServer) []string {
	t.Helper()
	dir := t.TempDir()
	entry := map[string]any{"command": exe, "args": p.Args}
	if len(p.Env) > 0 {
		entry["env"] = p.Env
	}
	cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{p.ID: entry}})
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(mcplint, "probe", "--yes", "--no-config", "--timeout", "60s", dir)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("mcplint probe of %s: %v\n%s", p.Package, err, out.String())
	}
	var snap struct {
		Tools []struct{ Name string }
	}
	readJSON(t, filepath.Join(dir, ".mcplint", "tools", p.ID+".json"), &snap)
	var names []string
	for _, tl := range snap.Tools {
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	if len(names) == 0 {
		t.Errorf("%s listed no tools:\n%s", p.Package, strings.TrimSpace(out.String()))
	}
	return names
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
