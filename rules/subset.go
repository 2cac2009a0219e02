package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
)

// Compiling only the rule packages an input can trigger.
//
// A report definition can only hold when the places in the input that the
// top level of its body iterates exist: a server or document under an
// aspect of the index (lib.servers("url"), lib.indexes("catalogue"),
// lib.documents("snapshot"): policies/mcplint/lib, facts/index.go), an
// element of input.documents[_].snapshot.names, any loader finding. analyzeModules works those places out from the compiled
// modules when prebuilt.bin is generated; selectPackages then keeps, for
// one input, the rule packages some report definition of which has all
// its places present, and everything they refer to. Whatever the analysis
// does not recognise keeps its package ("always"), so a subset evaluates
// to exactly what the whole set does, only sooner.

// libPath is the package of the helpers whose results the aspects are.
const libPath = "data.mcplint.lib"

// routerPath is the router (main.rego): it refers to every rule's report,
// but only the query over --policy modules evaluates it, and that engine
// compiles everything from source. It is kept in every subset, but what
// it refers to is not followed.
const routerPath = "data.mcplint.main"

// step is one key of a path into the input; any stands for every key
// (an iteration, or a key only known at evaluation).
type step struct {
	key string
	any bool
}

// inputPath is a place in the input, from its root.
type inputPath []step

func (p inputPath) String() string {
	var b strings.Builder
	b.WriteString("input")
	for _, s := range p {
		if s.any {
			b.WriteString("[_]")
		} else {
			fmt.Fprintf(&b, "[%q]", s.key)
		}
	}
	return b.String()
}

// condition holds when any of its paths is present in the input.
type condition []inputPath

// moduleMeta is what prebuilt.bin stores beside a module for choosing
// subsets.
type moduleMeta struct {
	Package string // package path, e.g. data.mcplint.rules.budget["server-name"]
	Rule    bool   // a built-in rule package (data.mcplint.rules.CATEGORY.NAME)
	// Always: some definition of report has no recognised condition.
	Always bool
	// Reports holds, for each definition of report (else branches
	// included), conditions that all hold whenever it does.
	Reports [][]condition
	Deps    []string // packages it refers to (other than its own), sorted
}

// analysis is the compiled module set analyzeModules works over.
type analysis struct {
	pkgs  map[string][]*ast.Module // by package path
	paths []ast.Ref                // every package path
	// rule conditions worked out so far (nil: none), by rule path.
	memo     map[string][]condition
	visiting map[string]bool
}

// analyzeModules works out the meta of every module of a compiled set,
// in the order of names.
func analyzeModules(mods map[string]*ast.Module, names []string) []moduleMeta {
	a := &analysis{pkgs: map[string][]*ast.Module{}, memo: map[string][]condition{}, visiting: map[string]bool{}}
	for _, n := range names {
		m := mods[n]
		p := m.Package.Path.String()
		if _, ok := a.pkgs[p]; !ok {
			a.paths = append(a.paths, m.Package.Path)
		}
		a.pkgs[p] = append(a.pkgs[p], m)
	}
	out := make([]moduleMeta, 0, len(names))
	for _, n := range names {
		m := mods[n]
		meta := moduleMeta{Package: m.Package.Path.String()}
		if _, custom, ok := ruleID(m.Package.Path); ok && !custom {
			meta.Rule = true
		}
		for _, r := range m.Rules {
			if !definesReport(r) {
				continue
			}
			for def := r; def != nil; def = def.Else {
				conds := a.bodyConditions(def.Body)
				if len(conds) == 0 || def.Default {
					meta.Always = true
					continue
				}
				meta.Reports = append(meta.Reports, conds)
			}
		}
		if meta.Always {
			meta.Reports = nil
		}
		deps := a.moduleDeps(m)
		delete(deps, meta.Package)
		meta.Deps = sortedKeys(deps)
		out = append(out, meta)
	}
	return out
}

// definesReport reports whether a rule defines (part of) report.
func definesReport(r *ast.Rule) bool {
	ref := r.Head.Ref()
	if len(ref) == 0 {
		return false
	}
	v, ok := ref[0].Value.(ast.Var)
	return ok && v == "report"
}

