package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExplainSuggestsTheRuleMeant(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := run([]string{"explain", "literal-key"}, &out, &errb); code != exitUsage {
		t.Fatalf("exit %d, want %d", code, exitUsage)
	}
	if want := `unknown rule "literal-key": did you mean secrets/literal-key?`; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"explain", "secrets/literal-key"}, &out, &errb); code != exitOK || !strings.Contains(out.String(), "Rotate it") {
		t.Errorf("explain secrets/literal-key: exit %d, rotation advice missing:\n%s", code, out.String())
	}
}

// A file named on the command line whose client is worked out from its
// content says which client it was read as, and why.
func TestNamedFileSaysWhichClient(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "windsurf.mcp.json")
	if err := os.WriteFile(p, []byte(`{"mcpServers": {"api": {"serverUrl": "https://api.example.com/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	q := filepath.Join(dir, "shared.mcp.json")
	if err := os.WriteFile(q, []byte(`{"mcpServers": {"api": {"command": "npx", "args": ["-y", "api-mcp@1.0.0"]}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	run([]string{"check", "--no-config", p, q}, &out, &errb)
	for _, want := range []string{
		`windsurf.mcp.json: read as Windsurf's config (its entries use "serverUrl", Windsurf's key)`,
		"shared.mcp.json: read as a generic mcpServers config",
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
	if strings.Contains(out.String(), "schema/missing-transport") {
		t.Errorf("serverUrl read as Claude Code's:\n%s", out.String())
	}
}

// A mistyped command or flag is answered with the one meant, as ruff and
// golangci-lint do; -q is --quiet.
func TestMistypedCommandsAndFlags(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"chek", "."}, `unknown command "chek": did you mean check?`},
		{[]string{"lsit"}, `unknown command "lsit": did you mean list?`},
		{[]string{"check", "--formt", "json", "."}, "mcplint check: unknown flag --formt: did you mean --format?"},
		{[]string{"list", "--hoem", "/tmp", "."}, "mcplint list: unknown flag --hoem: did you mean --home?"},
		{[]string{"check", "--zzzzzz", "."}, "mcplint check: unknown flag --zzzzzz\nRun 'mcplint check --help' for its flags."},
	} {
		code, out, errOut := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "npx", "args": ["a"]}}}`})
	_, long, _ := runCLI(t, "check", "--quiet", dir)
	_, short, _ := runCLI(t, "check", "-q", dir)
	if short != long || strings.Contains(short, "help:") || !strings.Contains(short, "unpinned-package") {
		t.Errorf("-q printed %q, --quiet %q", short, long)
	}
}

// Every command's --help prints its usage once and exits 0 (version
// takes no flags and prints the version).
func TestHelpIsPrintedOnce(t *testing.T) {
	t.Parallel()
	for _, c := range commands() {
		if c.name == "version" {
			continue
		}
		code, out, errOut := runCLI(t, c.name, "--help")
		help := out + errOut
		first, _, _ := strings.Cut(help, "\n")
		if n := strings.Count(help, first); code != exitOK || !strings.HasPrefix(first, "Usage: mcplint "+c.name) || n != 1 {
			t.Errorf("%s --help: exit %d, first line %q printed %d times", c.name, code, first, n)
		}
	}
}
