package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/secret"
)

// sideOutputs are reports check writes beside the one of --format, so
// that one run in CI gives the SARIF file (--format sarif --output FILE),
// the annotations and the job summary:
//
//	mcplint check --format sarif --output mcplint.sarif --annotations --summary "$GITHUB_STEP_SUMMARY"
type sideOutputs struct {
	annotations bool
	summary     string
}

func (s *sideOutputs) register(fs *flag.FlagSet) {
	fs.BoolVar(&s.annotations, "annotations", false, "also print the findings as GitHub Actions annotations (what --format github prints) on standard output; the --format report then goes to --output FILE")
	fs.StringVar(&s.summary, "summary", "", "also append a Markdown summary, the findings counted by rule and level, to `FILE` (in GitHub Actions: \"$GITHUB_STEP_SUMMARY\")")
}

// validate refuses, before any work, side outputs that would mix with the
// main report or cannot be written.
func (s *sideOutputs) validate(format, output string) error {
	if s.annotations && output == "" && format != "github" {
		return fmt.Errorf("--annotations prints on standard output, where the %s report goes too: write the report with --output FILE", format)
	}
	if s.summary != "" {
		dir := filepath.Dir(s.summary)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return fmt.Errorf("--summary %s: the folder %s does not exist", s.summary, dir)
		}
		if fi, err := os.Stat(s.summary); err == nil && fi.IsDir() {
			return fmt.Errorf("--summary %s: a folder", s.summary)
		}
	}
	return nil
}

// write prints the annotations and appends the summary, after the main
// report was written.
func (s *sideOutputs) write(stdout io.Writer, format string, findings []finding.Finding, sum report.Summary) error {
	if s.annotations && format != "github" {
		if err := report.GitHub(stdout, findings, sum); err != nil {
			return err
		}
	}
	if s.summary == "" {
		return nil
	}
	f, err := os.OpenFile(s.summary, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("--summary: %w", err)
	}
	werr := writeMarkdownSummary(f, findings, sum)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		return fmt.Errorf("--summary %s: %w", s.summary, err)
	}
	return nil
}

// writeMarkdownSummary writes the findings counted by rule and level as a
// Markdown table: errors first, then the most frequent.
func writeMarkdownSummary(w io.Writer, findings []finding.Finding, sum report.Summary) error {
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
	fmt.Fprintf(&sb, "%s in %s (%s): %s, %s, %s", countOf(len(findings), "finding"), countOf(sum.Files, "file"), countOf(sum.Servers, "server"),
		countOf(sum.Errors, "error"), countOf(sum.Warnings, "warning"), countOf(sum.Infos, "info"))
	if sum.Baselined > 0 {
		fmt.Fprintf(&sb, "; %s left out by the baseline", countOf(sum.Baselined, "known finding"))
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

func countOf(n int, what string) string {
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

// quietEmpty: with --skip-unrelated (pre-commit's batches) a run that
// found no MCP configuration among the files it was given prints nothing,
// unless --fail-on-empty asks for the note.
func quietEmpty(skipUnrelated, failOnEmpty bool, files int, format string) bool {
	return skipUnrelated && !failOnEmpty && files == 0 && (format == "text" || format == "github")
}
