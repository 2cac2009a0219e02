package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// aliasConfig is a Continue block of about size bytes whose servers all
// use one anchored string of anchor bytes.
func aliasConfig(size, anchor int) string {
	var b strings.Builder
	b.WriteString("name: t\nversion: 0.0.1\nschema: v1\nanchor: &a \"" + strings.Repeat("x", anchor) + "\"\nmcpServers:\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "  - name: s%d\n    command: npx\n    args: [*a]\n", i)
	}
	return b.String()
}

// BenchmarkCheckYAMLAliases loads and checks a .continue/mcpServers file
// of 100 KB to 1,000 KB (the default --max-file-size is 1 MiB). "shared" is the attack (a 64 KB anchored string
// used by every server, far past what the aliases may repeat: refused at
// the alias that passes the bound); "within" uses a tenth of the file's
// size as the anchor, ten times or less (accepted and checked).
// allocated-MiB is what one run allocates in all, an upper bound on its
// peak.
func BenchmarkCheckYAMLAliases(b *testing.B) {
	eng := engine(b)
	for _, shape := range []string{"shared", "within"} {
		for _, kb := range []int{100, 300, 1000} {
			b.Run(fmt.Sprintf("%s/%dKB", shape, kb), func(b *testing.B) {
				anchor := 64 << 10
				if shape == "within" {
					anchor = kb << 10 / 10
				}
				dir := b.TempDir()
				p := filepath.Join(dir, ".continue", "mcpServers", "x.yaml")
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					b.Fatal(err)
				}
				src := aliasConfig(kb<<10, anchor)
				if shape == "within" {
					// At most ten uses of the anchor: cut the server list.
					lines := strings.SplitAfter(src, "\n")
					src = strings.Join(lines[:min(len(lines), 5+3*10)], "")
				}
				if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
					b.Fatal(err)
				}
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					ws, err := loader.Load(loader.Options{Paths: []string{dir}, WorkDir: dir})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := eng.Check(context.Background(), ws, DefaultConfig()); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/(1<<20), "allocated-MiB")
			})
		}
	}
}
