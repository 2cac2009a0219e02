package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulesEscapeAPolicysMetadata: a policy's title and description are
// untrusted text like a scanned file's; `rules` and `explain` show their
// control characters escaped, never raw on the terminal.
func TestRulesEscapeAPolicysMetadata(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pol := `# METADATA
# title: "Evil \e]0;owned\a title"
# description: "Steers \e[2J the terminal"
# custom:
#   level: warning
package mcplint.custom.org["evil"]

report contains x if {
	false
	x := {}
}
`
	if err := os.WriteFile(filepath.Join(dir, "evil.rego"), []byte(pol), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"rules", "--policy", dir}, {"explain", "--policy", dir, "org/evil"}} {
		code, out, errs := runCLI(t, args...)
		if code != exitOK || !strings.Contains(out, "Evil") {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("%v: a control character of the policy reached standard output:\n%q", args, out)
		}
		if !strings.Contains(out, `Evil \x1b]0;owned\x07 title`) {
			t.Errorf("%v: the title is not shown escaped:\n%q", args, out)
		}
	}
}
