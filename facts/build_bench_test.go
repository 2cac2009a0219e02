package facts

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// buildBenchProject is one project of bench/gen's trees: realistic (one
// project in ten breaks a rule) or heavy (literal keys, plain http and
// unpinned packages in every project).
func buildBenchProject(i int, heavy bool) string {
	r := rand.New(rand.NewPCG(uint64(i), 7))
	key := func(n int) string {
		const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
		b := make([]byte, n)
		for j := range b {
			b[j] = abc[r.IntN(len(abc))]
		}
		return string(b)
	}
	url, auth := "https://api.githubcopilot.com/mcp/", "Bearer ${GITHUB_TOKEN}"
	pkg, fetch, env := "@modelcontextprotocol/server-filesystem@2025.8.21", "mcp-server-fetch==2025.4.7", `"LOG_LEVEL": "info"`
	switch {
	case heavy:
		url, auth = fmt.Sprintf("http://mcp-%d.internal.example.com/mcp", i), "Bearer ghp_"+key(36)
		pkg, fetch = "@modelcontextprotocol/server-filesystem@latest", "mcp-server-fetch"
		env = `"OPENAI_API_KEY": "sk-proj-` + key(40) + `", ` + env
	case i%10 == 3:
		url = fmt.Sprintf("http://mcp-%d.internal.example.com/mcp", i)
	case i%10 == 5:
		pkg = "@modelcontextprotocol/server-filesystem@latest"
	case i%10 == 7:
		env = `"OPENAI_API_KEY": "sk-proj-` + key(40) + `", ` + env
	}
	return fmt.Sprintf(`{
  "mcpServers": {
    "github": {"type": "http", "url": %q, "headers": {"Authorization": %q}},
    "files-%d": {"command": "npx", "args": ["-y", %q, "./docs"]},
    "fetch": {"command": "uvx", "args": [%q], "env": {%s}}
  }
}
`, url, auth, i, pkg, fetch, env)
}

// BenchmarkBuildMonorepo builds the facts of a generated 2,000-project
// monorepo (6,000 servers), realistic and heavy, from a loaded workspace.
//
//	go test ./facts -run '^$' -bench BuildMonorepo -benchtime 5x -cpu 1
func BenchmarkBuildMonorepo(b *testing.B) {
	for _, heavy := range []bool{false, true} {
		name := "realistic"
		if heavy {
			name = "heavy"
		}
		b.Run(name, func(b *testing.B) {
			root := b.TempDir()
			for i := 0; i < 2000; i++ {
				dir := filepath.Join(root, "services", fmt.Sprintf("svc-%05d", i))
				if err := os.MkdirAll(dir, 0o755); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(buildBenchProject(i, heavy)), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			ws, err := loader.Load(loader.Options{Paths: []string{root}})
			if err != nil || len(ws.Servers) != 6000 {
				b.Fatalf("%v, %d servers", err, len(ws.Servers))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				Build(ws, ConfigFact{Budget: DefaultBudget()})
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ws.Servers)), "ns/server")
		})
	}
}
