package main

import (
	"context"
	"fmt"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/internal/flagparse"
	"github.com/mcplint/mcplint/output"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/probe"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/snapshot"
)

const probeSynopsis = `Connect to every effective MCP server found in the PATHs (as mcplint list
resolves them: tiers, shadowing, disabled and untrusted copies are left out)
and record what it offers: one snapshot per server in .mcplint/tools/NAME.json
and a SHA-256 pin of each tool's definition in .mcplint/pins.json, next to
the project's config. Then print what check finds in them.

This is the only command that starts a server or opens a connection. A stdio
server is started, and a remote server is sent a header or a value of your
environment, only after you say yes to what is shown: the masked command or
the address, and which of your variables go where (API_KEY ← $OPENAI_KEY,
header Authorization ← $GITHUB_TOKEN). With --yes nothing is asked; without a
terminal and without --yes nothing is started or contacted (exit 2).
Credentials never go over plain http to another machine unless
--allow-insecure-http says so, and only the configured address receives
anything (a server naming another one is refused). Each server runs in its
own process group with a minimal environment (PATH, HOME, …) plus the env its
config declares, and it ends when probe ends, however probe ends (Ctrl-C
included), with every process it started. ${VAR} references are expanded from
your environment now and never written anywhere.

A tool whose definition differs from its pin is reported as drift and is
re-pinned only with --update.`

func (c *Command) probe(args []string) int {
	fs := newFlagSet("probe", probeSynopsis, c.Stderr)
	var lf loadFlags
	lf.register(fs)
	var pf policyFlags
	pf.register(fs)
	yes := fs.Bool("yes", false, "start stdio servers without asking (for scripts and CI)")
	update := fs.Bool("update", false, "re-pin tools whose definition changed, new tools and removed ones")
	connectTimeout := fs.Duration("timeout", probe.DefaultConnectTimeout, "give each server this `DURATION` to start or connect and answer initialize")
	requestTimeout := fs.Duration("request-timeout", probe.DefaultRequestTimeout, "give each later request (one page of a list) this `DURATION`")
	maxResponse := fs.Int("max-response", probe.DefaultMaxResponse, "refuse a response (one message) larger than this many `BYTES`")
	var passEnv, only flagparse.List
	fs.Var(&passEnv, "pass-env", "also pass the variable `NAME` of your environment to stdio servers (repeatable)")
	fs.Var(&only, "server", "probe only the server `NAME` (repeatable)")
	remoteOnly := fs.Bool("remote-only", false, "probe only remote (http and sse) servers: start no process (for a scheduled CI job)")
	insecure := fs.Bool("allow-insecure-http", false, "send headers and values of your environment to a remote server over plain http (never needed for this machine)")
	deadline := fs.Duration("deadline", probe.DefaultDeadline, "give each server at most this `DURATION` in all")
	runDeadline := fs.Duration("run-deadline", 10*time.Minute, "stop probing after this `DURATION` in all")
	failLevel := fs.String("fail-level", "error", "exit 1 when a finding is at or above `LEVEL`: error, warning, info or never")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	threshold, ok := finding.ParseFailLevel(*failLevel)
	if !ok {
		fmt.Fprintf(c.Stderr, "mcplint probe: --fail-level %q: want error, warning, info or never\n", *failLevel)
		return exitUsage
	}
	if *maxResponse <= 0 || *connectTimeout <= 0 || *requestTimeout <= 0 || *deadline <= 0 || *runDeadline <= 0 {
		fmt.Fprintln(c.Stderr, "mcplint probe: --timeout, --request-timeout, --deadline, --run-deadline and --max-response must be positive")
		return exitUsage
	}
	eng, cfg, code := pf.setup(c, paths, "probe")
	if eng == nil {
		return code
	}
	ws, code := lf.load(c, paths, "probe")
	if ws == nil {
		return code
	}
	home, _ := os.UserHomeDir()
	say := func(msg string) { fmt.Fprintf(c.Stderr, "mcplint probe: %s\n", msg) }
	targets, skipped := probe.Plan(ws, probe.Selection{Only: only, PassEnv: passEnv, RemoteOnly: *remoteOnly},
		probe.Env{Lookup: c.LookupEnv, Home: home, WorkDir: c.wd()})
	for _, s := range skipped {
		say(s)
	}
	if len(targets) == 0 {
		say("no server to probe")
		return exitOK
	}
	targets, err = probe.Admit(targets, probe.Consent{Yes: *yes, Insecure: *insecure, Terminal: c.Terminal(), In: c.Stdin, Out: c.Stderr, Report: say})
	if err != nil {
		return exitUsage
	}

	// Ctrl-C and SIGTERM end the probes; every server started ends with
	// them (Probe stops its process group when its context ends).
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	ctx, cancelRun := context.WithTimeout(ctx, *runDeadline)
	defer cancelRun()
	// What a server leaves behind (a child that detached with setsid) is
	// re-parented here and ended when probe ends.
	if c.Process && probe.Reaper() == nil {
		defer probe.ReapOrphans()
	}
	session := &snapshot.Session{Report: say, Recorder: &snapshot.Recorder{Out: c.Stdout, WorkDir: c.wd(), Update: *update},
		Options: probe.Options{ConnectTimeout: *connectTimeout, RequestTimeout: *requestTimeout, MaxResponse: *maxResponse, Deadline: *deadline, ClientVersion: versionString()}}
	o := session.Run(ctx, targets)

	// What check says about what was just read.
	ws, code = lf.load(c, paths, "probe")
	if ws == nil {
		return code
	}
	findings, err := snapshot.Findings(context.Background(), eng, cfg, ws, o.Written, targets)
	if err != nil {
		say(err.Error())
		return exitInternal
	}
	if len(findings) > 0 {
		sum := report.Summarise(findings, len(o.Written), len(targets))
		if err := report.Text(c.Stdout, findings, nil, sum, report.TextOptions{Color: output.Color("auto", false, c.Stdout, c.LookupEnv)}); err != nil {
			return exitInternal
		}
	}
	if o.Failed > 0 || o.Drift > 0 || finding.AnyAtOrAbove(findings, threshold) {
		return exitFindings
	}
	return exitOK
}
