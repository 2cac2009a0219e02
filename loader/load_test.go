package loader

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/finding"
)

// writeTree writes files (slash paths relative to root) and returns root.
// "@PROJECT@" in a file is replaced by the absolute path of root/project.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	project := filepath.ToSlash(filepath.Join(root, "project"))
	for p, body := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(strings.ReplaceAll(body, "@PROJECT@", project)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func mustLoad(t *testing.T, opts Options) *Workspace {
	t.Helper()
	ws, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// find returns the one server with that name whose file path is file (or,
// when none is, ends with "/"+file), failing the test when there is not
// exactly one.
func find(t *testing.T, ws *Workspace, name, file string) *Server {
	t.Helper()
	var got, exact []*Server
	for _, s := range ws.Servers {
		if s.Name == name && (s.Doc.Path == file || strings.HasSuffix(s.Doc.Path, "/"+file)) {
			got = append(got, s)
			if s.Doc.Path == file {
				exact = append(exact, s)
			}
		}
	}
	if len(exact) > 0 {
		got = exact
	}
	if len(got) != 1 {
		var all []string
		for _, s := range ws.Servers {
			all = append(all, s.Doc.Path+"#"+s.Name)
		}
		t.Fatalf("%d servers %q in %s; have %v", len(got), name, file, all)
	}
	return got[0]
}

func wantState(t *testing.T, s *Server, state, reason string) {
	t.Helper()
	if s.State() != state {
		t.Errorf("%s %s (%s): state %s, want %s (reason %q)", s.Doc.Path, s.Name, s.Tier, s.State(), state, s.DisabledBy+s.UntrustedBy)
	}
	got := s.DisabledBy
	if s.Enabled {
		got = s.UntrustedBy
	}
	if reason != "" && got != reason {
		t.Errorf("%s %s: reason %q, want %q", s.Doc.Path, s.Name, got, reason)
	}
}

// Acceptance: --home with a .claude.json whose projects entry names the
// linted project shows the local copy winning over .mcp.json and the user
// copy, each loser marked shadowed.
func TestClaudeLocalBeatsProjectAndUser(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json": `{"mcpServers": {
  "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
  "sentry": {"type": "http", "url": "https://mcp.sentry.dev/mcp"}
}}`,
		"home/.claude.json": `{
  "mcpServers": {
    "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"}
  },
  "projects": {
    "/somewhere/else": {"mcpServers": {"github": {"type": "http", "url": "https://other.example.com/mcp"}}},
    "@PROJECT@": {
      "mcpServers": {
        "github": {"type": "http", "url": "https://github.corp.example.com/api/mcp/"}
      }
    }
  }
}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	var local, user *Server
	for _, s := range ws.Servers {
		if s.Name != "github" || s.Doc.Path != "home/.claude.json" {
			continue
		}
		switch s.Tier {
		case TierLocal:
			local = s
		case TierUser:
			user = s
		}
	}
	if local == nil || user == nil {
		t.Fatalf("local %v user %v", local, user)
	}
	if local.URL != "https://github.corp.example.com/api/mcp/" {
		t.Errorf("local copy is the other project's: %s", local.URL)
	}
	project := find(t, ws, "github", "project/.mcp.json")
	wantState(t, local, "enabled", "")
	wantState(t, project, "shadowed", "")
	wantState(t, user, "shadowed", "")
	if project.ShadowedBy != local || user.ShadowedBy != local {
		t.Errorf("shadowedBy: project %v, user %v; want the local copy", project.ShadowedBy, user.ShadowedBy)
	}
	if len(local.Shadows) != 2 {
		t.Errorf("local copy shadows %d copies, want 2", len(local.Shadows))
	}
	if p := local.Doc.File.Position(local.KeyStart); p.Line != 9 || p.Column != 9 {
		t.Errorf("local copy at %d:%d, want 9:9", p.Line, p.Column)
	}
	wantState(t, find(t, ws, "sentry", "project/.mcp.json"), "enabled", "")
	// Only the linted project's local entries are read.
	for _, s := range ws.Servers {
		if s.URL == "https://other.example.com/mcp" {
			t.Errorf("read another project's local server: %+v", s)
		}
	}
}

