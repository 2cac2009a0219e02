package merge

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/secret"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// finding is one schema-valid finding of a report.
func finding(rule, level string) string {
	return `{"rule": "` + rule + `", "level": "` + level + `", "message": "m", "file": ".mcp.json", "line": 1, "column": 1,
  "endLine": 1, "endColumn": 2, "pointer": "", "server": "s", "client": "claude-code", "tier": "project"}`
}

func reportJSON(version string, servers int, findings ...string) string {
	v := ""
	if version != "" {
		v = `"version": "` + version + `", `
	}
	return `{` + v + `"findings": [` + strings.Join(findings, ",") + `],
  "summary": {"files": 1, "servers": ` + itoa(servers) + `, "errors": 0, "warnings": 0, "infos": 0, "baselined": 0}}`
}

func bomJSON(purls []string, endpoints ...string) string {
	var cs, ss []string
	for i, p := range purls {
		cs = append(cs, `{"type": "application", "bom-ref": "c`+itoa(i)+`", "name": "n", "purl": "`+p+`"}`)
	}
	for i, e := range endpoints {
		ss = append(ss, `{"bom-ref": "s`+itoa(i)+`", "name": "r", "endpoints": ["`+e+`"]}`)
	}
	return `{"bomFormat": "CycloneDX", "specVersion": "1.6", "version": 1, "components": [` + strings.Join(cs, ",") + `], "services": [` + strings.Join(ss, ",") + `]}`
}

// tree writes files (path → content) under a temporary folder.
func tree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestMerge(t *testing.T) {
	dir := tree(t, map[string]string{
		"acme-api/mcplint.json":     reportJSON("", 3, finding("supply-chain/unpinned-package", "error"), finding("transport/https-only", "warning")),
		"acme-api/mcplint.cdx.json": bomJSON([]string{"pkg:npm/%40acme/tool@1.0.0", "pkg:pypi/fetch"}, "https://mcp.example.com/mcp"),
		"acme-web/mcplint.json":     reportJSON("0.4.0", 2, finding("supply-chain/unpinned-package", "error")), // a report with the format version
		"acme-web/mcplint.cdx.json": bomJSON([]string{"pkg:npm/%40acme/tool@1.0.0", "pkg:npm/%40acme/tool@2.0.0"}, "https://mcp.example.com/mcp"),
		"acme-docs.json":            reportJSON("", 0),
	})
	m := New()
	m.AddPaths([]string{dir})
	r := m.Result()
	if len(r.Skipped) != 0 {
		t.Fatalf("skipped: %v", r.Skipped)
	}
	if r.Inputs != (Inputs{Repositories: 3, Reports: 3, SBOMs: 2}) {
		t.Errorf("inputs %+v", r.Inputs)
	}
	if r.Findings != (Totals{Total: 3, Errors: 2, Warnings: 1, Repositories: 2}) {
		t.Errorf("totals %+v", r.Findings)
	}
	if len(r.Rules) != 2 || r.Rules[0] != (RuleCount{Rule: "supply-chain/unpinned-package", Findings: 2, Errors: 2, Repositories: 2}) {
		t.Errorf("rules %+v", r.Rules)
	}
	want := []PackageUse{
		{Package: "pkg:npm/%40acme/tool", Version: "1.0.0", Definitions: 2, Repositories: 2},
		{Package: "pkg:npm/%40acme/tool", Version: "2.0.0", Definitions: 1, Repositories: 1},
		{Package: "pkg:pypi/fetch", Version: "", Definitions: 1, Repositories: 1},
	}
	if len(r.Packages) != len(want) {
		t.Fatalf("packages %+v", r.Packages)
	}
	for i := range want {
		if r.Packages[i] != want[i] {
			t.Errorf("package %d: %+v, want %+v", i, r.Packages[i], want[i])
		}
	}
	if len(r.Services) != 1 || r.Services[0] != (ServiceUse{Endpoint: "https://mcp.example.com/mcp", Definitions: 2, Repositories: 2}) {
		t.Errorf("services %+v", r.Services)
	}
	names := map[string]RepoSummary{}
	for _, x := range r.Repositories {
		names[x.Name] = x
	}
	if a := names["acme-api"]; a.Findings != 2 || a.Servers != 3 || a.Components != 2 || a.Services != 1 || a.Reports != 1 || a.SBOMs != 1 {
		t.Errorf("acme-api: %+v", a)
	}
	if _, ok := names["acme-docs"]; !ok {
		t.Errorf("a report directly in the folder is named by its file: %v", names)
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"3 repositories, 3 JSON reports and 2 CycloneDX documents merged", "| `supply-chain/unpinned-package` | 2 | 2 | 2 | 0 | 0 |",
		"| `pkg:npm/%40acme/tool` | `1.0.0` | 2 | 2 |", "| `pkg:pypi/fetch` | unpinned | 1 | 1 |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("markdown lacks %q:\n%s", s, md.String())
		}
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Inputs != r.Inputs {
		t.Errorf("JSON report does not read back: %v", err)
	}
}

