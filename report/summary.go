package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/secret"
)

// MarkdownSummary writes the findings counted by rule and level as a
// Markdown table (a GitHub job summary): errors first, then the most
// frequent.
func MarkdownSummary(w io.Writer, findings []finding.Finding, sum Summary) error {
	type key struct {
		rule  string
		level finding.Level
	}
	counts := map[key]int{}
	for _, f := range findings {
		counts[key{f.Rule, f.Level}]++
	}
	keys := make([]key, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.level != b.level {
			return a.level > b.level
		}
		if counts[a] != counts[b] {
			return counts[a] > counts[b]
		}
		return a.rule < b.rule
	})
	var sb strings.Builder
	sb.WriteString("### mcplint\n\n")
	fmt.Fprintf(&sb, "%s in %s (%s): %s, %s, %s", Count(len(findings), "finding"), Count(sum.Files, "file"), Count(sum.Servers, "server"),
		Count(sum.Errors, "error"), Count(sum.Warnings, "warning"), Count(sum.Infos, "info"))
	if sum.Baselined > 0 {
		fmt.Fprintf(&sb, "; %s left out by the baseline", Count(sum.Baselined, "known finding"))
	}
	sb.WriteString(".\n\n")
	if len(keys) > 0 {
		sb.WriteString("| rule | level | findings |\n|---|---|---:|\n")
		for _, k := range keys {
			fmt.Fprintf(&sb, "| %s | %s | %d |\n", markdownCode(k.rule), k.level, counts[k])
		}
		sb.WriteString("\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// Count is n with the noun what, plural unless n is 1: "1 file", "3 files".
func Count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// markdownCode shows a rule id (a custom policy may name it anything) as
// inline code in a table cell: masked, escaped, with no character that
// ends the code span or the cell.
func markdownCode(s string) string {
	s = strings.NewReplacer("`", "'", "|", "/", "\n", " ", "\r", " ").Replace(secret.Display(s))
	return "`" + s + "`"
}
