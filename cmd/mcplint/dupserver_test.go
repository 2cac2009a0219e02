package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A server written twice in one object: each copy's literal key is
// reported at its own line and fixed in its own copy, and the count of
// fixed findings is what the file shows afterwards.
func TestDuplicateServerCopiesAreReportedAndFixedEach(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	src := `{
  "mcpServers": {
    "gh": {"command": "node", "args": ["srv.js"], "env": {"GITHUB_TOKEN": "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"}},
    "gh": {"command": "node", "args": ["srv.js"], "env": {"GITHUB_TOKEN": "ghp_Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8"}}
  }
}
`
	writeFiles(t, root, map[string]string{".mcp.json": src})
	_, out, _ := runCLI(t, "check", "--no-config", root)
	for _, at := range []string{".mcp.json:3:", ".mcp.json:4:"} {
		found := false
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, at) && strings.Contains(line, "secrets/literal-key") {
				found = true
			}
		}
		if !found {
			t.Errorf("no secrets/literal-key at %s:\n%s", at, out)
		}
	}
	r := runFixCmd(t, root)
	if !strings.Contains(r.out, "fixed 2 findings") {
		t.Errorf("fix: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	b, _ := os.ReadFile(filepath.Join(root, ".mcp.json"))
	if strings.Contains(string(b), "ghp_") || strings.Count(string(b), "${GITHUB_TOKEN}") != 2 {
		t.Errorf("after fix:\n%s", b)
	}
	if r := runFixCmd(t, root); !strings.Contains(r.out, "nothing to fix") {
		t.Errorf("second fix: %s", r.out)
	}
}
