package main

import (
	"context"

	"github.com/mcplint/mcplint/report"
)

func (c *Command) baseline(args []string) int {
	fs := newFlagSet("baseline", "Print a baseline of the current findings, to adopt mcplint on an existing repo:\n  mcplint baseline > .mcplint-baseline.json\n  mcplint check --baseline .mcplint-baseline.json\nFindings are matched by a structural fingerprint (rule, file, JSON pointer,\nvalue), so moving lines does not make them new.", c.Stderr)
	var lf loadFlags
	lf.register(fs)
	var pf policyFlags
	pf.register(fs)
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	eng, cfg, code := pf.setup(c, paths, "baseline")
	if eng == nil {
		return code
	}
	ws, code := lf.load(c, paths, "baseline")
	if ws == nil {
		return code
	}
	findings, err := eng.Check(context.Background(), ws, cfg)
	if err != nil {
		return evalError(c.Stderr, "baseline", err)
	}
	if err := report.WriteBaseline(c.Stdout, findings); err != nil {
		return exitInternal
	}
	return exitOK
}
