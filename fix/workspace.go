package fix

import (
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// Line is one line `mcplint fix` prints: what was fixed (standard
// output) or a problem (standard error).
type Line struct {
	Problem bool
	Text    string
}

// Outcome is what fixing a workspace did.
type Outcome struct {
	Lines  []Line
	Fixed  int      // findings whose every edit was made
	Failed int      // files or findings not fixed
	Notes  []string // what to do next, sorted, once each
}

func (o *Outcome) problem(format string, args ...any) {
	o.Lines = append(o.Lines, Line{Problem: true, Text: fmt.Sprintf(format, args...)})
	o.Failed++
}

// Workspace applies the fixes of findings to the documents of ws, file
// by file (Apply), and says what it did with every name and message
// masked.
func Workspace(ws *loader.Workspace, findings []finding.Finding, opts Options) Outcome {
	var o Outcome
	docs := map[string]*loader.Document{}
	for _, d := range ws.Documents {
		docs[d.Path] = d
	}
	byFile, files := finding.FileFixes(findings)
	fixesBy := map[string][]*finding.Fix{}
	for _, f := range findings {
		if f.Fix != nil {
			fixesBy[f.File] = append(fixesBy[f.File], f.Fix)
		}
	}
	// A config that is a link leading outside the folders was not read,
	// so nothing of it could be fixed: said, and the exit says so.
	for _, d := range ws.Documents {
		if d.Outside == "" || d.Context {
			continue
		}
		how := "it is a link to"
		if fi, err := os.Lstat(d.AbsPath); err == nil && fi.Mode()&os.ModeSymlink == 0 {
			how = "a folder on its path is a link, so it is"
		}
		o.problem("%s: %s %s, outside the folders being fixed; it was not read and nothing was written (--fix-outside-roots reads and edits it there)",
			secret.Display(d.Path), how, secret.Display(d.Outside))
	}
	notes := map[string]bool{}
	for _, file := range files {
		d := docs[file]
		if d == nil || d.File == nil {
			continue
		}
		res, err := Apply(d.AbsPath, d.File.Src, d.Format, byFile[file], opts)
		if err != nil {
			o.problem("%s: %s", secret.Display(file), secret.Display(err.Error()))
			continue
		}
		o.file(file, res, fixesBy[file], notes)
	}
	for n := range notes {
		o.Notes = append(o.Notes, n)
	}
	sort.Strings(o.Notes)
	return o
}

// file records what Apply did to one file. Only findings whose every
// edit was made count as fixed; an edit that overlaps another is left
// for the next run.
func (o *Outcome) file(file string, res Result, fixes []*finding.Fix, notes map[string]bool) {
	fixed, left := 0, 0
	var fileNotes []string
	for _, fx := range fixes {
		if !res.Fixed(fx) {
			left++
			continue
		}
		fixed++
		if fx.Note != "" {
			fileNotes = append(fileNotes, fx.Note)
		}
	}
	o.Fixed += fixed
	where := ""
	if res.Linked {
		where = " (written at its link target " + secret.Display(res.Target) + ")"
	}
	o.Lines = append(o.Lines, Line{Text: fmt.Sprintf("fixed %s in %s%s", plural(fixed, "finding"), secret.Display(file), where)})
	if left > 0 {
		o.problem("%s: %s not fixed: their edits overlap ones just made; run mcplint fix again", secret.Display(file), plural(left, "finding"))
	}
	// A note says the old value is gone only when the file read back
	// proves it.
	for _, n := range fileNotes {
		if HasGoneClaim(n) && !res.Gone {
			n = Unproven(n)
		}
		notes[n] = true
	}
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return fmt.Sprintf("%d %ss", n, w)
}

// Print writes the outcome as `mcplint fix` does: what was fixed and
// what to do next on out, each problem after prefix on errw, and
// "nothing to fix" when nothing was.
func (o Outcome) Print(out, errw io.Writer, prefix string) {
	for _, l := range o.Lines {
		if l.Problem {
			fmt.Fprintf(errw, "%s%s\n", prefix, l.Text)
		} else {
			fmt.Fprintln(out, l.Text)
		}
	}
	for _, n := range o.Notes {
		fmt.Fprintf(out, "next: %s\n", secret.Display(n))
	}
	if o.Fixed == 0 && o.Failed == 0 {
		fmt.Fprintln(out, "nothing to fix")
	}
}
