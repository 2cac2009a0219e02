package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

type jsonFindings struct {
	Findings []struct {
		Rule, Level, File, Message, Fingerprint string
		Line                                    int
	}
	Summary struct{ Errors, Warnings, Infos, Baselined int }
}

func checkJSON(t *testing.T, args ...string) (jsonFindings, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"check", "--format", "json"}, args...), &out, &errb)
	var doc jsonFindings
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("exit %d: %v\n%s%s", code, err, out.String(), errb.String())
	}
	return doc, code
}

// TestBaselineSurvivesLinesMoving: a baseline of a repo reports 0 new
// findings on the unchanged repo, and still 0 after lines are inserted
// above the findings.
func TestBaselineSurvivesLinesMoving(t *testing.T) {
	t.Parallel() // touches no package global, no working folder, no environment
	root := t.TempDir()
	cfg := `{
  "mcpServers": {
    "docs": { "type": "http", "url": "http://docs.example.com/mcp" },
    "fs": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@latest", "."] }
  }
}
`
	writeFiles(t, root, map[string]string{".mcp.json": cfg})
	var base, errb bytes.Buffer
	if code := run([]string{"baseline", root}, &base, &errb); code != exitOK {
		t.Fatalf("baseline exit %d: %s", code, errb.String())
	}
	bl := filepath.Join(t.TempDir(), "baseline.json")
	if err := os.WriteFile(bl, base.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	all, _ := checkJSON(t, root)
	if len(all.Findings) < 2 {
		t.Fatalf("the fixture should have findings: %+v", all)
	}
	doc, code := checkJSON(t, "--baseline", bl, root)
	if len(doc.Findings) != 0 || code != exitOK || doc.Summary.Baselined != len(all.Findings) {
		t.Fatalf("unchanged repo: %d new, exit %d, %d baselined (want 0, 0, %d)", len(doc.Findings), code, doc.Summary.Baselined, len(all.Findings))
	}
	moved := strings.Replace(cfg, "{\n  \"mcpServers\": {\n", "{\n  \"mcpServers\": {\n    \"new-ok\": { \"type\": \"http\", \"url\": \"https://ok.example.com/mcp\" },\n\n\n", 1)
	writeFiles(t, root, map[string]string{".mcp.json": moved})
	doc, _ = checkJSON(t, "--baseline", bl, root)
	if len(doc.Findings) != 0 {
		t.Errorf("after inserting lines: %d new findings: %+v", len(doc.Findings), doc.Findings)
	}
	// A new problem is still reported.
	writeFiles(t, root, map[string]string{".mcp.json": strings.Replace(moved, "https://ok.example.com", "http://new.example.com", 1)})
	doc, code = checkJSON(t, "--baseline", bl, root)
	if len(doc.Findings) != 1 || code != exitFindings {
		t.Errorf("a new finding must be reported: %+v exit %d", doc.Findings, code)
	}
}

// TestFixDiffsApplyWithGitApply: the diffs of a url-without-type fix and a
// wrong-root-key fix apply with git apply and give what fix writes.
func TestFixDiffsApplyWithGitApply(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	files := map[string]string{
		".mcp.json": `{
  "mcpServers": {
    "docs": {
      "url": "https://docs.example.com/mcp"
    }
  }
}
`,
		".cursor/mcp.json": `{
  "servers": {
    "linear": { "url": "https://mcp.linear.app/mcp" }
  }
}
`,
	}
	repo := t.TempDir()
	writeFiles(t, repo, files)
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	var diff, errb bytes.Buffer
	code := runIn(world{dir: repo}, []string{"fix", "--diff", "."}, &diff, &errb)
	if code != exitFindings {
		t.Fatalf("fix --diff with fixes pending: exit %d, want 1 (ruff's convention): %s", code, errb.String())
	}
	for _, want := range []string{`+      "type": "http",`, `+  "mcpServers": {`, "--- a/.mcp.json", "--- a/.cursor/mcp.json"} {
		if !strings.Contains(diff.String(), want) {
			t.Fatalf("diff lacks %q:\n%s", want, diff.String())
		}
	}
	if strings.Contains(diff.String(), "review only") {
		t.Fatalf("these fixes hold no secret, the diff must apply:\n%s", diff.String())
	}
	if err := os.WriteFile(filepath.Join(repo, "fix.diff"), diff.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	git("apply", "fix.diff")
	applied := map[string]string{}
	for rel := range files {
		b, _ := os.ReadFile(filepath.Join(repo, rel))
		applied[rel] = string(b)
	}
	// fix on a fresh copy must write the same bytes.
	fresh := t.TempDir()
	writeFiles(t, fresh, files)
	var out bytes.Buffer
	if code := run([]string{"fix", fresh}, &out, &errb); code != exitOK {
		t.Fatalf("fix exit %d: %s", code, errb.String())
	}
	for rel, want := range applied {
		got, _ := os.ReadFile(filepath.Join(fresh, rel))
		if string(got) != want {
			t.Errorf("%s: git apply gave\n%s\nfix wrote\n%s", rel, want, got)
		}
	}
	doc, _ := checkJSON(t, fresh)
	for _, f := range doc.Findings {
		if f.Rule == "schema/url-without-type" || f.Rule == "schema/wrong-root-key" {
			t.Errorf("still reported after fix: %+v", f)
		}
	}
}

// TestConfigLevelsIgnoresAndErrors: .mcplint.toml changes levels, turns
// rules off and ignores by path; a misspelt rule or an ignore without a
// reason is a usage error naming the line.
func TestConfigLevelsIgnoresAndErrors(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		".mcp.json": `{"mcpServers": {"docs": {"type": "http", "url": "http://docs.example.com/mcp"},
"fs": {"command": "npx", "args": ["-y", "pkg@latest"]}}}`,
		".mcplint.toml": `[rules]
"transport/https-only" = "warning"

[[ignore]]
rule = "supply-chain/unpinned-package"
path = "*.json"
reason = "being replaced this sprint"
`,
	})
	doc, code := checkJSON(t, root)
	levels := map[string]string{}
	for _, f := range doc.Findings {
		levels[f.Rule] = f.Level
	}
	if levels["transport/https-only"] != "warning" || levels["supply-chain/unpinned-package"] != "" || code != exitOK {
		t.Errorf("levels %v exit %d", levels, code)
	}
	for name, cfg := range map[string]string{
		"unknown rule": "[rules]\n\"transport/https-onyl\" = \"off\"\n",
		"no reason":    "[[ignore]]\nrule = \"transport/https-only\"\npath = \"*\"\n",
		"bad level":    "[rules]\n\"transport/https-only\" = \"loud\"\n",
		"unknown key":  "[budjet]\nservers_warn = 3\n",
	} {
		writeFiles(t, root, map[string]string{".mcplint.toml": cfg})
		var out, errb bytes.Buffer
		if code := run([]string{"check", root}, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), ".mcplint.toml:") {
			t.Errorf("%s: exit %d, stderr %q", name, code, errb.String())
		}
	}
}

