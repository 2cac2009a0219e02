package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// Apply applies edits to src. Edits are sorted by position; one that
// overlaps an earlier one is skipped and returned in skipped.
func Apply(src []byte, edits []finding.Edit) (out []byte, applied, skipped []finding.Edit) {
	es := append([]finding.Edit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Range.Start.Offset < es[j].Range.Start.Offset })
	var b strings.Builder
	last := 0
	var prev *finding.Edit
	for i := range es {
		e := es[i]
		s, t := e.Range.Start.Offset, e.Range.End.Offset
		if prev != nil && s == prev.Range.Start.Offset && t == prev.Range.End.Offset && e.NewText == prev.NewText {
			continue // the same edit again (findings sharing one fix)
		}
		prev = &es[i]
		if s < last || t < s || t > len(src) {
			skipped = append(skipped, e)
			continue
		}
		b.Write(src[last:s])
		b.WriteString(e.NewText)
		last = t
		applied = append(applied, e)
	}
	b.Write(src[last:])
	return []byte(b.String()), applied, skipped
}

// FileFixes collects the edits of every fixable finding per file, in the
// order the findings come.
func FileFixes(fs []finding.Finding) (map[string][]finding.Edit, []string) {
	byFile := map[string][]finding.Edit{}
	var files []string
	for _, f := range fs {
		if f.Fix == nil {
			continue
		}
		for _, e := range f.Fix.Edits {
			if _, ok := byFile[e.File]; !ok {
				files = append(files, e.File)
			}
			byFile[e.File] = append(byFile[e.File], e)
		}
	}
	sort.Strings(files)
	return byFile, files
}

const contextLines = 3

type diffLine struct {
	op     byte // ' ', '-', '+'
	text   string
	masked bool // text is the masked form of the line
	shown  bool // the line is part of a hunk
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
			if masked != line {
				l.text, l.masked = masked, true
			}
			all = append(all, l)
		}
	}
	var out strings.Builder
	body := hunks(all)
	for _, l := range all {
		if l.masked && l.shown {
			appliable = false
		}
	}
	if !appliable {
		fmt.Fprintf(&out, "# mcplint: review only: a line of %s held a secret and is masked below, so this diff does not apply; run mcplint fix to apply it\n", path)
	}
	rel := strings.TrimPrefix(path, "/")
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
	byFile, files := FileFixes(fs)
	for _, file := range files {
		src, format, err := read(file)
		if err != nil {
			fmt.Fprintf(w, "# mcplint: %s: %s\n", file, secret.MaskValue("", err.Error()))
			continue
		}
		out, _, _ := Apply(src, byFile[file])
		d, _ := UnifiedDiff(file, src, out, format)
		if _, err := io.WriteString(w, d); err != nil {
			return err
		}
	}
	return nil
}
