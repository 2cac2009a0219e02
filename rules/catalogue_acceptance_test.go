package rules

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
)

// The acceptance fixtures of Paseo's catalogue rules live in
// fixtures/catalogue (see its README.md): a 0.12.0 team catalogue whose
// every entry breaks exactly one Paseo rule, the same catalogue written
// correctly, and a library in the registry list shape with curation.

// brokenRules maps each rule team-breaks-each-rule.json breaks to the
// one line it must be reported at (fixtures/catalogue/README.md).
var brokenRules = map[string]int{
	"catalogue/library-address":     4,
	"transport/https-only":          12,
	"transport/url-credentials":     20,
	"secrets/literal-key":           29,
	"catalogue/placeholder":         38,
	"supply-chain/unpinned-package": 48,
	"supply-chain/runner-flag":      57,
	"supply-chain/runner-env":       67,
	"supply-chain/reserved-env":     77,
	"transport/header-name":         87,
	"schema/limits":                 97,
	"schema/catalogue":              108,
	"catalogue/setup":               119,
	"catalogue/byo-oauth-vendor":    128,
	"catalogue/url-template":        147,
}

// hiddenTextLine is where the hidden-text entry hides a zero-width space;
// text/hidden-characters reports it once that rule is in the engine.
const hiddenTextLine = 164

func checkCatalogue(t *testing.T, name string) (*loader.Workspace, []finding.Finding) {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "fixtures", "catalogue", name))
	if err != nil {
		t.Fatal(err)
	}
	ws, err := loader.Load(loader.Options{WorkDir: filepath.Dir(p), Paths: []string{p}})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := engine(t).Check(context.Background(), ws, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return ws, fs
}

func describe(fs []finding.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %d:%d %s %s: %s\n", f.Range.Start.Line, f.Range.Start.Column, f.Level, f.Rule, f.Message)
	}
	return b.String()
}

func TestCatalogueAcceptanceEachRuleOnce(t *testing.T) {
	ws, fs := checkCatalogue(t, "team-breaks-each-rule.json")
	want := map[string]int{}
	for r, l := range brokenRules {
		want[r] = l
	}
	if _, ok := engine(t).Rule("text/hidden-characters"); ok {
		want["text/hidden-characters"] = hiddenTextLine
	}
	got := map[string][]finding.Finding{}
	for _, f := range fs {
		got[f.Rule] = append(got[f.Rule], f)
	}
	var rules []string
	for r := range want {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	for _, r := range rules {
		l := want[r]
		switch g := got[r]; {
		case len(g) != 1:
			t.Errorf("%s: want exactly one finding at line %d, got %d:\n%s", r, l, len(g), describe(g))
		case g[0].Range.Start.Line != l:
			t.Errorf("%s: want line %d, got:\n%s", r, l, describe(g))
		case g[0].Level != finding.Error:
			t.Errorf("%s: Paseo refuses the entry, so want an error, got:\n%s", r, describe(g))
		}
	}
	for r, g := range got {
		if _, ok := want[r]; !ok {
			t.Errorf("%s breaks no rule in the fixture but reported:\n%s", r, describe(g))
		}
	}
	// Every entry is loaded as a server at its own line (mcplint list).
	if len(ws.Servers) != 16 {
		t.Fatalf("want 16 entries as servers, got %d", len(ws.Servers))
	}
	for _, s := range ws.Servers {
		if s.Tier != loader.TierLibrary || s.Client != "paseo" || s.Name == "" {
			t.Errorf("entry %q: tier %s client %s", s.Name, s.Tier, s.Client)
		}
		if line := s.Doc.File.Position(s.KeyStart).Line; !strings.Contains(s.Doc.File.Line(line), `"id": "`+s.Name+`"`) {
			t.Errorf("entry %q is placed at line %d: %s", s.Name, line, s.Doc.File.Line(line))
		}
	}
}

func TestCatalogueAcceptanceCorrectIsQuiet(t *testing.T) {
	ws, fs := checkCatalogue(t, "team-correct.json")
	if len(fs) != 0 {
		t.Errorf("team-correct.json: want no findings, got:\n%s", describe(fs))
	}
	if len(ws.Servers) != 10 {
		t.Errorf("want 10 entries, got %d", len(ws.Servers))
	}
}

// The library in the registry list shape: curation, a byo-oauth and a
// per-org setup, all correct; one older category word is mapped (info).
func TestCatalogueAcceptanceLibrary(t *testing.T) {
	ws, fs := checkCatalogue(t, "library.json")
	if len(fs) != 1 || fs[0].Rule != "schema/catalogue" || fs[0].Level != finding.Info || fs[0].Range.Start.Line != 87 ||
		!strings.Contains(fs[0].Message, `"database" is an older word that Paseo shows as "data"`) {
		t.Errorf("library.json: want only the info on the older category word at line 87, got:\n%s", describe(fs))
	}
	want := []string{"com.acme/mcp", "us.zoom/mcp", "com.zendesk/mcp", "io.github.acme/fetch"}
	if len(ws.Servers) != len(want) {
		t.Fatalf("want %d servers, got %d", len(want), len(ws.Servers))
	}
	for i, s := range ws.Servers {
		if s.Name != want[i] || s.Tier != loader.TierLibrary {
			t.Errorf("server %d: %q (%s), want %q (library)", i, s.Name, s.Tier, want[i])
		}
	}
}
