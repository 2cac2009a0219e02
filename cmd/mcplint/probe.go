package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/probe"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
	"github.com/mcplint/mcplint/snapshot"
)

// Where probe asks for consent; tests replace them.
var (
	consentIn       io.Reader = os.Stdin
	consentTerminal           = func() bool {
		fi, err := os.Stdin.Stat()
		return err == nil && fi.Mode()&os.ModeCharDevice != 0
	}
	lookupEnv = os.LookupEnv
)

const probeSynopsis = `Connect to every effective MCP server found in the PATHs (as mcplint list
resolves them: tiers, shadowing, disabled and untrusted copies are left out)
and record what it offers: one snapshot per server in .mcplint/tools/NAME.json
and a SHA-256 pin of each tool's definition in .mcplint/pins.json, next to
the project's config. Then print what check finds in them.

This is the only command that starts a server or opens a connection. A stdio
server is started only after you say yes to its masked command, or with
--yes; without a terminal and without --yes nothing is started (exit 2).
Each server runs in its own process group with a minimal environment (PATH,
HOME, …) plus the env its config declares; ${VAR} references are expanded
from your environment now and never written anywhere.

A tool whose definition differs from its pin is reported as drift and is
re-pinned only with --update.`

func runProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("probe", probeSynopsis, stderr)
	var lf loadFlags
	lf.register(fs)
	var pf policyFlags
	pf.register(fs)
	yes := fs.Bool("yes", false, "start stdio servers without asking (for scripts and CI)")
	update := fs.Bool("update", false, "re-pin tools whose definition changed, new tools and removed ones")
	connectTimeout := fs.Duration("timeout", probe.DefaultConnectTimeout, "give each server this `DURATION` to start or connect and answer initialize")
	requestTimeout := fs.Duration("request-timeout", probe.DefaultRequestTimeout, "give each later request (one page of a list) this `DURATION`")
	maxResponse := fs.Int("max-response", probe.DefaultMaxResponse, "refuse a response (one message) larger than this many `BYTES`")
	var passEnv, only stringList
	fs.Var(&passEnv, "pass-env", "also pass the variable `NAME` of your environment to stdio servers (repeatable)")
	fs.Var(&only, "server", "probe only the server `NAME` (repeatable)")
	remoteOnly := fs.Bool("remote-only", false, "probe only remote (http and sse) servers: start no process (for a scheduled CI job)")
	failLevel := fs.String("fail-level", "error", "exit 1 when a finding is at or above `LEVEL`: error, warning, info or never")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	threshold, ok := parseFailLevel(*failLevel)
	if !ok {
		fmt.Fprintf(stderr, "mcplint probe: --fail-level %q: want error, warning, info or never\n", *failLevel)
		return exitUsage
	}
	if *maxResponse <= 0 || *connectTimeout <= 0 || *requestTimeout <= 0 {
		fmt.Fprintln(stderr, "mcplint probe: --timeout, --request-timeout and --max-response must be positive")
		return exitUsage
	}
	eng, cfg, code := pf.setup(paths, stderr, "probe")
	if eng == nil {
		return code
	}
	ws, code := lf.load(paths, stderr, "probe")
	if ws == nil {
		return code
	}
	home, _ := os.UserHomeDir()
	wd, _ := os.Getwd()
	targets, skipped := probe.Plan(ws, probe.Selection{Only: only, PassEnv: passEnv, RemoteOnly: *remoteOnly},
		probe.Env{Lookup: lookupEnv, Home: home, WorkDir: wd})
	for _, s := range skipped {
		fmt.Fprintf(stderr, "mcplint probe: %s\n", s)
	}
	if len(targets) == 0 {
		fmt.Fprintln(stderr, "mcplint probe: no server to probe")
		return exitOK
	}

	// Consent comes first, for every stdio server, before anything starts.
	var stdio []*probe.Planned
	for _, t := range targets {
		if t.Target.Transport == "stdio" {
			stdio = append(stdio, t)
		}
	}
	if len(stdio) > 0 && !*yes {
		if !consentTerminal() {
			fmt.Fprintf(stderr, "mcplint probe: %s would be started on this machine and there is no terminal to ask: nothing was started.\n", plural(len(stdio), "stdio server"))
			for _, t := range stdio {
				fmt.Fprintf(stderr, "  %s: %s\n", display(t.Server.Name), t.Shown)
			}
			fmt.Fprintln(stderr, "Review the commands, then run again with --yes.")
			return exitUsage
		}
		targets = (&probe.Asker{In: consentIn, Out: stderr}).Ask(targets)
	}

	opts := probe.Options{ConnectTimeout: *connectTimeout, RequestTimeout: *requestTimeout, MaxResponse: *maxResponse, ClientVersion: versionString()}
	byProject := map[string][]*snapshot.Server{}
	var projects []string
	failed := 0
	for _, t := range targets {
		if len(t.Missing) > 0 {
			fmt.Fprintf(stderr, "mcplint probe: %s: not probed: %s not set in your environment\n", display(t.Server.Name), strings.Join(t.Missing, ", "))
			failed++
			continue
		}
		res, err := probe.Probe(context.Background(), t.Target, opts)
		if err != nil {
			fmt.Fprintf(stderr, "mcplint probe: %s: %s\n", display(t.Server.Name), t.Quiet(err.Error()))
			failed++
			continue
		}
		if _, ok := byProject[t.Project]; !ok {
			projects = append(projects, t.Project)
		}
		byProject[t.Project] = append(byProject[t.Project], &snapshot.Server{Name: t.Server.Name, Transport: t.Target.Transport, Result: res, Scrub: t.Scrub})
	}
	sort.Strings(projects)

	drift := 0
	var written []string
	rec := &snapshot.Recorder{Out: stdout, Rel: rel, Update: *update}
	for _, dir := range projects {
		n, files, err := rec.Project(dir, byProject[dir])
		if err != nil {
			// This project's files stay as they were (or as far as they
			// got); the other projects are still written.
			if errors.Is(err, fix.ErrChanged) || errors.Is(err, fix.ErrExists) {
				err = fmt.Errorf("%v (another program wrote it meanwhile; run mcplint probe again)", strings.SplitN(err.Error(), ":", 2)[0])
			}
			fmt.Fprintf(stderr, "mcplint probe: %v\n", err)
			failed++
		}
		drift += n
		written = append(written, files...)
	}

	// What check says about what was just read.
	findings, code := checkRecorded(eng, cfg, lf, paths, written, targets, stderr)
	if code != exitOK {
		return code
	}
	if len(findings) > 0 {
		sum := report.Summarise(findings, len(written), len(targets))
		if err := report.Text(stdout, findings, nil, sum, report.TextOptions{Color: colorFor(stdout)}); err != nil {
			return exitInternal
		}
	}
	if failed > 0 || drift > 0 {
		return exitFindings
	}
	for _, f := range findings {
		if threshold != 0 && f.Level >= threshold {
			return exitFindings
		}
	}
	return exitOK
}

