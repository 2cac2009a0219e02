package facts

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/mcplint/mcplint/loader"
	"github.com/open-policy-agent/opa/v1/ast"
)

// benchProject is one project of the realistic monorepo bench/gen writes:
// three servers, one project in ten with a plain-http address, an
// unpinned package or a literal key.
func benchProject(i int) string {
	url, pkg, auth := "https://api.githubcopilot.com/mcp/", "@modelcontextprotocol/server-filesystem@2025.8.21", "Bearer ${GITHUB_TOKEN}"
	switch i % 10 {
	case 3:
		url = "http://docs.internal.example.com/mcp"
	case 5:
		pkg = "@modelcontextprotocol/server-filesystem@latest"
	case 7:
		auth = "Bearer ghp_" + benchToken(i)
	}
	return fmt.Sprintf(`{
  "mcpServers": {
    "github": {"type": "http", "url": %q, "headers": {"Authorization": %q}},
    "files-%d": {"command": "npx", "args": ["-y", %q, "./docs"]},
    "fetch": {"command": "uvx", "args": ["mcp-server-fetch==2025.4.7"], "env": {"LOG_LEVEL": "info"}}
  }
}
`, url, auth, i, pkg)
}

// benchToken is a key-shaped string that differs per project.
func benchToken(seed int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	x := uint64(seed)*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D
	b := make([]byte, 36)
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = alphabet[x%uint64(len(alphabet))]
	}
	return string(b)
}

// monorepoInput is the policy input of a generated monorepo of n
// projects.
func monorepoInput(tb testing.TB, n int) Input {
	tb.Helper()
	root := tb.TempDir()
	for i := 0; i < n; i++ {
		dir := filepath.Join(root, "services", fmt.Sprintf("svc-%05d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(benchProject(i)), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	ws, err := loader.Load(loader.Options{Paths: []string{root}})
	if err != nil {
		tb.Fatal(err)
	}
	return Build(ws, ConfigFact{Budget: DefaultBudget()})
}

// BenchmarkValueMonorepo converts the input of a generated 2,000-project
// monorepo (6,000 servers) to OPA's value: generated is Value,
// reflection the conversion it falls back to when the generated code is
// stale (the converter before it). live-B/server is what the value holds
// on the heap, which every collection during evaluation marks again.
//
//	go test ./facts -run '^$' -bench ValueMonorepo -benchtime 3x -cpu 1
func BenchmarkValueMonorepo(b *testing.B) {
	in := monorepoInput(b, 2000)
	for _, c := range []struct {
		name    string
		convert func(*Input) ast.Value
	}{{"generated", Value}, {"reflection", reflectValue}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.convert(&in)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in.Servers)), "ns/server")
			b.ReportMetric(float64(liveBytes(func() any { return c.convert(&in) }))/float64(len(in.Servers)), "live-B/server")
		})
	}
}

// liveBytes is how much more of the heap is in use, after a collection,
// while what f returns is kept.
func liveBytes(f func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	if after.HeapAlloc < before.HeapAlloc {
		return 0
	}
	return after.HeapAlloc - before.HeapAlloc
}
