package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// TestRego runs every *_test.rego of the embedded policies through OPA's
// tester, with the same compiler (and input schema) the engine uses.
func TestRego(t *testing.T) {
	ctx := context.Background()
	mods, err := Modules(nil, true)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewCompiler(mods)
	if err != nil {
		t.Fatal(err)
	}
	store := inmem.New()
	txn, err := store.NewTransaction(ctx, storage.WriteParams)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Abort(ctx, txn)
	ch, err := tester.NewRunner().SetCompiler(c).SetStore(store).SetModules(mods).CapturePrintOutput(true).RunTests(ctx, txn)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	var failed []string
	for r := range ch {
		n++
		name := strings.TrimPrefix(r.Package, "data.") + "." + r.Name
		switch {
		case r.Error != nil:
			t.Errorf("%s: %v", name, r.Error)
		case r.Fail:
			t.Errorf("%s failed (%s:%d)\n%s", name, r.Location.File, r.Location.Row, r.Output)
			failed = append(failed, regexp.QuoteMeta(r.Package+"."+r.Name))
		}
	}
	if n == 0 {
		t.Fatal("no Rego tests ran")
	}
	t.Logf("%d Rego tests", n)
	if len(failed) > 0 {
		t.Logf("the failing expressions, with the values of their variables (the findings a rule reported and the ones the test expects):\n%s", regoFailures(t, mods, failed))
	}
}

// regoFailures runs the failed tests again with their local variables
// traced and returns what `opa test --var-values` prints for them: the
// expression that failed and the values it compared, so that a changed
// finding reads as the old and the new object side by side.
func regoFailures(t *testing.T, mods map[string]*ast.Module, failed []string) string {
	ctx := context.Background()
	c, err := newCompiler(mods, true)
	if err != nil {
		return err.Error()
	}
	store := inmem.New()
	txn, err := store.NewTransaction(ctx, storage.WriteParams)
	if err != nil {
		return err.Error()
	}
	defer store.Abort(ctx, txn)
	ch, err := tester.NewRunner().SetCompiler(c).SetStore(store).SetModules(mods).EnableTracing(true).
		Filter("^("+strings.Join(failed, "|")+")$").RunTests(ctx, txn)
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	for r := range ch {
		if !r.Fail {
			continue
		}
		fmt.Fprintf(&b, "%s.%s:\n%s", strings.TrimPrefix(r.Package, "data."), r.Name, failedExpr(r.Trace))
	}
	return b.String()
}

// failedExpr shows the last expression of a test that failed: its text
// and, for an equality, a diff from its right side (what the test
// expects) to its left side (what the policy gave), each written as
// indented JSON.
func failedExpr(trace []*topdown.Event) string {
	for _, e := range slices.Backward(trace) {
		expr, ok := e.Node.(*ast.Expr)
		if e.Op != topdown.FailOp || e.Location == nil || e.QueryID == 0 || !ok {
			continue
		}
		if _, every := expr.Terms.(*ast.Every); every {
			continue
		}
		out := fmt.Sprintf("  %s:%d: %s\n", e.Location.File, e.Location.Row, e.Location.Text)
		ops := expr.Operands()
		if !expr.IsCall() || len(ops) != 2 || !(expr.Operator().Equal(ast.Equal.Ref()) || expr.Operator().Equal(ast.Equality.Ref())) {
			var buf bytes.Buffer
			if err := topdown.PrettyEvent(&buf, e, topdown.PrettyEventOpts{PrettyVars: true}); err == nil {
				out += buf.String()
			}
			return out
		}
		side := func(t *ast.Term) string {
			if v, ok := t.Value.(ast.Var); ok {
				if val := e.Locals.Get(v); val != nil {
					t = ast.NewTerm(val)
				}
			}
			x, err := ast.JSON(t.Value)
			if err != nil {
				return t.String() + "\n"
			}
			j, _ := json.MarshalIndent(x, "", "  ")
			return string(j) + "\n"
		}
		return out + "  --- expected (right side)\n  +++ reported (left side)\n" + unifiedDiff(side(ops[1]), side(ops[0]))
	}
	return "  (no failing expression in the trace)\n"
}

// TestEveryRuleHasRegoTests: a rule package without a _test.rego beside it
// fails.
func TestEveryRuleHasRegoTests(t *testing.T) {
	e := engine(t)
	mods, err := Modules(nil, true)
	if err != nil {
		t.Fatal(err)
	}
	tested := map[string]bool{}
	for name, m := range mods {
		if !strings.HasSuffix(name, "_test.rego") {
			continue
		}
		if id, _, ok := ruleID(m.Package.Path); ok {
			tested[id] = true
		}
	}
	for _, r := range e.Rules() {
		if !tested[r.ID] && !r.InGo {
			t.Errorf("rule %s (%s) has no Rego tests in package mcplint.rules.%s", r.ID, r.File, strings.Replace(r.ID, "/", `["`, 1)+`"]`)
		}
	}
}
