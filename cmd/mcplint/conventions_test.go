package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/schema"
)

const stdinToken = "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc"

type jsonReport struct {
	Version  string
	Findings []struct {
		Rule, Client, File, Message string
	}
}

// TestStdinIsCheckedAsTheNamedFile: `- --stdin-filename .cursor/mcp.json`
// lints the text of standard input as Cursor's project file (its reference
// syntax in the advice), and the token never appears in the output.
func TestStdinIsCheckedAsTheNamedFile(t *testing.T) {
	t.Parallel()
	w := world{dir: t.TempDir()}
	src := `{"mcpServers": {"gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "` + stdinToken + `"}}}}`
	for _, tc := range []struct{ name, client, advice string }{
		{".cursor/mcp.json", "cursor", "${env:GITHUB_TOKEN}"},
		{".mcp.json", "claude-code", "${GITHUB_TOKEN}"},
	} {
		w.stdin = src
		var out, errb bytes.Buffer
		code := runIn(w, []string{"check", "--no-config", "--format", "json", "--stdin-filename", tc.name, "-"}, &out, &errb)
		if code != exitFindings {
			t.Fatalf("%s: exit %d, stderr %s", tc.name, code, errb.String())
		}
		var rep jsonReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
		var lit int
		for _, f := range rep.Findings {
			if f.Rule == "secrets/literal-key" {
				lit++
				if f.Client != tc.client || f.File != tc.name || !strings.Contains(f.Message, tc.advice) {
					t.Errorf("%s: %+v", tc.name, f)
				}
			}
		}
		if lit != 1 {
			t.Errorf("%s: %d literal-key findings: %s", tc.name, lit, out.String())
		}
		if strings.Contains(out.String()+errb.String(), stdinToken[4:]) {
			t.Errorf("%s: the token is in the output", tc.name)
		}
	}
	// Without a name the text is recognised by its content.
	var out, errb bytes.Buffer
	if code := runIn(w, []string{"check", "--no-config", "--format", "json", "-"}, &out, &errb); code != exitFindings {
		t.Fatalf("unnamed stdin: exit %d %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"file": "stdin"`) {
		t.Errorf("unnamed stdin:\n%s", out.String())
	}
	// --stdin-filename without -, and - twice, are usage errors.
	for _, args := range [][]string{{"--stdin-filename", ".mcp.json", "."}, {"-", "-"}} {
		if code := runIn(w, append([]string{"check", "--no-config"}, args...), &out, &errb); code != exitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// TestOutputFileAndSARIFOnBadInput: --output replaces the file whole; a
// bad path with SARIF still writes a schema-valid log carrying the error,
// and a bad path with another format leaves the old file as it was.
func TestOutputFileAndSARIFOnBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w := world{dir: dir}
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(`{"mcpServers": {"d": {"type": "http", "url": "http://docs.example.com/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := runIn(w, []string{"check", "--no-config", "--format", "json", "--output", "report.json", "."}, &out, &errb); code != exitFindings {
		t.Fatalf("exit %d %s", code, errb.String())
	}
	if out.Len() != 0 {
		t.Errorf("stdout with --output: %q", out.String())
	}
	first, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.ValidateFindings(first); err != nil {
		t.Fatalf("report.json: %v", err)
	}
	if code := runIn(w, []string{"check", "--no-config", "--format", "json", "--output", "report.json", "missing-folder"}, &out, &errb); code != exitUsage {
		t.Fatalf("missing folder: exit %d", code)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "report.json")); !bytes.Equal(again, first) {
		t.Errorf("a failed json run changed the output file")
	}
	for _, args := range [][]string{{"missing-folder"}, {"--fail-level", "loud", "."}, {"--config", "nope.toml", "."}} {
		errb.Reset()
		code := runIn(w, append([]string{"check", "--format", "sarif", "--output", "out.sarif"}, args...), &out, &errb)
		if code != exitUsage {
			t.Fatalf("%v: exit %d", args, code)
		}
		b, err := os.ReadFile(filepath.Join(dir, "out.sarif"))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.ValidateSARIF(b); err != nil {
			t.Fatalf("%v: SARIF on exit 2 does not validate: %v\n%s", args, err, b)
		}
		var log struct {
			Runs []struct {
				Results     []any
				Invocations []struct {
					ExecutionSuccessful        bool
					ToolExecutionNotifications []struct{ Message struct{ Text string } }
				}
			}
		}
		if err := json.Unmarshal(b, &log); err != nil {
			t.Fatal(err)
		}
		inv := log.Runs[0].Invocations
		if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 || len(log.Runs[0].Results) != 0 {
			t.Fatalf("%v: %s", args, b)
		}
		msg := inv[0].ToolExecutionNotifications[0].Message.Text
		if msg == "" || !strings.Contains(errb.String(), msg) {
			t.Errorf("%v: notification %q, stderr %q", args, msg, errb.String())
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestQuietAndColor: --quiet drops the summary and help lines; colour
// follows --color, then NO_COLOR over FORCE_COLOR, and is off for a file.
func TestQuietAndColor(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{}
	w := world{dir: dir, env: env}
	good := filepath.Join(dir, "good")
	if err := os.MkdirAll(good, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(good, ".mcp.json"), []byte(`{"mcpServers": {"d": {"type": "http", "url": "https://docs.example.com/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(`{"mcpServers": {"d": {"type": "http", "url": "http://docs.example.com/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := runIn(w, append([]string{"check", "--no-config"}, args...), &out, &errb)
		return out.String(), code
	}
	if out, code := check("--quiet", "good"); code != exitOK || out != "" {
		t.Errorf("quiet clean run: exit %d, %q", code, out)
	}
	out, _ := check("--quiet", ".mcp.json")
	if !strings.Contains(out, "transport/https-only") || strings.Contains(out, "help:") || strings.Contains(out, "finding") {
		t.Errorf("quiet run with findings:\n%s", out)
	}
	if out, _ := check(".mcp.json"); !strings.Contains(out, "help: mcplint explain") || !strings.Contains(out, "1 file") {
		t.Errorf("default run:\n%s", out)
	}
	hasColor := func(args ...string) bool {
		out, _ := check(append(args, ".mcp.json")...)
		return strings.Contains(out, "\x1b[")
	}
	if hasColor() {
		t.Error("colour on a buffer without FORCE_COLOR")
	}
	if !hasColor("--color", "always") || hasColor("--color", "never") {
		t.Error("--color always/never not followed")
	}
	env["FORCE_COLOR"] = "1"
	if !hasColor() || hasColor("--color", "never") {
		t.Error("FORCE_COLOR=1 not followed, or it beat --color never")
	}
	env["FORCE_COLOR"] = "0"
	if hasColor() {
		t.Error("FORCE_COLOR=0 turned colour on")
	}
	env["FORCE_COLOR"] = "1"
	env["NO_COLOR"] = "1"
	if hasColor() {
		t.Error("NO_COLOR should win over FORCE_COLOR")
	}
	if !hasColor("--color", "always") {
		t.Error("--color always should win over NO_COLOR")
	}
	delete(env, "NO_COLOR")
	if _, code := check("--color", "sometimes", ".mcp.json"); code != exitUsage {
		t.Errorf("--color sometimes: exit %d", code)
	}
}

// TestSARIFEndToEndCapAndRoot: a monorepo with more than 30,000 findings
// gives a SARIF run of exactly 25,000 results with a notification naming
// how many were found; run from a subfolder, URIs are relative to the
// folder holding .git (or --root), and the log holds no local path.
func TestSARIFEndToEndCapAndRoot(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("checks 30,000 servers")
	}
	repo := t.TempDir()
	files := map[string]string{".git/HEAD": "ref: refs/heads/main\n"}
	// Two findings a server (plain http, a literal token), so half as
	// many servers to check.
	const projects, perProject = 16, 1000
	for p := 0; p < projects; p++ {
		var b strings.Builder
		b.WriteString(`{"mcpServers": {`)
		for i := 0; i < perProject; i++ {
			if i > 0 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, `"s%d": {"type": "http", "url": "http://s%d.example.com/mcp", "headers": {"Authorization": "Bearer ghp_R4nd0mT0k3nF0rTh3H00kT3st1ngAbCdEf%02d"}}`, i, i, i%100)
		}
		b.WriteString("}}\n")
		files[fmt.Sprintf("packages/p%02d/.mcp.json", p)] = b.String()
	}
	writeFiles(t, repo, files)
	w := world{dir: filepath.Join(repo, "packages")}
	var out, errb bytes.Buffer
	if code := runIn(w, []string{"check", "--no-config", "--format", "json", "--quiet", "."}, &out, &errb); code != exitFindings {
		t.Fatalf("json: exit %d %s", code, errb.String())
	}
	var rep jsonReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	total := len(rep.Findings)
	if total < 30000 {
		t.Fatalf("%d findings, want more than 30,000", total)
	}
	out.Reset()
	if code := runIn(w, []string{"check", "--no-config", "--format", "sarif", "."}, &out, &errb); code != exitFindings {
		t.Fatalf("sarif: exit %d %s", code, errb.String())
	}
	if err := schema.ValidateSARIF(out.Bytes()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Invocations []struct {
				ToolExecutionNotifications []struct{ Message struct{ Text string } }
			}
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0]
	if len(r.Results) != 25000 {
		t.Errorf("%d results, want 25000", len(r.Results))
	}
	want := fmt.Sprintf("%d results were found; %d of the lowest level were left out", total, total-25000)
	if len(r.Invocations) != 1 || len(r.Invocations[0].ToolExecutionNotifications) != 1 || !strings.Contains(r.Invocations[0].ToolExecutionNotifications[0].Message.Text, want) {
		t.Errorf("notification: %+v, want %q", r.Invocations, want)
	}
	if loc := r.Results[0].Locations[0].PhysicalLocation.ArtifactLocation; loc.URI != "packages/p00/.mcp.json" || loc.URIBaseID != "%SRCROOT%" {
		t.Errorf("URI from a subfolder: %+v", loc)
	}
	if strings.Contains(out.String(), repo) {
		t.Error("the SARIF log holds the local path of the repository")
	}
	// --root moves the base.
	out.Reset()
	if code := runIn(w, []string{"check", "--no-config", "--format", "sarif", "--root", ".", "p00"}, &out, &errb); code != exitFindings {
		t.Fatalf("--root: exit %d %s", code, errb.String())
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if loc := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation; loc.URI != "p00/.mcp.json" {
		t.Errorf("URI with --root .: %+v", loc)
	}
}

// Standard input without --stdin-filename names no client, so whether
// ${env:NAME} is expanded cannot be known: no finding guesses it. Syntax
// no client expands is still reported; named, the file gets its client's
// finding.
func TestStdinWithoutANameGuessesNoClient(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "gh-mcp@1.0.0"], "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}", "HOST": "${process.env.HOST}"}}}}`
	count := func(args ...string) (env, js int) {
		var out, errb bytes.Buffer
		runIn(world{dir: dir, stdin: src}, append([]string{"check", "--no-config", "--format", "json"}, args...), &out, &errb)
		var rep jsonReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errb.String())
		}
		for _, f := range rep.Findings {
			if f.Rule != "secrets/reference-not-expanded" {
				continue
			}
			if strings.Contains(f.Message, "${env:GITHUB_TOKEN}") {
				env++
			} else if strings.Contains(f.Message, "${process.env.HOST}") {
				js++
			}
		}
		return env, js
	}
	if env, js := count("-"); env != 0 || js != 1 {
		t.Errorf("unnamed stdin: %d findings on ${env:…}, %d on ${process.env.…}; want 0 and 1", env, js)
	}
	if env, js := count("--stdin-filename", ".mcp.json", "-"); env != 1 || js != 1 {
		t.Errorf("stdin named .mcp.json: %d findings on ${env:…}, %d on ${process.env.…}; want 1 and 1", env, js)
	}
}