// TestCustomPolicy: --policy loads a user's rule with the same contract;
// a broken one is an error naming file:line.
func TestCustomPolicy(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"project/.mcp.json": `{"mcpServers": {"internal": {"type": "http", "url": "https://mcp.internal.example.com/mcp"}}}`,
		"policies/no_internal.rego": `# METADATA
# title: No internal hosts in shared configs
# description: Servers on *.internal.example.com are for the office network only.
# custom:
#   level: warning
package mcplint.custom.org["no-internal-hosts"]

import data.mcplint.lib

report contains lib.at(s, s.url.pointer, sprintf("%s is on the office network only", [s.url.host])) if {
	some s in lib.servers("url")
	endswith(s.url.host, ".internal.example.com")
}
`,
		"broken/bad.rego": "package mcplint.custom.org[\"bad\"]\n\nreport contains x if {\n\tx := input.servers[_].no_such_field\n}\n",
	})
	doc, _ := checkJSON(t, "--policy", filepath.Join(root, "policies"), filepath.Join(root, "project"))
	found := false
	for _, f := range doc.Findings {
		if f.Rule == "org/no-internal-hosts" && f.Level == "warning" && f.Line == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("custom rule did not fire: %+v", doc.Findings)
	}
	var out, errb bytes.Buffer
	code := run([]string{"check", "--policy", filepath.Join(root, "broken"), filepath.Join(root, "project")}, &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), "bad.rego:4") {
		t.Errorf("broken policy: exit %d, stderr %q", code, errb.String())
	}
}

// fix --diff exits 0 when nothing is left to fix, 1 when fixes are pending.
func TestFixDiffExitsZeroWhenNothingIsPending(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(`{"mcpServers": {"docs": {"type": "http", "url": "https://mcp.example.com/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"fix", "--diff", "--no-config", dir}, &out, &errb); code != exitOK || out.Len() != 0 {
		t.Errorf("exit %d, diff %q, stderr %s", code, out.String(), errb.String())
	}
}
