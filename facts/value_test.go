package facts

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/fixtures"
	"github.com/mcplint/mcplint/loader"
	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// TestGeneratedLayoutCurrent fails when a field of the input is added,
// removed, renamed or retyped without regenerating astvalue_gen.go (Value
// would then convert by reflection: the same value, slowly).
func TestGeneratedLayoutCurrent(t *testing.T) {
	if got := reflectLayout(); got != genLayout {
		t.Fatalf("facts/astvalue_gen.go was generated from other input types: regenerate with go generate ./facts\nlayout now:\n%s\ngenerated from:\n%s", got, genLayout)
	}
}

// TestFieldsCurrentSeesANewField checks the check Value makes before
// using the generated code: a JSON field it does not convert, or one
// that is gone, sends it to reflection.
func TestFieldsCurrentSeesANewField(t *testing.T) {
	if !fieldsCurrent(genFields) {
		t.Fatal("the generated converter is stale: go generate ./facts")
	}
	type probe struct {
		A      string `json:"a"`
		B      int    `json:"b,omitempty"`
		C      bool
		Hidden string `json:"-"`
		lower  string
	}
	_ = probe{}.lower
	typ := reflect.TypeFor[probe]()
	for _, c := range []struct {
		json []string
		want bool
	}{
		{[]string{"C", "a", "b"}, true},
		{[]string{"a", "b"}, false},           // C added
		{[]string{"C", "a", "b", "d"}, false}, // d removed
		{[]string{"C", "a", "bb"}, false},     // b renamed
		{[]string{"C", "Hidden", "a", "b"}, false},
	} {
		if got := fieldsCurrent([]genType{{typ, c.json}}); got != c.want {
			t.Errorf("fieldsCurrent(%v) = %v, want %v", c.json, got, c.want)
		}
	}
}

// TestReflectLayoutSeesEveryField checks the staleness check itself: the
// layout names every converted field of every type, with its JSON name
// and type, and refuses types the generator cannot convert.
func TestReflectLayoutSeesEveryField(t *testing.T) {
	layout := reflectLayout()
	for _, want := range []string{
		"\nServerFact Args:args:[]ArgFact ",
		" Shadows:shadows:[]int ",
		"\nRefFact Expanded:expanded:bool HasDefault:has_default:bool Name:name:string Set:set:*bool Syntax:syntax:string\n",
		"\nInput Config:config:ConfigFact DocIndex:doc_index:map[string][]int Documents:documents:[]DocFact Groups:groups:[]GroupFact Index:index:map[string][]int ",
	} {
		if !strings.Contains(layout, want) {
			t.Errorf("layout lacks %q", want)
		}
	}
	if strings.Contains(layout, "Hidden:-") || strings.Contains(layout, " raw:") {
		t.Errorf("layout holds a field JSON leaves out:\n%s", layout)
	}
	type named string
	for _, v := range []any{named(""), 1.5, map[int]string{}, struct{}{}, [2]int{}} {
		if n := typeName(reflect.TypeOf(v)); !strings.HasPrefix(n, "?") {
			t.Errorf("typeName(%T) = %q, want a name the generator never writes", v, n)
		}
	}
}

// sameValue fails t when got is not want, naming the first server or
// top-level key that differs.
func sameValue(t *testing.T, name string, got, want ast.Value) {
	t.Helper()
	if got.Compare(want) == 0 {
		return
	}
	g, w := got.(ast.Object), want.(ast.Object)
	for _, k := range w.Keys() {
		gv, wv := g.Get(k), w.Get(k)
		if gv == nil {
			t.Errorf("%s: no key %v", name, k)
			continue
		}
		if gv.Value.Compare(wv.Value) == 0 {
			continue
		}
		ga, ok1 := gv.Value.(*ast.Array)
		wa, ok2 := wv.Value.(*ast.Array)
		if ok1 && ok2 && ga.Len() == wa.Len() {
			for i := 0; i < wa.Len(); i++ {
				if ga.Elem(i).Value.Compare(wa.Elem(i).Value) != 0 {
					t.Errorf("%s: %v[%d]:\ngot  %v\nwant %v", name, k, i, ga.Elem(i), wa.Elem(i))
					break
				}
			}
			continue
		}
		t.Errorf("%s: %v:\ngot  %v\nwant %v", name, k, gv, wv)
	}
	if len(g.Keys()) != len(w.Keys()) {
		t.Errorf("%s: keys %v, want %v", name, g.Keys(), w.Keys())
	}
}

