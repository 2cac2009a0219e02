package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeCommand merges what check --format json and list --format
// cyclonedx write for two repositories, with a corrupted report beside
// them: the corrupted one is named with its position, the rest merged.
func TestMergeCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	demo := filepath.Join("..", "..", "fixtures", "demo")
	for _, repo := range []string{"acme-api", "acme-web"} {
		if err := os.MkdirAll(filepath.Join(dir, repo), 0o755); err != nil {
			t.Fatal(err)
		}
		for file, args := range map[string][]string{
			"mcplint.json":     {"check", "--format", "json", demo},
			"mcplint.cdx.json": {"list", "--format", "cyclonedx", demo},
		} {
			var out, errb bytes.Buffer
			run(args, &out, &errb)
			if err := os.WriteFile(filepath.Join(dir, repo, file), out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	good, _ := os.ReadFile(filepath.Join(dir, "acme-api", "mcplint.json"))
	if err := os.MkdirAll(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken", "mcplint.json"), good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(dir, "summary.md")
	var out, errb bytes.Buffer
	if code := run([]string{"merge", "--format", "markdown", "--output", summary, dir}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), filepath.Join(dir, "broken", "mcplint.json")+":") || strings.Count(errb.String(), "skipped") != 1 {
		t.Errorf("stderr should name the corrupted report once: %s", errb.String())
	}
	md, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"2 repositories, 2 JSON reports and 2 CycloneDX documents merged", "**1 input skipped**",
		"| `pkg:npm/%40modelcontextprotocol/server-postgres` | `0.6.2` | 2 | 2 |", "| acme-api | 9 |"} {
		if !strings.Contains(string(md), s) {
			t.Errorf("summary lacks %q:\n%s", s, md)
		}
	}
	if code := run([]string{"merge", filepath.Join(dir, "broken")}, &out, &errb); code != exitUsage {
		t.Errorf("merging only a corrupted report: exit %d, want %d", code, exitUsage)
	}
}
