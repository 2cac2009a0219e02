package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeBadInputs makes one project folder per kind of bad input plus one
// good project, and returns the root.
func writeBadInputs(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	write := func(rel string, b []byte) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("truncated/.mcp.json", []byte(`{"mcpServers": {"a": {"command": "npx", "args": ["-y"`))
	write("utf8/.mcp.json", []byte("{\"mcpServers\": {\"a\": {\"command\": \"np\xffx\"}}}"))
	write("bom/.mcp.json", append([]byte{0xEF, 0xBB, 0xBF}, []byte(`{"mcpServers": {"bom-server": {"command": "node", "args": ["s.js"]}}}`)...))
	write("deep/.mcp.json", []byte(strings.Repeat("[", 200_000)))
	write("toml/.codex/config.toml", []byte("[mcp_servers.docs\ncommand = \"docs\"\n"))
	var big bytes.Buffer
	big.WriteString(`{"mcpServers": {"huge": {"command": "node", "args": [`)
	for big.Len() < 3<<20 {
		big.WriteString(`"--flag-that-goes-on-and-on", `)
	}
	big.WriteString(`"end"]}}}`)
	write("big/.mcp.json", big.Bytes())
	write("good/.mcp.json", []byte(`{"mcpServers": {"good-server": {"type": "http", "url": "https://mcp.example.com/mcp"}}}`))
	return root
}

func TestBadInputNeverStopsTheRun(t *testing.T) {
	t.Parallel()
	root := writeBadInputs(t)
	var out, errb bytes.Buffer
	code := run([]string{"check", "--format", "json", root}, &out, &errb)
	if code != exitFindings {
		t.Fatalf("exit %d, want %d; stderr: %s", code, exitFindings, errb.String())
	}
	var doc struct {
		Findings []struct {
			Rule, Level, File, Message string
			Line, Column               int
		}
		Summary struct{ Files, Servers, Errors, Warnings int }
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out.String())
	}
	want := map[string]struct{ rule, level, contains string }{
		"truncated": {"schema/parse-error", "error", "unexpected end of input"},
		"utf8":      {"schema/encoding", "error", "invalid UTF-8 (byte 0xFF)"},
		"bom":       {"schema/encoding", "warning", "byte order mark"},
		"deep":      {"schema/parse-error", "error", "nesting deeper than 512 levels"},
		"toml":      {"schema/parse-error", "error", "TOML does not parse"},
		"big":       {"schema/limits", "error", "over the 1.0 MiB"},
	}
	perDir := map[string]int{}
	for _, f := range doc.Findings {
		rel, err := filepath.Rel(root, f.File)
		if err != nil {
			t.Fatalf("finding outside the fixture: %s", f.File)
		}
		dir := strings.Split(filepath.ToSlash(rel), "/")[0]
		perDir[dir]++
		w, ok := want[dir]
		if !ok {
			t.Errorf("unexpected finding in %s: %+v", dir, f)
			continue
		}
		if f.Rule != w.rule || f.Level != w.level || !strings.Contains(f.Message, w.contains) {
			t.Errorf("%s: got %s %s %q, want %s %s containing %q", dir, f.Level, f.Rule, f.Message, w.level, w.rule, w.contains)
		}
		if f.Line < 1 || f.Column < 1 {
			t.Errorf("%s: finding without a position: %+v", dir, f)
		}
	}
	for dir := range want {
		if perDir[dir] != 1 {
			t.Errorf("%s: %d findings, want exactly 1", dir, perDir[dir])
		}
	}

	// The good files are still read: list shows the good server and the
	// server of the file that only had a BOM.
	out.Reset()
	if code := run([]string{"list", "--format", "json", root}, &out, &errb); code != exitOK {
		t.Fatalf("list exit %d: %s", code, errb.String())
	}
	var list struct {
		Documents []struct{ File, Parse string }
		Servers   []struct{ Name string }
	}
	if err := json.Unmarshal(out.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range list.Servers {
		names[s.Name] = true
	}
	if !names["good-server"] || !names["bom-server"] || len(list.Servers) != 2 {
		t.Errorf("servers listed: %v, want good-server and bom-server", names)
	}
	if len(list.Documents) != 7 {
		t.Errorf("%d documents listed, want 7", len(list.Documents))
	}
}