// filler sets every field reachable from a value: full sets every
// pointer and gives every list and map two entries; otherwise each is
// nil, empty or set at random. Values come from small pools, so parts of
// different servers are often equal and sometimes differ by one byte
// (the memo must tell them apart).
type filler struct {
	r    *rand.Rand
	full bool
}

var (
	fillStrings = []string{"", "a", "ab", "b", "a\x00", "\x00", "‹id-3f2a›", "/mcpServers/x~1y/env/‹id-3f2a›", "ünïcode ✓", strings.Repeat("long ", 40)}
	fillInts    = []int{-1, 0, 1, 2, 511, 512, 6000, 1 << 20, 1<<20 + 1, -1 << 40}
)

func (f *filler) fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(fillStrings[f.r.Intn(len(fillStrings))])
	case reflect.Bool:
		v.SetBool(f.r.Intn(2) == 1)
	case reflect.Int:
		v.SetInt(int64(fillInts[f.r.Intn(len(fillInts))]))
	case reflect.Pointer:
		if !f.full && f.r.Intn(3) == 0 {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem())
		v.Set(p)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				f.fill(v.Field(i))
			}
		}
	case reflect.Slice:
		n := 2
		if !f.full {
			n = f.r.Intn(4) - 1 // -1: nil, 0: empty
		}
		if n < 0 {
			v.SetZero()
			return
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := 0; i < n; i++ {
			f.fill(s.Index(i))
		}
		v.Set(s)
	case reflect.Map:
		n := 2
		if !f.full {
			n = f.r.Intn(4) - 1
		}
		if n < 0 {
			v.SetZero()
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), n)
		for i := 0; i < n; i++ {
			k := reflect.New(v.Type().Key()).Elem()
			f.fill(k)
			e := reflect.New(v.Type().Elem()).Elem()
			f.fill(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	}
}

func filledInput(seed int64, full bool, servers int) Input {
	f := &filler{r: rand.New(rand.NewSource(seed)), full: full}
	var in Input
	f.fill(reflect.ValueOf(&in).Elem())
	in.Servers = make([]ServerFact, servers)
	for i := range in.Servers {
		f.fill(reflect.ValueOf(&in.Servers[i]).Elem())
	}
	return in
}

// TestValueEqualsReflection converts inputs with every field set, none
// set, and mixes of nil, empty and set parts, many servers sharing parts
// (on every core), and compares with the reflective conversion.
func TestValueEqualsReflection(t *testing.T) {
	if testing.Short() {
		t.Skip("converts many inputs twice: the full suite runs it")
	}
	var zero Input
	sameValue(t, "zero input", Value(&zero), refValue(&zero))
	zero.Servers = make([]ServerFact, 3)
	zero.Documents = make([]DocFact, 2)
	sameValue(t, "zero servers", Value(&zero), refValue(&zero))
	for seed := int64(1); seed <= 3; seed++ {
		in := filledInput(seed, true, 5)
		sameValue(t, fmt.Sprintf("full %d", seed), Value(&in), refValue(&in))
	}
	for seed := int64(1); seed <= 20; seed++ {
		in := filledInput(seed, false, 150)
		sameValue(t, fmt.Sprintf("random %d", seed), Value(&in), refValue(&in))
	}
}

