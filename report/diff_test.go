package report

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

func editAt(src []byte, file string, start, end int, text string) finding.Edit {
	return finding.Edit{File: file, Range: finding.Range{Start: syntax.PositionIn(src, nil, start), End: syntax.PositionIn(src, nil, end)}, NewText: text}
}

func TestUnifiedDiffAppliesWithGitApply(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	var lines []string
	for i := 0; i < 30; i++ {
		lines = append(lines, `    "filler`+string(rune('a'+i%26))+`": 1,`)
	}
	src := []byte("{\n  \"mcpServers\": {\n    \"docs\": {\n      \"url\": \"https://docs.example.com/mcp\"\n    },\n" + strings.Join(lines, "\n") + "\n    \"last\": { \"url\": \"https://x.example.com\" }\n  }\n}\n")
	i := strings.Index(string(src), `"url"`)
	j := strings.LastIndex(string(src), `"url"`)
	edits := []finding.Edit{editAt(src, ".mcp.json", i, i, `"type": "http",`+"\n      "), editAt(src, ".mcp.json", j, j, `"type": "http", `)}
	out, applied, skipped := finding.Apply(src, edits)
	if len(applied) != 2 || len(skipped) != 0 {
		t.Fatalf("applied %d skipped %d", len(applied), len(skipped))
	}
	d, ok := UnifiedDiff(".mcp.json", src, out, syntax.JSON)
	if !ok || strings.Count(d, "@@ ") != 2 {
		t.Fatalf("want two appliable hunks:\n%s", d)
	}
	dir := t.TempDir()
	run := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	run("init", "-q")
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fix.diff"), []byte(d), 0o644); err != nil {
		t.Fatal(err)
	}
	run("apply", "fix.diff")
	got, _ := os.ReadFile(filepath.Join(dir, ".mcp.json"))
	if string(got) != string(out) {
		t.Errorf("git apply result differs:\n%s\nwant\n%s", got, out)
	}
}

func TestDiffMasksRemovedSecrets(t *testing.T) {
	src := []byte("{\n  \"env\": { \"GITHUB_TOKEN\": \"ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u\" }\n}\n")
	i := strings.Index(string(src), `"ghp_`)
	j := strings.Index(string(src[i+1:]), `"`) + i + 2
	out, _, _ := finding.Apply(src, []finding.Edit{editAt(src, "x.json", i, j, `"${GITHUB_TOKEN}"`)})
	d, ok := UnifiedDiff("x.json", src, out, syntax.JSON)
	if ok {
		t.Error("a diff with a masked removed line must be review-only")
	}
	if strings.Contains(d, "R8x2Lq9Zt") || !strings.Contains(d, "review only") || !strings.Contains(d, "+  \"env\": { \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\" }") {
		t.Errorf("diff:\n%s", d)
	}
}
