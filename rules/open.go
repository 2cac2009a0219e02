package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/internal/startgc"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// Setup is what a command that evaluates policies is given: the extra
// policies, their limits, the settings file and the rule selection.
type Setup struct {
	Policies []string
	Timeout  time.Duration
	// MemoryMiB is the heap growth a policy's evaluation may make, in MiB.
	MemoryMiB int64
	// ConfigPath is --config; without it the .mcplint.toml found upward
	// from Start is read, unless NoConfig.
	ConfigPath string
	NoConfig   bool
	Start      string
	Selection  Selection
	// SelectSet says --select was given (even empty).
	SelectSet bool
}

// internalError is a failure of mcplint itself while compiling the
// policies (not a policy's or a path's fault).
type internalError struct{ err error }

func (e *internalError) Error() string { return e.err.Error() }
func (e *internalError) Unwrap() error { return e.err }

// IsInternal says err is mcplint's fault, not the user's.
func IsInternal(err error) bool {
	var ie *internalError
	return errors.As(err, &ie)
}

// compileError is a policy that does not compile, as a command says it.
type compileError struct{ pe *PolicyError }

func (e *compileError) Error() string { return "policy does not compile:\n" + e.pe.Error() }
func (e *compileError) Unwrap() error { return e.pe }

// Open compiles the policies and reads the settings: the engine and the
// configuration a check runs with. Its error is in a command's words;
// IsInternal tells mcplint's own failures from the user's.
func Open(ctx context.Context, s Setup) (*Engine, *Config, error) {
	if s.Timeout <= 0 {
		return nil, nil, fmt.Errorf("--policy-timeout %s: want a duration above 0", s.Timeout)
	}
	if s.MemoryMiB <= 0 {
		return nil, nil, fmt.Errorf("--policy-memory %d: want a number of MiB above 0", s.MemoryMiB)
	}
	// Compiling the policies makes tens of MB of short-lived garbage in
	// a process that may live for 30 ms: collecting during it is wasted.
	resume := startgc.Pause()
	eng, err := New(ctx, s.Policies)
	resume()
	if err != nil {
		var pe *PolicyError
		if errors.As(err, &pe) {
			return nil, nil, &compileError{pe}
		}
		var pp *PolicyPathError
		if errors.As(err, &pp) {
			return nil, nil, err
		}
		return nil, nil, &internalError{err}
	}
	eng.SetPolicyLimits(s.Policies, s.Timeout, uint64(s.MemoryMiB)<<20)
	cfg, err := s.config(eng)
	if err != nil {
		return nil, nil, err
	}
	sel := s.Selection
	if !s.SelectSet {
		sel.Select = nil
	} else if sel.Select == nil {
		sel.Select = []string{}
	}
	var ids []string
	for _, r := range eng.Rules() {
		ids = append(ids, r.ID)
	}
	if err := cfg.SetSelection(sel, ids); err != nil {
		return nil, nil, err
	}
	return eng, cfg, nil
}

// config reads the settings file: ConfigPath, the .mcplint.toml found
// upward from Start, or none (NoConfig).
func (s Setup) config(eng *Engine) (*Config, error) {
	cfg := DefaultConfig()
	if s.NoConfig {
		return cfg, nil
	}
	file := s.ConfigPath
	if file == "" {
		start := s.Start
		if start == "" {
			start = "."
		}
		file = FindConfig(start)
	}
	if file == "" {
		return cfg, nil
	}
	return LoadConfig(file, func(id string) bool { _, ok := eng.Rule(id); return ok })
}

// Plan says how CheckPaths reads what it checks.
type Plan struct {
	// Whole loads one workspace (a diff needs every file's bytes), and
	// the result keeps it; otherwise the files are checked in parts of
	// PartFiles project files, so memory follows a part.
	Whole     bool
	PartFiles int
	// Bare leaves each finding's source line out (a report that never
	// quotes one).
	Bare bool
	// OnePart, when set, is told whether the check runs in one part
	// before it starts (the command lifts its memory limit then).
	OnePart func(bool)
}

// Result is what CheckPaths found.
type Result struct {
	Findings  []finding.Finding
	Totals    Totals
	Workspace *loader.Workspace // Plan.Whole only
}

