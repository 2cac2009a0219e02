package main

import (
	"strings"
	"testing"
)

// Every command that takes --format refuses a value it does not know with
// exit 2 (bad flags), prints nothing on standard output and shows the
// value escaped.
func TestUnknownFormatIsABadFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "x"}}}`})
	bad := "\x1b[31mbogus"
	for _, args := range [][]string{
		{"check", "--format", bad, dir},
		{"list", "--format", bad, dir},
		{"rules", "--format", bad},
		{"export", "--format", bad, "a", dir},
		{"merge", "--format", bad, dir},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "--format") || strings.Contains(errOut, "\x1b") {
			t.Errorf("%s --format %q: exit %d, stdout %q, stderr %q", args[0], bad, code, out, errOut)
		}
	}
}
