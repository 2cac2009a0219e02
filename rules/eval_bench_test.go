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
// servers that cannot break it, or pays much for each finding, stands
// out (cpu-ms/op, findings, cpu-µs/finding). A check evaluates parts of
// 250 files: -n 200 is the size of one.
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
		pq, err := rego.New(rego.Compiler(c), rego.Query("x := "+query)).PrepareForEval(ctx)
		if err != nil {
			b.Fatal(err)
		}
		found := 0
		cpu0 := processCPU()
		for b.Loop() {
			rs, err := pq.Eval(ctx, rego.EvalParsedInput(v))
			if err != nil {
				b.Fatal(err)
			}
			if len(rs) > 0 {
				set, _ := rs[0].Bindings["x"].([]any)
				found = len(set)
			}
		}
		// CPU time is the steadier measure on a shared machine; a rule's
		// cost a finding is what it is worth.
		cpu := float64(processCPU()-cpu0) / float64(b.N)
		b.ReportMetric(cpu/1e6, "cpu-ms/op")
		b.ReportMetric(float64(found), "findings")
		if found > 0 {
			b.ReportMetric(cpu/1e3/float64(found), "cpu-µs/finding")
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
