package facts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// loadFacts writes files (relative paths; "home/…" goes to the home
// folder, "@PROJECT@" becomes the project folder) and builds the input.
func loadFacts(t *testing.T, files map[string]string) Input {
	t.Helper()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	home := filepath.Join(root, "home")
	for _, d := range []string{proj, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range files {
		p := filepath.Join(proj, filepath.FromSlash(name))
		if rest, ok := strings.CutPrefix(name, "home/"); ok {
			p = filepath.Join(home, filepath.FromSlash(rest))
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		body = strings.ReplaceAll(body, "@PROJECT@", filepath.ToSlash(proj))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := loader.Load(loader.Options{WorkDir: root, Paths: []string{proj}, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	return testInput(ws)
}

func server(t *testing.T, in Input, tier, name string) ServerFact {
	t.Helper()
	for _, s := range in.Servers {
		if s.Name == name && s.Tier == tier {
			return s
		}
	}
	t.Fatalf("no %s server %q", tier, name)
	return ServerFact{}
}

func TestWriteTool(t *testing.T) {
	for name, want := range map[string]bool{
		"create_issue": true, "deleteFile": true, "browser_click": true, "run_query": true,
		"slack_post_message": true, "write_file": true, "HTTPRequestSend": true, "git_push": true,
		"get_issue": false, "list_files": false, "searchCode": false, "read_file": false,
		"browser_snapshot": false, "get_type": false, "describe_table": false, "": false, "*": false,
	} {
		if got := WriteTool(name); got != want {
			t.Errorf("WriteTool(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestToolWords(t *testing.T) {
	for in, want := range map[string][]string{
		"browser_click":   {"browser", "click"},
		"deleteFile":      {"delete", "file"},
		"HTTPRequest":     {"http", "request"},
		"get-v2-items":    {"get", "v2", "items"},
		"slack.postMsg":   {"slack", "post", "msg"},
		"__":              nil,
		"listAllRepos2FA": {"list", "all", "repos2", "fa"},
	} {
		if got := toolWords(in); !slices.Equal(got, want) {
			t.Errorf("toolWords(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTrustFactsOfEntries(t *testing.T) {
	in := loadFacts(t, map[string]string{
		".roo/mcp.json": `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "fs-mcp@1.0.0"],
			"alwaysAllow": ["read_file", 3, "write_file", "*"]}}}`,
		".gemini/settings.json": `{"mcpServers": {"db": {"command": "db-mcp", "trust": true}}}`,
		".codex/config.toml": `[mcp_servers.linear]
url = "https://mcp.linear.app/mcp"
default_tools_approval_mode = "approve"

[mcp_servers.linear.tools.create_issue]
approval_mode = "approve"

[mcp_servers.linear.tools.get_issue]
approval_mode = "prompt"
`,
	})
	fs := server(t, in, "project", "fs")
	wantItems := []ApproveItem{
		{Tool: "read_file", Pointer: "/mcpServers/fs/alwaysAllow/0"},
		{Tool: "write_file", Pointer: "/mcpServers/fs/alwaysAllow/2", Writes: true},
		{Tool: "*", Pointer: "/mcpServers/fs/alwaysAllow/3", All: true, Writes: true},
	}
	if !slices.Equal(fs.Trust.AutoApproveItems, wantItems) {
		t.Errorf("auto-approve items = %+v, want %+v", fs.Trust.AutoApproveItems, wantItems)
	}
	if fs.Trust.ClientName != "Roo Code" || fs.Trust.TierRank != 0 || fs.Trust.FieldMerge {
		t.Errorf("roo client facts = %+v", fs.Trust)
	}

	db := server(t, in, "project", "db")
	if !db.Trust.TrustAll || db.Trust.TrustPointer != "/mcpServers/db/trust" {
		t.Errorf("gemini trust = %+v", db.Trust)
	}

	lin := server(t, in, "project", "linear")
	if lin.Trust.ApprovalMode != "approve" || lin.Trust.ApprovalModePointer != "/mcp_servers/linear/default_tools_approval_mode" {
		t.Errorf("codex approval mode = %+v", lin.Trust)
	}
	wantTools := []ToolApprovalFact{
		{Tool: "create_issue", Mode: "approve", Pointer: "/mcp_servers/linear/tools/create_issue/approval_mode", Writes: true},
		{Tool: "get_issue", Mode: "prompt", Pointer: "/mcp_servers/linear/tools/get_issue/approval_mode"},
	}
	if !slices.Equal(lin.Trust.ToolApprovals, wantTools) {
		t.Errorf("codex tool approvals = %+v, want %+v", lin.Trust.ToolApprovals, wantTools)
	}
	if !lin.Trust.FieldMerge || !slices.Equal(lin.Trust.Precedence, []string{"managed", "project", "user", "system"}) || lin.Trust.TierRank != 1 {
		t.Errorf("codex client facts = %+v", lin.Trust)
	}
	// Empty lists are lists, never null.
	if db.Trust.AutoApproveItems == nil || db.Trust.ToolApprovals == nil || db.Tools.Names == nil {
		t.Error("empty fact lists must not be nil")
	}
}

func TestClaudeApproval(t *testing.T) {
	in := loadFacts(t, map[string]string{
		".mcp.json": `{"mcpServers": {
			"a": {"command": "a"}, "b": {"command": "b"}, "c": {"command": "c"}}}`,
		".claude/settings.local.json": `{"enabledMcpjsonServers": ["a"], "disabledMcpjsonServers": ["c"]}`,
	})
	if a := server(t, in, "project", "a"); !a.Trust.Approved || !strings.HasPrefix(a.Trust.ApprovedBy, "enabledMcpjsonServers in ") || !strings.HasSuffix(a.Trust.ApprovedBy, ".claude/settings.local.json") {
		t.Errorf("a: approved %v by %q", a.Trust.Approved, a.Trust.ApprovedBy)
	}
	if b := server(t, in, "project", "b"); b.Trust.Approved {
		t.Errorf("b is not approved, got %q", b.Trust.ApprovedBy)
	}
	if c := server(t, in, "project", "c"); c.Trust.Approved {
		t.Errorf("c is rejected, got approved by %q", c.Trust.ApprovedBy)
	}

	in = loadFacts(t, map[string]string{
		".mcp.json":             `{"mcpServers": {"a": {"command": "a"}}}`,
		".claude/settings.json": `{"enableAllProjectMcpServers": true}`,
	})
	if a := server(t, in, "project", "a"); !strings.HasPrefix(a.Trust.ApprovedBy, "enableAllProjectMcpServers in ") || !strings.HasSuffix(a.Trust.ApprovedBy, ".claude/settings.json") {
		t.Errorf("enableAllProjectMcpServers: approved by %q", a.Trust.ApprovedBy)
	}
}

func TestPinFacts(t *testing.T) {
	// The pin of ["node","srv.js","--old"], which the entry no longer runs,
	// and the right pin of the remote one.
	const oldPin = "sha256:1f8ab9bc8ab09f3bd1e3ad3ae8b3a5c78e0c1e1a6f19b1cd5a3ce1d1b2a0c0de"
	in := loadFacts(t, map[string]string{
		".mcp.json": `{"mcpServers": {
			"release": {"command": "node", "args": ["srv.js", "--new"], "env": {"TOKEN": "s3cr3t-Value-123456"}},
			"docs": {"type": "http", "url": "https://docs.example.com/mcp"}}}`,
		"home/.oceancode/trust.json": `{"projects": {"@PROJECT@/": {"repo": true, "mcp_hashes": {
			"release": "` + oldPin + `",
			"docs": "sha256:` + sha256hex("https://docs.example.com/mcp") + `"}}}}`,
	})
	rel := server(t, in, "project", "release")
	if !rel.Pin.Drift || rel.Pin.Pinned != oldPin || rel.Pin.Source != "home/.oceancode/trust.json" {
		t.Errorf("release pin = %+v", rel.Pin)
	}
	if rel.Pin.Hash == oldPin || !strings.HasPrefix(rel.Pin.Hash, "sha256:") {
		t.Errorf("release current hash = %q", rel.Pin.Hash)
	}
	docs := server(t, in, "project", "docs")
	if docs.Pin.Drift || docs.Pin.Pinned != docs.Pin.Hash || docs.State != "enabled" {
		t.Errorf("docs matches its pin: %+v, state %s", docs.Pin, docs.State)
	}
	if strings.Contains(rel.Pin.Definition, "s3cr3t") || len(rel.Pin.Definition) != 24 {
		t.Errorf("definition hash %q", rel.Pin.Definition)
	}
}

func sha256hex(s string) string {
	h := loader.PinHash(&loader.Server{Transport: "http", URL: s})
	return strings.TrimPrefix(h, "sha256:")
}

func TestDefinitionHash(t *testing.T) {
	in := loadFacts(t, map[string]string{
		".mcp.json": `{"mcpServers": {
			"same": {"command": "npx", "args": ["-y", "x@1.0.0"], "env": {"A": "1", "B": "2"}},
			"diff": {"command": "npx", "args": ["-y", "x@1.0.0"], "env": {"A": "1"}}}}`,
		"home/.claude.json": `{"mcpServers": {
			"same": {"env": {"B": "2", "A": "1"}, "args": ["-y", "x@1.0.0"], "command": "npx"},
			"diff": {"command": "npx", "args": ["-y", "x@1.0.0"], "env": {"A": "2"}}}}`,
	})
	ps, us := server(t, in, "project", "same"), server(t, in, "user", "same")
	if ps.Pin.Definition != us.Pin.Definition {
		t.Error("identical copies (keys in another order) must hash alike")
	}
	if us.ShadowedBy != ps.Index || us.Trust.TierRank != 3 || ps.Trust.TierRank != 2 {
		t.Errorf("shadowing: user copy shadowed by %d, ranks %d/%d", us.ShadowedBy, us.Trust.TierRank, ps.Trust.TierRank)
	}
	if server(t, in, "project", "diff").Pin.Definition == server(t, in, "user", "diff").Pin.Definition {
		t.Error("copies with different env must hash differently")
	}
}

// definitionJSON is what definitionHash once hashed: the definition as
// JSON. Two servers must get one hash exactly when this is the same.
func definitionJSON(s *loader.Server) string {
	pairs := func(ps []loader.Pair) [][2]string {
		out := make([][2]string, 0, len(ps))
		for _, p := range ps {
			out = append(out, [2]string{p.Key, p.Value})
		}
		sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
		return out
	}
	auto := append([]string(nil), s.Trust.AutoApprove...)
	sort.Strings(auto)
	b, _ := json.Marshal([]any{s.Transport, s.Command, s.Args, pairs(s.Env), strings.TrimSpace(s.URL), pairs(s.Headers),
		s.Cwd, s.EnvFile, auto, s.Trust.TrustAll, s.Trust.ApprovalMode})
	return string(b)
}

func TestDefinitionHashTellsApartWhatJSONDoes(t *testing.T) {
	env := func(kv ...string) []loader.Pair {
		var ps []loader.Pair
		for i := 0; i+1 < len(kv); i += 2 {
			ps = append(ps, loader.Pair{Key: kv[i], Value: kv[i+1]})
		}
		return ps
	}
	base := func() loader.Server {
		return loader.Server{Transport: "stdio", Command: "npx", Args: []string{"-y", "x"}, Env: env("A", "1", "B", "2")}
	}
	var ss []loader.Server
	add := func(f func(s *loader.Server)) {
		s := base()
		f(&s)
		ss = append(ss, s)
	}
	add(func(s *loader.Server) {})
	add(func(s *loader.Server) { s.Env = env("B", "2", "A", "1") }) // the same
	add(func(s *loader.Server) { s.Args = nil })
	add(func(s *loader.Server) { s.Args = []string{} })          // apart from nil
	add(func(s *loader.Server) { s.Args = []string{"-yx"} })     // not a run of the same bytes
	add(func(s *loader.Server) { s.Args = []string{"-", "yx"} }) // the same bytes split elsewhere
	add(func(s *loader.Server) { s.Args = []string{"-y", "x", ""} })
	add(func(s *loader.Server) { s.Args = []string{"-y", "x\xff"} })
	add(func(s *loader.Server) { s.Args = []string{"-y", "x\xfe"} })     // JSON writes both as the escape \ufffd
	add(func(s *loader.Server) { s.Args = []string{"-y", "x\uFFFD"} })   // but U+FFFD itself as it is
	add(func(s *loader.Server) { s.Args = []string{"-y", "x\xff\xff"} }) // two of them
	add(func(s *loader.Server) { s.Command = "npx -y" })
	add(func(s *loader.Server) { s.Env = env("A", "1") })
	add(func(s *loader.Server) { s.Env = nil }) // JSON [] as well: pairs are never null
	add(func(s *loader.Server) { s.Env = env("A", "12") })
	add(func(s *loader.Server) { s.Env, s.Headers = nil, env("A", "1", "B", "2") })
	add(func(s *loader.Server) { s.URL = " https://x.dev " })
	add(func(s *loader.Server) { s.URL = "https://x.dev" }) // the same once trimmed
	add(func(s *loader.Server) { s.Cwd = "/w" })
	add(func(s *loader.Server) { s.EnvFile = "/w" })
	add(func(s *loader.Server) { s.Trust.AutoApprove = []string{"b", "a"} })
	add(func(s *loader.Server) { s.Trust.AutoApprove = []string{"a", "b"} })
	add(func(s *loader.Server) { s.Trust.AutoApprove = []string{} }) // JSON null, like none
	add(func(s *loader.Server) { s.Trust.TrustAll = true })
	add(func(s *loader.Server) { s.Trust.ApprovalMode = "yolo" })
	add(func(s *loader.Server) { s.Transport = "" })
	for i := range ss {
		for j := range ss {
			a, b := &ss[i], &ss[j]
			same := definitionJSON(a) == definitionJSON(b)
			if got := definitionHash(a) == definitionHash(b); got != same {
				t.Errorf("servers %d and %d: same hash %v, same definition %v (%s, %s)", i, j, got, same, definitionJSON(a), definitionJSON(b))
			}
		}
	}
}
