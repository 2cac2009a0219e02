package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
)

// TestCheckPlanInPartsMatchesOneCheck: checking a monorepo part by part
// gives exactly the findings of one check, including those of the shared
// home files (once) and the cross-tier ones.
func TestCheckPlanInPartsMatchesOneCheck(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 30; i++ {
		write(fmt.Sprintf("repo/p%02d/.mcp.json", i), fmt.Sprintf(`{"mcpServers": {"docs": {"type": "http", "url": "http://docs%d.example.com/mcp"}, "fs": {"command": "npx", "args": ["-y", "pkg@latest"]}}}`, i))
	}
	write("home/.claude.json", `{"mcpServers": {"docs": {"type": "http", "url": "http://user.example.com/mcp"}, "a1": {"command": "a"}, "a2": {"command": "a"}, "a3": {"command": "a"}, "a4": {"command": "a"}, "a5": {"command": "a"}, "a6": {"command": "a"}}}`)
	opts := loader.Options{Paths: []string{filepath.Join(root, "repo")}, Home: filepath.Join(root, "home"), WorkDir: root}
	e := engine(t)
	ws, err := loader.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := e.Check(context.Background(), ws, nil)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := loader.Discover(opts)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(plan.Split(7)); n < 4 {
		t.Fatalf("%d parts, want at least 4", n)
	}
	parts, tot, err := e.CheckPlan(context.Background(), plan, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	if tot.Files != len(ws.Documents) || tot.Servers != len(ws.Servers) {
		t.Errorf("totals %+v, want %d files and %d servers", tot, len(ws.Documents), len(ws.Servers))
	}
	if len(parts) != len(whole) {
		seen := map[string]bool{}
		for _, f := range whole {
			seen[f.Rule+f.File+f.Message] = true
		}
		for _, f := range parts {
			if !seen[f.Rule+f.File+f.Message] {
				t.Logf("only in parts: %s %s:%d %s", f.Rule, f.File, f.Range.Start.Line, f.Message)
			}
		}
		t.Fatalf("%d findings in parts, %d in one check", len(parts), len(whole))
	}
	for i := range whole {
		a, b := whole[i], parts[i]
		if a.Rule != b.Rule || a.File != b.File || a.Range != b.Range || a.Message != b.Message || a.Fingerprint != b.Fingerprint {
			t.Errorf("finding %d differs:\n one: %s %s %d %s\nparts: %s %s %d %s", i, a.Rule, a.File, a.Range.Start.Line, a.Message, b.Rule, b.File, b.Range.Start.Line, b.Message)
		}
		if b.Source == "" {
			t.Errorf("finding %d has no source line", i)
		}
	}
}

// TestCheckPlanBareLeavesOnlyTheLinesOut: a check for a report that
// quotes no line gives the same findings, without their source lines.
func TestCheckPlanBareLeavesOnlyTheLinesOut(t *testing.T) {
	root := t.TempDir()
	for i := 0; i < 12; i++ {
		p := filepath.Join(root, fmt.Sprintf("p%02d", i), ".mcp.json")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		text := fmt.Sprintf(`{"mcpServers": {"docs": {"type": "http", "url": "http://docs%d.example.com/mcp", "headers": {"Authorization": "Bearer sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0"}}}}`, i)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := engine(t)
	check := func(f func(context.Context, *loader.Plan, *Config, int) ([]finding.Finding, Totals, error)) ([]finding.Finding, Totals) {
		plan, err := loader.Discover(loader.Options{Paths: []string{root}, WorkDir: root})
		if err != nil {
			t.Fatal(err)
		}
		fs, tot, err := f(context.Background(), plan, nil, 5)
		if err != nil {
			t.Fatal(err)
		}
		return fs, tot
	}
	full, ftot := check(e.CheckPlan)
	bare, btot := check(e.CheckPlanBare)
	if len(full) < 12 || !reflect.DeepEqual(ftot, btot) {
		t.Fatalf("%d findings, totals %+v and %+v", len(full), ftot, btot)
	}
	for i := range full {
		if full[i].Source == "" {
			t.Errorf("finding %d of CheckPlan has no source line", i)
		}
		if bare[i].Source != "" {
			t.Errorf("finding %d of CheckPlanBare has a source line %q", i, bare[i].Source)
		}
		full[i].Source = ""
	}
	if !reflect.DeepEqual(full, bare) {
		t.Errorf("CheckPlanBare's findings differ from CheckPlan's")
	}
}
