package rules

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/policies"
)

// subsetEngine is a prebuilt engine over the committed prebuilt.bin, or
// over a fresh encoding when it is stale, with its modules read.
func subsetEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := newPrebuilt(prebuilt)
	if err != nil {
		data, err := EncodePrebuilt()
		if err != nil {
			t.Fatal(err)
		}
		if e, err = newPrebuilt(data); err != nil {
			t.Fatal(err)
		}
	}
	if e.mods, err = readModules(e.raw); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestSubsetMatchesFull evaluates every input of the corpus (rule
// examples, client fixtures, the demo, catalogues, registry seeds and the
// precision corpus), part by part as CheckPlan splits it, with the
// packages selectPackages chooses for the part (compiled without the
// comprehension indices, whatever the input's size) and with every
// package (with them): the raw findings must be the same, in the same
// order. The subsets must
// also be closed under the packages they refer to, and smaller than the
// whole set for most inputs (or the test would compare the set with
// itself).
func TestSubsetMatchesFull(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the policies twice: the full suite runs it")
	}
	ctx := context.Background()
	e := subsetEngine(t)
	full, err := e.compileSet(ctx, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	deps := map[string][]string{}
	for _, m := range e.mods.metas {
		deps[m.Package] = append(deps[m.Package], m.Deps...)
	}
	subsets := map[string]*compiled{}
	inputs, parts, smaller, findings := 0, 0, 0, 0
	forEachCorpusPart(t, e, func(name string, i int, value ast.Value) {
		sel := selectPackages(e.mods.metas, value)
		kept := map[string]bool{}
		for _, p := range sel {
			kept[p] = true
		}
		for _, p := range sel {
			if p == routerPath {
				continue
			}
			for _, d := range deps[p] {
				if !kept[d] {
					t.Errorf("%s part %d: %s is kept, %s it refers to is not", name, i, p, d)
				}
			}
		}
		if !kept[libPath] || !kept[routerPath] {
			t.Errorf("%s part %d: lib or main left out: %v", name, i, sel)
		}
		key := strings.Join(sel, "\x00")
		sub, ok := subsets[key]
		if !ok {
			if sub, err = e.compileSet(ctx, kept, false); err != nil {
				t.Fatal(err)
			}
			subsets[key] = sub
		}
		want, err := e.evalWith(ctx, full, value)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.evalWith(ctx, sub, value)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s part %d: %d raw findings with %d packages, %d with every package\nsubset: %+v\nall: %+v",
				name, i, len(got), len(sel), len(want), got, want)
		}
		if i == 0 {
			inputs++
		}
		parts++
		findings += len(want)
		if len(sel) < len(deps) {
			smaller++
		}
	})
	t.Logf("%d inputs, %d parts, %d raw findings, %d parts on fewer packages than the %d, %d distinct subsets",
		inputs, parts, findings, smaller, len(deps), len(subsets))
	if inputs < 100 || findings < 300 || smaller < parts/2 || len(subsets) < 10 {
		t.Errorf("compared too little: %d inputs, %d findings, %d of %d parts on a subset, %d subsets", inputs, findings, smaller, parts, len(subsets))
	}
}

// TestIndexMatchesNoIndex guards facts/index.go, which writes in Go the
// first conditions of the rules (which servers and documents have an
// aspect): every rule is evaluated on every corpus part with the index
// and without it (the library then visits every server and document),
// and the raw findings must be the same. A rule whose conditions drift
// from the index's copy of them loses findings only in the first run.
func TestIndexMatchesNoIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("checks the whole corpus twice: the full suite runs it")
	}
	ctx := context.Background()
	e := subsetEngine(t)
	full, err := e.compileSet(ctx, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	parts, findings := 0, 0
	forEachCorpusPart(t, e, func(name string, i int, value ast.Value) {
		want, err := e.evalWith(ctx, full, withoutIndex(t, value))
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.evalWith(ctx, full, value)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s part %d: %d raw findings with the index, %d without it\nindexed: %+v\nunindexed: %+v",
				name, i, len(got), len(want), got, want)
		}
		parts++
		findings += len(want)
	})
	t.Logf("%d parts, %d raw findings the same with and without the index", parts, findings)
	if findings < 300 {
		t.Errorf("compared too little: %d findings in %d parts", findings, parts)
	}
}

