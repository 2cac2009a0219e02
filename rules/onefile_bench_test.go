package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// oneFileOfServers writes a .mcp.json of n servers, each with a finding
// (an unpinned package), on one line or one server per line.
func oneFileOfServers(tb testing.TB, n int, oneLine bool) string {
	tb.Helper()
	dir := tb.TempDir()
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`"s%d": {"command": "npx", "args": ["-y", "pkg%d@latest"]}`, i, i)
	}
	sep := ",\n"
	if oneLine {
		sep = ", "
	}
	src := `{"mcpServers": {` + strings.Join(items, sep) + "}}\n"
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkCheckOneFile checks one file of thousands of servers, from
// reading to findings with their source lines, on one line and one per
// line: time must grow linearly with the servers (BENCHMARKS.md, "One
// file of thousands of servers").
//
//	go test ./rules -run '^$' -bench CheckOneFile -benchtime 3x
func BenchmarkCheckOneFile(b *testing.B) {
	e := engine(b)
	for _, c := range []struct {
		n       int
		oneLine bool
	}{{1000, true}, {8000, true}, {15000, true}, {1000, false}, {8000, false}} {
		layout := "per-line"
		if c.oneLine {
			layout = "one-line"
		}
		b.Run(fmt.Sprintf("%s-%d", layout, c.n), func(b *testing.B) {
			dir := oneFileOfServers(b, c.n, c.oneLine)
			ctx := context.Background()
			cpu0 := processCPU()
			for b.Loop() {
				plan, err := loader.Discover(loader.Options{Paths: []string{dir}})
				if err != nil {
					b.Fatal(err)
				}
				fs, _, err := e.CheckPlan(ctx, plan, DefaultConfig(), 250)
				if err != nil {
					b.Fatal(err)
				}
				if len(fs) < c.n {
					b.Fatalf("%d findings for %d servers", len(fs), c.n)
				}
			}
			// CPU time beside wall time: the machine may be shared.
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}
