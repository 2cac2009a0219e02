package main

import (
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/report"
)

func (c *Command) fix(args []string) int {
	fs := newFlagSet("fix", "Apply every safe fix in place: literal keys become variable references in the\nclient's own syntax, a url without type gets \"type\": \"http\", a wrong root key is\nrenamed, a byte order mark is removed. Only the bytes of each fix change, so\ncomments and formatting survive. A file that changed since it was read is left\nalone. --diff prints the changes as a unified diff instead.", c.Stderr)
	var lf lintFlags
	lf.register(fs)
	diffOnly := fs.Bool("diff", false, "print the fixes as a unified diff and change nothing")
	var opts fix.Options
	fs.BoolVar(&opts.OutsideRoots, "fix-outside-roots", false, "also edit a linked config whose target lies outside the PATHs (and --home)")
	fs.BoolVar(&opts.HardLinks, "fix-hard-links", false, "also edit a config that has other hard links, in place so that every name gets the fix")
	fs.BoolVar(&opts.ReadOnly, "fix-read-only", false, "also edit a read-only config (its mode is kept)")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	lf.FollowOutside = opts.OutsideRoots
	ws, findings, code := lf.check(c, paths, "fix")
	if code != exitOK {
		return code
	}
	if *diffOnly {
		if err := report.Diff(c.Stdout, findings, report.SourcesOf(ws).Bytes); err != nil {
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
	opts.Roots = append([]string(nil), c.paths(paths)...)
	if len(opts.Roots) == 0 {
		opts.Roots = []string{c.path(".")}
	}
	if lf.Home != "" {
		opts.Roots = append(opts.Roots, c.path(lf.Home))
	}
	o := fix.Workspace(ws, findings, opts)
	o.Print(c.Stdout, c.Stderr, "mcplint fix: ")
	if o.Failed > 0 {
		return exitFindings
	}
	return exitOK
}