// bodyConditions lists conditions that hold whenever a compiled body
// does, from its top level only: the references that expressions which
// must hold need defined. The compiler turns `some s in lib.servers("url")`
// into
//
//	data.mcplint.lib.servers("url", __localA__)
//	__localB__ = __localA__[__localC__]
//
// (an element of an empty list is undefined: input.index.url[_] must
// exist), `some d in input.documents; some n in d.snapshot.names` into
//
//	__localD__ = input.documents[__localE__]
//	__localF__ = __localD__.snapshot.names[__localG__]
//
// (input.documents[_].snapshot.names[_]), and a reference to a rule of a
// package, data.P.r[K], needs one of r's definitions to hold. Only these
// shapes count: a negated expression, one with `with`, a comprehension,
// `every` and a function's body are never looked into.
func (a *analysis) bodyConditions(body ast.Body) []condition {
	bound := map[ast.Var]inputPath{}   // variables holding a place of the input
	aspects := map[ast.Var]inputPath{} // variables holding lib.servers(aspect) and the like: the index's list
	var out []condition
	seen := map[string]bool{}
	add := func(c condition) {
		k := fmt.Sprint(c)
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	for _, x := range body {
		if x.Negated || len(x.With) > 0 {
			continue
		}
		if asp, v, ok := aspectCall(x); ok {
			aspects[v] = asp
			continue
		}
		for _, side := range needed(x) {
			ref, ok := side.ref.Value.(ast.Ref)
			if !ok {
				continue
			}
			switch {
			case ref.HasPrefix(ast.InputRootRef):
				p := refPath(nil, ref[1:])
				if len(p) > 0 {
					add(condition{p})
				}
				if side.into != "" {
					bound[side.into] = p
				}
			case ref.HasPrefix(ast.DefaultRootRef):
				for _, c := range a.ruleConditions(ref) {
					add(c)
				}
			default:
				head, ok := ref[0].Value.(ast.Var)
				if !ok || len(ref) < 2 {
					continue
				}
				if base, ok := bound[head]; ok {
					p := refPath(base, ref[1:])
					add(condition{p})
					if side.into != "" {
						bound[side.into] = p
					}
				} else if list, ok := aspects[head]; ok {
					// An element of the list: a server or its position,
					// not a place of the input to go on from.
					add(condition{append(append(inputPath(nil), list...), step{any: true})})
				}
			}
		}
	}
	return out
}

// refPath extends base with the keys of a reference.
func refPath(base inputPath, keys ast.Ref) inputPath {
	p := append(inputPath(nil), base...)
	for _, k := range keys {
		if s, ok := k.Value.(ast.String); ok {
			p = append(p, step{key: string(s)})
		} else {
			p = append(p, step{any: true})
		}
	}
	return p
}

// side is a reference an expression needs defined, and the variable it
// binds, if any.
type side struct {
	ref  *ast.Term
	into ast.Var
}

// needed lists the references an expression that holds needs defined:
// the expression itself (`V[K]`) or either side of a unification
// (`X = V[K]`), with the variable the other side is.
func needed(x *ast.Expr) []side {
	switch t := x.Terms.(type) {
	case *ast.Term:
		return []side{{ref: t}}
	case []*ast.Term:
		if op, ok := t[0].Value.(ast.Ref); len(t) != 3 || !ok || !op.Equal(ast.Equality.Ref()) {
			return nil
		}
		var out []side
		for i, s := range t[1:] {
			var into ast.Var
			if v, ok := t[2-i].Value.(ast.Var); ok && !v.IsWildcard() {
				into = v
			}
			out = append(out, side{ref: s, into: into})
		}
		return out
	}
	return nil
}

// aspectFuncs are the helpers of lib that list what an index holds under
// an aspect, by the field of the input the index is. Without that field
// they list everything: selectPackages then keeps every package.
var aspectFuncs = map[string]string{
	libPath + ".servers":   "index",
	libPath + ".indexes":   "index",
	libPath + ".documents": "doc_index",
}

// aspectCall recognises data.mcplint.lib.servers("ASPECT", V) (or another
// of aspectFuncs), V a variable, and returns the place V's elements come
// from, input.index.ASPECT.
func aspectCall(x *ast.Expr) (inputPath, ast.Var, bool) {
	ts, ok := x.Terms.([]*ast.Term)
	if !ok || len(ts) != 3 {
		return nil, "", false
	}
	field, ok := aspectFuncs[ts[0].Value.String()]
	if !ok {
		return nil, "", false
	}
	asp, ok := ts[1].Value.(ast.String)
	if !ok {
		return nil, "", false
	}
	v, ok := ts[2].Value.(ast.Var)
	if !ok || v.IsWildcard() {
		return nil, "", false
	}
	return inputPath{{key: field}, {key: string(asp)}}, v, true
}

// ruleConditions are conditions that hold whenever a reference to a
// rule, data.P.r[K…] (or data.P.r for a rule with one value), is
// defined: one of r's definitions holds. For a rule of one definition
// they are its conditions; for more, one condition of the paths of the
// deepest condition of every definition.
func (a *analysis) ruleConditions(ref ast.Ref) []condition {
	prefix := ref.GroundPrefix()
	var pkg ast.Ref
	for _, p := range a.paths {
		if prefix.HasPrefix(p) && len(prefix) > len(p) && len(p) > len(pkg) {
			pkg = p
		}
	}
	if pkg == nil {
		return nil
	}
	name, ok := prefix[len(pkg)].Value.(ast.String)
	if !ok {
		return nil
	}
	full := pkg.Append(ast.StringTerm(string(name)))
	for _, p := range a.paths {
		if p.HasPrefix(full) {
			return nil // a package under the rule: more than its definitions
		}
	}
	whole := len(ref) == len(full) // data.P.r itself, not an element
	key := full.String()
	if !whole {
		key += "[_]"
	}
	if c, ok := a.memo[key]; ok {
		return c
	}
	if a.visiting[key] {
		return nil
	}
	a.visiting[key] = true
	defer delete(a.visiting, key)
	var defs [][]condition
	for _, m := range a.pkgs[pkg.String()] {
		for _, r := range m.Rules {
			head := r.Head.Ref()
			if v, ok := head[0].Value.(ast.Var); !ok || string(v) != string(name) {
				continue
			}
			// data.P.r of a set or object rule is defined when empty;
			// a function is no value; a default holds without a body.
			if r.Default || len(r.Head.Args) > 0 || (whole && (len(head) > 1 || r.Head.RuleKind() != ast.SingleValue)) {
				a.memo[key] = nil
				return nil
			}
			for def := r; def != nil; def = def.Else {
				conds := a.bodyConditions(def.Body)
				if len(conds) == 0 {
					a.memo[key] = nil
					return nil
				}
				defs = append(defs, conds)
			}
		}
	}
	var out []condition
	switch len(defs) {
	case 0:
	case 1:
		out = defs[0]
	default:
		var c condition
		for _, conds := range defs {
			deepest := conds[0]
			for _, d := range conds[1:] {
				if depth(d) > depth(deepest) {
					deepest = d
				}
			}
			c = append(c, deepest...)
		}
		out = []condition{c}
	}
	a.memo[key] = out
	return out
}

// depth is the length of a condition's shortest path.
func depth(c condition) int {
	n := -1
	for _, p := range c {
		if n < 0 || len(p) < n {
			n = len(p)
		}
	}
	return n
}

// moduleDeps lists the packages a module refers to: for each reference
// into data, every package whose path is a prefix of the reference's
// ground part, and every package under it when the reference stops or
// turns variable before naming one (a bare `data` refers to all).
func (a *analysis) moduleDeps(m *ast.Module) map[string]bool {
	deps := map[string]bool{}
	ast.WalkRefs(m, func(ref ast.Ref) bool {
		if !ref.HasPrefix(ast.DefaultRootRef) {
			return false
		}
		prefix := ref.GroundPrefix()
		for _, p := range a.paths {
			if prefix.HasPrefix(p) || p.HasPrefix(prefix) {
				deps[p.String()] = true
			}
		}
		return false
	})
	return deps
}

// present reports whether a place exists in the input.
func present(v ast.Value, p inputPath) bool {
	if len(p) == 0 {
		return true
	}
	s := p[0]
	switch x := v.(type) {
	case ast.Object:
		if !s.any {
			t := x.Get(ast.InternedTerm(s.key))
			return t != nil && present(t.Value, p[1:])
		}
		found := false
		x.Until(func(_, t *ast.Term) bool {
			found = present(t.Value, p[1:])
			return found
		})
		return found
	case *ast.Array:
		if !s.any {
			return false
		}
		for i := 0; i < x.Len(); i++ {
			if present(x.Elem(i).Value, p[1:]) {
				return true
			}
		}
		return false
	case ast.Set:
		if !s.any {
			return x.Contains(ast.InternedTerm(s.key)) && present(ast.String(s.key), p[1:])
		}
		found := false
		x.Until(func(t *ast.Term) bool {
			found = present(t.Value, p[1:])
			return found
		})
		return found
	}
	return false
}

// selectPackages chooses the packages to compile for an input: every
// package that is not a built-in rule package, every rule package with a
// report definition "always" or whose conditions all hold in the input,
// and everything those refer to. It returns them sorted. An input
// without an index (where lib.servers is every server, lib.documents
// every document) selects every package.
func selectPackages(metas []moduleMeta, in ast.Value) []string {
	obj, ok := in.(ast.Object)
	all := !ok
	for _, field := range aspectFuncs {
		all = all || obj.Get(ast.InternedTerm(field)) == nil
	}
	seen := map[string]bool{}
	holds := func(c condition) bool {
		for _, p := range c {
			k := p.String()
			v, ok := seen[k]
			if !ok {
				v = present(in, p)
				seen[k] = v
			}
			if v {
				return true
			}
		}
		return false
	}
	keep := map[string]bool{}
	deps := map[string][]string{}
	for _, m := range metas {
		deps[m.Package] = append(deps[m.Package], m.Deps...)
		if keep[m.Package] {
			continue
		}
		keep[m.Package] = all || !m.Rule || m.Always
		for _, conds := range m.Reports {
			if keep[m.Package] {
				break
			}
			ok := true
			for _, c := range conds {
				if ok = holds(c); !ok {
					break
				}
			}
			keep[m.Package] = ok
		}
	}
	var todo []string
	for p, k := range keep {
		if k {
			todo = append(todo, p)
		}
	}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if p == routerPath {
			continue
		}
		for _, d := range deps[p] {
			if !keep[d] {
				keep[d] = true
				todo = append(todo, d)
			}
		}
	}
	var out []string
	for p, k := range keep {
		if k {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}