// Bug: every disable reason cited the first Claude Code state file read
// for the project, not the file that lists the name.
func TestClaudeDisableReasonsCiteTheirFile(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json": `{"mcpServers": {
  "a": {"command": "a"}, "b": {"command": "b"}, "c": {"command": "c"}
}}`,
		"project/.claude/settings.json":       `{"disabledMcpjsonServers": ["a"]}`,
		"project/.claude/settings.local.json": `{"disabledMcpjsonServers": ["b"]}`,
		"home/.claude.json": `{"mcpServers": {"u": {"command": "u"}},
  "projects": {"@PROJECT@": {"disabledMcpjsonServers": ["c"], "disabledMcpServers": ["u"]}}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	wantState(t, find(t, ws, "a", ".mcp.json"), "disabled", "disabledMcpjsonServers in project/.claude/settings.json")
	wantState(t, find(t, ws, "b", ".mcp.json"), "disabled", "disabledMcpjsonServers in project/.claude/settings.local.json")
	wantState(t, find(t, ws, "c", ".mcp.json"), "disabled", "disabledMcpjsonServers in home/.claude.json")
	wantState(t, find(t, ws, "u", ".claude.json"), "disabled", "disabledMcpServers in home/.claude.json")
}

// Bug: ~/.claude/settings.json (and managed settings) approval lists were
// filed under no project and never applied.
func TestUserClaudeSettingsApplyToEveryProject(t *testing.T) {
	root := writeTree(t, map[string]string{
		"one/.mcp.json":              `{"mcpServers": {"events": {"type": "ws", "url": "wss://events.example.com/mcp"}}}`,
		"two/.mcp.json":              `{"mcpServers": {"events": {"type": "ws", "url": "wss://events.example.com/mcp"}, "ok": {"command": "ok"}}}`,
		"home/.claude/settings.json": `{"disabledMcpjsonServers": ["events"]}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "one"), filepath.Join(root, "two")}, Home: filepath.Join(root, "home"), WorkDir: root})
	wantState(t, find(t, ws, "events", "one/.mcp.json"), "disabled", "disabledMcpjsonServers in home/.claude/settings.json")
	wantState(t, find(t, ws, "events", "two/.mcp.json"), "disabled", "disabledMcpjsonServers in home/.claude/settings.json")
	wantState(t, find(t, ws, "ok", "two/.mcp.json"), "enabled", "")
}

// Claude Code drops a rejected .mcp.json server before it merges scopes,
// so the user's copy of that name runs (the next copy runs when the
// winner is held).
func TestClaudeRejectedProjectCopyLetsUserCopyRun(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json":                   `{"mcpServers": {"playwright": {"command": "npx", "args": ["@playwright/mcp@latest"]}}}`,
		"project/.claude/settings.local.json": `{"disabledMcpjsonServers": ["playwright"]}`,
		"home/.claude.json":                   `{"mcpServers": {"playwright": {"command": "npx", "args": ["@playwright/mcp@0.0.41"]}}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	wantState(t, find(t, ws, "playwright", "project/.mcp.json"), "disabled", "disabledMcpjsonServers in project/.claude/settings.local.json")
	wantState(t, find(t, ws, "playwright", "home/.claude.json"), "enabled", "")
}

// Bug: Codex merges its layers key by key, but the loader let a project
// layer's enabled = false hand the server to the user layer, overwrote the
// project's own args with the user's, and left an inherited enabled =
// false unapplied.
func TestCodexLayersMergeFieldByField(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.codex/config.toml": `mcp_servers.playwright.enabled = true

[mcp_servers.docs]
args = ["--port", "4100"]

[mcp_servers.figma]
enabled = false

[mcp_servers.off]
args = ["--verbose"]
`,
		"home/.codex/config.toml": `[mcp_servers.playwright]
command = "npx"
args = ["-y", "@playwright/mcp@latest"]
enabled = false

[mcp_servers.docs]
command = "docs-server"
args = ["--port", "4000"]
env = { DOCS_MODE = "readonly" }

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"

[mcp_servers.off]
command = "off-server"
enabled = false
`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	const proj, user = "project/.codex/config.toml", "home/.codex/config.toml"

	pw := find(t, ws, "playwright", proj)
	wantState(t, pw, "enabled", "")
	if pw.Command != "npx" || pw.Transport != "stdio" || pw.MergedFrom != find(t, ws, "playwright", user) {
		t.Errorf("playwright: command %q transport %s mergedFrom %v", pw.Command, pw.Transport, pw.MergedFrom)
	}
	wantState(t, find(t, ws, "playwright", user), "shadowed", "")

	docs := find(t, ws, "docs", proj)
	if docs.Command != "docs-server" || strings.Join(docs.Args, " ") != "--port 4100" {
		t.Errorf("docs: %s %v, want docs-server --port 4100", docs.Command, docs.Args)
	}
	if len(docs.Env) != 1 || docs.Env[0].Key != "DOCS_MODE" || docs.Env[0].Doc == nil || docs.Env[0].Doc.Path != user {
		t.Errorf("docs env %+v: want DOCS_MODE taken from %s", docs.Env, user)
	}

	figma := find(t, ws, "figma", proj)
	wantState(t, figma, "disabled", "enabled: false in the entry")
	if figma.URL != "https://mcp.figma.com/mcp" || figma.Transport != "http" {
		t.Errorf("figma: url %q transport %s", figma.URL, figma.Transport)
	}
	if u := find(t, ws, "figma", user); u.ShadowedBy != figma {
		t.Errorf("user figma shadowed by %v, want the project copy", u.ShadowedBy)
	}

	off := find(t, ws, "off", proj)
	wantState(t, off, "disabled", "enabled: false in "+user)
	if off.Command != "off-server" || strings.Join(off.Args, " ") != "--verbose" {
		t.Errorf("off: %s %v", off.Command, off.Args)
	}
}

// Zed deep-merges its settings files: a project entry switched off keeps
// the user's copy of that name from running.
func TestZedProjectSwitchOffWins(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.zed/settings.json":     `{"context_servers": {"fetch": {"enabled": false}}}`,
		"home/.config/zed/settings.json": `{"context_servers": {"fetch": {"command": "uvx", "args": ["mcp-server-fetch"]}}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	p := find(t, ws, "fetch", "project/.zed/settings.json")
	wantState(t, p, "disabled", "enabled: false in the entry")
	if p.Command != "uvx" || p.Transport != "stdio" {
		t.Errorf("merged fetch: %q %s", p.Command, p.Transport)
	}
	wantState(t, find(t, ws, "fetch", "home/.config/zed/settings.json"), "shadowed", "")
}

// Roo drops disabled servers before it dedupes by name, so a disabled
// project copy lets the global copy run.
func TestRooDisabledProjectCopyLetsGlobalRun(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.roo/mcp.json": `{"mcpServers": {"context7": {"type": "streamable-http", "url": "https://mcp.context7.com/mcp", "disabled": true}}}`,
		"home/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json": `{"mcpServers": {"context7": {"type": "sse", "url": "https://mcp.context7.com/sse"}}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	wantState(t, find(t, ws, "context7", ".roo/mcp.json"), "disabled", "disabled: true in the entry")
	wantState(t, find(t, ws, "context7", "mcp_settings.json"), "enabled", "")
}

// OpenCode merges a project's .agents/mcp.json after its opencode.json:
// the former wins whatever the file names sort to.
func TestOpenCodeAgentsFileWins(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.opencode/opencode.json": `{"mcp": {"jira": {"type": "remote", "url": "https://jira.example.com/old"}}}`,
		"project/.agents/mcp.json":        `{"jira": {"type": "remote", "url": "https://jira.example.com/new"}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root})
	old := find(t, ws, "jira", ".opencode/opencode.json")
	nw := find(t, ws, "jira", ".agents/mcp.json")
	wantState(t, nw, "enabled", "")
	// Bug: .opencode/opencode.json matched the one-segment opencode.json
	// pattern first, so its project was taken to be .opencode/ itself.
	if want := filepath.Join(root, "project"); old.Project != want || old.Doc.ProjectDir != want {
		t.Errorf(".opencode/opencode.json belongs to %q, want %q", old.Project, want)
	}
	if old.ShadowedBy != nw {
		t.Errorf("opencode.json copy shadowed by %v, want the .agents/mcp.json copy", old.ShadowedBy)
	}
}

// Bug: Gemini's tcp address was not read as the server's URL, and the
// settings' mcp.allowed / mcp.excluded lists were ignored.
func TestGeminiTCPAndAllowedExcluded(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.gemini/settings.json": `{
  "mcp": {"excluded": ["experimental"]},
  "mcpServers": {
    "ws": {"tcp": "ws://localhost:9229/mcp"},
    "experimental": {"command": "node", "args": ["x.js"]},
    "allowed-one": {"command": "a"}
  }
}`,
		"home/.gemini/settings.json": `{"mcp": {"allowed": ["ws", "allowed-one", "experimental"]}, "mcpServers": {"stray": {"command": "s"}}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	w := find(t, ws, "ws", "project/.gemini/settings.json")
	if w.Transport != "ws" || w.URL != "ws://localhost:9229/mcp" {
		t.Errorf("tcp server: transport %s url %q", w.Transport, w.URL)
	}
	wantState(t, w, "enabled", "")
	wantState(t, find(t, ws, "experimental", "project/.gemini/settings.json"), "disabled", "excluded by mcp.excluded in project/.gemini/settings.json")
	wantState(t, find(t, ws, "allowed-one", "project/.gemini/settings.json"), "enabled", "")
	wantState(t, find(t, ws, "stray", "home/.gemini/settings.json"), "disabled", "not in mcp.allowed in home/.gemini/settings.json")
}

// Bug: the VS Code user settings.json (pre-1.102 "mcp" key) was never read
// under --home.
func TestVSCodeUserLegacySettings(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/README.md": "x\n",
		"home/.config/Code/User/settings.json": `{
  "editor.fontSize": 13,
  "mcp": {"servers": {"time": {"type": "stdio", "command": "uvx", "args": ["mcp-server-time"]}}},
}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	s := find(t, ws, "time", "home/.config/Code/User/settings.json")
	if s.Client != "vscode" || s.Tier != TierUser || s.Doc.Variant != "legacy-settings" || s.Transport != "stdio" {
		t.Errorf("got %s %s %q %s", s.Client, s.Tier, s.Doc.Variant, s.Transport)
	}
}

// Bug: walking the home folder itself (mcplint list ~ --home ~) read
// ~/.cursor/mcp.json and the like as a project's files.
func TestWalkOfHomeReadsHomeFilesAsHome(t *testing.T) {
	root := writeTree(t, map[string]string{
		".cursor/mcp.json":         `{"mcpServers": {"a": {"command": "a"}}}`,
		".codex/config.toml":       "[mcp_servers.b]\ncommand = \"b\"\n",
		"src/app/.cursor/mcp.json": `{"mcpServers": {"a": {"command": "a2"}}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{root}, Home: root, WorkDir: root})
	if s := find(t, ws, "a", ".cursor/mcp.json"); s.Tier != TierUser || s.Project != "" {
		t.Errorf("~/.cursor/mcp.json read as %s of %q", s.Tier, s.Project)
	}
	if s := find(t, ws, "b", ".codex/config.toml"); s.Tier != TierUser {
		t.Errorf("~/.codex/config.toml read as %s", s.Tier)
	}
	app := find(t, ws, "a", "src/app/.cursor/mcp.json")
	if app.Tier != TierProject {
		t.Errorf("project file read as %s", app.Tier)
	}
	if home := find(t, ws, "a", ".cursor/mcp.json"); home.ShadowedBy != app {
		t.Errorf("~/.cursor/mcp.json copy shadowed by %v, want the project copy", home.ShadowedBy)
	}
	n := 0
	for _, d := range ws.Documents {
		if d.Path == ".cursor/mcp.json" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("~/.cursor/mcp.json read %d times", n)
	}
}

// Bug: any server.json in a walked folder was read as an MCP Registry
// document, though the name is common for other programs' files.
func TestWalkedServerJSONNeedsRegistryContent(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/config/server.json": `{"port": 8080, "host": "0.0.0.0"}`,
		"project/legacy/server.json": `{"port": 8080, // comment
}`,
		"project/server.json": `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
  "name": "com.example/orders", "version": "1.0.0",
  "packages": [{"registryType": "npm", "identifier": "@example/orders-mcp", "version": "1.0.0", "transport": {"type": "stdio"}}]}`,
		"project/broken/server.json": `{"name": "com.example/x", "packages": [}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root})
	var paths []string
	for _, d := range ws.Documents {
		paths = append(paths, d.Path)
	}
	if strings.Join(paths, " ") != "project/broken/server.json project/server.json" {
		t.Errorf("documents %v: want only the registry server.json and the broken one that mentions packages", paths)
	}
	if s := find(t, ws, "com.example/orders", "project/server.json"); s.Command != "npx" || s.Args[0] != "@example/orders-mcp@1.0.0" {
		t.Errorf("server.json: %s %v", s.Command, s.Args)
	}
	// Named explicitly, any server.json is read (and reported if empty).
	ws = mustLoad(t, Options{Paths: []string{filepath.Join(root, "project/config/server.json")}, WorkDir: root})
	if len(ws.Documents) != 1 {
		t.Errorf("explicit server.json: %d documents", len(ws.Documents))
	}
}

// A symbolic link to an ancestor must neither hang the walk nor read a
// file twice.
func TestWalkSymlinkLoop(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json":            `{"mcpServers": {"a": {"command": "a"}}}`,
		"project/sub/.cursor/mcp.json": `{"mcpServers": {"b": {"command": "b"}}}`,
	})
	project := filepath.Join(root, "project")
	if err := os.Symlink("..", filepath.Join(project, "sub", "up")); err != nil {
		t.Skipf("symlinks: %v", err)
	}
	if err := os.Symlink(project, filepath.Join(project, "sub", "self")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(project, "sub"), filepath.Join(project, "loop")); err != nil {
		t.Fatal(err)
	}
	done := make(chan *Workspace, 1)
	go func() {
		ws, _ := Load(Options{Paths: []string{project}, WorkDir: root})
		done <- ws
	}()
	var ws *Workspace
	select {
	case ws = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the walk did not end")
	}
	if len(ws.Documents) != 2 || len(ws.Servers) != 2 {
		var p []string
		for _, d := range ws.Documents {
			p = append(p, d.Path)
		}
		t.Errorf("documents %v, want project/.mcp.json and project/sub/.cursor/mcp.json once each", p)
	}
}

func TestWalkSkipsVCSAndDependencies(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json":                           `{"mcpServers": {"a": {"command": "a"}}}`,
		"project/.git/.mcp.json":                      `{"mcpServers": {"git": {"command": "x"}}}`,
		"project/node_modules/pkg/.mcp.json":          `{"mcpServers": {"nm": {"command": "x"}}}`,
		"project/vendor/lib/.cursor/mcp.json":         `{"mcpServers": {"vendor": {"command": "x"}}}`,
		"project/packages/web/node_modules/.mcp.json": `{"mcpServers": {"nested": {"command": "x"}}}`,
		"project/packages/web/.mcp.json":              `{"mcpServers": {"web": {"command": "w"}}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root})
	var names []string
	for _, s := range ws.Servers {
		names = append(names, s.Name)
	}
	if strings.Join(names, " ") != "a web" {
		t.Errorf("servers %v, want a and web only", names)
	}
}

// A file named explicitly whose name mcplint does not know is recognised
// by its content.
func TestExplicitFilesByContent(t *testing.T) {
	cases := []struct {
		file, body       string
		kind             Kind
		client           string
		tier             Tier
		servers          int
		firstName, trans string
	}{
		{"team-mcp.json", `{"mcpServers": {"gh": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"}}}`, KindClientConfig, "claude-code", TierProject, 1, "gh", "http"},
		{"vs.json", `{"inputs": [{"type": "promptString", "id": "k"}], "servers": {"p": {"type": "stdio", "command": "npx"}}}`, KindClientConfig, "vscode", TierProject, 1, "p", "stdio"},
		{"old-settings.json", `{"mcp": {"servers": {"r": {"command": "uvx"}}}}`, KindClientConfig, "vscode", TierProject, 1, "r", "stdio"},
		{"oc.json", `{"mcp": {"o": {"type": "local", "command": ["bun", "x", "o"]}}}`, KindClientConfig, "opencode", TierProject, 1, "o", "stdio"},
		{"agent.toml", "[mcp_servers.c]\nurl = \"https://mcp.example.com/mcp\"\n", KindClientConfig, "codex", TierProject, 1, "c", "http"},
		{"editor.json", `{"context_servers": {"z": {"url": "https://z.example.com/mcp"}}}`, KindClientConfig, "zed", TierProject, 1, "z", "http"},
		{"g.yaml", "extensions:\n  dev:\n    type: builtin\n    enabled: true\n", KindClientConfig, "goose", TierUser, 1, "dev", "builtin"},
		{"block.yaml", "name: b\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: pw\n    command: npx\n", KindClientConfig, "continue", TierProject, 1, "pw", "stdio"},
		{"gem.json", `{"mcp": {"excluded": []}, "mcpServers": {"h": {"httpUrl": "https://h.example.com/mcp"}}}`, KindClientConfig, "gemini", TierProject, 1, "h", "http"},
		{"claude-backup.json", `{"mcpServers": {"u": {"command": "u"}}, "projects": {"/x": {"hasTrustDialogAccepted": true}}}`, KindClientConfig, "claude-code", TierUser, 1, "u", "stdio"},
		{"pins.json", `{"projects": {"/x": {"repo": true, "mcp_hashes": {}}}}`, KindTrustFile, "oceancode", TierUser, 0, "", ""},
		{"server.json", `{"name": "com.example/s", "version": "1.0.0", "remotes": [{"type": "sse", "url": "https://s.example.com/sse"}]}`, KindRegistryDoc, "registry", TierLibrary, 1, "com.example/s", "sse"},
		{"orders-mcp.json", `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "name": "com.example/o", "version": "1.0.0"}`, KindRegistryDoc, "registry", TierLibrary, 1, "com.example/o", "unknown"},
		{"library.json", `{"servers": [{"server": {"name": "com.acme/mcp", "version": "2.1.0", "remotes": [{"type": "streamable-http", "url": "https://mcp.acme.com/mcp"}]}, "_meta": {}}], "metadata": {"count": 1}}`, KindRegistryList, "registry", TierLibrary, 1, "com.acme/mcp", "http"},
		{"team-catalogue.json", `[{"id": "team-n8n", "name": "Team n8n", "transport": "http", "url": "https://n8n.example.com/mcp/team"}]`, KindTeamCatalogue, "paseo", TierLibrary, 1, "team-n8n", "http"},
		{"team-entries.json", `{"entries": [{"id": "g", "transport": "stdio", "command": "uvx", "args": ["mcp-grafana==0.7.2"]}]}`, KindTeamCatalogue, "paseo", TierLibrary, 1, "g", "stdio"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			root := writeTree(t, map[string]string{"named/" + c.file: c.body})
			ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "named", c.file)}, WorkDir: root})
			if len(ws.Documents) != 1 {
				t.Fatalf("%d documents", len(ws.Documents))
			}
			d := ws.Documents[0]
			if d.Kind != c.kind || d.Client != c.client || d.Tier != c.tier || !d.Explicit {
				t.Errorf("document: kind %s client %s tier %s explicit %v", d.Kind, d.Client, d.Tier, d.Explicit)
			}
			if len(ws.Servers) != c.servers {
				t.Fatalf("%d servers, want %d", len(ws.Servers), c.servers)
			}
			if c.servers > 0 && (ws.Servers[0].Name != c.firstName || ws.Servers[0].Transport != c.trans) {
				t.Errorf("server %q %s, want %q %s", ws.Servers[0].Name, ws.Servers[0].Transport, c.firstName, c.trans)
			}
			if len(ws.Findings) != 0 {
				t.Errorf("findings: %+v", ws.Findings)
			}
		})
	}
}