func TestBadInputsAreNamedAndSkipped(t *testing.T) {
	good := reportJSON("", 1, finding("transport/https-only", "error"))
	files := map[string]string{
		"a/mcplint.json":     good,
		"b/truncated.json":   good[:120],
		"c/schema.json":      "{\n  \"findings\": [\n    {\"rule\": \"Not A Rule\"}\n  ],\n  \"summary\": {}\n}\n",
		"d/array.json":       "[1, 2]",
		"e/other.json":       `{"name": "package.json"}`,
		"f/two.json":         good + good,
		"g/bad.cdx.json":     `{"bomFormat": "CycloneDX", "specVersion": "9.9", "components": []}`,
		"h/escape.json":      "{\"findings\": \x1b[31m}",
		"i/secret.json":      `{"findings": [], "summary": {"files": "ghp_R4nd0mT0k3nV4lu3F0rT3st1ngPurp0s3sX1", "servers": 0, "errors": 0, "warnings": 0, "infos": 0, "baselined": 0}}`,
		"j/mcplint.cdx.json": bomJSON([]string{"pkg:npm/ok@1.0.0"}),
	}
	dir := tree(t, files)
	m := New()
	var told []Skip
	m.OnSkip = func(s Skip) { told = append(told, s) }
	m.AddPaths([]string{dir})
	r := m.Result()
	if r.Inputs.Reports != 1 || r.Inputs.SBOMs != 1 || r.Findings.Total != 1 {
		t.Errorf("the good inputs were not all merged: %+v %+v", r.Inputs, r.Findings)
	}
	if len(told) != 8 || len(r.Skipped) != 8 {
		t.Fatalf("skipped %d (told %d), want 8: %v", len(r.Skipped), len(told), r.Skipped)
	}
	at := map[string]Skip{}
	for _, s := range r.Skipped {
		rel, _ := filepath.Rel(dir, s.File)
		at[filepath.ToSlash(rel)] = s
		if s.Line < 1 || s.Column < 1 || s.Reason == "" {
			t.Errorf("%s: no position or reason", s)
		}
	}
	checks := map[string]struct {
		line, col int
		reason    string
	}{
		"b/truncated.json": {0, 0, ""},
		"c/schema.json":    {3, 5, "at /findings/0"},
		"d/array.json":     {1, 1, "not a JSON object"},
		"e/other.json":     {1, 1, "no findings or bomFormat"},
		"f/two.json":       {0, 0, ""},
		"g/bad.cdx.json":   {1, 43, "specVersion"},
		"h/escape.json":    {1, 14, ""},
		"i/secret.json":    {1, 39, "/summary/files"},
	}
	for name, c := range checks {
		s, ok := at[name]
		if !ok {
			t.Errorf("%s was not skipped", name)
			continue
		}
		if c.line != 0 && (s.Line != c.line || s.Column != c.col) {
			t.Errorf("%s at %d:%d, want %d:%d", name, s.Line, s.Column, c.line, c.col)
		}
		if !strings.Contains(s.Reason, c.reason) {
			t.Errorf("%s: reason %q lacks %q", name, s.Reason, c.reason)
		}
	}
	if tr := at["b/truncated.json"]; tr.Line != strings.Count(good[:120], "\n")+1 {
		t.Errorf("truncated report placed at line %d", tr.Line)
	}
	var out bytes.Buffer
	_ = WriteMarkdown(&out, r)
	_ = WriteJSON(&out, r)
	if bytes.Contains(out.Bytes(), []byte("R4nd0mT0k3n")) || bytes.ContainsRune(out.Bytes(), 0x1b) {
		t.Errorf("a secret or an escape character reached the report:\n%s", out.String())
	}
}

func TestMarkdownCellsCannotBreakTables(t *testing.T) {
	m := New()
	m.Add("x.json", "evil | repo\n# heading `x`", []byte(reportJSON("", 0, finding("transport/https-only", "error"))))
	m.Add("y.json", "evil | repo\n# heading `x`", []byte(bomJSON([]string{"pkg:generic/a%7Cb%60c"}, "https://h/p|q")))
	var md bytes.Buffer
	if err := WriteMarkdown(&md, m.Result()); err != nil {
		t.Fatal(err)
	}
	cols := 0 // pipes in the current table's header
	rows := 0
	for _, line := range strings.Split(md.String(), "\n") {
		if !strings.HasPrefix(line, "|") {
			cols = 0
			continue
		}
		n := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|")
		if cols == 0 {
			cols = n
			continue
		}
		rows++
		if n != cols {
			t.Errorf("row has %d cell borders, its table %d: %q", n, cols, line)
		}
	}
	if rows < 5 {
		t.Errorf("%d table rows:\n%s", rows, md.String())
	}
	if strings.Contains(md.String(), "\n# heading") || strings.Contains(md.String(), "evil | repo") {
		t.Errorf("input markup reached the summary:\n%s", md.String())
	}
}

