package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/secret"
)

// GitHub writes workflow commands that GitHub Actions turns into
// annotations, for repositories without code scanning:
//
//	::error file=.mcp.json,line=3,col=5,endLine=3,endColumn=9,title=rule::message
func GitHub(out io.Writer, fs []finding.Finding, sum Summary) error {
	sw := &stickyWriter{w: out}
	w := io.Writer(sw)
	for _, f := range fs {
		cmd := "notice"
		switch f.Level {
		case finding.Error:
			cmd = "error"
		case finding.Warning:
			cmd = "warning"
		}
		fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n", cmd,
			escapeProperty(shown(f.File)), f.Range.Start.Line, f.Range.Start.Column, f.Range.End.Line, f.Range.End.Column,
			escapeProperty(shown(f.Rule)), escapeData(shown(f.Message)))
	}
	fmt.Fprintf(w, "mcplint: %s in %s: %s, %s, %s\n", plural(len(fs), "finding"), plural(sum.Files, "file"),
		plural(sum.Errors, "error"), plural(sum.Warnings, "warning"), plural(sum.Infos, "info"))
	if c := sum.Configuration; c != nil && len(c.Overrides) > 0 {
		fmt.Fprintf(w, "mcplint: %s\n", c.line())
	}
	return sw.err
}

// shown masks untrusted text and escapes its control characters, keeping
// line breaks for GitHub's own escaping (%0A).
func shown(s string) string { return secret.EscapeLines(secret.Text(s)) }

// escapeData escapes a workflow command's message (GitHub's rules: %, CR, LF).
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property value: also ':' and ','.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