// withoutIndex is the input object without its server and document
// indexes, as a hand-written policy input would be.
func withoutIndex(t *testing.T, v ast.Value) ast.Value {
	obj, ok := v.(ast.Object)
	if !ok {
		t.Fatalf("input is a %T, not an object", v)
	}
	out := ast.NewObject()
	dropped := 0
	obj.Foreach(func(k, val *ast.Term) {
		if k.Equal(ast.StringTerm("index")) || k.Equal(ast.StringTerm("doc_index")) {
			dropped++
			return
		}
		out.Insert(k, val)
	})
	if dropped != 2 {
		t.Fatalf("the input has %d of index and doc_index", dropped)
	}
	return out
}

// forEachCorpusPart builds the policy input of every corpus input (rule
// examples, client fixtures, the demo, catalogues, registry seeds and the
// precision corpus), part by part as CheckPlan splits it, and hands each
// to fn with the input's name and the part's number.
func forEachCorpusPart(t *testing.T, e *Engine, fn func(name string, part int, value ast.Value)) {
	t.Helper()
	inputs := corpusInputs(t, engine(t))
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		if !en.IsDir() {
			continue
		}
		root := t.TempDir()
		dst := filepath.Join(root, en.Name())
		if err := copyPrecisionTree(filepath.Join(corpusDir, en.Name()), dst); err != nil {
			t.Fatal(err)
		}
		opts := loader.Options{WorkDir: root, Paths: []string{dst}}
		if b, err := os.ReadFile(filepath.Join(dst, "paths.txt")); err == nil {
			opts.Paths = nil
			for _, line := range strings.Split(string(b), "\n") {
				if line = strings.TrimSpace(line); line != "" {
					opts.Paths = append(opts.Paths, filepath.Join(dst, line))
				}
			}
		}
		if b, err := os.ReadFile(filepath.Join(dst, "client.txt")); err == nil {
			opts.Client = strings.TrimSpace(string(b))
		}
		inputs = append(inputs, corpusInput{name: "corpus/" + en.Name(), opts: opts, root: root})
	}
	for _, in := range inputs {
		cfg := corpusConfig(t, e, in)
		plan, err := loader.Discover(in.opts)
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		for i, part := range plan.Split(250) {
			ws, err := part.Load()
			if err != nil {
				t.Fatalf("%s: %v", in.name, err)
			}
			fi := facts.Build(ws, cfg.policyFacts())
			fn(in.name, i, facts.Value(&fi))
		}
	}
}

