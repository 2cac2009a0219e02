package rules

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// prepare prepares the query a check evaluates. Without --policy modules
// it reads each built-in rule's report set on its own (one binding per
// rule), which spares the router's union of every set and the rewriting
// of every finding to add its rule id; with them, it is the router
// (Query), which also gathers data.mcplint.custom. ids names the rule of
// each binding, "r0", "r1", … in order.
func prepare(ctx context.Context, c *ast.Compiler, custom bool) (rego.PreparedEvalQuery, []string, error) {
	if custom {
		pq, err := rego.New(rego.Compiler(c), rego.Query(Query)).PrepareForEval(ctx)
		return pq, nil, err
	}
	var ids []string
	for _, m := range c.Modules {
		id, isCustom, ok := ruleID(m.Package.Path)
		if !ok || isCustom {
			continue
		}
		ids = append(ids, id)
	}
	sort.Strings(ids)
	ids = uniq(ids)
	// The query is built, not parsed: parsing each reference and the
	// query worked out the default capabilities (sorting every built-in)
	// each time, a twentieth of a one-file check.
	var q ast.Body
	kept := []string{} // not nil: nil is the router's
	for _, id := range ids {
		cat, name, _ := strings.Cut(id, "/")
		ref := ast.Ref{ast.DefaultRootDocument, ast.StringTerm("mcplint"), ast.StringTerm("rules"),
			ast.StringTerm(cat), ast.StringTerm(name), ast.StringTerm("report")}
		if len(c.GetRulesExact(ref)) == 0 {
			continue // a rule checked in Go: its package has no report
		}
		x := ast.Assign.Expr(ast.VarTerm(fmt.Sprintf("r%d", len(kept))), ast.NewTerm(ref))
		x.Index = len(q)
		q = append(q, x)
		kept = append(kept, id)
	}
	if len(q) == 0 {
		q = ast.NewBody(ast.NewExpr(ast.BooleanTerm(true))) // no rule compiled: nothing to report
	}
	pq, err := rego.New(rego.Compiler(c), rego.ParsedQuery(q)).PrepareForEval(ctx)
	return pq, kept, err
}

func uniq(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// results lists the policy results of one evaluation with the rule each
// came from ("" when the router already set it).
func (c *compiled) results(rs rego.ResultSet) ([]any, []string, error) {
	if len(rs) == 0 {
		return nil, nil, nil
	}
	if c.ruleIDs == nil {
		if len(rs[0].Expressions) == 0 {
			return nil, nil, nil
		}
		items, ok := rs[0].Expressions[0].Value.([]any)
		if !ok {
			return nil, nil, fmt.Errorf("policy result is %T, want a set", rs[0].Expressions[0].Value)
		}
		return items, nil, nil
	}
	var items []any
	var ids []string
	for i, id := range c.ruleIDs {
		v := rs[0].Bindings[fmt.Sprintf("r%d", i)]
		set, ok := v.([]any)
		if !ok && v != nil {
			return nil, nil, fmt.Errorf("rule %s: report is %T, want a set", id, v)
		}
		for _, it := range set {
			items = append(items, it)
			ids = append(ids, id)
		}
	}
	return items, ids, nil
}
