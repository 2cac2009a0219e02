package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/probe"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
	"github.com/mcplint/mcplint/snapshot"
)

// Where probe asks for consent; tests replace them. Standard input is a
// terminal only when it answers a terminal's ioctl: /dev/null is a
// character device too, and is no one to ask.
var (
	consentIn       io.Reader = os.Stdin
	consentTerminal           = func() bool { return term.IsTerminal(int(os.Stdin.Fd())) }
	lookupEnv                 = os.LookupEnv
	// reapOrphans is set by main: only the command line is the subreaper
	// of what its servers leave behind (a test binary has other children).
	reapOrphans = false
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
	insecure := fs.Bool("allow-insecure-http", false, "send headers and values of your environment to a remote server over plain http (never needed for this machine)")
	deadline := fs.Duration("deadline", probe.DefaultDeadline, "give each server at most this `DURATION` in all")
	runDeadline := fs.Duration("run-deadline", 10*time.Minute, "stop probing after this `DURATION` in all")
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
	if *maxResponse <= 0 || *connectTimeout <= 0 || *requestTimeout <= 0 || *deadline <= 0 || *runDeadline <= 0 {
		fmt.Fprintln(stderr, "mcplint probe: --timeout, --request-timeout, --deadline, --run-deadline and --max-response must be positive")
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

	// Credentials over plain http to another machine: not without a flag.
	if !*insecure {
		kept := targets[:0]
		for _, t := range targets {
			if t.Insecure {
				fmt.Fprintf(stderr, "mcplint probe: %s: not contacted: it would send credentials over plain http to %s; use https, or --allow-insecure-http\n", display(t.Server.Name), t.Host)
				continue
			}
			kept = append(kept, t)
		}
		targets = kept
	}
	// Consent comes first, for every server that needs it, before anything
	// starts or is contacted.
	var asked []*probe.Planned
	for _, t := range targets {
		if t.NeedsConsent() {
			asked = append(asked, t)
		}
	}
	if len(asked) > 0 && !*yes {
		if !consentTerminal() {
			fmt.Fprintf(stderr, "mcplint probe: there is no terminal to ask for consent for %s: nothing was started or contacted.\n", plural(len(asked), "server"))
			for _, t := range asked {
				fmt.Fprint(stderr, probe.Question(t))
			}
			fmt.Fprintln(stderr, "Review them, then run again with --yes.")
			return exitUsage
		}
		targets = (&probe.Asker{In: consentIn, Out: stderr}).Ask(targets)
	}

	// Ctrl-C and SIGTERM end the probes; every server started ends with
	// them (Probe stops its process group when its context ends).
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	ctx, cancelRun := context.WithTimeout(ctx, *runDeadline)
	defer cancelRun()
	if reapOrphans {
		defer probe.ReapOrphans()
	}

	opts := probe.Options{ConnectTimeout: *connectTimeout, RequestTimeout: *requestTimeout, MaxResponse: *maxResponse, Deadline: *deadline, ClientVersion: versionString()}
	byProject := map[string][]*snapshot.Server{}
	var projects []string
	failed := 0
	for _, t := range targets {
		if len(t.Missing) > 0 {
			fmt.Fprintf(stderr, "mcplint probe: %s: not probed: %s not set in your environment\n", display(t.Server.Name), strings.Join(t.Missing, ", "))
			failed++
			continue
		}
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "mcplint probe: %s: not probed: %s\n", display(t.Server.Name), stopped(ctx))
			failed++
			continue
		}
		res, err := probe.Probe(ctx, t.Target, opts)
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

// stopped says why the run's context ended.
func stopped(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "the run's deadline (--run-deadline) passed"
	}
	return "interrupted"
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
