package facts

import (
	"fmt"
	"strings"
	"testing"
)

func serverNamed(in Input, name string) *ServerFact {
	for i := range in.Servers {
		if in.Servers[i].Name == name {
			return &in.Servers[i]
		}
	}
	return nil
}

// A server is matched by its package or its host; a tool snapshot
// classifies the tools no record lists; a server nothing is known of is
// "unknown".
func TestCapabilitiesFromRecordsAndSnapshots(t *testing.T) {
	in := loadFacts(t, map[string]string{
		".mcp.json": `{"mcpServers": {
			"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."]},
			"gh": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
			"ours": {"command": "node", "args": ["server.js"]},
			"mystery": {"command": "npx", "args": ["-y", "@acme/unknown-mcp@1.0.0"]}
		}}`,
		".mcplint/tools/ours.json": `{"server": "ours", "tools": [
			{"name": "send_report", "description": "Mail the report"},
			{"name": "lookup", "description": "Look a page up", "annotations": {"readOnlyHint": true, "openWorldHint": true}}
		]}`,
	})
	fs := serverNamed(in, "fs")
	if fs == nil || fs.Capability.Known != "filesystem" || fs.Capability.Source != "knowledge" || len(fs.Capability.Classes["private-data"]) == 0 || fs.Capability.Classes["outbound"] != nil {
		t.Errorf("fs: %+v", fs.Capability)
	}
	if gh := serverNamed(in, "gh"); gh.Capability.Known != "github" {
		t.Errorf("gh by host: %+v", gh.Capability)
	}
	ours := serverNamed(in, "ours").Capability
	if ours.Source != "snapshot" || strings.Join(ours.Classes["outbound"], ",") != "send_report" || strings.Join(ours.Classes["untrusted-content"], ",") != "lookup" {
		t.Errorf("ours: %+v", ours)
	}
	if m := serverNamed(in, "mystery").Capability; m.Source != "unknown" || len(m.Classes) != 0 {
		t.Errorf("mystery: %+v", m)
	}
}

// The trifecta across servers is found at the server that completes it;
// a server that has all three classes alone (GitHub's) is left out, and
// a project's own record takes part.
func TestFlowsAcrossServers(t *testing.T) {
	in := loadFacts(t, map[string]string{
		".mcp.json": `{"mcpServers": {
			"gh": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
			"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."]},
			"web": {"command": "npx", "args": ["-y", "@acme/web-reader@1.0.0"]}
		}}`,
	})
	for _, g := range in.Groups {
		if g.Flow != nil {
			t.Errorf("github alone completes the set and the others do not: %+v", g.Flow)
		}
	}
	in = loadFacts(t, map[string]string{
		".mcp.json": `{"mcpServers": {
			"gh": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
			"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."]},
			"web": {"command": "npx", "args": ["-y", "@acme/web-reader@1.0.0"]},
			"x": {"command": "npx", "args": ["-y", "@acme/unknown@1.0.0"]}
		}}`,
		".mcplint/knowledge/web.toml": "id = \"acme-web\"\nname = \"ACME web reader\"\nsource = \"https://acme.example.com/docs\"\nnpm = [\"@acme/web-reader\"]\n[tools]\nuntrusted_content = [\"read_page\"]\noutbound = [\"read_page\"]\n",
	})
	var flow *FlowFact
	for _, g := range in.Groups {
		if g.Flow != nil {
			flow = g.Flow
		}
	}
	if flow == nil {
		t.Fatal("no flow with the project's record of web")
	}
	name := func(i int) string { return in.Servers[i].Name }
	if name(flow.Untrusted.Server) != "web" || name(flow.Private.Server) != "fs" || name(flow.Outbound.Server) != "web" || flow.Untrusted.Tool != "read_page" || flow.Unknown != 1 {
		t.Errorf("flow %+v (untrusted %s, private %s, outbound %s)", flow, name(flow.Untrusted.Server), name(flow.Private.Server), name(flow.Outbound.Server))
	}
	if name(flow.At) != "web" {
		t.Errorf("reported at %s, want web (the last of the flow in the file)", name(flow.At))
	}
}