// analyzeSource compiles Rego modules (package mcplint.rules.t.NAME,
// unless they say otherwise) beside the real lib and returns the meta of
// each by package.
func analyzeSource(t *testing.T, srcs map[string]string) map[string]moduleMeta {
	t.Helper()
	lib, err := fs.ReadFile(policies.FS, "mcplint/lib/lib.rego")
	if err != nil {
		t.Fatal(err)
	}
	mods := map[string]*ast.Module{}
	parse := func(name, src string) {
		m, err := ast.ParseModuleWithOpts(name, src, ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		mods[name] = m
	}
	parse("lib.rego", string(lib))
	for name, src := range srcs {
		if !strings.HasPrefix(src, "package") {
			src = "package mcplint.rules.t." + name + "\nimport data.mcplint.lib\n" + src
		}
		parse(name+".rego", src)
	}
	c := ast.NewCompiler()
	c.Compile(mods)
	if c.Failed() {
		t.Fatal(c.Errors)
	}
	names := sortedKeys(c.Modules)
	metas := analyzeModules(c.Modules, names)
	out := map[string]moduleMeta{}
	for i, n := range names {
		out[strings.TrimSuffix(n, ".rego")] = metas[i]
	}
	return out
}

// A report definition counts only when it iterates, at the top level of
// its body, a place of the input or lib.servers / lib.indexes of a
// constant aspect; anything else makes its package "always".
func TestSubsetAnalysis(t *testing.T) {
	metas := analyzeSource(t, map[string]string{
		"servers":   `report contains s.name if { some s in lib.servers("url"); s.name != "" }`,
		"indexes":   `report contains i if { some i in lib.indexes("catalogue") }`,
		"docs":      `report contains d.path if { some d in lib.documents("snapshot"); d.kind == "x" }`,
		"documents": `report contains n if { some d in input.documents; some n in d.snapshot.names }`,
		"loader":    `report contains f.rule if { some f in input.loader_findings; f.rule == "x" }`,
		"viarule": `
setups[i] := s if { some i in lib.indexes("catalogue"); s := input.servers[i] }
report contains i if { some i, _ in setups }`,
		"twodefs": `
report contains s.name if { some s in lib.servers("url") }
report contains s.name if { some s in lib.servers("command") }`,
		// Not recognised: each makes the package always.
		"counted":    `report contains 1 if { count(lib.servers("url")) == 0 }`,
		"negated":    `report contains 1 if { not input.documents[0] }`,
		"comprehend": `report contains x if { x := [s | some s in lib.servers("url")]; true }`,
		"every":      `report contains 1 if { every s in lib.servers("url") { s.name == "" } }`,
		"with": `report contains 1 if {
	xs := lib.servers("url") with input.index as {"url": [0]}
	xs[_]
}`,
		"dynamic": `report contains 1 if { some a in input.config.aspects; some s in lib.servers(a) }`,
		"oneof": `
report contains s.name if { some s in lib.servers("url") }
report contains 1 if { true }`,
		"function": `
f(x) := y if { some y in lib.servers(x) }
report contains 1 if { f("url") }`,
		"whole": `
xs contains s if { some s in lib.servers("url") }
report contains 1 if { x := xs; true }`,
		"defaulted": `
default anything := false
anything if { some s in lib.servers("url") }
report contains 1 if { anything }`,
		"elsewise": `
pick := 1 if { some s in lib.servers("url") } else := 2
report contains 1 if { pick }`,
		"deps": `
report contains x if { some x in data.mcplint.rules.t.servers.report; data.mcplint.rules.t.helper.ok }`,
		"helper": `
ok if { input.config }`,
		"withdep": `
report contains 1 if { some s in lib.servers("url"); data.mcplint.rules.t.servers.report with data.mcplint.rules.t.helper.ok as false }`,
	})
	cases := []struct {
		name   string
		always bool
		want   string // the conditions of each definition
	}{
		{"servers", false, `[[input["index"]["url"][_]]]`},
		{"indexes", false, `[[input["index"]["catalogue"][_]]]`},
		{"docs", false, `[[input["doc_index"]["snapshot"][_]]]`},
		{"documents", false, `[[input["documents"][_]] [input["documents"][_]["snapshot"]["names"][_]]]`},
		{"loader", false, `[[input["loader_findings"][_]] [input["loader_findings"][_]["rule"]]]`},
		{"viarule", false, `[[input["index"]["catalogue"][_]] [input["servers"][_]]]`},
		{"twodefs", false, `[[input["index"]["url"][_]]] [[input["index"]["command"][_]]]`},
		{"counted", true, ""},
		{"negated", true, ""},
		{"comprehend", true, ""},
		{"every", true, ""},
		{"with", true, ""},
		{"dynamic", false, `[[input["config"]["aspects"][_]]]`},
		{"oneof", true, ""},
		{"function", true, ""},
		{"whole", true, ""},
		{"defaulted", true, ""},
		{"elsewise", true, ""},
	}
	for _, c := range cases {
		m, ok := metas[c.name]
		if !ok || !m.Rule {
			t.Fatalf("%s: no rule package analysed: %+v", c.name, m)
		}
		var got []string
		for _, conds := range m.Reports {
			got = append(got, condsString(conds))
		}
		if m.Always != c.always || strings.Join(got, " ") != c.want {
			t.Errorf("%s: always %v, conditions %s; want always %v, %s", c.name, m.Always, strings.Join(got, " "), c.always, c.want)
		}
	}
	if d := metas["deps"].Deps; !reflect.DeepEqual(d, []string{"data.mcplint.rules.t.helper", "data.mcplint.rules.t.servers"}) {
		t.Errorf("deps of deps: %v", d)
	}
	if d := metas["withdep"].Deps; !reflect.DeepEqual(d, []string{libPath, "data.mcplint.rules.t.helper", "data.mcplint.rules.t.servers"}) {
		t.Errorf("deps of withdep: %v", d)
	}
	if d := metas["servers"].Deps; !reflect.DeepEqual(d, []string{libPath}) {
		t.Errorf("deps of servers: %v", d)
	}
}

func condsString(conds []condition) string {
	var parts []string
	for _, c := range conds {
		var ps []string
		for _, p := range c {
			ps = append(ps, p.String())
		}
		parts = append(parts, "["+strings.Join(ps, " ")+"]")
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// The packages a kept package refers to are kept, and theirs in turn;
// the router's references are not followed; an input without an index
// keeps everything.
func TestSubsetSelection(t *testing.T) {
	url := []condition{{inputPath{{key: "index"}, {key: "url"}, {any: true}}}}
	metas := []moduleMeta{
		{Package: libPath},
		{Package: routerPath, Deps: []string{"data.mcplint.rules.a.a", "data.mcplint.rules.b.b", "data.mcplint.rules.c.c", "data.mcplint.rules.d.d"}},
		{Package: "data.mcplint.rules.a.a", Rule: true, Reports: [][]condition{url}, Deps: []string{libPath, "data.mcplint.rules.b.b"}},
		{Package: "data.mcplint.rules.b.b", Rule: true, Reports: [][]condition{{{inputPath{{key: "index"}, {key: "command"}, {any: true}}}}}, Deps: []string{"data.mcplint.helpers"}},
		{Package: "data.mcplint.helpers"},
		{Package: "data.mcplint.rules.c.c", Rule: true, Reports: [][]condition{{{inputPath{{key: "documents"}, {any: true}, {key: "snapshot"}, {key: "names"}, {any: true}}}}}},
		{Package: "data.mcplint.rules.d.d", Rule: true, Always: true},
		{Package: "data.mcplint.rules.e.e", Rule: true},
	}
	value := func(t *testing.T, src string) ast.Value {
		v, err := ast.ParseTerm(src)
		if err != nil {
			t.Fatal(err)
		}
		return v.Value
	}
	for _, c := range []struct{ in, want string }{
		{`{"index": {"url": [], "command": [0]}, "doc_index": {}, "documents": [{"snapshot": null}]}`,
			"data.mcplint.helpers data.mcplint.lib data.mcplint.main data.mcplint.rules.b.b data.mcplint.rules.d.d"},
		{`{"index": {"url": [1]}, "doc_index": {}, "documents": [{"snapshot": {"names": []}}]}`,
			"data.mcplint.helpers data.mcplint.lib data.mcplint.main data.mcplint.rules.a.a data.mcplint.rules.b.b data.mcplint.rules.d.d"},
		{`{"index": {}, "doc_index": {}, "documents": [{"snapshot": null}, {"snapshot": {"names": ["x"]}}]}`,
			"data.mcplint.helpers data.mcplint.lib data.mcplint.main data.mcplint.rules.c.c data.mcplint.rules.d.d"},
		{`{"index": {"url": []}, "documents": []}`,
			"data.mcplint.helpers data.mcplint.lib data.mcplint.main data.mcplint.rules.a.a data.mcplint.rules.b.b data.mcplint.rules.c.c data.mcplint.rules.d.d data.mcplint.rules.e.e"},
		{`{"servers": [], "documents": []}`,
			"data.mcplint.helpers data.mcplint.lib data.mcplint.main data.mcplint.rules.a.a data.mcplint.rules.b.b data.mcplint.rules.c.c data.mcplint.rules.d.d data.mcplint.rules.e.e"},
	} {
		if got := strings.Join(selectPackages(metas, value(t, c.in)), " "); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// The triggers rely on lib.servers, lib.indexes and lib.documents
// listing nothing for an aspect the index lacks or lists empty, and
// everything without an index (which selectPackages meets by keeping
// every package).
func TestSubsetLibAspects(t *testing.T) {
	lib, err := fs.ReadFile(policies.FS, "mcplint/lib/lib.rego")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ input, want string }{
		{`{"servers": [{"n": 1}], "index": {"url": []}, "documents": [{"d": 1}], "doc_index": {"snapshot": []}}`, `[[], [], [], [], [], []]`},
		{`{"servers": [{"n": 1}], "index": {"url": [0]}, "documents": [{"d": 1}], "doc_index": {"snapshot": [0]}}`, `[[{"n": 1}], [], [0], [], [{"d": 1}], []]`},
		{`{"servers": [{"n": 1}], "documents": [{"d": 1}]}`, `[[{"n": 1}], [{"n": 1}], [0], [0], [{"d": 1}], [{"d": 1}]]`},
	} {
		got := evalRego(t, string(lib), `[data.mcplint.lib.servers("url"), data.mcplint.lib.servers("none"), data.mcplint.lib.indexes("url"), data.mcplint.lib.indexes("none"), data.mcplint.lib.documents("snapshot"), data.mcplint.lib.documents("none")]`, c.input)
		if got != c.want {
			t.Errorf("input %s: %s, want %s", c.input, got, c.want)
		}
	}
}

func evalRego(t *testing.T, module, query, input string) string {
	t.Helper()
	m, err := ast.ParseModuleWithOpts("lib.rego", module, ast.ParserOptions{RegoVersion: ast.RegoV1})
	if err != nil {
		t.Fatal(err)
	}
	c := ast.NewCompiler()
	c.Compile(map[string]*ast.Module{"lib.rego": m})
	if c.Failed() {
		t.Fatal(c.Errors)
	}
	in, err := ast.ParseTerm(input)
	if err != nil {
		t.Fatal(err)
	}
	pq, err := rego.New(rego.Compiler(c), rego.Query(query)).PrepareForEval(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rs, err := pq.Eval(context.Background(), rego.EvalParsedInput(in.Value))
	if err != nil || len(rs) != 1 {
		t.Fatalf("%v %v", rs, err)
	}
	v, err := ast.InterfaceToValue(rs[0].Expressions[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	return v.String()
}

// The selection reads only the input, so the same input gives the same
// subset, and a nil input (no selection) is every package.
func TestSubsetCompiledFor(t *testing.T) {
	ctx := context.Background()
	e := subsetEngine(t)
	small := ast.MustParseTerm(`{"index": {"all": [0]}, "servers": [{}], "doc_index": {}, "documents": [], "loader_findings": [], "groups": [], "config": {}}`).Value
	c1, err := e.compiledFor(ctx, small)
	if err != nil {
		t.Fatal(err)
	}
	if c1.pkgs == nil || len(c1.pkgs) >= len(e.mods.metas) || c1.indexed {
		t.Fatalf("a small input compiled %d packages, indexed %v", len(c1.pkgs), c1.indexed)
	}
	// The same packages for an input of many servers: compiled again,
	// with the comprehension indices.
	var many strings.Builder
	for i := range smallLimit + 1 {
		if i > 0 {
			many.WriteString(", ")
		}
		many.WriteString("{}")
	}
	large := ast.MustParseTerm(`{"index": {"all": [0]}, "servers": [` + many.String() + `], "doc_index": {}, "documents": [], "loader_findings": [], "groups": [], "config": {}}`).Value
	cl, err := e.compiledFor(ctx, large)
	if err != nil {
		t.Fatal(err)
	}
	if cl == c1 || !cl.indexed || !cl.covers(sortedKeys(c1.pkgs)) {
		t.Fatalf("a large input after a small one: the same set %v, indexed %v", cl == c1, cl.indexed)
	}
	if c, _ := e.compiledFor(ctx, small); c != cl {
		t.Error("a small input after a large one compiled again")
	}
	c1 = cl
	if c2, _ := e.compiledFor(ctx, small); c2 != c1 {
		t.Error("the same input compiled again")
	}
	all, err := e.compiledFor(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if all.pkgs != nil || !all.indexed {
		t.Errorf("no input compiled %d packages (indexed %v), want every one, indexed", len(all.pkgs), all.indexed)
	}
	if c3, _ := e.compiledFor(ctx, small); c3 != all {
		t.Error("a subset of what is compiled compiled again")
	}
	if e.mods != nil {
		t.Error("the decoded modules are kept after every package is compiled")
	}
	// A set without a rule package still evaluates, to nothing.
	e = subsetEngine(t)
	none, err := e.compileSet(ctx, map[string]bool{libPath: true, routerPath: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	if raws, err := e.evalWith(ctx, none, small); err != nil || len(raws) != 0 {
		t.Errorf("no rules compiled: %d findings, %v", len(raws), err)
	}
}

// Checks of different inputs at once share the engine: each gets a set
// that covers its input (run with -race).
func TestSubsetConcurrent(t *testing.T) {
	ctx := context.Background()
	e := subsetEngine(t)
	inputs := []string{
		`{"index": {"all": [0], "url": [0], "unencrypted": [0]}, "servers": [{}], "doc_index": {}, "documents": [], "loader_findings": [], "groups": [], "config": {}}`,
		`{"index": {"all": [0], "catalogue": [0]}, "servers": [{}], "doc_index": {}, "documents": [], "loader_findings": [], "groups": [], "config": {}}`,
		`{"index": {"all": [0], "command": [0], "unpinned": [0]}, "servers": [{}], "doc_index": {}, "documents": [], "loader_findings": [], "groups": [], "config": {}}`,
		`{"index": {}, "doc_index": {}, "servers": [], "documents": [], "loader_findings": [{}], "groups": [], "config": {}}`,
	}
	metas := e.mods.metas
	done := make(chan error, len(inputs)*2)
	for i := range len(inputs) * 2 {
		go func() {
			in := ast.MustParseTerm(inputs[i%len(inputs)]).Value
			c, err := e.compiledFor(ctx, in)
			if err == nil && !c.covers(selectPackages(metas, in)) {
				err = fmt.Errorf("input %d: the set compiled does not cover it", i)
			}
			done <- err
		}()
	}
	for range len(inputs) * 2 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
