// Package rules is the policy engine: it compiles the embedded Rego
// policies (and the user's, with --policy) once, turns a loaded workspace
// into the policy input with facts worked out in Go, evaluates one
// prepared query over the whole workspace, and maps the results back to
// findings with exact spans.
package rules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcplint/mcplint/loader"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/internal/parallel"
	"github.com/mcplint/mcplint/policies"
	"github.com/mcplint/mcplint/schema"
)

// Query is the one query every run evaluates.
const Query = "data.mcplint.main.findings"

// Engine holds the rule catalog and the compiled policies. It is safe
// for concurrent use.
type Engine struct {
	catalog  map[string]*Rule
	prebuilt bool          // compiled at build time (prebuilt.go)
	limits   *PolicyLimits // set by SetPolicyLimits (sandbox.go)

	// full is every module, compiled from source at New (--policy, or a
	// stale prebuilt.bin); nil for the prebuilt policies, which are
	// compiled at the first check for the packages its input can trigger
	// (compiledFor).
	full *compiled
	raw  []byte // prebuilt.bin after the catalog

	mu   sync.Mutex
	mods *prebuiltModules // decoded on first use
	cur  *compiled        // the last set compiled
	all  bool             // compile every package (CompileAll)
}

// compiled is a set of compiled modules with its query prepared.
type compiled struct {
	query   rego.PreparedEvalQuery
	ruleIDs []string        // the rule of each binding of query (query.go), nil for the router
	pkgs    map[string]bool // the packages compiled; nil for every one
	indexed bool            // with the comprehension indices (compilePrebuilt)
}

// covers reports whether c holds every package of sel (nil: every
// package).
func (c *compiled) covers(sel []string) bool {
	if c.pkgs == nil {
		return true
	}
	if sel == nil {
		return false
	}
	for _, p := range sel {
		if !c.pkgs[p] {
			return false
		}
	}
	return true
}

// PolicyError is a policy that does not compile: the user's (with
// --policy) or, if it ever happened, a built-in one.
type PolicyError struct{ Errs ast.Errors }

// PolicyPathError is a --policy path that cannot be read (missing, not a
// regular file): a bad path, not an internal error.
type PolicyPathError struct{ Err error }

func (e *PolicyPathError) Error() string { return e.Err.Error() }
func (e *PolicyPathError) Unwrap() error { return e.Err }

func (e *PolicyError) Error() string {
	var b strings.Builder
	for i, err := range e.Errs {
		if i > 0 {
			b.WriteByte('\n')
		}
		if err.Location != nil {
			fmt.Fprintf(&b, "%s:%d:%d: %s", err.Location.File, err.Location.Row, err.Location.Col, err.Message)
		} else {
			b.WriteString(err.Message)
		}
	}
	return b.String()
}

// Modules reads the built-in policies and those in dirs (without tests
// unless withTests), parsed with annotations.
func Modules(dirs []string, withTests bool) (map[string]*ast.Module, error) {
	type source struct {
		name string
		src  []byte
	}
	var srcs []source
	add := func(name string, src []byte) { srcs = append(srcs, source{name, src}) }
	err := fs.WalkDir(policies.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		if !withTests && strings.HasSuffix(p, "_test.rego") {
			return nil
		}
		src, err := fs.ReadFile(policies.FS, p)
		if err != nil {
			return err
		}
		add("policies/"+p, src)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, dir := range dirs {
		fi, err := os.Stat(dir)
		if err != nil {
			return nil, &PolicyPathError{fmt.Errorf("--policy %s: %w", dir, err)}
		}
		if !fi.IsDir() {
			src, err := loader.ReadRegularFile(dir, loader.DefaultMaxFileSize)
			if err != nil {
				return nil, &PolicyPathError{fmt.Errorf("--policy %s: %w", dir, err)}
			}
			add(dir, src)
			continue
		}
		err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
				return err
			}
			if !withTests && strings.HasSuffix(p, "_test.rego") {
				return nil
			}
			src, err := loader.ReadRegularFile(p, loader.DefaultMaxFileSize)
			if err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			add(p, src)
			return nil
		})
		if err != nil {
			return nil, &PolicyPathError{fmt.Errorf("--policy %s: %w", dir, err)}
		}
	}
	// Parsing is a fifth of the start-up cost: spread it over the cores.
	parsed := make([]*ast.Module, len(srcs))
	perrs := make([]ast.Errors, len(srcs))
	opts := ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1}
	parallel.For(len(srcs), func(i int) {
		m, err := ast.ParseModuleWithOpts(srcs[i].name, string(srcs[i].src), opts)
		if err != nil {
			if ae := ast.Errors(nil); errors.As(err, &ae) {
				perrs[i] = ae
			} else {
				perrs[i] = ast.Errors{ast.NewError(ast.ParseErr, &ast.Location{File: srcs[i].name}, "%s", err.Error())}
			}
			return
		}
		parsed[i] = m
	})
	mods := map[string]*ast.Module{}
	var errs ast.Errors
	for i, m := range parsed {
		if m != nil {
			mods[srcs[i].name] = m
		}
		errs = append(errs, perrs[i]...)
	}
	if len(errs) > 0 {
		return nil, &PolicyError{errs}
	}
	return mods, nil
}

