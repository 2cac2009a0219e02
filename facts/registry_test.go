package facts

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader/syntax"
)

// TestInjectionPatterns: each pattern finds its true positives and none
// of the false positives of any pattern.
func TestInjectionPatterns(t *testing.T) {
	var misses []string
	for _, p := range injectionPatterns {
		misses = append(misses, p.Misses...)
		if len(p.Hits) == 0 || len(p.Misses) == 0 {
			t.Errorf("%s: give it true and false positive examples", p.ID)
		}
		for _, h := range p.Hits {
			if !mayInject(h) || p.find(h) == nil {
				t.Errorf("%s does not find %q", p.ID, h)
			}
		}
	}
	for _, m := range misses {
		for _, p := range injectionPatterns {
			if loc := p.find(m); loc != nil {
				t.Errorf("%s finds %q in %q", p.ID, m[loc[0]:loc[1]], m)
			}
		}
	}
}

func TestHiddenCharacters(t *testing.T) {
	tag := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			b.WriteRune(0xE0000 + r)
		}
		return b.String()
	}
	cases := []struct {
		text    string
		oneLine bool
		classes []string
		decoded string
	}{
		{"plain text", false, nil, ""},
		{"multi\nline\tdescription", false, nil, ""},
		{"a name\twith a tab", true, []string{"control"}, ""},
		{"esc \x1b[2J", false, []string{"control"}, ""},
		{"report\u202Efdp.exe", false, []string{"bidi"}, ""},
		{"git\u200Bhub", true, []string{"zero-width"}, ""},
		{"soft\u00ADhyphen", false, []string{"zero-width"}, ""},
		{"hi" + tag("ignore all"), false, []string{"tag"}, "ignore all"},
		{"stray\uFE0F selector", false, []string{"variation-selector"}, ""},
		{"smuggled\U000E0101\U000E0102", false, []string{"variation-selector"}, ""},
		// Kept: emoji joiners and selectors, keycaps, Persian ZWNJ, flags.
		{"👩\u200D💻 ☀\uFE0F 1\uFE0F\u20E3", false, nil, ""},
		{"فارسی\u200Cها", false, nil, ""},
		{"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", false, nil, ""},
	}
	for _, c := range cases {
		hs := hiddenRuns(c.text, c.oneLine)
		var classes []string
		decoded := ""
		for _, h := range hs {
			classes = append(classes, h.class)
			decoded += h.decoded
		}
		if fmt.Sprint(classes) != fmt.Sprint(c.classes) || decoded != c.decoded {
			t.Errorf("%q: classes %v decoded %q, want %v %q", c.text, classes, decoded, c.classes, c.decoded)
		}
	}
	hs := hiddenRuns("ab\u200B\u200Bc\u202E", false)
	if got := describeHidden("ab\u200B\u200Bc\u202E", hs, ""); got != `2 × U+200B ZERO WIDTH SPACE at characters 3–4, U+202E RIGHT-TO-LEFT OVERRIDE at character 6: "ab‹U+200B›‹U+200B›c‹U+202E›"` {
		t.Errorf("message: %s", got)
	}
}

func TestRegistryPackageFacts(t *testing.T) {
	for _, c := range []struct{ rt, v, want string }{
		{"npm", "1.2.3", ""}, {"npm", "1.2.3-beta.1", ""}, {"npm", "latest", "latest"}, {"npm", "^1.2.3", "range"},
		{"npm", "1.x", "range"}, {"npm", "*", "range"}, {"npm", ">=1.0.0", "range"}, {"npm", "lingo.dev@0.111.4", "not-exact"},
		{"pypi", "2025.9.1", ""}, {"pypi", "1.0.0rc1", ""}, {"pypi", "~=1.2", "range"}, {"nuget", "0.4.0-beta", ""},
	} {
		if got := versionProblem(c.rt, c.v, true); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.rt, c.v, got, c.want)
		}
	}
	if versionProblem("npm", "", false) != "missing" {
		t.Error("no version is missing")
	}
	for _, c := range []struct{ ref, name, tag, digest string }{
		{"docker.io/mcp/filesystem:1.0.2", "docker.io/mcp/filesystem", "1.0.2", ""},
		{"localhost:5000/x", "localhost:5000/x", "", ""},
		{"ghcr.io/a/b:1@sha256:abc", "ghcr.io/a/b", "1", "sha256:abc"},
	} {
		if n, tg, d := imageRef(c.ref); n != c.name || tg != c.tag || d != c.digest {
			t.Errorf("%s: %s %s %s", c.ref, n, tg, d)
		}
	}
	for v, want := range map[string]string{
		"cd ~/x && ./run.sh":           "[&&]",
		"<YOUR_API_KEY>":               "[]",
		"a; b | c `d` $(e) > f":        "[; | ` $( >]",
		"type=bind,src={source_path}":  "[]",
		"--additionalEnv A=1;B=2":      "[;]",
		"/<ABSOLUTE-PATH-TO>/ramp-mcp": "[]",
	} {
		if got := fmt.Sprint(shellMeta(v)); got != want {
			t.Errorf("%q: %s, want %s", v, got, want)
		}
	}
}

func TestNodeValueKeepsNumbers(t *testing.T) {
	f, err := syntax.Parse([]byte(`{"a": 1.50, "b": [true, null, "x"], "c": 10}`), syntax.JSON)
	if err != nil {
		t.Fatal(err)
	}
	v := nodeValue(f.Root).(map[string]any)
	if v["a"] != json.Number("1.50") || v["c"] != json.Number("10") || fmt.Sprint(v["b"]) != "[true <nil> x]" {
		t.Errorf("%#v", v)
	}
}

// An older version is only "deprecated" (a warning with the migration)
// when the newest schema fails the entry somewhere its own version does
// not; an entry that fails both in the same place is "older" (its own
// error is reported apart).
func TestOlderRegistryVersionKind(t *testing.T) {
	doc := func(version, desc string) string {
		return `{"$schema": "https://static.modelcontextprotocol.io/schemas/` + version + `/server.schema.json",
			"name": "io.github.acme/weather", "description": "` + desc + `", "version": "1.0.0",
			"packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0", "transport": {"type": "stdio"}}]}`
	}
	kinds := func(content string) []string {
		in := loadFacts(t, map[string]string{"server.json": content})
		var out []string
		for _, s := range in.Servers {
			if s.Registry == nil {
				continue
			}
			for _, x := range s.Registry.Issues {
				out = append(out, x.Kind)
			}
		}
		return out
	}
	if got := fmt.Sprint(kinds(doc("2025-10-17", "Weather forecasts."))); got != "[older]" {
		t.Errorf("passes both: %s, want [older]", got)
	}
	if got := fmt.Sprint(kinds(doc("2025-10-17", strings.Repeat("Weather forecasts. ", 8)))); got != "[schema older]" {
		t.Errorf("fails both at the description: %s, want [schema older]", got)
	}
	// Written in the newest's names (registryType) under 2025-07-09's
	// $schema: one issue at $schema instead of one per renamed field,
	// and the description both refuse as usual.
	in := loadFacts(t, map[string]string{"server.json": doc("2025-07-09", strings.Repeat("Weather forecasts. ", 8))})
	var got []string
	for _, s := range in.Servers {
		if s.Registry != nil {
			for _, x := range s.Registry.Issues {
				got = append(got, x.Kind+" "+x.Pointer)
			}
		}
	}
	if strings.Join(got, ", ") != "schema /description, schema /$schema" {
		t.Errorf("newest's shape under an old $schema: %v", got)
	}
}
