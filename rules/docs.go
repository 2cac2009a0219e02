package rules

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/fixtures"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// Example is one file of a rule's failing or passing example.
type Example struct {
	Path    string // relative to the example folder, e.g. ".mcp.json" or "home/.claude.json"
	Content string
}

// Examples returns the files of a rule's "fail" or "pass" example (and
// its -home folder, shown under home/).
func Examples(id, which string) []Example {
	var out []Example
	for _, sub := range []string{which, which + "-home"} {
		root := "rules/" + id + "/" + sub
		_ = fs.WalkDir(fixtures.Rules, root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			b, err := fs.ReadFile(fixtures.Rules, p)
			if err != nil {
				return nil
			}
			rel := strings.TrimPrefix(p, root+"/")
			if sub != which {
				rel = "~/" + rel
			}
			// Examples hold real-shaped (fake) keys; show them masked like
			// any other output.
			out = append(out, Example{Path: rel, Content: string(secret.MaskSource(b, exampleFormat(rel)))})
			return nil
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// exampleFormat guesses an example file's syntax from its name.
func exampleFormat(p string) syntax.Format {
	switch {
	case strings.HasSuffix(p, ".toml"):
		return syntax.TOML
	case strings.HasSuffix(p, ".yaml"), strings.HasSuffix(p, ".yml"):
		return syntax.YAML
	}
	return syntax.JSONC
}

// ExpectedFindings is what mcplint reports for the failing example.
func ExpectedFindings(id string) string {
	b, _ := fs.ReadFile(fixtures.Rules, "rules/"+id+"/fail.golden")
	return string(b)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Explain is the text `mcplint explain` prints.
func Explain(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n\n", r.ID, r.Title)
	fmt.Fprintf(&b, "Level: %s   Fixable: %s", r.Level, yesNo(r.Fixable))
	if len(r.Tags) > 0 {
		fmt.Fprintf(&b, "   Tags: %s", strings.Join(r.Tags, ", "))
	}
	b.WriteString("\n")
	if r.Source != "" {
		fmt.Fprintf(&b, "Source: %s\n", r.Source)
	}
	fmt.Fprintf(&b, "Docs: %s\n\n%s\n", r.HelpURL, r.Description)
	for _, which := range []string{"fail", "pass"} {
		ex := Examples(r.ID, which)
		if len(ex) == 0 {
			continue
		}
		if which == "fail" {
			b.WriteString("\nFailing example:\n")
		} else {
			b.WriteString("\nPassing example:\n")
		}
		for _, e := range ex {
			fmt.Fprintf(&b, "\n  %s\n", e.Path)
			for _, line := range strings.Split(strings.TrimRight(e.Content, "\n"), "\n") {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
		if which == "fail" {
			if exp := ExpectedFindings(r.ID); exp != "" {
				b.WriteString("\n  mcplint reports:\n")
				for _, line := range strings.Split(strings.TrimRight(exp, "\n"), "\n") {
					fmt.Fprintf(&b, "    %s\n", line)
				}
			}
		}
	}
	return b.String()
}

// Markdown is the rule's page in docs/rules/<id>.md, generated from its
// METADATA and examples.
func Markdown(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n**%s**\n\n", r.ID, r.Title)
	fmt.Fprintf(&b, "| level | fixable | tags | source |\n|---|---|---|---|\n| %s | %s | %s | %s |\n\n",
		r.Level, yesNo(r.Fixable), strings.Join(r.Tags, ", "), strings.ReplaceAll(r.Source, "|", "\\|"))
	fmt.Fprintf(&b, "%s\n", r.Description)
	for _, which := range []string{"fail", "pass"} {
		ex := Examples(r.ID, which)
		if len(ex) == 0 {
			continue
		}
		if which == "fail" {
			b.WriteString("\n## Failing example\n")
		} else {
			b.WriteString("\n## Passing example\n")
		}
		for _, e := range ex {
			fmt.Fprintf(&b, "\n`%s`\n\n```%s\n%s\n```\n", e.Path, fence(e.Path), strings.TrimRight(e.Content, "\n"))
		}
		if which == "fail" {
			if exp := ExpectedFindings(r.ID); exp != "" {
				fmt.Fprintf(&b, "\n`mcplint check` reports:\n\n```\n%s\n```\n", strings.TrimRight(exp, "\n"))
			}
		}
	}
	fmt.Fprintf(&b, "\nRun `mcplint explain %s` for this page in the terminal.\n", r.ID)
	return b.String()
}

func fence(p string) string {
	switch {
	case strings.HasSuffix(p, ".toml"):
		return "toml"
	case strings.HasSuffix(p, ".yaml"), strings.HasSuffix(p, ".yml"):
		return "yaml"
	case strings.HasSuffix(p, ".jsonc"), strings.HasSuffix(p, "mcp.json") && strings.Contains(p, ".vscode"):
		return "jsonc"
	case strings.HasSuffix(p, ".json"):
		return "json"
	}
	return ""
}

// Index is docs/rules/README.md: every rule with its level and title.
func Index(rs []*Rule) string {
	var b strings.Builder
	b.WriteString("# mcplint rules\n\nGenerated from each rule's METADATA (`go test ./rules -run TestDocs -update-docs`).\n\n| rule | level | fixable | title |\n|---|---|---|---|\n")
	for _, r := range rs {
		if r.Custom {
			continue
		}
		fmt.Fprintf(&b, "| [%s](%s.md) | %s | %s | %s |\n", r.ID, r.ID, r.Level, yesNo(r.Fixable), r.Title)
	}
	return b.String()
}