// checkRecorded runs check over the PATHs again and keeps the findings in
// the files probe wrote and the tool findings of the probed servers.
func checkRecorded(eng *rules.Engine, cfg *rules.Config, lf loadFlags, paths, files []string, targets []*probe.Planned, stderr io.Writer) ([]finding.Finding, int) {
	ws, code := lf.load(paths, stderr, "probe")
	if ws == nil {
		return nil, code
	}
	fs, err := eng.Check(context.Background(), ws, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint probe: %v\n", err)
		return nil, exitInternal
	}
	inFiles := map[string]bool{}
	for _, d := range ws.Documents {
		for _, f := range files {
			if d.AbsPath == f {
				inFiles[d.Path] = true
			}
		}
	}
	probed := map[string]bool{}
	for _, t := range targets {
		probed[t.Server.Name] = true
	}
	var out []finding.Finding
	for _, f := range fs {
		if inFiles[f.File] || (probed[f.Server] && toolRule(f.Rule)) {
			out = append(out, f)
		}
	}
	return out, exitOK
}

// toolRule is a rule that reads tool snapshots.
func toolRule(id string) bool {
	switch id {
	case "budget/tool-count", "budget/tool-name-length", "trust/tool-drift", "trust/tool-shadowing", "compat/tool-name-characters", "compat/effects":
		return true
	}
	return false
}

// rel shows a path relative to the working folder when under it.
func rel(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// display is how probe shows what came from a config or a server:
// secret-like tokens masked, control, bidi, zero-width and tag characters
// made visible.
func display(s string) string { return secret.Display(s) }