// TestDamagedInputs cuts and flips bytes of a good report and a good SBOM:
// each damaged copy is merged or skipped with a position inside the file,
// never a panic.
func TestDamagedInputs(t *testing.T) {
	goods := []string{
		reportJSON("0.4.0", 2, finding("transport/https-only", "error"), finding("secrets/literal-key", "warning")),
		bomJSON([]string{"pkg:npm/%40acme/tool@1.0.0", "pkg:pypi/x"}, "https://mcp.example.com/mcp"),
	}
	m := New()
	n := 0
	for _, good := range goods {
		for i := 0; i < len(good); i += 3 {
			for _, src := range []string{good[:i], good[:i] + "\x00" + good[i+1:], good[:i] + `"` + good[i:], good[:i] + "}" + good[i:]} {
				n++
				before := len(m.skipped)
				merged := m.Add("x.json", "r", []byte(src))
				if merged == (len(m.skipped) > before) {
					t.Fatalf("%q: merged %v and skipped %d", src, merged, len(m.skipped)-before)
				}
				if !merged {
					s := m.skipped[len(m.skipped)-1]
					lines := strings.Count(src, "\n") + 1
					if s.Line < 1 || s.Line > lines || s.Column < 1 || s.Reason == "" {
						t.Fatalf("%q: skipped at %d:%d (%q)", src, s.Line, s.Column, s.Reason)
					}
				}
			}
		}
	}
	if r := m.Result(); r.Inputs.Skipped == 0 || r.Inputs.Reports+r.Inputs.SBOMs == 0 || r.Inputs.Skipped+r.Inputs.Reports+r.Inputs.SBOMs != n {
		t.Errorf("%d inputs: %+v", n, r.Inputs)
	}
}

// Counts near the top of int must not wrap round to a negative total.
func TestServerCountsSaturate(t *testing.T) {
	m := New()
	big := `{"findings": [], "summary": {"files": 1, "servers": 9223372036854775807, "errors": 0, "warnings": 0, "infos": 0, "baselined": 0}}`
	if !m.Add("a/report.json", "a", []byte(big)) || !m.Add("a/again.json", "a", []byte(big)) {
		t.Fatalf("inputs skipped: %+v", m.skipped)
	}
	res := m.Result()
	if len(res.Repositories) != 1 || res.Repositories[0].Servers != math.MaxInt {
		t.Fatalf("repositories = %+v, want servers saturated at %d", res.Repositories, math.MaxInt)
	}
}

// Every character of secret's hidden-character table is written as a \u
// escape in the organisation report, never raw.
func TestCleanEscapesEveryHiddenCharacter(t *testing.T) {
	for _, e := range secret.HiddenRanges {
		for _, r := range []rune{e.Lo, e.Hi} {
			in := "repo" + string(r) + "name"
			got := clean(in)
			if strings.ContainsRune(got, r) || !strings.Contains(got, `\u`) {
				t.Errorf("clean(%q) = %q keeps U+%04X raw", in, got, r)
			}
			var back string
			if err := json.Unmarshal([]byte(`"`+got+`"`), &back); err != nil || back != in {
				t.Errorf("clean(%q) = %q does not read back as JSON (%q, %v)", in, got, back, err)
			}
		}
	}
}

// A report of many bad findings is judged by its first one: the schema
// check does not produce an error per finding (800,000 of them took 14 s
// and 1.4 GB), and the skip still names the first bad value.
func TestManyBadFindingsCostOneViolation(t *testing.T) {
	items := make([]string, 20000)
	for i := range items {
		items[i] = "{}"
	}
	doc := reportJSON("", 1, items...)
	var obj map[string]any
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil {
		t.Fatal(err)
	}
	err := validateReport(obj)
	var vs violations
	if !errors.As(err, &vs) {
		t.Fatalf("validateReport = %v, want the schema's violations", err)
	}
	leaves := 0
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			leaves++
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	for _, v := range vs {
		walk(v)
	}
	if leaves > 5 {
		t.Errorf("%d schema errors for a report of 20,000 empty findings, want those of the first one only", leaves)
	}
	m := New()
	m.Add("big.json", "r", []byte(doc))
	res := m.Result()
	if len(res.Skipped) != 1 || res.Skipped[0].Line != 1 || !strings.Contains(res.Skipped[0].Reason, "at /findings/0") {
		t.Errorf("skipped = %+v, want big.json at its first finding", res.Skipped)
	}
}

// A rule id is text of the scanned report: the JSON report masks a
// secret-shaped one as the Markdown report does.
func TestRuleIDsAreMasked(t *testing.T) {
	const key = "sk-ant-api03-q8w7e6r5t4y3u2i1o0pa9s8d7f6g5h4j3k2l1z0x9c8v7b6n5m4"
	m := New()
	if !m.Add("r.json", "r", []byte(reportJSON("", 1, finding("secrets/"+key, "error")))) {
		t.Fatalf("report not merged: %+v", m.Result().Skipped)
	}
	var js, md bytes.Buffer
	if err := WriteJSON(&js, m.Result()); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, m.Result()); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"json": js.String(), "markdown": md.String()} {
		if strings.Contains(out, key[8:30]) {
			t.Errorf("%s report shows the key of a rule id:\n%s", name, out)
		}
	}
}
