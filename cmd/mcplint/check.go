package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/internal/startgc"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

// loadFlags are shared by every command that loads configs.
type loadFlags struct {
	home        string
	client      string
	maxFileSize int64
	tools       stringList
	failOnEmpty bool
	// Set by check from its own flags: stdin's text, --skip-unrelated.
	overlay       map[string][]byte
	skipUnrelated bool
	// Set by fix --fix-outside-roots: links leading outside are read.
	followOutside bool
}

func (l *loadFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.home, "home", "", "also read the user-level config files under `DIR` (e.g. --home ~)")
	fs.StringVar(&l.client, "client", "", "read files given as PATH in this client's dialect (`NAME`: "+strings.Join(loader.ClientIDs(), ", ")+")")
	fs.Int64Var(&l.maxFileSize, "max-file-size", loader.DefaultMaxFileSize, "files larger than this many `BYTES` are reported and not read (~/.claude.json: 64 MiB)")
	fs.Var(&l.tools, "tools", "read the tool snapshot `FILE` ({\"server\": name, \"tools\": [...]} or {name: [...]}) for real tool counts and descriptions (repeatable; .mcplint/tools/*.json in a project is read too)")
}

func (l *loadFlags) options(paths []string) loader.Options {
	return loader.Options{Paths: paths, Home: l.home, Client: l.client, MaxFileSize: l.maxFileSize, Tools: l.tools, FollowOutside: l.followOutside,
		Overlay: l.overlay, SkipUnrelated: l.skipUnrelated}
}

// registerEmpty adds --fail-on-empty (check and list).
func (l *loadFlags) registerEmpty(fs *flag.FlagSet) {
	fs.BoolVar(&l.failOnEmpty, "fail-on-empty", false, "exit 1 when no MCP configuration file is found in the PATHs")
}

// validate checks the load flags' values.
func (l *loadFlags) validate(stderr io.Writer, cmd string) bool {
	if l.maxFileSize <= 0 {
		fmt.Fprintf(stderr, "mcplint %s: --max-file-size %d: want a number of bytes above 0\n", cmd, l.maxFileSize)
		return false
	}
	return true
}

// empty says on stderr that nothing was found to check, so an empty
// result is not taken for a clean one, and gives the exit code.
func (l *loadFlags) empty(paths []string, stderr io.Writer, cmd string) int {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	where := make([]string, len(paths))
	for i, p := range paths {
		where[i] = p
		if strings.IndexFunc(p, func(r rune) bool { return !unicode.IsGraphic(r) }) >= 0 {
			where[i] = strconv.Quote(p)
		}
	}
	fmt.Fprintf(stderr, "mcplint %s: no MCP configuration file found in %s.\n", cmd, strings.Join(where, ", "))
	fmt.Fprintf(stderr, "  mcplint looks for: %s\n", strings.Join(loader.ProjectFileNames(), ", "))
	if l.home == "" {
		fmt.Fprintf(stderr, "  --home DIR also reads the user-level files under DIR (e.g. --home ~).\n")
	}
	fmt.Fprintf(stderr, "  A file of another name: name it as a PATH, with --client NAME for its dialect (%s).\n", strings.Join(loader.ClientIDs(), ", "))
	if l.failOnEmpty {
		return exitFindings
	}
	return exitOK
}

// partFiles is how many project files one part of a large check holds:
// memory follows a part, not the whole monorepo.
const partFiles = 250

// plan discovers what a check reads.
func (l *loadFlags) plan(paths []string, stderr io.Writer, cmd string) (*loader.Plan, int) {
	if !l.validate(stderr, cmd) {
		return nil, exitUsage
	}
	p, err := loader.Discover(l.options(paths))
	if err != nil {
		return nil, loadError(stderr, cmd, err)
	}
	return p, exitOK
}

// loadError prints why discovery or loading failed: a usage error by its
// message alone (exit 2), anything else in full (exit 3).
func loadError(stderr io.Writer, cmd string, err error) int {
	var ue *loader.UsageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "mcplint %s: %s\n", cmd, ue.Msg)
		return exitUsage
	}
	fmt.Fprintf(stderr, "mcplint %s: %v\n", cmd, err)
	return exitInternal
}

