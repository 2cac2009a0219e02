package merge

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

var benchRules = []string{
	"supply-chain/unpinned-package", "transport/https-only", "secrets/literal-key", "schema/url-without-type",
	"supply-chain/broad-filesystem", "trust/auto-approve", "schema/unknown-field", "secrets/env-passthrough",
	"transport/localhost-binding", "supply-chain/runner-source", "compat/client-field", "budget/tool-count",
}

// writeCorpus writes n repositories, each with a JSON report and a
// CycloneDX document shaped like mcplint's, and one corrupted report.
func writeCorpus(tb testing.TB, dir string, n int) {
	tb.Helper()
	for i := 0; i < n; i++ {
		repo := filepath.Join(dir, fmt.Sprintf("repo-%05d", i))
		if err := os.MkdirAll(repo, 0o755); err != nil {
			tb.Fatal(err)
		}
		fs := []map[string]any{}
		for j := 0; j < i%13; j++ {
			fs = append(fs, map[string]any{
				"rule": benchRules[(i+j)%len(benchRules)], "level": []string{"error", "warning", "info"}[j%3],
				"message": "the package is started without an exact version, so every start may run different code",
				"file":    ".mcp.json", "line": j + 1, "column": 5, "endLine": j + 1, "endColumn": 20,
				"pointer": fmt.Sprintf("/mcpServers/server-%d", j), "server": fmt.Sprintf("server-%d", j),
				"client": "claude-code", "tier": "project", "fingerprint": fmt.Sprintf("%016x", i*31+j),
			})
		}
		rep := map[string]any{"version": "0.4.0", "findings": fs,
			"summary": map[string]any{"files": 3, "servers": 4, "errors": 0, "warnings": 0, "infos": 0, "baselined": 0}}
		var comps, svcs []map[string]any
		for j := 0; j < 3+i%6; j++ {
			p := (i*7 + j*13) % 200
			purl := fmt.Sprintf("pkg:npm/%%40acme/server-%d@1.%d.0", p, p%4)
			if j%3 == 2 {
				purl = fmt.Sprintf("pkg:pypi/mcp-tool-%d", p)
			}
			comps = append(comps, map[string]any{"bom-ref": fmt.Sprintf(".mcp.json#/mcpServers/s%d", j), "type": "application",
				"name": fmt.Sprintf("server-%d", p), "purl": purl,
				"properties": []map[string]string{{"name": "mcplint:client", "value": "claude-code"}, {"name": "mcplint:tier", "value": "project"},
					{"name": "mcplint:source", "value": fmt.Sprintf(".mcp.json:%d:5", j+2)}, {"name": "mcplint:state", "value": "enabled"}}})
		}
		for j := 0; j < 1+i%3; j++ {
			svcs = append(svcs, map[string]any{"bom-ref": fmt.Sprintf(".mcp.json#/mcpServers/r%d", j), "name": "remote",
				"endpoints": []string{fmt.Sprintf("https://mcp-%d.example.com/mcp", (i+j)%50)}})
		}
		bom := map[string]any{"$schema": "http://cyclonedx.org/schema/bom-1.6.schema.json", "bomFormat": "CycloneDX", "specVersion": "1.6", "version": 1,
			"metadata":   map[string]any{"timestamp": "2026-12-01T18:00:00Z", "component": map[string]any{"type": "application", "name": filepath.Base(repo)}},
			"components": comps, "services": svcs}
		for name, v := range map[string]any{"mcplint.json": rep, "mcplint.cdx.json": bom} {
			b, _ := json.MarshalIndent(v, "", "  ")
			if err := os.WriteFile(filepath.Join(repo, name), b, 0o644); err != nil {
				tb.Fatal(err)
			}
		}
	}
	bad := filepath.Join(dir, "corrupt")
	_ = os.MkdirAll(bad, 0o755)
	if err := os.WriteFile(filepath.Join(bad, "corrupt.json"), []byte(`{"findings": [{"rule": "transport/https-only", "level": "err`), 0o644); err != nil {
		tb.Fatal(err)
	}
}

var (
	corpusOnce sync.Once
	corpusDir  string
)

// TestMain removes the benchmark's corpus once every run of it is done.
func TestMain(m *testing.M) {
	code := m.Run()
	if corpusDir != "" && os.Getenv("MERGE_BENCH_DIR") == "" {
		os.RemoveAll(corpusDir)
	}
	os.Exit(code)
}

// BenchmarkMerge5000 merges 5,000 repositories' reports and SBOMs (10,001
// files, one corrupted). peak-heap-MiB is the largest live heap seen,
// sampled every millisecond. MERGE_BENCH_DIR keeps the corpus there (for
// timing the whole process with mcplint merge).
func BenchmarkMerge5000(b *testing.B) {
	corpusOnce.Do(func() {
		corpusDir = os.Getenv("MERGE_BENCH_DIR")
		if corpusDir == "" {
			var err error
			if corpusDir, err = os.MkdirTemp("", "merge-bench-"); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := os.Stat(filepath.Join(corpusDir, "repo-04999")); err != nil {
			writeCorpus(b, corpusDir, 5000)
		}
	})
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak {
				peak = v
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	b.ResetTimer()
	var r *Result
	for i := 0; i < b.N; i++ {
		m := New()
		m.AddPaths([]string{corpusDir})
		r = m.Result()
	}
	b.StopTimer()
	close(stop)
	<-done
	if r.Inputs.Reports != 5000 || r.Inputs.SBOMs != 5000 || len(r.Skipped) != 1 || !strings.HasSuffix(r.Skipped[0].File, "corrupt.json") {
		first := ""
		if len(r.Skipped) > 0 {
			first = r.Skipped[0].String()
		}
		b.Fatalf("inputs %+v, %d skipped (first: %s)", r.Inputs, len(r.Skipped), first)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.Logf("skipped %s", r.Skipped[0])
}

// BenchmarkMergeEmptyFindings merges one 2.4 MB report of 800,000 empty
// findings, which the schema refuses at its first one. allocated-MiB is
// what the run allocates in all.
func BenchmarkMergeEmptyFindings(b *testing.B) {
	items := make([]string, 800000)
	for i := range items {
		items[i] = "{}"
	}
	doc := []byte(`{"summary": {"files": 1, "servers": 1, "errors": 0, "warnings": 0, "infos": 0, "baselined": 0}, "findings": [` + strings.Join(items, ",") + `]}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := New()
		if m.Add("big.json", "r", doc) {
			b.Fatal("a report of empty findings was merged")
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/(1<<20), "allocated-MiB")
}
