package knowledge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The tool lists in probed/ were read from the real servers by `mcplint
// probe` (integration.TestKnowledgeToolListsAreProbed keeps them current
// at the versions .ci/npm/package.json pins). A record of a probed server
// cites its probe, reaches its package, and classifies only tools the
// server really lists; a tool it lists that no class names is one a
// reviewer judged harmless.
func TestProbedToolsAreTheRecordsTools(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("probed", "*.json"))
	if err != nil || len(files) < 10 {
		t.Fatalf("%d probed tool lists, want at least 10 (%v)", len(files), err)
	}
	recs, errs := ReadFS(builtinFS, "servers")
	for _, err := range errs {
		t.Fatal(err)
	}
	byID := map[string]*Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			ID, Package, Version string
			Tools                []string
		}
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		r := byID[p.ID]
		if r == nil {
			t.Errorf("%s: no record servers/%s.toml", f, p.ID)
			continue
		}
		if len(p.Tools) == 0 {
			t.Errorf("%s: no tools", f)
		}
		if !slices.Contains(r.NPM, p.Package) {
			t.Errorf("%s: the record does not reach %s", r.File, p.Package)
		}
		if want := "mcplint probe of " + p.Package + "@" + p.Version + ": knowledge/probed/" + p.ID + ".json"; !strings.HasPrefix(r.Source, want) {
			t.Errorf("%s: source %q does not start with %q", r.File, r.Source, want)
		}
		for _, c := range Classes {
			for _, tool := range r.Tools[c] {
				if !slices.Contains(p.Tools, tool) {
					t.Errorf("%s: %s names %q, which %s@%s does not list (it lists %s)", r.File, c, tool, p.Package, p.Version, strings.Join(p.Tools, " "))
				}
			}
		}
	}
}
