package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/output"
	"github.com/mcplint/mcplint/report"
)

// outputFlags are check's conventions shared with other linters: where
// the report goes, how loud it is, colour, stdin and the repository root.
type outputFlags struct {
	output        string
	quiet         bool
	color         string
	stdinName     string
	root          string
	skipUnrelated bool
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.output, "output", "", "write the report to `FILE` (replaced whole, never left half-written) instead of standard output")
	fs.BoolVar(&o.quiet, "quiet", false, "print findings only: no summary and no help lines (a clean run prints nothing)")
	fs.BoolVar(&o.quiet, "q", false, "short for --quiet")
	fs.StringVar(&o.color, "color", "auto", "colour the text report: `WHEN` auto (a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never")
	fs.StringVar(&o.stdinName, "stdin-filename", "", "with PATH -, the `NAME` the text read from standard input is checked as (its place and name give the client: .cursor/mcp.json)")
	fs.StringVar(&o.root, "root", "", "the repository root `DIR` SARIF URIs are relative to (default: the folder above holding .git, else the working folder)")
	fs.BoolVar(&o.skipUnrelated, "skip-unrelated", false, "leave out silently a named file of a generic name (server.json, mcp_config.json, …) whose content is not an MCP document, as the folder scan does (pre-commit passes it)")
}

func (o *outputFlags) validate(c *Command) error {
	switch o.color {
	case "auto", "always", "never":
	default:
		return fmt.Errorf("--color %q: want auto, always or never", o.color)
	}
	return output.CheckPath(o.output, c.Dir)
}

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
func (s *sideOutputs) validate(c *Command, format, out string) error {
	if s.annotations && out == "" && format != "github" {
		return fmt.Errorf("--annotations prints on standard output, where the %s report goes too: write the report with --output FILE", format)
	}
	if s.summary != "" {
		return output.CheckAppend("--summary", s.summary, c.Dir)
	}
	return nil
}

// write prints the annotations and appends the summary, after the main
// report was written.
func (s *sideOutputs) write(c *Command, format string, findings []finding.Finding, sum report.Summary) error {
	if s.annotations && format != "github" {
		if err := report.GitHub(c.Stdout, findings, sum); err != nil {
			return err
		}
	}
	if s.summary == "" {
		return nil
	}
	return output.Append("--summary", s.summary, c.Dir, func(w io.Writer) error { return report.MarkdownSummary(w, findings, sum) })
}

// quietEmpty: with --skip-unrelated (pre-commit's batches) a run that
// found no MCP configuration among the files it was given prints nothing,
// unless --fail-on-empty asks for the note.
func quietEmpty(skipUnrelated, failOnEmpty bool, files int, format string) bool {
	return skipUnrelated && !failOnEmpty && files == 0 && (format == "text" || format == "github")
}