// A flow is attended while the client asks before its outbound tool
// runs; a client that runs tools unasked, Gemini's trust and an approval
// list naming the tool (or "*") leave it unattended.
func TestFlowUnattended(t *testing.T) {
	cases := []struct {
		file, content, want string
	}{
		{".mcp.json", `{"mcpServers": {"web": {"command": "x"}}}`, ""},
		{"opencode.json", `{"mcp": {"web": {"type": "local", "command": ["x"]}}}`, "OpenCode runs MCP tools without asking first"},
		{".gemini/settings.json", `{"mcpServers": {"web": {"command": "x", "trust": true}}}`, `"trust": true lets every tool of "web" run unasked`},
		{".roo/mcp.json", `{"mcpServers": {"web": {"command": "x", "alwaysAllow": ["fetch"]}}}`, `alwaysAllow approves fetch of "web" in advance`},
		{".roo/mcp.json", `{"mcpServers": {"web": {"command": "x", "alwaysAllow": ["read_page"]}}}`, ""},
		{".kiro/settings/mcp.json", `{"mcpServers": {"web": {"command": "x", "autoApprove": ["*"]}}}`, `autoApprove approves every tool of "web" in advance`},
	}
	claude := map[string]string{".mcp.json": `{"mcpServers": {"web": {"command": "x"}}}`}
	for allow, want := range map[string]string{
		`"mcp__web__fetch"`: "permissions.allow in proj/.claude/settings.json lets mcp__web__fetch run unasked",
		`"mcp__web"`:        "permissions.allow in proj/.claude/settings.json lets mcp__web run unasked",
		`"mcp__web__read"`:  "",
		`"mcp__other"`:      "",
	} {
		files := map[string]string{".claude/settings.json": `{"permissions": {"allow": [` + allow + `]}}`}
		for k, v := range claude {
			files[k] = v
		}
		in := loadFacts(t, files)
		if got := unattended(&in, serverNamed(in, "web"), "fetch"); !strings.Contains(got, want) || (want == "") != (got == "") {
			t.Errorf("allow %s: unattended %q, want %q", allow, got, want)
		}
	}
	for _, c := range cases {
		in := loadFacts(t, map[string]string{c.file: c.content})
		s := serverNamed(in, "web")
		if s == nil {
			t.Fatalf("%s: no server web", c.file)
		}
		got := unattended(&in, s, "fetch")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s %s: unattended %q, want %q", c.file, c.content, got, c.want)
		}
	}
}

// The pair takes two different servers, one of which runs code and
// reads no untrusted content itself; playwright reads web pages and runs
// code by itself, so it is no pair alone or beside another reader, and a
// server that only writes files makes none.
func TestCodeFlows(t *testing.T) {
	pair := func(files map[string]string) string {
		t.Helper()
		in := loadFacts(t, files)
		for _, g := range in.Groups {
			if f := g.CodeFlow; f != nil {
				return in.Servers[f.Untrusted.Server].Name + "." + f.Untrusted.Tool + " " + in.Servers[f.Code.Server].Name + "." + f.Code.Tool + " at " + in.Servers[f.At].Name
			}
		}
		return ""
	}
	if f := pair(map[string]string{".mcp.json": `{"mcpServers": {"pw": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.86"]}}}`}); f != "" {
		t.Errorf("one server is no pair: %s", f)
	}
	if f := pair(map[string]string{".mcp.json": `{"mcpServers": {
		"c7": {"command": "npx", "args": ["-y", "@upstash/context7-mcp@4.1.1"]},
		"pw": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.86"]}
	}}`}); f != "" {
		t.Errorf("a browser that runs code reads web pages itself, so another server's content adds nothing: %s", f)
	}
	if f := pair(map[string]string{".mcp.json": `{"mcpServers": {
		"c7": {"command": "npx", "args": ["-y", "@upstash/context7-mcp@4.1.1"]},
		"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2026.8.31", "."]}
	}}`}); f != "" {
		t.Errorf("a server that writes files runs no code: %s", f)
	}
	if f := pair(map[string]string{".mcp.json": `{"mcpServers": {
		"sh": {"command": "npx", "args": ["-y", "mcp-server-commands@0.6.2"]},
		"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2026.8.31", "."]},
		"c7": {"command": "npx", "args": ["-y", "@upstash/context7-mcp@4.1.1"]}
	}}`}); f != "c7.resolve-library-id sh.run_command at c7" {
		t.Errorf("got %q", f)
	}
}

