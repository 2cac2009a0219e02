package main

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/leakcorpus"
	"github.com/mcplint/mcplint/probe/probetest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLeakCorpus plants secrets everywhere a repository can put them (see
// internal/leakcorpus) and runs every command that reads configs over the
// tree: no 8-character piece of any planted secret may appear in any
// output or on standard error. MCPLINT_LEAK_SEED picks another corpus.
func TestLeakCorpus(t *testing.T) {
	t.Parallel()
	projects := 400
	if testing.Short() {
		projects = 40
	}
	root := t.TempDir()
	c, err := leakcorpus.Generate(root, leakcorpus.Seed(), projects)
	if err != nil {
		t.Fatal(err)
	}
	w := world{dir: root}
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
		code := runIn(w, args, &stdout, &stderr)
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

// TestLeakCorpusExportMergeProbe carries the leak corpus through the
// commands that write files for others: export of every planted server in
// both formats (output and errors), merge over the JSON reports and SBOMs
// of the corpus and over planted bad reports, and probe of servers whose
// answers hold planted secrets. No 8-character piece of a secret may
// appear in any output, error, snapshot or pins file.
func TestLeakCorpusExportMergeProbe(t *testing.T) {
	t.Parallel()
	projects := 200
	if testing.Short() {
		projects = 30
	}
	root := t.TempDir()
	c, err := leakcorpus.Generate(root, leakcorpus.Seed(), projects)
	if err != nil {
		t.Fatal(err)
	}
	w := world{dir: root}
	check := func(what string, texts ...string) {
		t.Helper()
		for _, leak := range c.Leaks(strings.Join(texts, "\n")) {
			t.Errorf("%s: %s", what, leak)
		}
	}
	run1 := func(args ...string) (int, string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := runIn(w, args, &stdout, &stderr)
		if code == exitInternal {
			t.Errorf("mcplint %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		return code, stdout.String(), stderr.String()
	}

	// export: every planted server, both formats, to standard output and
	// to a file; and a planted name that is not there.
	exported, refused := 0, 0
	out := filepath.Join(t.TempDir(), "out.json")
	for _, s := range c.Servers {
		for _, format := range []string{"paseo", "registry"} {
			code, stdout, stderr := run1("export", "--format", format, s.Name, s.Dir)
			if code == exitOK {
				exported++
			} else {
				refused++
			}
			check("mcplint export --format "+format, stdout, stderr)
			os.Remove(out)
			_, stdout, stderr = run1("export", "--format", format, "--output", out, s.Name, s.Dir)
			b, _ := os.ReadFile(out)
			check("mcplint export --output", stdout, stderr, string(b))
		}
	}
	if len(c.Servers) > 0 {
		code, stdout, stderr := run1("export", c.Servers[0].Name+"x", c.Servers[0].Dir)
		if code == exitOK {
			t.Errorf("export of a server that is not there: exit 0")
		}
		check("mcplint export of a missing server", stdout, stderr)
	}
	if exported == 0 || refused == 0 {
		t.Errorf("export: %d exported, %d refused of %d servers: the corpus reaches only one path", exported, refused, len(c.Servers))
	}

	// merge: the reports and SBOMs of every project, and bad ones.
	reports := t.TempDir()
	projectDirs, _ := filepath.Glob(filepath.Join(root, "p*"))
	for _, p := range projectDirs {
		_, rep, _ := run1("check", "--no-config", "--format", "json", p)
		_, bom, _ := run1("list", "--format", "cyclonedx", p)
		writeText(t, filepath.Join(reports, filepath.Base(p), "report.json"), rep)
		writeText(t, filepath.Join(reports, filepath.Base(p), "bom.cdx.json"), bom)
	}
	if err := c.BadReports(reports); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"json", "markdown"} {
		code, stdout, stderr := run1("merge", "--format", format, reports)
		if code != exitOK || !strings.Contains(stderr, "skipped") {
			t.Errorf("mcplint merge --format %s: exit %d, want 0 with the bad reports skipped:\n%s", format, code, stderr)
		}
		check("mcplint merge --format "+format, stdout, stderr)
		os.Remove(out)
		_, stdout, stderr = run1("merge", "--format", format, "--output", out, reports)
		b, _ := os.ReadFile(out)
		check("mcplint merge --output", stdout, stderr, string(b))
	}
	bad, _ := filepath.Glob(filepath.Join(reports, "*", "*.json"))
	for _, f := range bad {
		if strings.HasPrefix(f, filepath.Join(reports, "p")) {
			continue
		}
		_, stdout, stderr := run1("merge", f)
		check("mcplint merge "+filepath.Base(filepath.Dir(f)), stdout, stderr)
	}

	// probe: a local server over stdio and one over HTTP, both answering
	// with planted secrets, named by secrets, with a secret in their env.
	tools, instructions := c.Answers(3)
	toolsFile := filepath.Join(t.TempDir(), "tools.json")
	b, _ := json.Marshal(tools)
	writeText(t, toolsFile, string(b))
	var mtools []*mcp.Tool
	if err := json.Unmarshal(b, &mtools); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(probetest.Handlers(probetest.New(mtools, instructions, 2), "", ""))
	defer srv.Close()
	names := []string{}
	// Names long enough that every mcp__<name>__<tool> is over 64
	// characters, so budget/tool-name-length shows that check joins the
	// snapshots to their servers whatever the tools are called.
	for _, s := range c.Servers {
		if leakcorpus.Secretish(s.Name) && len(s.Name) >= 60 && len(names) < 2 {
			names = append(names, s.Name)
		}
	}
	if len(names) < 2 {
		t.Fatalf("the corpus has %d secret-like server names", len(names))
	}
	dir := filepath.Join(root, "probed")
	writeJSONFile(t, filepath.Join(dir, ".mcp.json"), map[string]any{"mcpServers": map[string]any{
		names[0]: stdioServer(t, map[string]string{probetest.EnvMode: "stdio", probetest.EnvTools: toolsFile,
			probetest.EnvInstr: instructions, probetest.EnvPage: "2"}),
		names[1]: map[string]any{"type": "http", "url": srv.URL + "/mcp"},
	}})
	for _, args := range [][]string{
		{"probe", "--yes", "--no-config", dir},
		{"probe", "--yes", "--no-config", "--update", dir},
		{"check", "--no-config", "--format", "text", dir},
		{"check", "--no-config", "--format", "json", dir},
	} {
		code, stdout, stderr := run1(args...)
		if args[0] == "probe" && code != exitOK && code != exitFindings {
			t.Errorf("mcplint %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
		check("mcplint "+strings.Join(args, " "), stdout, stderr)
		// The snapshots, named by the servers' ids, still belong to the
		// servers: their tools' long names are measured.
		if args[0] == "check" && args[3] == "json" && !strings.Contains(stdout, "characters, over the 64") {
			t.Errorf("check does not see the tools of the probed servers:\n%s", stdout)
		}
	}
	var written []string
	filepath.Walk(filepath.Join(dir, ".mcplint"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			written = append(written, p)
			b, _ := os.ReadFile(p)
			check("probe wrote "+filepath.Base(p), p, string(b))
		}
		return nil
	})
	if len(written) < 3 {
		t.Errorf("probe wrote %v: want two snapshots and the pins file", written)
	}
	t.Logf("%d servers: %d exports, %d refused; %d reports merged; probe wrote %d files", len(c.Servers), exported, refused, len(projectDirs), len(written))
}

func writeText(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