func (l *loadFlags) load(paths []string, stderr io.Writer, cmd string) (*loader.Workspace, int) {
	if !l.validate(stderr, cmd) {
		return nil, exitUsage
	}
	ws, err := loader.Load(l.options(paths))
	if err != nil {
		return nil, loadError(stderr, cmd, err)
	}
	return ws, exitOK
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "Lint every MCP config found in the PATHs and print findings. PATH - reads one\nconfig from standard input (name it with --stdin-filename).", stderr)
	var lf loadFlags
	lf.register(fs)
	lf.registerEmpty(fs)
	var pf policyFlags
	pf.register(fs)
	var of outputFlags
	of.register(fs)
	format := fs.String("format", "text", "output `FORMAT`: text, json, sarif, github or diff (the fixes as a unified diff)")
	failLevel := fs.String("fail-level", "error", "exit 1 when a finding is at or above `LEVEL`: error, warning, info or never")
	baseline := fs.String("baseline", "", "report only findings that are not in the baseline `FILE` (made by mcplint baseline)")
	var side sideOutputs
	side.register(fs)
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	dest := of.destination(stdout)
	// fail reports a run that could not check: on stderr, and for SARIF
	// also as a valid log with the error, so an upload shows it.
	fail := func(code int, msg string) int {
		fmt.Fprintf(stderr, "mcplint check: %s\n", msg)
		if *format == "sarif" {
			dest.buf.Reset()
			// The log may be uploaded: the message is masked as any
			// output is, whatever it quotes.
			if err := report.SARIFFailure(dest.writer(), toolInfo(), secret.Display(msg)); err == nil {
				if err := dest.commit(); err != nil {
					fmt.Fprintf(stderr, "mcplint check: %v\n", err)
				}
			}
		}
		return code
	}
	threshold, ok := parseFailLevel(*failLevel)
	if !ok {
		return fail(exitUsage, fmt.Sprintf("--fail-level %q: want error, warning, info or never", *failLevel))
	}
	switch *format {
	case "text", "json", "sarif", "github", "diff":
	default:
		return fail(exitUsage, fmt.Sprintf("--format %q: want text, json, sarif, github or diff", *format))
	}
	if err := of.validate(); err != nil {
		return fail(exitUsage, err.Error())
	}
	if err := side.validate(*format, of.output); err != nil {
		return fail(exitUsage, err.Error())
	}
	if paths, lf.overlay, err = of.readStdin(paths, stdin, lf.maxFileSize); err != nil {
		return fail(exitUsage, err.Error())
	}
	lf.skipUnrelated = of.skipUnrelated
	wd, _ := os.Getwd()
	root := wd
	if *format == "sarif" {
		if root, err = of.repoRoot(wd); err != nil {
			return fail(exitUsage, err.Error())
		}
	}
	var setupErr strings.Builder
	eng, cfg, code := pf.setup(paths, &setupErr, "check")
	if eng == nil {
		return fail(code, strings.TrimSpace(strings.TrimPrefix(setupErr.String(), "mcplint check: ")))
	}
	limitMemory()
	var ws *loader.Workspace
	var findings []finding.Finding
	var tot rules.Totals
	var loadErr strings.Builder
	if *format == "diff" {
		// Diffs need every file's bytes: one workspace.
		if ws, code = lf.load(paths, &loadErr, "check"); ws == nil {
			return fail(code, strings.TrimSpace(strings.TrimPrefix(loadErr.String(), "mcplint check: ")))
		}
		onePartMemory(true)
		findings, err = eng.Check(context.Background(), ws, cfg)
		tot = rules.Totals{Files: len(ws.Documents), Servers: len(ws.Servers), Assumed: rules.AssumedNotes(ws)}
	} else {
		plan, code := lf.plan(paths, &loadErr, "check")
		if plan == nil {
			return fail(code, strings.TrimSpace(strings.TrimPrefix(loadErr.String(), "mcplint check: ")))
		}
		onePartMemory(plan.Files() <= partFiles)
		check := eng.CheckPlan
		if *format != "text" {
			check = eng.CheckPlanBare // only the text report quotes lines
		}
		findings, tot, err = check(context.Background(), plan, cfg, partFiles)
	}
	if err != nil {
		return fail(evalFailure(err))
	}
	if !of.quiet {
		for _, n := range tot.Assumed {
			fmt.Fprintf(stderr, "mcplint check: note: %s\n", n)
		}
	}
	sum := report.Summarise(findings, tot.Files, tot.Servers)
	if *baseline != "" {
		b, err := report.ReadBaseline(*baseline)
		if err != nil {
			return fail(exitUsage, "--baseline: "+err.Error())
		}
		findings, sum.Baselined = b.Filter(findings)
		known := sum.Baselined
		sum = report.Summarise(findings, tot.Files, tot.Servers)
		sum.Baselined = known
	}
	sum.Configuration = configurationOf(cfg, eng, wd)
	if quietEmpty(lf.skipUnrelated, lf.failOnEmpty, tot.Files, *format) && len(findings) == 0 {
		return exitOK
	}
	w := dest.writer()
	switch *format {
	case "json":
		err = report.JSONVersion(w, versionString(), findings, sum)
	case "sarif":
		err = report.WriteSARIF(w, toolInfo(), ruleMetas(eng), findings, report.SARIFOptions{WorkDir: wd, Root: root, Configuration: sum.Configuration})
	case "github":
		err = report.GitHub(w, findings, sum)
	case "diff":
		err = report.Diff(w, findings, workspaceSource(ws).bytes)
	default:
		err = report.Text(w, findings, nil, sum, report.TextOptions{Color: of.colorOn(stdout), Quiet: of.quiet})
	}
	if err == nil {
		err = dest.commit()
	}
	if err == nil {
		err = side.write(stdout, *format, findings, sum)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint check: %v\n", err)
		return exitInternal
	}
	for _, f := range findings {
		if threshold != 0 && f.Level >= threshold {
			return exitFindings
		}
	}
	if tot.Files == 0 {
		return lf.empty(paths, stderr, "check")
	}
	return exitOK
}

