package rules

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/rules")

// TestDocs keeps docs/rules in step with the rules' METADATA and examples.
func TestDocs(t *testing.T) {
	e := engine(t)
	want := map[string]string{"README.md": Index(e.Rules())}
	for _, r := range e.Rules() {
		want[r.ID+".md"] = Markdown(r)
	}
	root := filepath.Join("..", "docs", "rules")
	for name, text := range want {
		p := filepath.Join(root, filepath.FromSlash(name))
		if *updateDocs {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != text {
			t.Errorf("docs/rules/%s is stale or missing: go test ./rules -run TestDocs -update-docs", name)
		}
	}
}

// TestExplainShowsExamples: every rule's explain page shows a failing
// example with what mcplint reports, and a passing example.
func TestExplainShowsExamples(t *testing.T) {
	e := engine(t)
	for _, r := range e.Rules() {
		text := Explain(r)
		for _, want := range []string{r.ID, "Failing example:", "mcplint reports:", "Passing example:", r.Description} {
			if !strings.Contains(text, want) {
				t.Errorf("explain %s lacks %q", r.ID, want)
			}
		}
	}
}

// TestDocsNameFilesThatExist: a Go source path named in the docs, the
// policies' comments or the benchmarks notes (facts/index.go, rules/…go)
// must exist, so a file that moves takes its mentions with it.
func TestDocsNameFilesThatExist(t *testing.T) {
	repo := filepath.Join("..")
	pathRe := regexp.MustCompile(`\b(?:[a-z0-9_]+/)+[a-z0-9_]+\.(?:go|rego)\b`)
	var texts []string
	for _, glob := range []string{"*.md", "docs/*.md", "policies/*.md", "policies/mcplint/lib/*.rego"} {
		m, err := filepath.Glob(filepath.Join(repo, glob))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, m...)
	}
	checked := 0
	for _, p := range texts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, name := range pathRe.FindAllString(line, -1) {
				if strings.HasPrefix(name, "policies/rules/") && strings.Contains(name, "<") {
					continue
				}
				if _, err := os.Stat(filepath.Join(repo, filepath.FromSlash(name))); err != nil {
					rel, _ := filepath.Rel(repo, p)
					t.Errorf("%s:%d names %s, which does not exist", rel, i+1, name)
				}
				checked++
			}
		}
	}
	if checked < 15 {
		t.Errorf("only %d file names checked in %d files", checked, len(texts))
	}
}
