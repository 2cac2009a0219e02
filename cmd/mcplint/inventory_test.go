package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/package-url/packageurl-go"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/schema"
)

// listArgs are the `mcplint list` arguments that load what opts loads.
func listArgs(opts loader.Options) []string {
	args := []string{"list", "--format", "cyclonedx"}
	if opts.Home != "" {
		args = append(args, "--home", opts.Home)
	}
	if opts.Client != "" {
		args = append(args, "--client", opts.Client)
	}
	return append(args, opts.Paths...)
}

// fixtureTrees are every fixture the project has as loader options: the
// demo, the good example, the catalogues, each client fixture and each
// rule's pass and fail trees (malformed files included).
func fixtureTrees(t *testing.T) map[string]loader.Options {
	base := filepath.Join("..", "..", "fixtures")
	trees := map[string]loader.Options{
		"demo":      {Paths: []string{filepath.Join(base, "demo")}},
		"good":      {Paths: []string{filepath.Join(base, "good")}},
		"catalogue": {Paths: []string{filepath.Join(base, "catalogue", "library.json"), filepath.Join(base, "catalogue", "team-correct.json"), filepath.Join(base, "catalogue", "team-breaks-each-rule.json")}},
	}
	clients, _ := filepath.Glob(filepath.Join(base, "clients", "*"))
	for _, dir := range clients {
		trees["clients/"+filepath.Base(dir)] = fixtureOptions(t, copyFixture(t, dir))
	}
	rulesDirs, _ := filepath.Glob(filepath.Join(base, "rules", "*", "*"))
	for _, dir := range rulesDirs {
		root := copyFixture(t, dir)
		for _, which := range []string{"pass", "fail"} {
			opts := loader.Options{Paths: []string{filepath.Join(root, which)}}
			if _, err := os.Stat(opts.Paths[0]); err != nil {
				continue
			}
			if fi, err := os.Stat(filepath.Join(root, which+"-home")); err == nil && fi.IsDir() {
				opts.Home = filepath.Join(root, which+"-home")
			}
			if b, err := os.ReadFile(filepath.Join(root, which, "paths.txt")); err == nil {
				opts.Paths = nil
				for _, line := range strings.Split(string(b), "\n") {
					if line = strings.TrimSpace(line); line != "" {
						opts.Paths = append(opts.Paths, filepath.Join(root, which, line))
					}
				}
			}
			rel, _ := filepath.Rel(filepath.Join(base, "rules"), dir)
			trees["rules/"+filepath.ToSlash(rel)+"/"+which] = opts
		}
	}
	if len(clients) < 10 || len(rulesDirs) < 20 {
		t.Fatalf("found %d client and %d rule fixtures", len(clients), len(rulesDirs))
	}
	return trees
}

// TestListCycloneDXFixtures runs `list --format cyclonedx` over every
// fixture tree: each document validates against the CycloneDX 1.6 schema,
// and each Package URL parses with packageurl-go and prints back the same.
func TestListCycloneDXFixtures(t *testing.T) {
	t.Parallel() // touches no package global, no working folder, no environment
	var docs, comps, svcs, purls int
	for name, opts := range fixtureTrees(t) {
		var out, errb bytes.Buffer
		if code := run(listArgs(opts), &out, &errb); code != exitOK {
			t.Errorf("%s: exit %d: %s", name, code, errb.String())
			continue
		}
		if err := schema.ValidateCycloneDX(out.Bytes()); err != nil {
			t.Errorf("%s: not CycloneDX 1.6: %v", name, err)
			continue
		}
		var bom cdx.BOM
		if err := json.Unmarshal(out.Bytes(), &bom); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		docs++
		if bom.Components != nil {
			for _, c := range *bom.Components {
				comps++
				if c.PackageURL == "" {
					continue
				}
				purls++
				u, err := packageurl.FromString(c.PackageURL)
				if err != nil {
					t.Errorf("%s: purl %q: %v", name, c.PackageURL, err)
				} else if u.ToString() != c.PackageURL {
					t.Errorf("%s: purl %q prints back as %q", name, c.PackageURL, u.ToString())
				}
			}
		}
		if bom.Services != nil {
			svcs += len(*bom.Services)
		}
	}
	t.Logf("%d documents, %d components (%d purls), %d services", docs, comps, purls, svcs)
	if comps < 50 || svcs < 20 {
		t.Errorf("only %d components and %d services over the fixtures", comps, svcs)
	}
}
