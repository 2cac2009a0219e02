package rules

import (
	"context"
	"testing"
)

// BenchmarkNewEngine is the fixed start-up cost of every run: decode the
// prebuilt policies (rules/prebuilt.bin, when current), run the compiler
// stages that build the rule trees and indices, prepare the query.
func BenchmarkNewEngine(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		e, err := New(context.Background(), nil)
		if err != nil {
			b.Fatal(err)
		}
		if !e.prebuilt {
			b.Skip("rules/prebuilt.bin is stale: go generate ./rules")
		}
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