// Copies of one server for two clients in one project are compared once,
// at the later copy; the same client twice is not a disagreement.
func TestDisagreements(t *testing.T) {
	in := loadFacts(t, map[string]string{
		".mcp.json":        `{"mcpServers": {"c7": {"command": "npx", "args": ["-y", "@upstash/context7-mcp@1.0.14"], "env": {"A": "1"}}}}`,
		".cursor/mcp.json": `{"mcpServers": {"context7": {"command": "npx", "args": ["-y", "@upstash/context7-mcp@1.0.14"]}}}`,
		".vscode/mcp.json": `{"servers": {"c7": {"command": "npx", "args": ["-y", "@upstash/context7-mcp@1.0.14"], "env": {"A": "1"}}}}`,
	})
	var got []string
	for _, s := range in.Servers {
		for _, d := range s.Disagrees {
			got = append(got, s.Client+" "+d.What+" "+d.Mine+" / "+in.Servers[d.Other].Client+" "+d.Theirs)
		}
	}
	if len(got) != 2 || !strings.Contains(strings.Join(got, "\n"), "env A / cursor ") {
		t.Errorf("disagreements:\n%s", strings.Join(got, "\n"))
	}
}

// A credential outside every server entry of a committed file is a stray
// secret; one inside a server entry is the server's own fact, and a
// user's own file is not scanned.
func TestStraySecrets(t *testing.T) {
	const tok = "ghp_62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"
	in := loadFacts(t, map[string]string{
		".cursor/mcp.json":  `{"providers": {"t": {"url": "https://t.example.com", "api_key_env": "sk-user-b0UCHnibrWFLxB8VDJtDCGEoHB8Sl8"}}}`,
		".mcp.json":         `{"mcpServers": {"gh": {"command": "x", "env": {"GITHUB_TOKEN": "` + tok + `"}}}}`,
		"home/.claude.json": `{"primaryApiKey": "` + tok + `", "mcpServers": {}}`,
	})
	got := map[string][]string{}
	for _, d := range in.Documents {
		for _, s := range d.StraySecrets {
			if strings.Contains(s.Masked, "62d8o7") || strings.Contains(s.Masked, "b0UCH") {
				t.Errorf("%s: unmasked %q", d.Path, s.Masked)
			}
			got[d.Path] = append(got[d.Path], s.Pointer)
		}
	}
	if len(got) != 1 || strings.Join(got["proj/.cursor/mcp.json"], ",") != "/providers/t/api_key_env" {
		t.Errorf("stray secrets %v, want only /providers/t/api_key_env in .cursor/mcp.json", got)
	}
	// A key that is a credential is reported at its object: no pointer
	// carries it.
	in = loadFacts(t, map[string]string{".mcp.json": `{"mcpServers": {}, "tokens": {"` + tok + `": {"note": "x"}}}`})
	n := 0
	for _, d := range in.Documents {
		for _, s := range d.StraySecrets {
			n++
			if strings.Contains(s.Pointer, "62d8o7") || s.Pointer != "/tokens" {
				t.Errorf("credential key: pointer %q, want /tokens", s.Pointer)
			}
		}
	}
	if n != 1 {
		t.Errorf("credential key: %d stray secrets, want 1", n)
	}
}

// permissions.allow rules for MCP tools: a whole server, a wildcard, a
// tool that writes, a tool that reads; other rules are not MCP tools.
func TestAllowedTools(t *testing.T) {
	in := loadFacts(t, map[string]string{
		".claude/settings.json": `{"permissions": {"allow": ["Bash(npm test)", "mcp__supabase", "mcp__linear__*", "mcp__claude_ai_Supabase__apply_migration", "mcp__linear-server__list_issues"]}}`,
	})
	var got []string
	for _, d := range in.Documents {
		for _, a := range d.AllowedTools {
			got = append(got, fmt.Sprintf("%s %s/%s %v", a.Pointer, a.Server, a.Tool, a.Writes))
		}
	}
	want := "/permissions/allow/1 supabase/ true|/permissions/allow/2 linear/ true|/permissions/allow/3 claude_ai_Supabase/apply_migration true|/permissions/allow/4 linear-server/list_issues false"
	if strings.Join(got, "|") != want {
		t.Errorf("allowed tools\n %s\nwant\n %s", strings.Join(got, "|"), want)
	}
}
