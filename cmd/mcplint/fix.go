package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/secret"
)

func runFix(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("fix", "Apply every safe fix in place: literal keys become variable references in the\nclient's own syntax, a url without type gets \"type\": \"http\", a wrong root key is\nrenamed, a byte order mark is removed. Only the bytes of each fix change, so\ncomments and formatting survive. A file that changed since it was read is left\nalone. --diff prints the changes as a unified diff instead.", stderr)
	var lf loadFlags
	lf.register(fs)
	var pf policyFlags
	pf.register(fs)
	diffOnly := fs.Bool("diff", false, "print the fixes as a unified diff and change nothing")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	eng, cfg, code := pf.setup(paths, stderr, "fix")
	if eng == nil {
		return code
	}
	ws, code := lf.load(paths, stderr, "fix")
	if ws == nil {
		return code
	}
	findings, err := eng.Check(context.Background(), ws, cfg)
	if err != nil {
		return evalError(stderr, "fix", err)
	}
	docs := map[string]*loader.Document{}
	for _, d := range ws.Documents {
		docs[d.Path] = d
	}
	if *diffOnly {
		if err := report.Diff(stdout, findings, workspaceSource(ws).bytes); err != nil {
			return exitInternal
		}
		return exitOK
	}
	byFile, files := finding.FileFixes(findings)
	fixedBy := map[string]int{}
	notes := map[string]bool{}
	for _, f := range findings {
		if f.Fix != nil {
			fixedBy[f.File]++
			if f.Fix.Note != "" {
				notes[f.Fix.Note] = true
			}
		}
	}
	failed := 0
	total := 0
	for _, file := range files {
		d := docs[file]
		if d == nil || d.File == nil {
			continue
		}
		if err := fixFile(d, byFile[file]); err != nil {
			fmt.Fprintf(stderr, "mcplint fix: %s: %s\n", secret.Display(file), secret.Display(err.Error()))
			failed++
			continue
		}
		total += fixedBy[file]
		fmt.Fprintf(stdout, "fixed %s in %s\n", plural(fixedBy[file], "finding"), secret.Display(file))
	}
	var ns []string
	for n := range notes {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	for _, n := range ns {
		fmt.Fprintf(stdout, "next: %s\n", secret.Display(n))
	}
	if total == 0 && failed == 0 {
		fmt.Fprintln(stdout, "nothing to fix")
	}
	if failed > 0 {
		return exitFindings
	}
	return exitOK
}

// fixFile applies edits to one file, following the compare-before-replace
// steps: the bytes on disk must still be the ones the edits were made
// from, and the result must parse before it is written.
func fixFile(d *loader.Document, edits []finding.Edit) error {
	cur, stamp, err := fix.ReadStamped(d.AbsPath)
	if err != nil {
		return err
	}
	if string(cur) != string(d.File.Src) {
		return fix.ErrChanged
	}
	out, _, _ := finding.Apply(cur, edits)
	if _, perr := syntax.Parse(out, d.Format); perr != nil {
		return fmt.Errorf("the fixed file would not parse (%v); nothing was written", perr)
	}
	return fix.ReplaceGuarded(d.AbsPath, stamp, out)
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return fmt.Sprintf("%d %ss", n, w)
}
