package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/internal/startgc"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/output"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

// loadFlags are shared by every command that loads configs.
type loadFlags struct {
	loader.Options
	failOnEmpty bool
}

func (l *loadFlags) register(fs *flag.FlagSet) { l.AddFlags(fs) }

// options are the loader's options for paths, relative ones in c's
// working folder.
func (l *loadFlags) options(c *Command, paths []string) loader.Options {
	if len(paths) == 0 && c.Dir != "" {
		paths = []string{"."} // the run's folder, not the process's
	}
	o := l.Options
	o.Paths, o.Home, o.Tools, o.WorkDir = c.paths(paths), c.path(o.Home), c.paths(o.Tools), c.Dir
	return o
}

// registerEmpty adds --fail-on-empty (check and list).
func (l *loadFlags) registerEmpty(fs *flag.FlagSet) {
	fs.BoolVar(&l.failOnEmpty, "fail-on-empty", false, "exit 1 when no MCP configuration file is found in the PATHs")
}

// validate checks the load flags' values.
func (l *loadFlags) validate(stderr io.Writer, cmd string) bool {
	if l.MaxFileSize <= 0 {
		fmt.Fprintf(stderr, "mcplint %s: --max-file-size %d: want a number of bytes above 0\n", cmd, l.MaxFileSize)
		return false
	}
	return true
}

// empty says on stderr that nothing was found to check, so an empty
// result is not taken for a clean one, and gives the exit code.
func (l *loadFlags) empty(paths []string, stderr io.Writer, cmd string) int {
	for i, line := range loader.NothingFound(paths, l.Home != "") {
		if i == 0 {
			line = "mcplint " + cmd + ": " + line
		}
		fmt.Fprintln(stderr, line)
	}
	if l.failOnEmpty {
		return exitFindings
	}
	return exitOK
}

// partFiles is how many project files one part of a large check holds:
// memory follows a part, not the whole monorepo.
const partFiles = 250

func (l *loadFlags) load(c *Command, paths []string, cmd string) (*loader.Workspace, int) {
	if !l.validate(c.Stderr, cmd) {
		return nil, exitUsage
	}
	ws, err := loader.Load(l.options(c, paths))
	if err != nil {
		return nil, evalError(c.Stderr, cmd, err)
	}
	return ws, exitOK
}

// lintFlags are the flags of a command that checks what it loads.
type lintFlags struct {
	loadFlags
	policyFlags
}

func (l *lintFlags) register(fs *flag.FlagSet) { l.loadFlags.register(fs); l.policyFlags.register(fs) }

// check compiles the policies, loads the PATHs and checks them.
func (l *lintFlags) check(c *Command, paths []string, cmd string) (*loader.Workspace, []finding.Finding, int) {
	eng, cfg, code := l.setup(c, paths, cmd)
	if eng == nil {
		return nil, nil, code
	}
	ws, code := l.load(c, paths, cmd)
	if ws == nil {
		return nil, nil, code
	}
	findings, err := eng.Check(context.Background(), ws, cfg)
	if err != nil {
		return nil, nil, evalError(c.Stderr, cmd, err)
	}
	return ws, findings, exitOK
}

// checkFlags are check's own flags.
type checkFlags struct {
	lintFlags
	outputFlags
	sideOutputs
	format, failLevel, baseline string
}

func (c *Command) check(args []string) int {
	fs := newFlagSet("check", "Lint every MCP config found in the PATHs and print findings. PATH - reads one\nconfig from standard input (name it with --stdin-filename).", c.Stderr)
	var f checkFlags
	f.register(fs)
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	dest := output.To(f.output, c.Dir, c.Stdout)
	code, msg := c.runCheck(&f, paths, dest)
	if msg != "" {
		// A run that could not check says so on stderr, and for SARIF
		// also as a valid log with the error, so an upload shows it.
		fmt.Fprintf(c.Stderr, "mcplint check: %s\n", msg)
		if f.format == "sarif" {
			// The log may be uploaded: the message is masked as any
			// output is, whatever it quotes.
			if err := dest.Replace(func(w io.Writer) error { return report.SARIFFailure(w, toolInfo(), secret.Display(msg)) }); err != nil {
				fmt.Fprintf(c.Stderr, "mcplint check: %v\n", err)
			}
		}
	}
	return code
}