// TestValueSharesEqualParts checks the sharing is there: equal parts of
// two servers are one term, unequal ones are not.
func TestValueSharesEqualParts(t *testing.T) {
	if !generatedCurrent() {
		t.Skip("the generated converter is stale (TestGeneratedLayoutCurrent): Value converts by reflection, which shares nothing")
	}
	in := monorepoInput(t, 20)
	v := Value(&in).(ast.Object)
	servers := v.Get(ast.StringTerm("servers")).Value.(*ast.Array)
	part := func(i int, key string) *ast.Term {
		return servers.Elem(i).Value.(ast.Object).Get(ast.StringTerm(key))
	}
	// Servers 0 and 3 are the "github" servers of two projects: the same
	// definition, the same address.
	if in.Servers[0].Name != "github" || in.Servers[3].Name != "github" {
		t.Fatalf("servers 0 and 3: %s, %s", in.Servers[0].Name, in.Servers[3].Name)
	}
	for _, key := range []string{"url", "headers", "trust", "tools", "name_shape", "fields"} {
		if part(0, key) != part(3, key) {
			t.Errorf("%s of two equal servers: two terms", key)
		}
	}
	// Project 3's github server has another address.
	if in.Servers[9].Name != "github" || in.Servers[9].URL.Value == in.Servers[0].URL.Value {
		t.Fatalf("server 9: %s %v", in.Servers[9].Name, in.Servers[9].URL)
	}
	if part(0, "url") == part(9, "url") || part(0, "url").Value.Compare(part(9, "url").Value) == 0 {
		t.Errorf("url of two different servers: one term")
	}
}

// TestEvaluationLeavesSharedPartsAlone evaluates builtins that build new
// values from the input (patching, merging, removing, walking, sorting)
// over parts that servers share, and checks the input is as it was: a
// change made through one server would show in another.
func TestEvaluationLeavesSharedPartsAlone(t *testing.T) {
	if !generatedCurrent() {
		t.Skip("the generated converter is stale (TestGeneratedLayoutCurrent): Value converts by reflection, which shares nothing")
	}
	in := monorepoInput(t, 10)
	v := Value(&in)
	before := v.String()
	servers := v.(ast.Object).Get(ast.StringTerm("servers")).Value.(*ast.Array)
	if servers.Elem(0).Value.(ast.Object).Get(ast.StringTerm("trust")) != servers.Elem(3).Value.(ast.Object).Get(ast.StringTerm("trust")) {
		t.Fatal("servers 0 and 3 do not share their trust part: the test checks nothing")
	}
	query := `p := json.patch(input, [
		{"op": "add", "path": "/servers/3/trust/precedence/-", "value": "z"},
		{"op": "replace", "path": "/servers/3/url/host", "value": "h"},
		{"op": "remove", "path": "/servers/3/tools/count"}])
	u := object.union(input.servers[3], {"trust": {"tier_rank": 9, "precedence": ["z"]}, "url": {"host": "h"}})
	r := object.remove(input.servers[3].url, ["host"])
	f := json.filter(input.servers[3], ["trust/precedence", "url/host"])
	w := [x | walk(input.servers[3], [_, x])]
	s := sort(input.servers[3].trust.precedence)
	c := array.concat(input.servers[3].trust.precedence, ["z"])
	p.servers[3].url.host == "h"`
	rs, err := rego.New(rego.Query(query), rego.ParsedInput(v)).Eval(context.Background())
	if err != nil || len(rs) != 1 {
		t.Fatalf("%v, %d results", err, len(rs))
	}
	if v.String() != before {
		t.Fatal("evaluation changed the input")
	}
	sameValue(t, "after evaluation", v, refValue(&in))
}

