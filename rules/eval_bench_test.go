package rules

import (
	"context"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/open-policy-agent/opa/v1/rego"
)

// BenchmarkEvalMonorepo times policy evaluation over a generated monorepo
// (go run ./bench/gen -n 2000 -o /tmp/mr2000), the input built once: the
// whole query, then each rule's report on its own, so a rule that visits
// servers that cannot break it stands out.
//
//	MONO=/tmp/mr2000 go test ./rules -run '^$' -bench EvalMonorepo
func BenchmarkEvalMonorepo(b *testing.B) {
	dir := os.Getenv("MONO")
	if dir == "" {
		b.Skip("set MONO to a monorepo folder")
	}
	ws, err := loader.Load(loader.Options{Paths: []string{dir}})
	if err != nil {
		b.Fatal(err)
	}
	in := facts.Build(ws, DefaultConfig().policyFacts())
	v := facts.Value(&in)
	mods, err := Modules(nil, false)
	if err != nil {
		b.Fatal(err)
	}
	c, err := NewCompiler(mods)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	run := func(b *testing.B, query string) {
		pq, err := rego.New(rego.Compiler(c), rego.Query(query)).PrepareForEval(ctx)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := pq.Eval(ctx, rego.EvalParsedInput(v)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("all", func(b *testing.B) { run(b, Query) })
	var pkgs []string
	for _, m := range mods {
		if p := m.Package.Path.String(); strings.HasPrefix(p, "data.mcplint.rules") {
			pkgs = append(pkgs, p)
		}
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		b.Run(strings.TrimPrefix(p, "data.mcplint.rules"), func(b *testing.B) { run(b, p+".report") })
	}
}
