package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyResultSaysSo: a folder without any MCP configuration is not
// reported as clean in silence: check and list say so on stderr with the
// names looked for and the hints, exit 0, or 1 with --fail-on-empty.
func TestEmptyResultSaysSo(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"README.md": "no configs here\n", "mcp-servers.json": `{"mcpServers": {}}`})
	for _, cmd := range []string{"check", "list"} {
		for _, fail := range []bool{false, true} {
			args := []string{cmd, root}
			want := exitOK
			if fail {
				args = []string{cmd, "--fail-on-empty", root}
				want = exitFindings
			}
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			msg := errb.String()
			for _, part := range []string{"no MCP configuration file found in " + root, ".mcp.json", ".vscode/mcp.json", ".codex/config.toml", "--home", "--client", "name it as a PATH"} {
				if !strings.Contains(msg, part) {
					t.Errorf("%v: stderr lacks %q:\n%s", args, part, msg)
				}
			}
			if code != want {
				t.Errorf("%v: exit %d, want %d", args, code, want)
			}
		}
	}
	// A found file, even one without servers, is a result: no note.
	writeFiles(t, root, map[string]string{".mcp.json": `{"mcpServers": {}}`})
	for _, cmd := range []string{"check", "list"} {
		var out, errb bytes.Buffer
		if code := run([]string{cmd, "--fail-on-empty", root}, &out, &errb); code != exitOK || strings.Contains(errb.String(), "no MCP configuration") {
			t.Errorf("%s with a config: exit %d, stderr %q", cmd, code, errb.String())
		}
	}
}

// TestMaxFileSizeMustBePositive: a size of 0 or below would read nothing
// or everything; it is a usage error in every command that loads.
func TestMaxFileSizeMustBePositive(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".mcp.json": `{"mcpServers": {}}`})
	for _, cmd := range []string{"check", "list", "fix", "baseline", "lsp"} {
		for _, v := range []string{"0", "-1"} {
			args := []string{cmd, "--max-file-size", v}
			if cmd != "lsp" {
				args = append(args, root)
			}
			var out, errb bytes.Buffer
			if code := run(args, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "--max-file-size "+v) {
				t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
			}
		}
	}
}

// TestConfigTypeErrorNamesSettingAndColumn: the CLI passes the config's
// type error through with file:line:col, exit 2; a documented budget
// setting is accepted.
func TestConfigTypeErrorNamesSettingAndColumn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".mcp.json": `{"mcpServers": {}}`, ".mcplint.toml": "[env]\nwindows = \"yes\"\n"})
	var out, errb bytes.Buffer
	code := run([]string{"check", root}, &out, &errb)
	if want := filepath.Join(root, ".mcplint.toml") + ":2:11: setting env.windows: want true or false, not a string"; code != exitUsage || !strings.Contains(errb.String(), want) {
		t.Errorf("exit %d, stderr %q, want %q", code, errb.String(), want)
	}
	writeFiles(t, root, map[string]string{".mcplint.toml": "[budget]\nservers_warn = 8\n"})
	out.Reset()
	errb.Reset()
	if code := run([]string{"check", root}, &out, &errb); code != exitOK {
		t.Errorf("servers_warn = 8: exit %d, stderr %q", code, errb.String())
	}
}
