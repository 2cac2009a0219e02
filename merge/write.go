package merge

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r *Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// MaxRows is how many rows a Markdown table shows; the JSON report has
// them all. A GitHub step summary holds at most 1 MiB.
const MaxRows = 50

// WriteMarkdown writes the report for $GITHUB_STEP_SUMMARY: the totals
// and one table each for rules, packages, endpoints and repositories.
func WriteMarkdown(w io.Writer, r *Result) error {
	b := bufio.NewWriter(w)
	in := r.Inputs
	fmt.Fprintf(b, "## mcplint organisation report\n\n")
	fmt.Fprintf(b, "%s, %s and %s merged", plural(in.Repositories, "repository", "repositories"),
		plural(in.Reports, "JSON report", "JSON reports"), plural(in.SBOMs, "CycloneDX document", "CycloneDX documents"))
	if in.Skipped > 0 {
		fmt.Fprintf(b, "; **%s skipped** (listed below)", plural(in.Skipped, "input", "inputs"))
	}
	f := r.Findings
	fmt.Fprintf(b, ".\n\n**%s** (%d errors, %d warnings, %d infos) in %s.\n",
		plural(f.Total, "finding", "findings"), f.Errors, f.Warnings, f.Infos, plural(f.Repositories, "repository", "repositories"))

	table(b, "Findings by rule", []string{"Rule", "Repositories", "Findings", "Errors", "Warnings", "Infos"}, len(r.Rules), func(i int) []string {
		x := r.Rules[i]
		return []string{code(x.Rule), itoa(x.Repositories), itoa(x.Findings), itoa(x.Errors), itoa(x.Warnings), itoa(x.Infos)}
	})
	table(b, "Server packages", []string{"Package", "Version", "Repositories", "Definitions"}, len(r.Packages), func(i int) []string {
		x := r.Packages[i]
		v := code(x.Version)
		if x.Version == "" {
			v = "unpinned"
		}
		return []string{code(x.Package), v, itoa(x.Repositories), itoa(x.Definitions)}
	})
	table(b, "Remote endpoints", []string{"Endpoint", "Repositories", "Definitions"}, len(r.Services), func(i int) []string {
		x := r.Services[i]
		return []string{code(x.Endpoint), itoa(x.Repositories), itoa(x.Definitions)}
	})
	table(b, "Repositories by findings", []string{"Repository", "Findings", "Errors", "Warnings", "Infos", "Servers"}, len(r.Repositories), func(i int) []string {
		x := r.Repositories[i]
		servers := x.Servers
		if servers == 0 {
			servers = x.Components + x.Services
		}
		return []string{cell(x.Name), itoa(x.Findings), itoa(x.Errors), itoa(x.Warnings), itoa(x.Infos), itoa(servers)}
	})
	if len(r.Skipped) > 0 {
		fmt.Fprintf(b, "\n### Skipped inputs\n\n")
		for i, s := range r.Skipped {
			if i == MaxRows {
				fmt.Fprintf(b, "- … and %d more (see the JSON report)\n", len(r.Skipped)-MaxRows)
				break
			}
			fmt.Fprintf(b, "- %s: %s\n", code(fmt.Sprintf("%s:%d:%d", s.File, s.Line, s.Column)), cell(s.Reason))
		}
	}
	return b.Flush()
}

func table(b *bufio.Writer, title string, head []string, n int, row func(int) []string) {
	if n == 0 {
		return
	}
	fmt.Fprintf(b, "\n### %s\n\n| %s |\n|%s\n", title, strings.Join(head, " | "), strings.Repeat(" --- |", len(head)))
	for i := 0; i < n && i < MaxRows; i++ {
		fmt.Fprintf(b, "| %s |\n", strings.Join(row(i), " | "))
	}
	if n > MaxRows {
		fmt.Fprintf(b, "\n%d more not shown (see the JSON report).\n", n-MaxRows)
	}
}

// cell escapes text for a Markdown table cell: no pipe, newline or
// markup from an input changes the table.
func cell(s string) string {
	var b strings.Builder
	for _, r := range clean(s) {
		switch r {
		case '|', '\\', '`', '*', '_', '[', ']', '<', '>', '#', '~', '!':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// code shows s as inline code; a backtick or pipe in s is replaced so it
// cannot end the span or the cell.
func code(s string) string {
	if s == "" {
		return ""
	}
	s = strings.NewReplacer("`", "'", "|", "¦").Replace(clean(s))
	return "`" + s + "`"
}

func itoa(n int) string { return fmt.Sprint(n) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