func (f *checkFlags) register(fs *flag.FlagSet) {
	f.lintFlags.register(fs)
	f.registerEmpty(fs)
	f.outputFlags.register(fs)
	fs.StringVar(&f.format, "format", "text", "output `FORMAT`: text, json, sarif, github or diff (the fixes as a unified diff)")
	fs.StringVar(&f.failLevel, "fail-level", "error", "exit 1 when a finding is at or above `LEVEL`: error, warning, info or never")
	fs.StringVar(&f.baseline, "baseline", "", "report only findings that are not in the baseline `FILE` (made by mcplint baseline)")
	f.sideOutputs.register(fs)
}

// runCheck checks the PATHs and writes the report; a run that could not
// check gives its message too.
func (c *Command) runCheck(f *checkFlags, paths []string, dest *output.Destination) (int, string) {
	threshold, err := f.validate(c)
	if err != nil {
		return exitUsage, err.Error()
	}
	if paths, f.Overlay, err = loader.StdinOverlay(paths, f.stdinName, c.Stdin, f.MaxFileSize, c.wd()); err != nil {
		return exitUsage, err.Error()
	}
	f.SkipUnrelated = f.skipUnrelated
	wd := c.wd()
	root := wd
	if f.format == "sarif" {
		if root, err = report.SARIFRoot(f.root, wd); err != nil {
			return exitUsage, err.Error()
		}
	}
	eng, cfg, code, msg := f.open(c, paths)
	if eng == nil {
		return code, strings.TrimSpace(msg)
	}
	plan := rules.Plan{Whole: f.format == "diff", PartFiles: partFiles, Bare: f.format != "text"}
	if c.Process { // the collector is the process's, not one run's
		startgc.ForCheck()
		plan.OnePart = startgc.OnePart
	}
	if f.MaxFileSize <= 0 {
		return exitUsage, fmt.Sprintf("--max-file-size %d: want a number of bytes above 0", f.MaxFileSize)
	}
	res, err := eng.CheckPaths(context.Background(), f.options(c, paths), cfg, plan)
	if err != nil {
		return evalFailure(err)
	}
	if !f.quiet {
		for _, n := range res.Totals.Assumed {
			fmt.Fprintf(c.Stderr, "mcplint check: note: %s\n", n)
		}
	}
	findings, tot := res.Findings, res.Totals
	sum := report.Summarise(findings, tot.Files, tot.Servers)
	if f.baseline != "" {
		if findings, sum, err = report.WithoutBaselined(c.path(f.baseline), findings, tot.Files, tot.Servers); err != nil {
			return exitUsage, "--baseline: " + err.Error()
		}
	}
	sum.Configuration = report.ConfigurationOf(cfg.Path, cfg.Overrides(eng), wd)
	if quietEmpty(f.SkipUnrelated, f.failOnEmpty, tot.Files, f.format) && len(findings) == 0 {
		return exitOK, ""
	}
	opts := report.Options{Format: f.format, Tool: toolInfo(), WorkDir: wd, Root: root,
		Text: report.TextOptions{Color: output.Color(f.color, f.output != "", c.Stdout, c.LookupEnv), Quiet: f.quiet}}
	if f.format == "sarif" {
		opts.Rules = ruleMetas(eng)
	} else if f.format == "diff" {
		opts.Sources = report.SourcesOf(res.Workspace)
	}
	if err = report.Write(dest.Writer(), findings, sum, opts); err == nil {
		if err = dest.Commit(); err == nil {
			err = f.write(c, f.format, findings, sum)
		}
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint check: %v\n", err)
		return exitInternal, ""
	}
	if finding.AnyAtOrAbove(findings, threshold) {
		return exitFindings, ""
	}
	if tot.Files == 0 {
		return f.empty(paths, c.Stderr, "check"), ""
	}
	return exitOK, ""
}

