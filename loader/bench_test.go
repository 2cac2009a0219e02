package loader

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// registrySeed is the official registry seed of 2025-09-21: 358 server.json
// documents in one array.
var registrySeed = filepath.Join("..", "testdata", "registry", "registry-seed-2025-09-21.json")

func TestRegistrySeedLoads358Servers(t *testing.T) {
	if _, err := os.Stat(registrySeed); err != nil {
		t.Fatalf("registry corpus: %v", err)
	}
	ws, err := Load(Options{Paths: []string{registrySeed}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Findings) != 0 {
		t.Errorf("unexpected findings: %+v", ws.Findings)
	}
	if len(ws.Documents) != 1 || ws.Documents[0].Kind != KindRegistryList {
		t.Fatalf("documents: %+v", ws.Documents)
	}
	if got := len(ws.Servers); got != 358 {
		t.Fatalf("%d servers, want 358", got)
	}
	first := ws.Servers[0]
	if first.Name != "io.github.21st-dev/magic-mcp" || first.Command != "npx" || first.Args[0] != "@21st-dev/magic@0.0.46" {
		t.Errorf("first server: %s %s %v", first.Name, first.Command, first.Args)
	}
	if p := ws.Documents[0].File.Position(first.KeyStart); p.Line != 3 || p.Column != 13 {
		t.Errorf("first server name at %d:%d, want 3:13", p.Line, p.Column)
	}
}

func TestLegacyRegistrySeedIsRecognised(t *testing.T) {
	p := filepath.Join(filepath.Dir(registrySeed), "registry-seed-2025-05-16-legacy.json")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("registry corpus: %v", err)
	}
	ws, err := Load(Options{Paths: []string{p}})
	if err != nil {
		t.Fatal(err)
	}
	if d := ws.Documents[0]; d.Kind != KindRegistryOld || d.Variant != "legacy" {
		t.Errorf("kind %s variant %q, want the legacy registry shape", d.Kind, d.Variant)
	}
	if got := len(ws.Servers); got != 471 {
		t.Errorf("%d servers, want 471", got)
	}
}

// BenchmarkLoadSmallFile is the pre-commit and editor case: one small
// project file.
func BenchmarkLoadSmallFile(b *testing.B) {
	dir := b.TempDir()
	p := filepath.Join(dir, ".mcp.json")
	if err := os.WriteFile(p, []byte(projectConfig(0)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(Options{Paths: []string{p}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadRegistrySeed loads the 358-server registry document.
func BenchmarkLoadRegistrySeed(b *testing.B) {
	if _, err := os.Stat(registrySeed); err != nil {
		b.Fatalf("registry corpus: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ws, err := Load(Options{Paths: []string{registrySeed}})
		if err != nil || len(ws.Servers) != 358 {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadMonorepo walks a generated tree of 2,000 project folders,
// each with a .mcp.json, and a .cursor/mcp.json in every tenth.
func BenchmarkLoadMonorepo(b *testing.B) {
	root := b.TempDir()
	if err := GenerateMonorepo(root, 2000); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ws, err := Load(Options{Paths: []string{root}})
		if err != nil || len(ws.Documents) != 2200 {
			b.Fatalf("%v, %d documents", err, len(ws.Documents))
		}
	}
}

func projectConfig(i int) string {
	return fmt.Sprintf(`{
  "mcpServers": {
    "github": {
      "type": "http",
      "url": "https://api.githubcopilot.com/mcp/",
      "headers": { "Authorization": "Bearer ${GITHUB_TOKEN}" }
    },
    "fs-%d": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "./docs"]
    },
    "fetch": { "command": "uvx", "args": ["mcp-server-fetch==2025.4.7"] }
  }
}
`, i)
}

// GenerateMonorepo writes n project folders under root for benchmarks.
func GenerateMonorepo(root string, n int) error {
	for i := 0; i < n; i++ {
		dir := filepath.Join(root, "services", fmt.Sprintf("svc-%05d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(projectConfig(i)), 0o644); err != nil {
			return err
		}
		if i%10 == 0 {
			if err := os.MkdirAll(filepath.Join(dir, ".cursor"), 0o755); err != nil {
				return err
			}
			cursor := `{"mcpServers": {"linear": {"url": "https://mcp.linear.app/mcp", "headers": {"Authorization": "Bearer ${env:LINEAR_TOKEN}"}}}}`
			if err := os.WriteFile(filepath.Join(dir, ".cursor", "mcp.json"), []byte(cursor), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
