package loader

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Tool snapshots and pins files of the wrong shape get a finding at each
// wrong value, with its line and column; the pins file's finding does
// not speak of Go types.
func TestRecordFilesOfTheWrongShape(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json": `{"mcpServers": {"a": {"command": "x"}}}`,
		"project/.mcplint/tools/a.json": `{"server": "a", "tools": [
  null,
  {"name": 5},
  {"name": "ok", "description": ["d"], "inputSchema": "s", "annotations": [1]},
  {"description": "no name"}
]}`,
		"project/.mcplint/tools/map.json": `{"b": 5, "c": [7], "d": {"tools": []}}`,
		"project/.mcplint/tools/who.json": `{"server": 5, "tools": []}`,
		"project/.mcplint/pins.json": `{"version": "1", "servers": {
  "a": {"tools": {"x": {"sha256": 5, "parts": {"description": null}}}},
  "b": null,
  "c": {"tools": [1], "instructions": 2}
}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root})
	var got []string
	for _, f := range ws.Findings {
		if strings.Contains(f.Message, "Go ") || strings.Contains(f.Message, "unmarshal") {
			t.Errorf("a finding speaks of the decoder: %s", f.Message)
		}
		got = append(got, fmt.Sprintf("%s:%d:%d %s", f.File, f.Range.Start.Line, f.Range.Start.Column, f.Rule))
	}
	sort.Strings(got)
	want := []string{
		".mcplint/pins.json:1:13 schema/parse-error",      // "version": "1"
		".mcplint/pins.json:2:35 schema/parse-error",      // "sha256": 5
		".mcplint/pins.json:2:63 schema/parse-error",      // part "description": null
		".mcplint/pins.json:3:8 schema/parse-error",       // "b": null
		".mcplint/pins.json:4:39 schema/parse-error",      // "instructions": 2
		".mcplint/pins.json:4:18 schema/parse-error",      // "c" tools: [1] (reported on "tools")
		".mcplint/tools/a.json:2:3 schema/parse-error",    // null
		".mcplint/tools/a.json:3:12 schema/parse-error",   // "name": 5
		".mcplint/tools/a.json:4:33 schema/parse-error",   // description
		".mcplint/tools/a.json:4:55 schema/parse-error",   // inputSchema
		".mcplint/tools/a.json:4:75 schema/parse-error",   // annotations
		".mcplint/tools/a.json:5:3 schema/parse-error",    // no name
		".mcplint/tools/map.json:1:7 schema/parse-error",  // "b": 5
		".mcplint/tools/map.json:1:16 schema/parse-error", // 7
		".mcplint/tools/who.json:1:12 schema/parse-error", // "server": 5
	}
	for i := range got {
		got[i] = strings.TrimPrefix(got[i], "project/")
	}
	if strings.Join(got, "\n") != strings.Join(sortedCopy(want), "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(sortedCopy(want), "\n"))
	}
	for _, d := range ws.Documents {
		if d.Kind == KindToolPins && d.Pins != nil && d.Pins.Pins != nil {
			t.Errorf("a pins file of the wrong shape pins %v", d.Pins.Pins.Servers)
		}
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// A project's snapshot or pins file that is a link leading outside the
// PATHs is reported and not read, like its configs.
func TestRecordFilesLinkedOutsideAreNotRead(t *testing.T) {
	root := writeTree(t, map[string]string{
		"project/.mcp.json":      `{"mcpServers": {"a": {"command": "x"}}}`,
		"project/.mcplint/x.txt": "",
		"secret.txt":             "hunter2hunter2 is the password\n",
	})
	for _, name := range []string{"tools/s.json", "pins.json"} {
		p := filepath.Join(root, "project", ".mcplint", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(root, "secret.txt"), p); err != nil {
			t.Skipf("symlinks: %v", err)
		}
	}
	ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root})
	refused := 0
	for _, f := range ws.Findings {
		if strings.Contains(f.Message, "hunter2") {
			t.Errorf("the linked file reached a finding: %s", f.Message)
		}
		if f.Rule == "schema/unreadable" && strings.Contains(f.Message, "outside the folders being checked") {
			refused++
		}
	}
	for _, d := range ws.Documents {
		if d.File != nil && strings.Contains(string(d.File.Src), "hunter2") {
			t.Errorf("%s was read", d.Path)
		}
	}
	if refused != 2 {
		t.Errorf("want the snapshot and the pins file refused, got %d: %+v", refused, ws.Findings)
	}
}

// A key written twice in a JSON object: the earlier one is reported at
// its own place, and the server's pairs hold only the value the client
// reads, so no rule on the value points at the wrong member. Servers
// written twice are left to trust/shadowed-server.
func TestDuplicateKeys(t *testing.T) {
	root := writeTree(t, map[string]string{
		".mcp.json": `{"mcpServers": {
  "a": {"command": "x", "env": {"TOKEN": "ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u", "TOKEN": "${TOKEN}"}},
  "a": {"command": "y", "command": "z"}
}}`,
	})
	ws := mustLoad(t, Options{Paths: []string{root}, WorkDir: root})
	var got []string
	for _, f := range ws.Findings {
		got = append(got, fmt.Sprintf("%d:%d %s", f.Range.Start.Line, f.Range.Start.Column, f.Rule))
	}
	want := []string{"2:33 schema/duplicate-key", "3:9 schema/duplicate-key"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("findings %q, want %q", got, want)
	}
	for _, s := range ws.Servers {
		for _, p := range s.Env {
			if p.Value != "${TOKEN}" {
				t.Errorf("server %s: env pair %q = %q, want only the value the client reads", s.Name, p.Key, p.Value)
			}
		}
	}
}