// parseFailLevel returns the lowest level that fails the run (0: never).
func parseFailLevel(s string) (finding.Level, bool) {
	if s == "never" {
		return 0, true
	}
	l, err := finding.ParseLevel(s)
	return l, err == nil
}

// wsSource serves masked lines and raw bytes of the loaded documents.
type wsSource struct {
	docs   map[string]*loader.Document
	masked map[string][]string
}

func workspaceSource(ws *loader.Workspace) *wsSource {
	m := &wsSource{docs: map[string]*loader.Document{}, masked: map[string][]string{}}
	for _, d := range ws.Documents {
		m.docs[d.Path] = d
	}
	return m
}

func (m *wsSource) bytes(file string) ([]byte, syntax.Format, error) {
	if d := m.docs[file]; d != nil && d.File != nil {
		return d.File.Src, d.Format, nil
	}
	return nil, 0, fmt.Errorf("not read")
}

// Line returns line n of a file with every secret masked.
func (m *wsSource) Line(file string, n int) (string, bool) {
	lines, ok := m.masked[file]
	if !ok {
		d := m.docs[file]
		if d == nil || d.File == nil {
			return "", false
		}
		lines = facts.ExcerptLines(d)
		m.masked[file] = lines
	}
	if n < 1 || n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}

func runList(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("list", "Show every MCP server definition found in the PATHs: name, transport, client,\ntier, state (enabled, disabled, shadowed, untrusted, not-loaded) and source file:line.", stderr)
	var lf loadFlags
	lf.register(fs)
	lf.registerEmpty(fs)
	format := fs.String("format", "text", "output `FORMAT`: text, json or cyclonedx (a CycloneDX 1.6 SBOM)")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if *format != "text" && *format != "json" && *format != "cyclonedx" {
		fmt.Fprintf(stderr, "mcplint list: --format %q: want text, json or cyclonedx\n", *format)
		return exitUsage
	}
	ws, code := lf.load(paths, stderr, "list")
	if ws == nil {
		return code
	}
	switch *format {
	case "json":
		err = report.ListJSON(stdout, ws)
	case "cyclonedx":
		err = listCycloneDX(stdout, ws, paths)
	default:
		err = report.ListText(stdout, ws)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint list: %v\n", err)
		return exitInternal
	}
	if len(ws.Documents) == 0 {
		return lf.empty(paths, stderr, "list")
	}
	return exitOK
}

// evalFailure is the exit code and message of an error of a check: a
// usage error or a policy stopped by its limits is the user's (exit 2),
// anything else a bug.
func evalFailure(err error) (int, string) {
	var ue *loader.UsageError
	if errors.As(err, &ue) {
		return exitUsage, ue.Msg
	}
	if rules.IsPolicyLimit(err) {
		return exitUsage, err.Error()
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
type policyFlags struct {
	policies   stringList
	configPath string
	noConfig   bool
	timeout    time.Duration
	memoryMiB  int64
	selection  rules.Selection
	selectSet  bool
}

type stringList []string

// selectorList is a comma-separated, repeatable list of rule selectors.
type selectorList struct {
	to  *[]string
	set *bool
}

func (l selectorList) String() string {
	if l.to == nil {
		return ""
	}
	return strings.Join(*l.to, ",")
}

func (l selectorList) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l.to = append(*l.to, s)
		}
	}
	if l.set != nil {
		*l.set = true
	}
	return nil
}

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

func (p *policyFlags) register(fs *flag.FlagSet) {
	fs.Var(&p.policies, "policy", "also load the Rego policies in `DIR` (repeatable)")
	fs.StringVar(&p.configPath, "config", "", "read settings from `FILE` instead of the .mcplint.toml found upward from the first PATH")
	fs.BoolVar(&p.noConfig, "no-config", false, "ignore any .mcplint.toml")
	fs.DurationVar(&p.timeout, "policy-timeout", rules.DefaultPolicyTimeout, "stop a check with --policy modules that evaluates longer than `DURATION` (exit 2)")
	fs.Var(selectorList{&p.selection.Select, &p.selectSet}, "select", "run only the rules matching `IDS` (rule ids or categories such as secrets/, comma-separated, repeatable); replaces [lint] select")
	fs.Var(selectorList{to: &p.selection.ExtendSelect}, "extend-select", "also run the rules matching `IDS`, on top of the selection")
	fs.Var(selectorList{to: &p.selection.Ignore}, "ignore", "do not run the rules matching `IDS`; the more specific of a select and an ignore wins")
	fs.Int64Var(&p.memoryMiB, "policy-memory", rules.DefaultPolicyMemory>>20, "stop a check with --policy modules whose evaluation grows the heap by more than `MIB` mebibytes (exit 2)")
}

