package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

const contextLines = 3

type diffLine struct {
	op      byte // ' ', '-', '+'
	text    string
	masked  bool // text is the masked form of the line
	escaped bool // text shows control or invisible characters escaped
	shown   bool // the line is part of a hunk
}

// UnifiedDiff is a unified diff (--- a/path, +++ b/path, hunks with three
// lines of context) between old and new. Lines are shown masked
// (MaskSource); when masking changed a line the diff shows, it could not
// apply, so it is marked for review only and the second result is false.
func UnifiedDiff(path string, old, new []byte, format syntax.Format) (string, bool) {
	if string(old) == string(new) {
		return "", true
	}
	maskedOld := splitLines(string(secret.MaskSource(old, format)))
	maskedNew := splitLines(string(secret.MaskSource(new, format)))
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(string(old), string(new))
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var all []diffLine
	oldN, newN := 0, 0
	appliable := true
	for _, d := range diffs {
		for _, line := range splitLines(d.Text) {
			l := diffLine{op: ' ', text: line}
			var masked string
			switch d.Type {
			case diffmatchpatch.DiffDelete:
				l.op = '-'
				masked = at(maskedOld, oldN)
				oldN++
			case diffmatchpatch.DiffInsert:
				l.op = '+'
				masked = at(maskedNew, newN)
				newN++
			default:
				masked = at(maskedOld, oldN)
				oldN++
				newN++
			}
			// Control and bidi characters are shown escaped, keeping
			// the line ending.
			body, end := masked, ""
			for _, e := range []string{"\r\n", "\n"} {
				if b, ok := strings.CutSuffix(masked, e); ok {
					body, end = b, e
					break
				}
			}
			if e := secret.Escape(body); e != body {
				masked, l.escaped = e+end, true
			}
			if masked != line {
				l.text, l.masked = masked, !l.escaped
			}
			all = append(all, l)
		}
	}
	var out strings.Builder
	body := hunks(all)
	escaped := false
	for _, l := range all {
		if l.masked && l.shown {
			appliable = false
		}
		if l.escaped && l.shown {
			escaped = true
		}
	}
	switch {
	case !appliable:
		fmt.Fprintf(&out, "# mcplint: review only: a line of %s held a secret and is masked below, so this diff does not apply; run mcplint fix to apply it\n", secret.Display(path))
	case escaped:
		fmt.Fprintf(&out, "# mcplint: review only: a line of %s holds control or invisible characters, shown escaped below, so this diff does not apply; run mcplint fix to apply it\n", secret.Display(path))
		appliable = false
	}
	rel := strings.TrimPrefix(path, "/")
	rel = secret.Display(rel)
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", rel, rel)
	out.WriteString(body)
	return out.String(), appliable
}

func splitLines(text string) []string {
	var out []string
	for text != "" {
		line, rest, found := strings.Cut(text, "\n")
		if found {
			line += "\n"
		}
		out = append(out, line)
		text = rest
	}
	return out
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// hunks renders the changed lines of all with their context and marks the
// lines it shows.
func hunks(all []diffLine) string {
	var out strings.Builder
	for i := 0; i < len(all); {
		if all[i].op == ' ' {
			i++
			continue
		}
		start := max(i-contextLines, 0)
		end := i
		for end < len(all) {
			if all[end].op != ' ' {
				end++
				continue
			}
			j := end
			for j < len(all) && all[j].op == ' ' {
				j++
			}
			if j < len(all) && j-end <= 2*contextLines {
				end = j
				continue
			}
			end = min(end+contextLines, len(all))
			break
		}
		oldStart, newStart := 1, 1
		for _, l := range all[:start] {
			if l.op != '+' {
				oldStart++
			}
			if l.op != '-' {
				newStart++
			}
		}
		oldN, newN := 0, 0
		for _, l := range all[start:end] {
			if l.op != '+' {
				oldN++
			}
			if l.op != '-' {
				newN++
			}
		}
		if oldN == 0 {
			oldStart--
		}
		if newN == 0 {
			newStart--
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(oldStart, oldN), hunkRange(newStart, newN))
		for k := start; k < end; k++ {
			l := &all[k]
			l.shown = true
			out.WriteByte(l.op)
			out.WriteString(l.text)
			if !strings.HasSuffix(l.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// Diff writes the unified diff of every available fix, file by file.
// read returns a file's current bytes and format.
func Diff(w io.Writer, fs []finding.Finding, read func(string) ([]byte, syntax.Format, error)) error {
	byFile, files := finding.FileFixes(fs)
	for _, file := range files {
		src, format, err := read(file)
		if err != nil {
			if _, err := fmt.Fprintf(w, "# mcplint: %s: %s\n", secret.Display(file), secret.Display(err.Error())); err != nil {
				return err
			}
			continue
		}
		out, _, _ := finding.Apply(src, byFile[file])
		d, _ := UnifiedDiff(file, src, out, format)
		if _, err := io.WriteString(w, d); err != nil {
			return err
		}
	}
	return nil
}