// TestValueCorpusEqualsReflection compares the conversion with the
// reflective one on every input the corpus test of rules/ checks: the
// rule examples, client fixtures, the demo, the catalogues and the
// registry seeds (secret-like names hidden, as in a check), and a
// generated monorepo.
func TestValueCorpusEqualsReflection(t *testing.T) {
	if testing.Short() {
		t.Skip("converts the whole corpus twice: the full suite runs it")
	}
	inputs := map[string]loader.Options{}
	err := fs.WalkDir(fixtures.Rules, "rules", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || (d.Name() != "fail" && d.Name() != "pass") {
			return err
		}
		inputs[p] = copyRuleExample(t, path.Dir(p), d.Name())
		return fs.SkipDir
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 100 {
		t.Fatalf("%d rule examples: the walk reads the wrong folder", len(inputs))
	}
	repo := filepath.Join("..")
	add := func(name string, p string) {
		inputs[name] = loader.Options{WorkDir: repo, Paths: []string{p}}
	}
	clients, err := os.ReadDir(filepath.Join(repo, "fixtures", "clients"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range clients {
		if c.IsDir() {
			add("clients/"+c.Name(), filepath.Join(repo, "fixtures", "clients", c.Name()))
		}
	}
	add("demo", filepath.Join(repo, "fixtures", "demo"))
	add("good", filepath.Join(repo, "fixtures", "good"))
	cats, _ := filepath.Glob(filepath.Join(repo, "fixtures", "catalogue", "*.json"))
	for _, p := range cats {
		add("catalogue/"+filepath.Base(p), p)
	}
	seeds, _ := filepath.Glob(filepath.Join(repo, "testdata", "registry", "*.json"))
	if len(seeds) == 0 {
		t.Fatal("no registry corpus in testdata/registry")
	}
	for _, p := range seeds {
		add("registry/"+filepath.Base(p), p)
	}
	// Secret-like names the input must hide: a server name, an env key
	// and a header name, each turned into its id everywhere.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(`{"mcpServers": {
  "ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u": {"command": "npx", "args": ["-y", "pkg@1.0.0"],
    "env": {"ghp_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y": "x", "LOG": "${ghp_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y}"}},
  "remote": {"type": "http", "url": "https://example.com/mcp",
    "headers": {"sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78": "v", "Authorization": "Bearer ${TOKEN}"}}
}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs["hidden names"] = loader.Options{WorkDir: dir, Paths: []string{dir}}
	hidden := 0
	for name, opts := range inputs {
		ws, err := loader.Load(opts)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		in := testInput(ws)
		if in.Hidden != nil {
			hidden++
		}
		sameValue(t, name, Value(&in), refValue(&in))
	}
	if hidden == 0 {
		t.Error("no input of the corpus hides a secret-like name: the hidden case is not compared")
	}
	in := monorepoInput(t, 300)
	sameValue(t, "monorepo", Value(&in), refValue(&in))
}

// copyRuleExample writes the example which (fail or pass) of the rule
// folder dir to a temporary folder, as the corpus test of rules/ does
// (@PROJECT@ replaced by its path, a which-home folder as the home,
// paths.txt naming what to load), and gives the options to load it.
func copyRuleExample(t *testing.T, dir, which string) loader.Options {
	t.Helper()
	root := t.TempDir()
	err := fs.WalkDir(fixtures.Rules, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
		if rel == "" {
			return nil
		}
		if top := strings.Split(rel, "/")[0]; top != which && top != which+"-home" {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		target := filepath.Join(root, filepath.FromSlash(rel))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(fixtures.Rules, p)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, []byte("@PROJECT@"), []byte(filepath.ToSlash(filepath.Join(root, which))))
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	opts := loader.Options{WorkDir: root, Paths: []string{filepath.Join(root, which)}}
	if fi, err := os.Stat(filepath.Join(root, which+"-home")); err == nil && fi.IsDir() {
		opts.Home = filepath.Join(root, which+"-home")
	}
	if b, err := os.ReadFile(filepath.Join(root, which, "paths.txt")); err == nil {
		opts.Paths = nil
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				opts.Paths = append(opts.Paths, filepath.Join(root, which, line))
			}
		}
	}
	return opts
}
