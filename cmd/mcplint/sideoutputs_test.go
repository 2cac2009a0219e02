package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneRunGivesSARIFAnnotationsAndSummary: --format sarif --output FILE
// with --annotations and --summary FILE writes the SARIF log, prints the
// annotations and appends a Markdown table of the findings by rule and
// level, in one run, with the same exit code as a plain check; the
// summary never shows the secret.
func TestOneRunGivesSARIFAnnotationsAndSummary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const token = "ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u"
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {
  "a": {"type": "http", "url": "http://a.example.com/mcp"},
  "b": {"type": "http", "url": "http://b.example.com/mcp", "headers": {"Authorization": "Bearer ` + token + `"}},
  "c": {"command": "npx", "args": ["-y", "pkg@latest"]}}}`})
	sarif := filepath.Join(dir, "out", "mcplint.sarif")
	if err := os.Mkdir(filepath.Dir(sarif), 0o755); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(dir, "summary.md")
	if err := os.WriteFile(summary, []byte("earlier step\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "check", "--no-config", "--format", "sarif", "--output", sarif, "--annotations", "--summary", summary, dir)
	if code != exitFindings {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	b, err := os.ReadFile(sarif)
	if err != nil || !strings.Contains(string(b), `"runs"`) || !strings.Contains(string(b), "transport/https-only") {
		t.Fatalf("SARIF %v: %.200s", err, b)
	}
	if n := strings.Count(out, "::error file="); n < 3 || !strings.Contains(out, "title=transport/https-only::") || !strings.Contains(out, "mcplint: ") {
		t.Errorf("annotations (%d errors):\n%s", n, out)
	}
	s, _ := os.ReadFile(summary)
	for _, want := range []string{"earlier step\n### mcplint\n", "| rule | level | findings |", "| `transport/https-only` | error | 2 |", "| `secrets/literal-key` | error | 1 |", "| `supply-chain/unpinned-package` | error | 1 |"} {
		if !strings.Contains(string(s), want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.Index(string(s), "https-only") > strings.Index(string(s), "literal-key") {
		t.Errorf("the most frequent error is not first:\n%s", s)
	}
	for _, text := range []string{out, errOut, string(s), string(b)} {
		if strings.Contains(text, token[4:20]) {
			t.Fatal("the token was printed")
		}
	}
	// A clean project: a summary that says so, no table.
	clean := t.TempDir()
	writeFiles(t, clean, map[string]string{".mcp.json": `{"mcpServers": {"a": {"type": "http", "url": "https://a.example.com/mcp"}}}`})
	cleanSum := filepath.Join(clean, "s.md")
	if code, _, errOut := runCLI(t, "check", "--no-config", "--format", "sarif", "--output", filepath.Join(clean, "x.sarif"), "--summary", cleanSum, clean); code != exitOK {
		t.Fatalf("clean: exit %d %s", code, errOut)
	}
	if s, _ := os.ReadFile(cleanSum); !strings.Contains(string(s), "0 findings in 1 file") || strings.Contains(string(s), "| rule |") {
		t.Errorf("clean summary:\n%s", s)
	}
}

// TestSideOutputsRefuseWhatWouldMix: annotations on standard output next
// to a report on standard output, or a summary in a missing folder, are
// bad flags (exit 2) said before any work.
func TestSideOutputsRefuseWhatWouldMix(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {}}`})
	for _, args := range [][]string{
		{"check", "--format", "sarif", "--annotations", dir},
		{"check", "--annotations", dir},
		{"check", "--summary", filepath.Join(dir, "no", "s.md"), dir},
		{"check", "--summary", dir, dir},
	} {
		if code, _, errOut := runCLI(t, args...); code != exitUsage || !strings.Contains(errOut, "--") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	if code, out, _ := runCLI(t, "check", "--format", "github", "--annotations", dir); code != exitOK || strings.Count(out, "mcplint: ") != 1 {
		t.Errorf("--format github --annotations prints the annotations twice or fails (exit %d):\n%s", code, out)
	}
}

// TestSkipUnrelatedBatchIsSilent: pre-commit hands a batch of files; one
// holding no MCP configuration (an API's own server.json) prints nothing
// and exits 0.
func TestSkipUnrelatedBatchIsSilent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"api/server.json": `{"port": 8080}`})
	code, out, errOut := runCLI(t, "check", "--skip-unrelated", filepath.Join(dir, "api", "server.json"))
	if code != exitOK || out != "" || errOut != "" {
		t.Errorf("exit %d, stdout %q, stderr %q: want silence", code, out, errOut)
	}
	// Without --skip-unrelated the empty run still says so.
	if _, out, errOut := runCLI(t, "check", filepath.Join(dir, "api")); !strings.Contains(errOut+out, "no MCP configuration") {
		t.Errorf("the folder scan's empty note is gone: %q %q", out, errOut)
	}
}
