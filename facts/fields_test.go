package facts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// loadOne writes one config file at rel under a fresh project (or home,
// when rel starts with "~/") and returns the policy input for it.
func loadOne(t *testing.T, rel, content string) Input {
	t.Helper()
	root := t.TempDir()
	project, home := filepath.Join(root, "project"), filepath.Join(root, "home")
	for _, d := range []string{project, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(project, rel)
	if strings.HasPrefix(rel, "~/") {
		p = filepath.Join(home, rel[2:])
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := loader.Load(loader.Options{WorkDir: root, Paths: []string{project}, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	return testInput(ws)
}

// problemsOf lists "kind key pointer" of every server and document
// problem, plus the messages.
func problemsOf(in Input) (keys []string, msgs []string) {
	for _, d := range in.Documents {
		for _, p := range d.Problems {
			keys = append(keys, p.Kind+" "+p.Pointer)
			msgs = append(msgs, p.Message)
		}
	}
	for _, s := range in.Servers {
		for _, p := range s.FieldProblems {
			keys = append(keys, p.Kind+" "+p.Pointer)
			msgs = append(msgs, p.Message)
		}
	}
	return keys, msgs
}

func TestFieldProblems(t *testing.T) {
	cases := []struct {
		name, file, content string
		want                []string // "kind pointer", in order
		says                []string // substrings of the messages, in order
	}{
		{
			name: "claude code reads env, type and a string command",
			file: ".mcp.json",
			content: `{"mcpServers": {
				"a": {"command": ["npx", "-y", "pkg@1.0.0"], "environment": {"X": "1"}},
				"b": {"type": "streamableHttp", "url": "https://h.example.com/mcp"},
				"c": {"command": "npx", "args": ["-y", 3], "env": {"PORT": 8080}}}}`,
			want: []string{
				"invalid-value /mcpServers/a/command", "unknown-field /mcpServers/a/environment",
				"invalid-value /mcpServers/b/type",
				"invalid-value /mcpServers/c/args/1", "invalid-value /mcpServers/c/env/PORT",
			},
			says: []string{
				`write "command": "npx" and move the other items to "args"`, `rename it to "env"`,
				`write "type": "http"`,
				`item 2 of "args" is a number`, `write "PORT": "8080"`,
			},
		},
		{
			name:    "an empty command or url names nothing to start or reach",
			file:    ".mcp.json",
			content: `{"mcpServers": {"a": {"command": "", "args": ["x"]}, "b": {"type": "http", "url": "  "}, "c": {"command": "npx"}}}`,
			want:    []string{"invalid-value /mcpServers/a/command", "invalid-value /mcpServers/b/url"},
			says:    []string{`"command" is empty: Claude Code has nothing to start`, `"url" is empty: Claude Code has nothing to connect to`},
		},
		{
			name:    "a known field of another client and a near spelling",
			file:    ".cursor/mcp.json",
			content: `{"mcpServers": {"a": {"comand": "npx", "command": "npx", "alwaysAllow": ["x"], "my_note": "kept"}}}`,
			want:    []string{"unknown-field /mcpServers/a/comand", "unknown-field /mcpServers/a/alwaysAllow"},
			says:    []string{`Cursor does not read "comand": rename it to "command"`, `Cursor does not read "alwaysAllow" in a server entry`},
		},
		{
			name:    "codex ignores unknown keys (no deny_unknown_fields) and refuses transport-specific keys",
			file:    "~/.codex/config.toml",
			content: "[mcp_servers.x]\ntype = \"stdio\"\ncommand = \"npx\"\nhttp_headers = { A = \"b\" }\nbearer_token = \"t\"\n",
			want:    []string{"unknown-field /mcp_servers/x/type", "invalid-value /mcp_servers/x/bearer_token", "invalid-value /mcp_servers/x/http_headers"},
			says:    []string{`Codex does not read "type"`, `bearer_token_env_var = "NAME"`, `"http_headers" applies only to url servers`},
		},
		{
			name:    "cwd that Claude Code ignores: where the command starts instead, and how to keep it working",
			file:    ".mcp.json",
			content: `{"mcpServers": {"a": {"command": "node", "args": ["server.js"], "cwd": "./tools/srv"}}}`,
			want:    []string{"unknown-field /mcpServers/a/cwd"},
			says:    []string{`the command starts in the folder Claude Code itself was started in (for a project file, usually the project's root), not in "./tools/srv": make the paths in args absolute or relative to that folder, or use the runner's own option (uv --directory DIR, npm --prefix DIR), then remove "cwd"`},
		},
		{
			name:    "codex: a project layer alone is not judged, a user entry is",
			file:    ".codex/config.toml",
			content: "[mcp_servers.x]\nenabled = false\n",
		},
		{
			name:    "codex user entry without transport",
			file:    "~/.codex/config.toml",
			content: "[mcp_servers.\"my.server\"]\nargs = [\"--stdio\"]\n",
			want:    []string{`missing-transport /mcp_servers/my.server`},
			says:    []string{`Codex refuses [mcp_servers."my.server"]: it has no "command" or "url"`},
		},
		{
			name:    "opencode command array and type",
			file:    "opencode.json",
			content: `{"mcp": {"a": {"type": "stdio", "command": "npx -y pkg@1.0.0", "env": {}}, "b": {"url": "https://h.example.com"}, "c": {"enabled": false}}}`,
			want: []string{
				"invalid-value /mcp/a/type", "invalid-value /mcp/a/command", "unknown-field /mcp/a/env",
				"invalid-value /mcp/b",
			},
			says: []string{`write "type": "local"`, `write "command": ["npx", "-y", "pkg@1.0.0"]`, `rename it to "environment"`, `add "type": "remote"`},
		},
		{
			name:    "missing transport names the foreign key",
			file:    ".mcp.json",
			content: `{"mcpServers": {"f": {"serverUrl": "https://mcp.figma.com/mcp"}, "g": {"args": ["x"]}}}`,
			want:    []string{"missing-transport /mcpServers/f", "missing-transport /mcpServers/g"},
			says:    []string{`rename "serverUrl" to "url" and add "type": "http"`, `add "command": "…" for a local server or "url": "https://…" for a remote one`},
		},
		{
			// schema/url-without-type renames "transport" to "type": the
			// key is not reported again; with a type, it is.
			name:    "a transport key on an untyped url is left to url-without-type",
			file:    ".mcp.json",
			content: `{"mcpServers": {"f": {"url": "https://mcp.figma.com/mcp", "transport": "http"}, "t": {"type": "http", "url": "https://t.example.com/mcp", "transport": "http"}}}`,
			want:    []string{"unknown-field /mcpServers/t/transport"},
			says:    []string{`Claude Code does not read "transport"`},
		},
		{
			name:    "claude desktop reads only command servers",
			file:    "~/.config/Claude/claude_desktop_config.json",
			content: `{"mcpServers": {"l": {"url": "https://mcp.linear.app/sse"}}}`,
			want:    []string{"missing-transport /mcpServers/l"},
			says:    []string{`reads only local ("command") servers from this file and ignores "url"; add remote servers in Settings → Connectors instead`},
		},
		{
			name:    "cline and roo spell streamable http their own way",
			file:    ".roo/mcp.json",
			content: `{"mcpServers": {"r": {"type": "streamableHttp", "url": "https://h.example.com/mcp", "autoApprove": []}}}`,
			want:    []string{"invalid-value /mcpServers/r/type", "unknown-field /mcpServers/r/autoApprove"},
			says:    []string{`write "type": "streamable-http"`, `rename it to "alwaysAllow"`},
		},
		{
			name:    "switches: inverted names and clients without one",
			file:    ".mcp.json",
			content: `{"mcpServers": {"a": {"command": "x", "disabled": true}, "b": {"command": "x", "enabled": true}}}`,
			want:    []string{"unknown-field /mcpServers/a/disabled", "unknown-field /mcpServers/b/enabled"},
			says:    []string{`"disabledMcpjsonServers" in .claude/settings.local.json`, `servers are on by default: remove it`},
		},
		{
			name: "realistic entries of lenient clients pass",
			file: ".zed/settings.json",
			content: `{"context_servers": {
				"a": {"source": "custom", "command": {"path": "node", "args": ["s.js"]}, "env": null},
				"b": {"source": "extension", "settings": {}},
				"c": {"url": "https://h.example.com/mcp", "headers": {"A": "b"}, "timeout": 60, "enabled": false}}}`,
		},
		{
			name:    "goose builtins and the cmd key",
			file:    "~/.config/goose/config.yaml",
			content: "extensions:\n  developer:\n    type: builtin\n    name: developer\n    bundled: true\n  gh:\n    type: stdio\n    command: npx\n    envs:\n      PORT: 8080\n",
			want:    []string{"missing-transport /extensions/gh", "invalid-value /extensions/gh/envs/PORT"},
			says:    []string{`rename "command" to "cmd"`, `write PORT: "8080"`},
		},
		{
			name:    "wrong root keys",
			file:    ".cursor/mcp.json",
			content: `{"servers": {"a": {"url": "https://h.example.com/mcp"}}, "context_servers": {}}`,
			want:    []string{"wrong-root-key /servers"},
			says:    []string{`rename "servers" to "mcpServers"`},
		},
		{
			// The command array the invalid-value finding writes holds
			// the args: they are not reported again.
			name:    "opencode string command with args",
			file:    "opencode.json",
			content: `{"mcp": {"svelte": {"type": "local", "command": "npx", "args": ["-y", "@sveltejs/mcp@0.1.0"]}}}`,
			want:    []string{"invalid-value /mcp/svelte/command"},
			says:    []string{`write "command": ["npx", "-y", "@sveltejs/mcp@0.1.0"]`},
		},
		{
			// Visual Studio reads "servers" in a solution's .mcp.json.
			name:    "a .mcp.json in Visual Studio's format",
			file:    ".mcp.json",
			content: `{"inputs": [], "servers": {"primeng": {"type": "stdio", "command": "npx", "args": ["-y", "@primeng/mcp"]}}}`,
			want:    []string{"wrong-root-key /servers"},
			says:    []string{`"servers", the key Visual Studio reads in a solution's .mcp.json (VS Code's format): Claude Code loads nothing from it`},
		},
		{
			// Both keys: a copy of servers the client already reads
			// changes nothing; one missing there never loads.
			name:    "wrong root key beside the right one",
			file:    ".zed/settings.json",
			content: `{"context_servers": {"tm": {"command": "npx", "args": ["tm@1.0.0"]}}, "mcpServers": {"tm": {"command": "npx"}, "extra": {"command": "x"}}}`,
			want:    []string{"wrong-root-key /mcpServers"},
			says:    []string{`ignores "mcpServers" (Claude Code's key), so "extra" never loads: move it into "context_servers"`},
		},
		{
			name:    "servers as a list",
			file:    ".mcp.json",
			content: `{"mcpServers": [{"name": "gh", "command": "npx"}]}`,
			want:    []string{"wrong-root-key /mcpServers"},
			says:    []string{`write "mcpServers": {"gh": {…}}`},
		},
		{
			name:    "general settings files keep their own keys",
			file:    ".gemini/settings.json",
			content: `{"mcp": {"allowed": ["a"]}, "extensions": {"x": true}, "mcpServers": {"a": {"command": "x", "trust": false, "includeTools": ["t"]}}}`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			keys, msgs := problemsOf(loadOne(t, c.file, c.content))
			if strings.Join(keys, "\n") != strings.Join(c.want, "\n") {
				t.Fatalf("problems:\n%s\nwant:\n%s\nmessages:\n%s", strings.Join(keys, "\n"), strings.Join(c.want, "\n"), strings.Join(msgs, "\n"))
			}
			for i, s := range c.says {
				if !strings.Contains(msgs[i], s) {
					t.Errorf("message %d: %q does not say %q", i, msgs[i], s)
				}
			}
		})
	}
}

func TestManagedServerFields(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, "managed-settings.json")
	if err := os.WriteFile(p, []byte(`{"managedMcpServers": {"m": {"type": "http", "url": "https://h.example.com/mcp", "command": "x", "env": {}}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := loader.Load(loader.Options{WorkDir: root, Paths: []string{p}})
	if err != nil {
		t.Fatal(err)
	}
	keys, msgs := problemsOf(testInput(ws))
	want := "invalid-value /managedMcpServers/m/command\ninvalid-value /managedMcpServers/m/env"
	if strings.Join(keys, "\n") != want {
		t.Fatalf("got\n%s\nwant\n%s\n%s", strings.Join(keys, "\n"), want, strings.Join(msgs, "\n"))
	}
}

func TestLimits(t *testing.T) {
	args := make([]string, 65)
	for i := range args {
		args[i] = `"a"`
	}
	args[3] = `"` + strings.Repeat("x", 1025) + `"`
	in := loadOne(t, ".mcp.json", `{"mcpServers": {
		"u": {"type": "http", "url": "https://h.example.com/?q=`+strings.Repeat("y", 2030)+`"},
		"n": {"command": "npx", "args": [`+strings.Join(args, ", ")+`]},
		"ok": {"command": "npx", "args": ["-y", "pkg@1.0.0"]}}}`)
	keys, msgs := problemsOf(in)
	want := "limits /mcpServers/u/url\nlimits /mcpServers/n/args\nlimits /mcpServers/n/args/3"
	if strings.Join(keys, "\n") != want {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(keys, "\n"), want)
	}
	for i, s := range []string{`address of "u" is 2,055 characters`, `"n" has 65 arguments`, `argument 4 of "n" is 1,025 characters`} {
		if !strings.Contains(msgs[i], s) {
			t.Errorf("%q does not say %q", msgs[i], s)
		}
	}
}

func TestSpecsCoverEveryEntryClient(t *testing.T) {
	for id := range loader.Clients {
		switch id {
		case "registry", "paseo", "oceancode":
			continue // catalogue and trust documents: other rules
		}
		if specs[id] == nil {
			t.Errorf("client %s has no field table in facts/clients.toml", id)
		}
	}
}