func TestExplicitFileWithoutServersIsReported(t *testing.T) {
	root := writeTree(t, map[string]string{"notes.json": `{"editor.fontSize": 13}`})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "notes.json")}, WorkDir: root})
	if len(ws.Findings) != 1 || ws.Findings[0].Rule != "schema/empty" {
		t.Errorf("findings %+v, want one schema/empty", ws.Findings)
	}
}

// --client forces the dialect of a file named explicitly.
func TestClientFlagForcesDialect(t *testing.T) {
	root := writeTree(t, map[string]string{
		"servers.json": `{"mcpServers": {"old": {"url": "https://legacy.example.com/sse"}}}`,
		"extra.toml":   "[mcp_servers.api]\nurl = \"${API_BASE:-https://mcp.example.com}/mcp\"\n",
		"editor.json":  `{"context_servers": {"gh": {"source": "extension", "settings": {}}}}`,
	})
	for _, c := range []struct {
		file, client, trans string
	}{
		{"servers.json", "cline", "sse"},   // Cline reads an untyped url as SSE
		{"servers.json", "cursor", "http"}, // Cursor as Streamable HTTP
		{"servers.json", "claude-code", "unknown"},
		{"extra.toml", "grok", "http"},
		{"editor.json", "zed", "extension"},
	} {
		ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, c.file)}, Client: c.client, WorkDir: root})
		if len(ws.Servers) != 1 {
			t.Errorf("%s --client %s: %d servers", c.file, c.client, len(ws.Servers))
			continue
		}
		s := ws.Servers[0]
		if s.Client != c.client || s.Transport != c.trans || s.Doc.Client != c.client {
			t.Errorf("%s --client %s: client %s transport %s, want %s", c.file, c.client, s.Client, s.Transport, c.trans)
		}
	}
	if _, err := Load(Options{Paths: []string{filepath.Join(root, "servers.json")}, Client: "no-such-client"}); err == nil {
		t.Error("an unknown --client is accepted")
	}
}

