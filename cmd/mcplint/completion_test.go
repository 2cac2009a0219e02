package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The bash script parses, and completing in a real bash gives the
// commands and each command's own flags (new flags included, as they
// come from the flag sets).
func TestCompletionBash(t *testing.T) {
	t.Parallel()
	code, script, errOut := runCLI(t, "completion", "bash")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	p := filepath.Join(t.TempDir(), "mcplint.bash")
	if err := os.WriteFile(p, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	complete := func(words ...string) string {
		t.Helper()
		line := "source " + p + "; COMP_WORDS=(" + strings.Join(words, " ") + "); COMP_CWORD=" + strconv.Itoa(len(words)-1) + "; _mcplint; echo \"${COMPREPLY[*]}\""
		out, err := exec.Command(bash, "--norc", "-c", line).CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", words, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if got := complete("mcplint", "ch"); got != "check" {
		t.Errorf("mcplint ch<TAB> = %q", got)
	}
	if got := complete("mcplint", "co"); got != "completion" {
		t.Errorf("mcplint co<TAB> = %q", got)
	}
	if got := complete("mcplint", "check", "--sel"); got != "--select" {
		t.Errorf("mcplint check --sel<TAB> = %q", got)
	}
	if got := complete("mcplint", "fix", "--fix-r"); got != "--fix-read-only" {
		t.Errorf("mcplint fix --fix-r<TAB> = %q", got)
	}
	if got := complete("mcplint", "merge", "--sel"); got != "" {
		t.Errorf("merge has no --select, yet: %q", got)
	}
	for shell, flag := range map[string]string{"zsh": "'--extend-select:", "fish": "-l extend-select"} {
		code, out, _ := runCLI(t, "completion", shell)
		if code != exitOK || !strings.Contains(out, flag) || !strings.Contains(out, "completion") {
			t.Errorf("%s: exit %d\n%s", shell, code, out)
		}
		if sh, err := exec.LookPath(shell); err == nil {
			cmd := exec.Command(sh, "-n")
			cmd.Stdin = strings.NewReader(out)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, b)
			}
		}
	}
	if code, _, errOut := runCLI(t, "completion", "powershell"); code != exitUsage || !strings.Contains(errOut, "want bash, zsh, fish") {
		t.Errorf("unknown shell: exit %d %q", code, errOut)
	}
}
