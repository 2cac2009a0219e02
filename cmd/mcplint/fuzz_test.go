package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/schema"
)

// FuzzCheck runs the whole pipeline (load, facts, policies, every report)
// on arbitrary bytes as each kind of config file: it must never panic or
// fail.
func FuzzCheck(f *testing.F) {
	f.Add([]byte(`{"mcpServers": {"a": {"command": "npx", "args": ["-y", "pkg@latest"], "env": {"T": "ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u"}}}}`), uint8(0))
	f.Add([]byte(`{"servers": {"x": {"type": "http", "url": "http://a"}}, "inputs": [],}`), uint8(1))
	f.Add([]byte("[mcp_servers.x]\ncommand = \"uvx\"\nargs = [\"pkg\"]\nurl = \"http://x\"\n"), uint8(2))
	f.Add([]byte("extensions:\n  a:\n    type: stdio\n    cmd: npx\n"), uint8(3))
	f.Add([]byte(`{"servers": [{"server": {"name": "a/b", "packages": [{"registryType": "npm", "identifier": "x", "version": "latest"}]}}]}`), uint8(4))
	f.Add([]byte(`[{"id": "t", "transport": "http", "url": "http://x/{A}", "headers": {"a.b": "${X}"}}]`), uint8(5))
	names := []string{".mcp.json", ".vscode/mcp.json", ".codex/config.toml", ".config/goose/config.yaml", "registry.json", "team.json"}
	f.Fuzz(func(t *testing.T, data []byte, kind uint8) {
		t.Parallel()
		root := t.TempDir()
		name := names[int(kind)%len(names)]
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ws, err := loader.Load(loader.Options{Paths: []string{p}, WorkDir: root})
		if err != nil {
			t.Fatal(err)
		}
		fs, err := fuzzEngine(t).Check(context.Background(), ws, rules.DefaultConfig())
		if err != nil {
			t.Fatalf("check failed on %q as %s: %v", data, name, err)
		}
		var out bytes.Buffer
		sum := report.Summarise(fs, len(ws.Documents), len(ws.Servers))
		src := report.SourcesOf(ws)
		_ = report.Text(&out, fs, src, sum, report.TextOptions{})
		_ = report.JSON(&out, fs, sum)
		_ = report.SARIF(&out, toolInfo(), nil, fs, root)
		_ = report.Diff(&out, fs, src.Bytes)
		_ = report.ListJSON(&out, ws)
		var bom bytes.Buffer
		if err := (world{}).command(&bom, io.Discard).listCycloneDX(ws, []string{root}); err != nil {
			t.Fatalf("SBOM of %q as %s: %v", data, name, err)
		}
		if err := schema.ValidateCycloneDX(bom.Bytes()); err != nil {
			t.Fatalf("SBOM of %q as %s is not CycloneDX 1.6: %v", data, name, err)
		}
	})
}

var (
	fuzzOnce sync.Once
	fuzzEng  *rules.Engine
	fuzzErr  error
)

func fuzzEngine(t *testing.T) *rules.Engine {
	fuzzOnce.Do(func() { fuzzEng, fuzzErr = rules.New(context.Background(), nil) })
	if fuzzErr != nil {
		t.Fatal(fuzzErr)
	}
	return fuzzEng
}
