package loader

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestToolSnapshotsAttachByName(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json": `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "gh-mcp@1.0.0"]}, "fs": {"command": "fs-mcp"}, "db": {"command": "db-mcp"}}}`,
		"project/.mcplint/tools/github.json": `{"server": "github", "tools": [
			{"name": "search_issues", "description": "Search issues.", "inputSchema": {"type": "object"}},
			{"name": "create_issue", "description": "Open an issue."}]}`,
		"project/.mcplint/tools/more.json": `{"fs": [{"name": "read_file"}], "db": {"tools": [{"name": "query"}, {"name": "tables"}]}}`,
		"elsewhere/snap.json":              `{"server": "fs", "result": {"tools": [{"name": "list_dir"}, {"name": "stat"}]}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root,
		Tools: []string{filepath.Join(root, "elsewhere", "snap.json")}})
	kinds := map[string]Kind{}
	for _, d := range ws.Documents {
		kinds[d.Path] = d.Kind
	}
	for _, p := range []string{"project/.mcplint/tools/github.json", "project/.mcplint/tools/more.json", "elsewhere/snap.json"} {
		if kinds[p] != KindToolSnapshot {
			t.Errorf("%s: kind %q, want %q (have %v)", p, kinds[p], KindToolSnapshot, kinds)
		}
	}
	gh := find(t, ws, "github", ".mcp.json")
	if gh.Tools == nil || strings.Join(gh.Tools.Names(), ",") != "search_issues,create_issue" || gh.Tools.Tools[1].Pointer != "/tools/1" {
		t.Fatalf("github tools: %+v", gh.Tools)
	}
	// --tools wins over a project snapshot of the same server.
	if fs := find(t, ws, "fs", ".mcp.json"); fs.Tools == nil || strings.Join(fs.Tools.Names(), ",") != "list_dir,stat" || fs.Tools.Pointer != "/result/tools" {
		t.Errorf("fs tools: %+v", fs.Tools)
	}
	if db := find(t, ws, "db", ".mcp.json"); db.Tools == nil || len(db.Tools.Tools) != 2 || db.Tools.Pointer != "/db/tools" {
		t.Errorf("db tools: %+v", db.Tools)
	}
}

func TestToolSnapshotProblems(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json":                  `{"mcpServers": {"github": {"command": "gh-mcp"}}}`,
		"project/.mcplint/tools/broken.json": `{"server": "github", "tools": [}`,
		"project/.mcplint/tools/other.json":  `{"server": "github", "list": []}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root})
	rules := map[string]string{}
	for _, f := range ws.Findings {
		rules[f.File] = f.Rule
	}
	if rules["project/.mcplint/tools/broken.json"] != "schema/parse-error" || rules["project/.mcplint/tools/other.json"] != "schema/empty" {
		t.Errorf("findings: %v", rules)
	}
	if gh := find(t, ws, "github", ".mcp.json"); gh.Tools != nil {
		t.Errorf("no usable snapshot, yet tools %+v", gh.Tools)
	}
	_, err := Load(Options{Paths: []string{filepath.Join(root, "project")}, Tools: []string{filepath.Join(root, "missing.json")}})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, "--tools") {
		t.Errorf("a missing --tools file is a usage error, got %v", err)
	}
}

// TestRecordLookupsFollowTheListing: a project folder discovery listed is
// searched for .mcplint only when the listing has it (in any case, as a
// case-insensitive file system finds it); a folder never listed may hold
// anything.
func TestRecordLookupsFollowTheListing(t *testing.T) {
	l := &run{listings: map[string][]string{
		"/p/with":    {".mcp.json", ".mcplint"},
		"/p/upper":   {".MCPLINT"},
		"/p/without": {".mcp.json", ".mcplint.env"},
	}}
	for dir, want := range map[string]bool{"/p/with": true, "/p/with/": true, "/p/upper": true, "/p/without": false, "/p/unlisted": true} {
		if got := l.mayHoldRecords(dir); got != want {
			t.Errorf("mayHold(%s, .mcplint) = %v, want %v", dir, got, want)
		}
	}
}