// A user-level file committed inside a scanned folder (a dotfiles or
// example repository) is linted as its client's, at tier copy, and takes
// no part in shadowing.
func TestUserFileCopiesInAFolder(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("claude_desktop_config.json", `{"mcpServers": {"a": {"command": "npx", "args": ["a-mcp@1.0.0"]}}}`)
	write("dotfiles/.codeium/windsurf/mcp_config.json", `{"mcpServers": {"a": {"serverUrl": "https://a.example/mcp"}}}`)
	ws, err := Load(Options{Paths: []string{root}, WorkDir: root})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range ws.Servers {
		got[s.Doc.Path] = s.Client + " " + string(s.Tier) + " " + s.State()
	}
	want := map[string]string{
		"claude_desktop_config.json":                 "claude-desktop copy enabled",
		"dotfiles/.codeium/windsurf/mcp_config.json": "windsurf copy enabled",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %q, want %q", k, got[k], v)
		}
	}
}

// A repository's config that is a link leading outside the PATHs and
// --home (/proc/self/environ, ~/.ssh/id_rsa, a credentials file) is
// reported and not read, so no line of it is quoted; a linked folder
// outside them is not walked. Named itself, the target is read.
func TestLinksOutsideTheRootsAreNotRead(t *testing.T) {
	root := writeTree(t, map[string]string{
		"repo/.mcp.json":               `{"mcpServers": {"a": {"command": "a"}}}`,
		"repo/inner/.cursor/mcp.json":  `{"mcpServers": {"b": {"command": "b"}}}`,
		"elsewhere/credentials":        "[default]\naws_secret_access_key = hunter2hunter2\n",
		"elsewhere/other/.mcp.json":    `{"mcpServers": {"far": {"command": "far"}}}`,
		"home/dotfiles/cursor.json":    `{"mcpServers": {"mine": {"command": "mine"}}}`,
		"repo/.vscode/placeholder.txt": "",
	})
	repo := filepath.Join(root, "repo")
	creds := filepath.Join(root, "elsewhere", "credentials")
	if err := os.Symlink(creds, filepath.Join(repo, ".vscode", "mcp.json")); err != nil {
		t.Skipf("symlinks: %v", err)
	}
	if err := os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(repo, "vendor-link")); err != nil {
		t.Fatal(err)
	}
	// A link inside the repository is followed as before.
	if err := os.Symlink(filepath.Join(repo, ".mcp.json"), filepath.Join(repo, "inner", ".mcp.json")); err != nil {
		t.Fatal(err)
	}
	ws := mustLoad(t, Options{Paths: []string{repo}, WorkDir: repo})
	var paths []string
	for _, d := range ws.Documents {
		paths = append(paths, d.Path)
	}
	want := []string{".mcp.json", ".vscode/mcp.json", "inner/.cursor/mcp.json", "inner/.mcp.json"}
	if strings.Join(paths, " ") != strings.Join(want, " ") {
		t.Errorf("documents %q, want %q (nothing under vendor-link)", paths, want)
	}
	var refused int
	for _, f := range ws.Findings {
		if strings.Contains(f.Message, "hunter2") || strings.Contains(f.Message, "aws_secret") {
			t.Errorf("a line of the linked file reached a finding: %+v", f)
		}
		if f.File == ".vscode/mcp.json" && f.Rule == "schema/unreadable" && f.Level == finding.Error && strings.Contains(f.Message, "outside the folders being checked") {
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("want one schema/unreadable error for .vscode/mcp.json, got %+v", ws.Findings)
	}
	for _, d := range ws.Documents {
		if d.Path == ".vscode/mcp.json" && (d.File != nil || !d.ParseFailed) {
			t.Errorf(".vscode/mcp.json was read: %+v", d)
		}
	}
	// A file named as a PATH that is such a link is refused too (what
	// pre-commit passes); the target named itself is read.
	ws = mustLoad(t, Options{Paths: []string{filepath.Join(repo, ".vscode", "mcp.json")}, WorkDir: repo})
	if len(ws.Documents) != 1 || ws.Documents[0].File != nil {
		t.Errorf("named link: %d documents, read: %v", len(ws.Documents), len(ws.Documents) == 1 && ws.Documents[0].File != nil)
	}
	ws = mustLoad(t, Options{Paths: []string{creds}, WorkDir: repo, Client: "vscode"})
	if len(ws.Documents) != 1 || ws.Documents[0].File == nil {
		t.Errorf("the target named itself was not read")
	}
	// The user's own files under --home are read wherever their links lead
	// (stow, home-manager).
	home := filepath.Join(root, "home")
	if err := os.MkdirAll(filepath.Join(home, ".cursor"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "elsewhere", "other", ".mcp.json"), filepath.Join(home, ".cursor", "mcp.json")); err != nil {
		t.Fatal(err)
	}
	ws = mustLoad(t, Options{Paths: []string{repo}, Home: home, WorkDir: repo})
	var far bool
	for _, s := range ws.Servers {
		far = far || s.Name == "far"
	}
	if !far {
		t.Errorf("the home's linked ~/.cursor/mcp.json was not read")
	}
}