// CheckPaths loads what opts names and checks it.
func (e *Engine) CheckPaths(ctx context.Context, opts loader.Options, cfg *Config, p Plan) (*Result, error) {
	onePart := p.OnePart
	if onePart == nil {
		onePart = func(bool) {}
	}
	if p.Whole {
		ws, err := loader.Load(opts)
		if err != nil {
			return nil, err
		}
		onePart(true)
		fs, err := e.Check(ctx, ws, cfg)
		if err != nil {
			return nil, err
		}
		return &Result{Findings: fs, Workspace: ws,
			Totals: Totals{Files: len(ws.Documents), Servers: len(ws.Servers), Assumed: AssumedNotes(ws)}}, nil
	}
	plan, err := loader.Discover(opts)
	if err != nil {
		return nil, err
	}
	onePart(plan.Files() <= p.PartFiles)
	check := e.CheckPlan
	if p.Bare {
		check = e.CheckPlanBare
	}
	fs, tot, err := check(ctx, plan, cfg, p.PartFiles)
	if err != nil {
		return nil, err
	}
	return &Result{Findings: fs, Totals: tot}, nil
}

// CheckDocument checks doc as a file of the given name with every
// built-in rule and returns the findings in words ("rule: message"),
// the file's path in a message replaced by "the entry".
func CheckDocument(ctx context.Context, name string, doc []byte) ([]string, error) {
	dir, err := os.MkdirTemp("", "mcplint-export-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }() // a temporary folder: nothing to report if it stays
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, doc, 0o600); err != nil {
		return nil, err
	}
	ws, err := loader.Load(loader.Options{Paths: []string{file}})
	if err != nil {
		return nil, err
	}
	eng, err := New(ctx, nil)
	if err != nil {
		return nil, err
	}
	fs, err := eng.Check(ctx, ws, DefaultConfig())
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+": "+string(bytes.ReplaceAll([]byte(f.Message), []byte(file), []byte("the entry"))))
	}
	return out, nil
}

// WriteCatalogJSON writes the rules as `mcplint rules --format json`.
func WriteCatalogJSON(w io.Writer, rs []*Rule) error {
	type jr struct {
		ID          string   `json:"id"`
		Title       string   `json:"title"`
		Level       string   `json:"level"`
		Fixable     bool     `json:"fixable"`
		Source      string   `json:"source"`
		Tags        []string `json:"tags"`
		HelpURL     string   `json:"helpUri"`
		Description string   `json:"description"`
		Custom      bool     `json:"custom"`
	}
	var out []jr
	for _, r := range rs {
		out = append(out, jr{r.ID, r.Title, r.Level.String(), r.Fixable, r.Source, r.Tags, r.HelpURL, r.Description, r.Custom})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteCatalogText writes the rules as a table (id, level, fix, title);
// a policy's id and title are untrusted text and shown escaped.
func WriteCatalogText(w io.Writer, rs []*Rule) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tLEVEL\tFIX\tTITLE")
	for _, r := range rs {
		fix := ""
		if r.Fixable {
			fix = "fix"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", secret.Display(r.ID), r.Level, fix, secret.Display(r.Title))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d rules. mcplint explain RULE shows one with examples.\n", len(rs))
	return nil
}

// UserError says err stops a check for a reason of the user's (a bad
// path or flag, a policy stopped by its limits) and gives its message;
// anything else is mcplint's fault.
func UserError(err error) (string, bool) {
	var ue *loader.UsageError
	if errors.As(err, &ue) {
		return ue.Msg, true
	}
	return err.Error(), IsPolicyLimit(err)
}

// ExplainID is the documentation of the rule id (Explain), or an error
// that names the rule meant.
func (e *Engine) ExplainID(id string) (string, error) {
	r, ok := e.Rule(id)
	if ok {
		return Explain(r), nil
	}
	if s := e.Suggest(id); s != "" {
		return "", fmt.Errorf("unknown rule %q: did you mean %s?", id, s)
	}
	return "", fmt.Errorf("unknown rule %q (mcplint rules lists them)", id)
}
