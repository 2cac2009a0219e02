package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/secret"
)

// Source gives the text of a line of a file, for excerpts, already masked
// (secret.MaskSource).
type Source interface {
	Line(file string, n int) (string, bool)
}

// TextOptions shape the text report.
type TextOptions struct {
	// Color adds ANSI colours; the caller turns it on only for a terminal
	// and never when NO_COLOR is set.
	Color bool
	// Quiet prints the findings only: no help lines and no summary, so
	// a clean run prints nothing.
	Quiet bool
}

// ANSI styles.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiGreen  = "\x1b[32m"
	ansiDim    = "\x1b[2m"
)

// Text writes one finding per block in the actionlint style:
//
//	file:line:col: level rule: message
//	   12 |     "url": "http://example.com/mcp"
//	      |            ^~~~~~~~~~~~~~~~~~~~~~~~
//	      = fix: Replace the literal key with ${GITHUB_TOKEN} (mcplint fix)
//	      = help: mcplint explain transport/https-only
//
// The quoted source line is masked like every other output.
func Text(out io.Writer, fs []finding.Finding, src Source, sum Summary, opts TextOptions) error {
	sw := &stickyWriter{w: out}
	w := io.Writer(sw)
	paint := func(style, s string) string {
		if !opts.Color {
			return s
		}
		return style + s + ansiReset
	}
	levelStyle := map[finding.Level]string{finding.Error: ansiRed + ansiBold, finding.Warning: ansiYellow + ansiBold, finding.Info: ansiCyan + ansiBold}
	for _, f := range fs {
		fmt.Fprintf(w, "%s: %s %s: %s\n", paint(ansiBold, fmt.Sprintf("%s:%d:%d", secret.Display(f.File), f.Range.Start.Line, f.Range.Start.Column)),
			paint(levelStyle[f.Level], f.Level.String()), paint(ansiBold, secret.Display(f.Rule)), secret.Display(f.Message))
		gutter := len(fmt.Sprint(f.Range.Start.Line))
		if f.Source != "" {
			excerpt(w, f.Source, f, paint)
		} else if src != nil {
			if line, ok := src.Line(f.File, f.Range.Start.Line); ok {
				excerpt(w, line, f, paint)
			}
		}
		pad := strings.Repeat(" ", gutter+1)
		if f.Fix != nil {
			fmt.Fprintf(w, "%s%s fix: %s (mcplint fix)\n", pad, paint(ansiDim, "="), secret.Display(f.Fix.Title))
		}
		if !opts.Quiet {
			fmt.Fprintf(w, "%s%s help: mcplint explain %s\n", pad, paint(ansiDim, "="), secret.Display(f.Rule))
		}
	}
	if opts.Quiet {
		return sw.err
	}
	fmt.Fprintf(w, "%s in %s, %s: %s, %s, %s",
		plural(len(fs), "finding"), plural(sum.Files, "file"), plural(sum.Servers, "server"),
		plural(sum.Errors, "error"), plural(sum.Warnings, "warning"), plural(sum.Infos, "info"))
	if sum.Baselined > 0 {
		fmt.Fprintf(w, " (%d more in the baseline)", sum.Baselined)
	}
	fmt.Fprintln(w)
	if c := sum.Configuration; c != nil && len(c.Overrides) > 0 {
		fmt.Fprintln(w, c.line())
	}
	return sw.err
}

const maxExcerpt = 160

func excerpt(w io.Writer, line string, f finding.Finding, paint func(style, s string) string) {
	start := f.Range.Start.Column - 1
	width := 1
	if f.Range.End.Line == f.Range.Start.Line && f.Range.End.Column > f.Range.Start.Column {
		width = f.Range.End.Column - f.Range.Start.Column
	}
	// Long lines (minified JSON) are cut around the span, decoding only
	// the window (excerptcut.go).
	offset := 0
	runes, n := window(line, 0, maxExcerpt+1)
	if n > maxExcerpt {
		offset = max(start-20, 0)
		runes, _ = window(line, offset, offset+maxExcerpt)
	}
	for i, r := range runes {
		if r == '\t' {
			runes[i] = ' '
		}
	}
	if start-offset > len(runes) {
		start = len(runes) + offset
	}
	if start-offset+width > len(runes)+1 {
		width = len(runes) + 1 - (start - offset)
	}
	if width < 1 {
		width = 1
	}
	// Control and bidi characters are shown escaped (secret.Escape); the
	// caret moves by the width each one takes.
	var shown strings.Builder
	caret, caretEnd := start-offset, start-offset+width
	for i := range runes {
		e := secret.EscapeRune(runes, i)
		n := len([]rune(e))
		if i < start-offset {
			caret += n - 1
		}
		if i < start-offset+width {
			caretEnd += n - 1
		}
		shown.WriteString(e)
	}
	start, width = caret+offset, max(caretEnd-caret, 1)
	num := fmt.Sprintf("%d", f.Range.Start.Line)
	fmt.Fprintf(w, " %s %s %s\n", paint(ansiDim, num), paint(ansiDim, "|"), shown.String())
	fmt.Fprintf(w, " %s %s %s%s\n", strings.Repeat(" ", len(num)), paint(ansiDim, "|"), strings.Repeat(" ", start-offset), paint(ansiGreen, "^"+strings.Repeat("~", width-1)))
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	if word == "info" {
		return fmt.Sprintf("%d infos", n)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