// A YAML config holding a second document is refused by the clients'
// readers: reported at its "---", not silently read as its first half.
func TestYAMLSecondDocumentIsReported(t *testing.T) {
	root := writeTree(t, map[string]string{
		".continue/mcpServers/two.yaml": "mcpServers:\n  - name: a\n    command: x\n---\nmcpServers:\n  - name: b\n    command: y\n",
		".continue/mcpServers/one.yaml": "mcpServers:\n  - name: c\n    command: z\n---\n",
	})
	ws := mustLoad(t, Options{Paths: []string{root}, WorkDir: root})
	var got []string
	for _, f := range ws.Findings {
		got = append(got, fmt.Sprintf("%s:%d:%d %s", f.File, f.Range.Start.Line, f.Range.Start.Column, f.Rule))
	}
	want := ".continue/mcpServers/two.yaml:4:1 schema/parse-error"
	if len(got) != 1 || got[0] != want {
		t.Errorf("findings %q, want [%s]", got, want)
	}
}

// "disabled": true switches a server off only in the clients that read
// the key; Claude Code and VS Code run it (schema/unknown-field says the
// key is ignored).
func TestDisabledOnlyWhereTheClientReadsIt(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json":                 `{"mcpServers": {"pw": {"command": "npx", "disabled": true}}}`,
		"project/.vscode/mcp.json":          `{"servers": {"pw": {"command": "npx", "disabled": true}}}`,
		"project/.windsurf/mcp_config.json": `{"mcpServers": {"pw": {"command": "npx", "disabled": true}}}`,
		"project/.roo/mcp.json":             `{"mcpServers": {"pw": {"command": "npx", "enabled": false}}}`,
		"home/.keep":                        "",
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, Home: filepath.Join(root, "home"), WorkDir: root})
	wantState(t, find(t, ws, "pw", "project/.mcp.json"), "enabled", "")
	wantState(t, find(t, ws, "pw", "project/.vscode/mcp.json"), "enabled", "")
	wantState(t, find(t, ws, "pw", "project/.windsurf/mcp_config.json"), "disabled", "disabled: true in the entry")
	wantState(t, find(t, ws, "pw", "project/.roo/mcp.json"), "enabled", "")
}
