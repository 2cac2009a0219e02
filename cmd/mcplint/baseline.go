package main

import (
	"github.com/mcplint/mcplint/report"
)

func (c *Command) baseline(args []string) int {
	fs := newFlagSet("baseline", "Print a baseline of the current findings, to adopt mcplint on an existing repo:\n  mcplint baseline > .mcplint-baseline.json\n  mcplint check --baseline .mcplint-baseline.json\nFindings are matched by a structural fingerprint (rule, file, JSON pointer,\nvalue), so moving lines does not make them new.", c.Stderr)
	var lf lintFlags
	lf.register(fs)
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	_, findings, code := lf.check(c, paths, "baseline")
	if code != exitOK {
		return code
	}
	if err := report.WriteBaseline(c.Stdout, findings); err != nil {
		return exitInternal
	}
	return exitOK
}