// validate checks check's flags before any work; it gives the level
// that fails the run.
func (f *checkFlags) validate(c *Command) (finding.Level, error) {
	threshold, ok := finding.ParseFailLevel(f.failLevel)
	if !ok {
		return 0, fmt.Errorf("--fail-level %q: want error, warning, info or never", f.failLevel)
	}
	switch f.format {
	case "text", "json", "sarif", "github", "diff":
	default:
		return 0, fmt.Errorf("--format %q: want text, json, sarif, github or diff", f.format)
	}
	if err := f.outputFlags.validate(c); err != nil {
		return 0, err
	}
	return threshold, f.sideOutputs.validate(c, f.format, f.output)
}

func (c *Command) list(args []string) int {
	fs := newFlagSet("list", "Show every MCP server definition found in the PATHs: name, transport, client,\ntier, state (enabled, disabled, shadowed, untrusted, not-loaded) and source file:line.", c.Stderr)
	var lf loadFlags
	lf.register(fs)
	lf.registerEmpty(fs)
	format := fs.String("format", "text", "output `FORMAT`: text, json or cyclonedx (a CycloneDX 1.6 SBOM)")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if *format != "text" && *format != "json" && *format != "cyclonedx" {
		fmt.Fprintf(c.Stderr, "mcplint list: --format %q: want text, json or cyclonedx\n", *format)
		return exitUsage
	}
	ws, code := lf.load(c, paths, "list")
	if ws == nil {
		return code
	}
	switch *format {
	case "json":
		err = report.ListJSON(c.Stdout, ws)
	case "cyclonedx":
		err = c.listCycloneDX(ws, paths)
	default:
		err = report.ListText(c.Stdout, ws)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint list: %v\n", err)
		return exitInternal
	}
	if len(ws.Documents) == 0 {
		return lf.empty(paths, c.Stderr, "list")
	}
	return exitOK
}

// evalFailure is the exit code and message of an error of a check: a
// usage error or a policy stopped by its limits is the user's (exit 2),
// anything else a bug.
func evalFailure(err error) (int, string) {
	if msg, ok := rules.UserError(err); ok {
		return exitUsage, msg
	}
	return exitInternal, err.Error()
}

// evalError prints an error of a check and gives the exit code.
func evalError(stderr io.Writer, cmd string, err error) int {
	code, msg := evalFailure(err)
	fmt.Fprintf(stderr, "mcplint %s: %s\n", cmd, msg)
	return code
}

// policyFlags are shared by commands that evaluate policies.
type policyFlags struct{ rules.Setup }

func (p *policyFlags) register(fs *flag.FlagSet) { p.AddFlags(fs) }

// open compiles the policies and reads the configuration; on failure it
// gives the exit code and the message (without the "mcplint CMD: ").
func (p *policyFlags) open(c *Command, paths []string) (*rules.Engine, *rules.Config, int, string) {
	start := "."
	if len(paths) > 0 {
		start = paths[0]
	}
	setup := p.Setup
	setup.Policies, setup.ConfigPath, setup.Start = c.paths(p.Policies), c.path(p.ConfigPath), c.path(start)
	eng, cfg, err := rules.Open(context.Background(), setup)
	switch {
	case err == nil:
		return eng, cfg, exitOK, ""
	case rules.IsInternal(err):
		return nil, nil, exitInternal, err.Error()
	}
	return nil, nil, exitUsage, err.Error()
}

// setup is open with the failure printed as "mcplint CMD: message".
func (p *policyFlags) setup(c *Command, paths []string, cmd string) (*rules.Engine, *rules.Config, int) {
	eng, cfg, code, msg := p.open(c, paths)
	if eng == nil {
		fmt.Fprintf(c.Stderr, "mcplint %s: %s\n", cmd, msg)
	}
	return eng, cfg, code
}

func toolInfo() report.Tool {
	return report.Tool{Name: "mcplint", Version: versionString(), InformationURI: "https://github.com/mcplint/mcplint"}
}

func ruleMetas(e *rules.Engine) []report.RuleMeta {
	var out []report.RuleMeta
	for _, r := range e.Rules() {
		out = append(out, report.RuleMeta{ID: r.ID, Title: r.Title, Description: r.Description, Level: r.Level,
			HelpURL: r.HelpURL, Markdown: rules.Markdown(r), Tags: r.Tags, Precision: r.Precision, SecuritySeverity: r.SecuritySeverity})
	}
	return out
}
