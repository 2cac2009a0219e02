package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// oneLineOfServers is a .mcp.json of n servers on one line, each with an
// unpinned package; revision makes each text differ.
func oneLineOfServers(n, revision int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`"s%d": {"command": "npx", "args": ["-y", "pkg%d@latest"]}`, i, i)
	}
	return fmt.Sprintf(`{"_revision": %d, "mcpServers": {%s}}`+"\n", revision, strings.Join(items, ", "))
}

// BenchmarkDiagnosticsOneLongLine: a didChange of a one-line file of
// 1,000 and 8,000 servers until its diagnostics arrive; time must grow
// linearly with the servers (BENCHMARKS.md, "One file of thousands of
// servers").
//
//	go test ./lsp -run '^$' -bench DiagnosticsOneLongLine -benchtime 3x
func BenchmarkDiagnosticsOneLongLine(b *testing.B) {
	for _, n := range []int{1000, 8000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			proj := b.TempDir()
			file := filepath.Join(proj, ".mcp.json")
			writeFile(b, file, oneLineOfServers(n, 0))
			c, _, _ := inProcess(b, Options{NoConfig: true})
			c.initialize(pathToURI(proj))
			uri := pathToURI(file)
			c.open(uri, oneLineOfServers(n, 0), 1)
			p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return *p.Version == 1 })
			if len(p.Diagnostics) < n {
				b.Fatalf("%d diagnostics for %d servers", len(p.Diagnostics), n)
			}
			texts := []string{oneLineOfServers(n, 1), oneLineOfServers(n, 2)}
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v := i + 2
				c.change(uri, texts[i%2], v)
				c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version != nil && int(*p.Version) == v })
			}
			b.StopTimer()
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}
