package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/loader"
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
	var opts fix.Options
	fs.BoolVar(&opts.OutsideRoots, "fix-outside-roots", false, "also edit a linked config whose target lies outside the PATHs (and --home)")
	fs.BoolVar(&opts.HardLinks, "fix-hard-links", false, "also edit a config that has other hard links, in place so that every name gets the fix")
	fs.BoolVar(&opts.ReadOnly, "fix-read-only", false, "also edit a read-only config (its mode is kept)")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	lf.followOutside = opts.OutsideRoots
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
		// As ruff's --diff: 1 when fixes are pending, so it can gate CI.
		for _, f := range findings {
			if f.Fix != nil {
				return exitFindings
			}
		}
		return exitOK
	}
	opts.Roots = append([]string(nil), paths...)
	if len(opts.Roots) == 0 {
		opts.Roots = []string{"."}
	}
	if lf.home != "" {
		opts.Roots = append(opts.Roots, lf.home)
	}
	byFile, files := finding.FileFixes(findings)
	fixesBy := map[string][]*finding.Fix{}
	for _, f := range findings {
		if f.Fix != nil {
			fixesBy[f.File] = append(fixesBy[f.File], f.Fix)
		}
	}
	failed := 0
	total := 0
	notes := map[string]bool{}
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
		fmt.Fprintf(stderr, "mcplint fix: %s: %s %s, outside the folders being fixed; it was not read and nothing was written (--fix-outside-roots reads and edits it there)\n",
			secret.Display(d.Path), how, secret.Display(d.Outside))
		failed++
	}
	for _, file := range files {
		d := docs[file]
		if d == nil || d.File == nil {
			continue
		}
		res, err := fix.Apply(d.AbsPath, d.File.Src, d.Format, byFile[file], opts)
		if err != nil {
			fmt.Fprintf(stderr, "mcplint fix: %s: %s\n", secret.Display(file), secret.Display(err.Error()))
			failed++
			continue
		}
		// Only findings whose every edit was made count as fixed; an edit
		// that overlaps another is left for the next run.
		fixed, left := 0, 0
		var fileNotes []string
		for _, fx := range fixesBy[file] {
			if !res.Fixed(fx) {
				left++
				continue
			}
			fixed++
			if fx.Note != "" {
				fileNotes = append(fileNotes, fx.Note)
			}
		}
		total += fixed
		where := ""
		if res.Linked {
			where = " (written at its link target " + secret.Display(res.Target) + ")"
		}
		fmt.Fprintf(stdout, "fixed %s in %s%s\n", plural(fixed, "finding"), secret.Display(file), where)
		if left > 0 {
			fmt.Fprintf(stderr, "mcplint fix: %s: %s not fixed: their edits overlap ones just made; run mcplint fix again\n", secret.Display(file), plural(left, "finding"))
			failed++
		}
		// A note says the old value is gone only when the file read back
		// proves it.
		for _, n := range fileNotes {
			if fix.HasGoneClaim(n) && !res.Gone {
				n = fix.Unproven(n)
			}
			notes[n] = true
		}
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

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return fmt.Sprintf("%d %ss", n, w)
}