// setup compiles the policies and reads the configuration.
func (p *policyFlags) setup(paths []string, stderr io.Writer, cmd string) (*rules.Engine, *rules.Config, int) {
	if p.timeout <= 0 {
		fmt.Fprintf(stderr, "mcplint %s: --policy-timeout %s: want a duration above 0\n", cmd, p.timeout)
		return nil, nil, exitUsage
	}
	if p.memoryMiB <= 0 {
		fmt.Fprintf(stderr, "mcplint %s: --policy-memory %d: want a number of MiB above 0\n", cmd, p.memoryMiB)
		return nil, nil, exitUsage
	}
	// Compiling the policies makes tens of MB of short-lived garbage in
	// a process that may live for 30 ms: collecting during it is wasted.
	resume := startgc.Pause()
	eng, err := rules.New(context.Background(), p.policies)
	resume()
	if err != nil {
		var pe *rules.PolicyError
		if errors.As(err, &pe) {
			fmt.Fprintf(stderr, "mcplint %s: policy does not compile:\n%s\n", cmd, pe.Error())
			return nil, nil, exitUsage
		}
		var pp *rules.PolicyPathError
		if errors.As(err, &pp) {
			fmt.Fprintf(stderr, "mcplint %s: %v\n", cmd, err)
			return nil, nil, exitUsage
		}
		fmt.Fprintf(stderr, "mcplint %s: %v\n", cmd, err)
		return nil, nil, exitInternal
	}
	eng.SetPolicyLimits(p.policies, p.timeout, uint64(p.memoryMiB)<<20)
	cfg, code := p.config(eng, paths, stderr, cmd)
	if code != exitOK {
		return nil, nil, code
	}
	sel := p.selection
	if !p.selectSet {
		sel.Select = nil
	} else if sel.Select == nil {
		sel.Select = []string{}
	}
	var ids []string
	for _, r := range eng.Rules() {
		ids = append(ids, r.ID)
	}
	if err := cfg.SetSelection(sel, ids); err != nil {
		fmt.Fprintf(stderr, "mcplint %s: %v\n", cmd, err)
		return nil, nil, exitUsage
	}
	return eng, cfg, exitOK
}

// config reads the settings file: --config, the .mcplint.toml found
// upward from the first path, or none (--no-config).
func (p *policyFlags) config(eng *rules.Engine, paths []string, stderr io.Writer, cmd string) (*rules.Config, int) {
	cfg := rules.DefaultConfig()
	if p.noConfig {
		return cfg, exitOK
	}
	file := p.configPath
	if file == "" {
		start := "."
		if len(paths) > 0 {
			start = paths[0]
		}
		file = rules.FindConfig(start)
	}
	if file == "" {
		return cfg, exitOK
	}
	cfg, err := rules.LoadConfig(file, func(id string) bool { _, ok := eng.Rule(id); return ok })
	if err != nil {
		fmt.Fprintf(stderr, "mcplint %s: %v\n", cmd, err)
		return nil, exitUsage
	}
	return cfg, exitOK
}

// configurationOf is what the settings file changed, for the report (nil
// when there is no file or it changes nothing).
func configurationOf(cfg *rules.Config, eng *rules.Engine, wd string) *report.Configuration {
	changes := cfg.Overrides(eng)
	if len(changes) == 0 {
		return nil
	}
	file := cfg.Path
	if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = filepath.ToSlash(rel)
	}
	return &report.Configuration{File: file, Overrides: changes}
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

// colorFor turns colour on for a terminal, never with NO_COLOR set
// (https://no-color.org) or TERM=dumb; FORCE_COLOR turns it on whatever
// w is (NO_COLOR still wins).
func colorFor(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	if forceColor() {
		return true
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// softMemoryLimit keeps a monorepo check within about this much memory:
// the collector works harder as the heap nears it (it is a soft limit, so
// a check that needs more still gets it). GOMEMLIMIT overrides it.
const softMemoryLimit = 110 << 20

// checkGCPercent lets the heap grow to five times what is live before a
// collection: a check's heap is mostly short-lived, and the memory limit,
// not the ratio, is what bounds a large run. GOGC overrides it.
const checkGCPercent = 400

func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		startgc.SetMemoryLimit(softMemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		startgc.SetGCPercent(checkGCPercent)
	}
}
