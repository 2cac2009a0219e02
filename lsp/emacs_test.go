package lsp

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmacs runs the Emacs block of docs/editors.md (testdata/emacs/init.el)
// in a real Emacs with eglot: batch Emacs opens a .mcp.json holding a
// literal key, eglot starts `mcplint lsp`, Flymake gets the diagnostic,
// the preferred quick fix is applied and the file saved
// (testdata/emacs/run.el). Skipped when emacs is not on PATH, unless
// MCPLINT_REQUIRE_EMACS is set (CI sets it).
func TestEmacs(t *testing.T) {
	if _, err := exec.LookPath("emacs"); err != nil {
		if os.Getenv("MCPLINT_REQUIRE_EMACS") != "" {
			t.Fatal("emacs is not on PATH and MCPLINT_REQUIRE_EMACS is set")
		}
		t.Skip("emacs is not on PATH")
	}
	bin := buildMcplint(t)
	work := t.TempDir()
	proj := filepath.Join(work, "project")
	file := filepath.Join(proj, ".mcp.json")
	writeFile(t, file, secretConfig())
	// mcplint on PATH, as the snippet runs "mcplint".
	binDir := filepath.Join(work, "bin")
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(bin, filepath.Join(binDir, "mcplint")); err != nil {
		t.Fatal(err)
	}
	initEl, _ := filepath.Abs(filepath.Join("testdata", "emacs", "init.el"))
	runEl, _ := filepath.Abs(filepath.Join("testdata", "emacs", "run.el"))
	result := filepath.Join(work, "result")
	cmd := exec.Command("emacs", "--batch", "-l", initEl, "-l", runEl, file, result)
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	res, _ := os.ReadFile(result)
	t.Logf("emacs output:\n%s\nresult:\n%s", out, res)
	if err != nil {
		t.Fatalf("emacs: %v", err)
	}
	if !strings.Contains(string(res), "diagnostic 7 ") || !strings.Contains(string(res), "GitHub personal access token") {
		t.Errorf("no literal-key diagnostic on line 7")
	}
	if strings.Contains(string(res)+string(out), tokenBody()) {
		t.Errorf("the key's text reached Emacs's diagnostics or output")
	}
	if !strings.Contains(string(res), "\naction Replace the literal key") {
		t.Errorf("the quick fix was not applied")
	}
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(saved), `"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PERSONAL_ACCESS_TOKEN}"`) || strings.Contains(string(saved), fakeToken()) {
		t.Errorf("saved file:\n%s", saved)
	}
	// The snippet is docs/editors.md's, word for word.
	doc, err := os.ReadFile(filepath.Join("..", "docs", "editors.md"))
	if err != nil {
		t.Fatal(err)
	}
	snippet, _ := os.ReadFile(initEl)
	body := strings.SplitN(string(snippet), "\n", 2)[1]
	if !strings.Contains(string(doc), fmt.Sprintf("```elisp\n%s```", body)) {
		t.Errorf("docs/editors.md's Emacs block differs from testdata/emacs/init.el:\n%s", body)
	}
}