// NewCompiler compiles modules with the input schema, so a policy that
// reads a field the input does not have fails here, with its position.
func NewCompiler(mods map[string]*ast.Module) (*ast.Compiler, error) {
	return newCompiler(mods, false)
}

// newCompiler is NewCompiler; with testVars, test rules are rewritten so
// that a failing test's trace holds the values of its local variables
// (what `opa test --var-values` shows).
func newCompiler(mods map[string]*ast.Module, testVars bool) (*ast.Compiler, error) {
	var raw any
	if err := json.Unmarshal(schema.Input, &raw); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	ss := ast.NewSchemaSet()
	ss.Put(ast.SchemaRootRef, raw)
	c := ast.NewCompiler().
		WithSchemas(ss).
		WithStrict(true).
		WithCapabilities(SandboxCapabilities()).
		WithEnablePrintStatements(false).
		WithRewriteTestRules(testVars)
	c.Compile(mods)
	if c.Failed() {
		return nil, &PolicyError{sandboxErrors(c.Errors)}
	}
	return c, nil
}

// compile reads the built-in policies and those in dirs, compiles them
// and builds the rule catalog from their METADATA: what New starts from
// and what prebuilt.bin stores.
func compile(dirs []string) (*ast.Compiler, map[string]*Rule, error) {
	mods, err := Modules(dirs, false)
	if err != nil {
		return nil, nil, err
	}
	c, err := NewCompiler(mods)
	if err != nil {
		return nil, nil, err
	}
	catalog, err := buildCatalog(c)
	if err != nil {
		return nil, nil, err
	}
	return c, catalog, nil
}

// New compiles the built-in policies and the user's, builds the rule
// catalog from their METADATA and prepares the query.
func New(ctx context.Context, policyDirs []string) (*Engine, error) {
	if len(policyDirs) == 0 {
		if e, err := newPrebuilt(prebuilt); err == nil {
			return e, nil
		}
	}
	c, catalog, err := compile(policyDirs)
	if err != nil {
		return nil, err
	}
	pq, ids, err := prepare(ctx, c, len(policyDirs) > 0)
	if err != nil {
		return nil, err
	}
	return &Engine{full: &compiled{query: pq, ruleIDs: ids}, catalog: catalog}, nil
}

// Rules returns the catalog sorted by id.
func (e *Engine) Rules() []*Rule {
	out := make([]*Rule, 0, len(e.catalog))
	for _, r := range e.catalog {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Rule returns one rule of the catalog.
func (e *Engine) Rule(id string) (*Rule, bool) {
	r, ok := e.catalog[id]
	return r, ok
}

// rawFinding is what a policy reports.
type rawFinding struct {
	Rule    string           `json:"rule"`
	Doc     int              `json:"doc"`
	Server  int              `json:"server"`
	Pointer string           `json:"pointer"`
	Key     bool             `json:"key"`
	Offset  *int             `json:"offset"`
	End     *int             `json:"end"`
	Message string           `json:"message"`
	Level   string           `json:"level"`
	Related []rawRelated     `json:"related"`
	Fix     *facts.FixIntent `json:"fix"`
}

type rawRelated struct {
	Doc     int    `json:"doc"`
	Pointer string `json:"pointer"`
	Key     bool   `json:"key"`
	Message string `json:"message"`
}

// eval runs the prepared query over one input, compiled for it.
func (e *Engine) eval(ctx context.Context, in ast.Value) ([]rawFinding, error) {
	c, err := e.compiledFor(ctx, in)
	if err != nil {
		return nil, err
	}
	return e.evalWith(ctx, c, in)
}

// evalWith runs the query of one compiled set over an input.
func (e *Engine) evalWith(ctx context.Context, c *compiled, in ast.Value) ([]rawFinding, error) {
	rs, err := e.evalQuery(ctx, c.query, in)
	if err != nil {
		return nil, err
	}
	items, ids, err := c.results(rs)
	if err != nil {
		return nil, err
	}
	out := make([]rawFinding, 0, len(items))
	for i, it := range items {
		f, err := decodeFinding(it)
		if err != nil {
			return nil, err
		}
		if ids != nil {
			f.Rule = ids[i]
		}
		out = append(out, f)
	}
	return out, nil
}
