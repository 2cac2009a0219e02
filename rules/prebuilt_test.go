package rules

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/finding"
)

// TestPrebuiltPoliciesCurrent recompiles the embedded policies from source,
// type-checked against the input schema, and compares the encoding with
// the committed rules/prebuilt.bin. Stale is not wrong (the engine then
// compiles from source), only slow: it fails in CI (MCPLINT_REQUIRE_PREBUILT=1) and is skipped with a
// note elsewhere, so a policy change does not need a regenerated file at
// every step.
func TestPrebuiltPoliciesCurrent(t *testing.T) {
	want, err := EncodePrebuilt()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(want, prebuilt) {
		return
	}
	msg := "rules/prebuilt.bin was not built from the embedded policies (start-up compiles them from source, about 5x slower): regenerate with go generate ./rules"
	if os.Getenv("MCPLINT_REQUIRE_PREBUILT") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// TestPrebuiltEngineMatchesCompile checks an engine decoded from a fresh
// encoding against one compiled from source: the same catalog, and the
// same findings on every rule example and the demo.
func TestPrebuiltEngineMatchesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the policies from source to compare: the full suite runs it")
	}
	ctx := context.Background()
	data, err := EncodePrebuilt()
	if err != nil {
		t.Fatal(err)
	}
	pre, err := newPrebuilt(data)
	if err != nil {
		t.Fatal(err)
	}
	src, err := New(ctx, []string{t.TempDir()}) // any --policy: compiled from source
	if err != nil {
		t.Fatal(err)
	}
	if src.prebuilt {
		t.Fatal("an engine with --policy must be compiled from source")
	}
	if len(pre.catalog) != len(src.catalog) {
		t.Fatalf("catalog: %d rules prebuilt, %d from source", len(pre.catalog), len(src.catalog))
	}
	for id, r := range src.catalog {
		if p, ok := pre.catalog[id]; !ok || !reflect.DeepEqual(*p, *r) {
			t.Errorf("rule %s: prebuilt %+v, from source %+v", id, p, r)
		}
	}
	total := 0
	for _, r := range src.Rules() {
		for _, which := range []string{"fail", "pass"} {
			a := compactAll(runExample(t, pre, r.ID, which).findings)
			b := compactAll(runExample(t, src, r.ID, which).findings)
			if a != b {
				t.Errorf("%s/%s: prebuilt:\n%s\nfrom source:\n%s", r.ID, which, a, b)
			}
			total += strings.Count(b, "\n")
		}
	}
	if total < 100 {
		t.Errorf("only %d findings compared", total)
	}
}

func compactAll(fs []finding.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%s:%d:%d-%d:%d %s %s %s %s\n", f.File, f.Range.Start.Line, f.Range.Start.Column,
			f.Range.End.Line, f.Range.End.Column, f.Level, f.Rule, f.Fingerprint, f.Message)
	}
	return b.String()
}

// A gzipped prebuilt file (the earlier format) decodes to the same
// modules and catalog as the uncompressed one.
func TestPrebuiltDecodesGzipped(t *testing.T) {
	data, err := EncodePrebuilt()
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	zw.Close()
	mods, catalog, err := decodePrebuilt(data)
	if err != nil {
		t.Fatal(err)
	}
	gmods, gcatalog, err := decodePrebuilt(gz.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(gcatalog) != len(catalog) || len(gmods) != len(mods) || len(mods) == 0 {
		t.Fatalf("gzipped: %d modules, %d rules; uncompressed: %d, %d", len(gmods), len(gcatalog), len(mods), len(catalog))
	}
	for name, m := range mods {
		if !m.Equal(gmods[name]) {
			t.Errorf("%s differs when decoded from the gzipped file", name)
		}
	}
}
