// Command gen writes a monorepo of N projects for the benchmarks: each
// project has a .mcp.json with three servers. In the realistic mode (the
// default) one project in ten has a problem (plain http, an unpinned
// package, a literal key) so both tools report; in the heavy mode every
// project breaks several rules at once (plain http, literal keys in a
// header and in env, unpinned packages), the findings-heavy case.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
)

func main() {
	n := flag.Int("n", 2000, "number of projects")
	out := flag.String("o", "monorepo", "output folder")
	mode := flag.String("mode", "realistic", "`MODE`: realistic (one project in ten breaks a rule) or heavy (every project breaks several)")
	flag.Parse()
	gen := project
	switch *mode {
	case "realistic":
	case "heavy":
		gen = heavyProject
	default:
		log.Fatalf("-mode %q: want realistic or heavy", *mode)
	}
	for i := 0; i < *n; i++ {
		dir := filepath.Join(*out, "services", fmt.Sprintf("svc-%05d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(gen(i)), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

func project(i int) string {
	url, fsPkg, auth := "https://api.githubcopilot.com/mcp/", "@modelcontextprotocol/server-filesystem@2025.8.21", "Bearer ${GITHUB_TOKEN}"
	switch i % 10 {
	case 3:
		url = "http://docs.internal.example.com/mcp"
	case 5:
		fsPkg = "@modelcontextprotocol/server-filesystem@latest"
	case 7:
		auth = "Bearer ghp_" + token(i, 36)
	}
	return fmt.Sprintf(`{
  "mcpServers": {
    "github": {
      "type": "http",
      "url": %q,
      "headers": { "Authorization": %q }
    },
    "files-%d": {
      "command": "npx",
      "args": ["-y", %q, "./docs"]
    },
    "fetch": {
      "command": "uvx",
      "args": ["mcp-server-fetch==2025.4.7"],
      "env": { "LOG_LEVEL": "info" }
    }
  }
}
`, url, auth, i, fsPkg)
}

// heavyProject breaks a handful of rules in every project, with values
// that differ per project (as real keys and hosts would).
func heavyProject(i int) string {
	return fmt.Sprintf(`{
  "mcpServers": {
    "github": {
      "type": "http",
      "url": "http://mcp-%d.internal.example.com/mcp",
      "headers": { "Authorization": "Bearer ghp_%s" }
    },
    "files-%d": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem@latest", "./docs"]
    },
    "fetch": {
      "command": "uvx",
      "args": ["mcp-server-fetch"],
      "env": { "OPENAI_API_KEY": "sk-proj-%s", "LOG_LEVEL": "info" }
    }
  }
}
`, i, token(i, 36), i, token(i+1<<20, 40))
}

// token is a key-shaped string that differs per project and looks random
// (a run of zeros would be taken for a placeholder).
func token(seed, n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	x := uint64(seed)*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D
	b := make([]byte, n)
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = alphabet[x%uint64(len(alphabet))]
	}
	return string(b)
}
