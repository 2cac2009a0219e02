package knowledge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every package the MCP Registry's published servers name
// (testdata/registry: 358 servers of the registry seed, and the older
// seeds) is a real project, not a typosquat: none may be reported as a
// look-alike of a known server.
func TestNoRegistryPackageLooksAlike(t *testing.T) {
	b := Builtin()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "registry", "registry-seed-*.json"))
	ecosystems := map[string]string{"npm": "npm", "pypi": "pypi", "oci": "oci"}
	checked := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var servers []struct {
			Name     string `json:"name"`
			Packages []struct {
				RegistryType string `json:"registryType"`
				RegistryName string `json:"registry_name"`
				Identifier   string `json:"identifier"`
				Name         string `json:"name"`
			} `json:"packages"`
		}
		if err := json.Unmarshal(src, &servers); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, s := range servers {
			for _, p := range s.Packages {
				kind := strings.ToLower(p.RegistryType + p.RegistryName)
				id := p.Identifier + p.Name
				eco, ok := ecosystems[kind]
				if !ok || id == "" {
					continue
				}
				checked++
				if known, ok := b.LookAlike(eco, id); ok {
					t.Errorf("%s: %s package %s of %s reported as a look-alike of %s", filepath.Base(f), eco, id, s.Name, known)
				}
			}
		}
	}
	if checked < 300 {
		t.Errorf("only %d registry packages checked: the seeds are not where the test reads", checked)
	}
	t.Logf("%d registry packages, no look-alike", checked)
}
