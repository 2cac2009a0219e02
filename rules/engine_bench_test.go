package rules

import (
	"context"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
)

// BenchmarkNewEngine is the fixed start-up cost of a run: decode the
// prebuilt policies (rules/prebuilt.bin, when current), run the compiler
// stages that build the rule trees and indices, prepare the query; for
// every package ("all", what the language server compiles) and for the
// packages a one-file check of an .mcp.json compiles.
func BenchmarkNewEngine(b *testing.B) {
	one := ast.MustParseTerm(`{"index": {"all": [0], "command": [0], "args": [0], "runner": [0]},
		"doc_index": {"kind/client-config": [0]}, "servers": [{}], "documents": [{}], "loader_findings": [], "groups": [{"members": [0]}], "config": {}}`).Value
	for _, c := range []struct {
		name string
		in   ast.Value
	}{{"all", nil}, {"one-file", one}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				e, err := New(context.Background(), nil)
				if err != nil {
					b.Fatal(err)
				}
				if !e.prebuilt {
					b.Skip("rules/prebuilt.bin is stale: go generate ./rules")
				}
				if _, err := e.compiledFor(context.Background(), c.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNewEngineFromSource is the same from the Rego sources: parse,
// compile type-checked against the input schema, read METADATA, prepare
// (what a run with --policy, or with a stale prebuilt.bin, pays).
func BenchmarkNewEngineFromSource(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		mods, err := Modules(nil, false)
		if err != nil {
			b.Fatal(err)
		}
		c, err := NewCompiler(mods)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := buildCatalog(c); err != nil {
			b.Fatal(err)
		}
		if _, _, err := prepare(context.Background(), c, false); err != nil {
			b.Fatal(err)
		}
	}
}
