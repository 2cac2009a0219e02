package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/leakcorpus"
)

// TestLeakCorpus plants secrets everywhere a repository can put them (see
// internal/leakcorpus) and runs every command that reads configs over the
// tree: no 8-character piece of any planted secret may appear in any
// output or on standard error. MCPLINT_LEAK_SEED picks another corpus.
func TestLeakCorpus(t *testing.T) {
	projects := 400
	if testing.Short() {
		projects = 40
	}
	root := t.TempDir()
	c, err := leakcorpus.Generate(root, leakcorpus.Seed(), projects)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	runs := [][]string{
		{"check", "--no-config", "--format", "text", "--color", "always", "."},
		{"check", "--no-config", "--format", "json", "."},
		{"check", "--no-config", "--format", "sarif", "."},
		{"check", "--no-config", "--format", "github", "."},
		{"check", "--no-config", "--format", "diff", "."},
		{"check", "--no-config", "--tools", c.NotConfig, "."},
		{"list", "--format", "text", "."},
		{"list", "--format", "json", "."},
		{"list", "--format", "cyclonedx", "."},
		{"baseline", "--no-config", "."},
		{"explain", "secrets/literal-key"},
		{"explain", "schema/parse-error"},
		{"fix", "--no-config", "--diff", "."},
		// Last: it rewrites the files.
		{"fix", "--no-config", "."},
		{"check", "--no-config", "--format", "text", "."},
	}
	findings := 0
	for _, args := range runs {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		if code == exitInternal || code == exitUsage {
			t.Errorf("mcplint %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		if joined := strings.Join(args, " "); strings.Contains(joined, "json") || strings.Contains(joined, "sarif") || strings.Contains(joined, "cyclonedx") || args[0] == "baseline" {
			if !json.Valid(stdout.Bytes()) {
				t.Errorf("mcplint %s: the output is not valid JSON", joined)
			}
		}
		if args[0] == "check" && args[3] == "json" {
			findings = strings.Count(stdout.String(), `"rule":`)
		}
		if strings.Contains(strings.Join(args, " "), "--tools") && strings.Contains(stdout.String()+stderr.String(), "99999:7") {
			t.Errorf("mcplint %s quotes the file named with --tools", strings.Join(args, " "))
		}
		// A hidden name is shown masked (ghp_…****), not as the id the
		// policies saw.
		if args[0] == "check" && strings.Contains(stdout.String()+stderr.String(), "‹id-") {
			t.Errorf("mcplint %s shows a policy-input id", strings.Join(args, " "))
		}
		for _, leak := range c.Leaks(stdout.String() + stderr.String()) {
			t.Errorf("mcplint %s: %s", strings.Join(args, " "), leak)
		}
	}
	if findings < len(c.Files) {
		t.Errorf("only %d findings in %d files: the corpus does not reach the rules", findings, len(c.Files))
	}
	t.Logf("%d secrets in %d files, %d findings (seed %d, %s)", len(c.Secrets), len(c.Files), findings, leakcorpus.Seed(), filepath.Base(root))
}
