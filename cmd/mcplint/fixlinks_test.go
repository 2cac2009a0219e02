package main

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeToken is a GitHub token shape the detectors know, different each
// run.
func fakeToken(seed int64) string {
	r := rand.New(rand.NewSource(seed))
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := []byte("ghp_")
	for i := 0; i < 36; i++ {
		b = append(b, alnum[r.Intn(len(alnum))])
	}
	return string(b)
}

func keyConfig(token string) string {
	return `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@1.2.0"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "` + token + `"}}}}` + "\n"
}

type fixRun struct {
	code        int
	out, errOut string
}

func runFixCmd(t *testing.T, args ...string) fixRun {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"fix", "--no-config"}, args...), &out, &errb)
	return fixRun{code, out.String(), errb.String()}
}

func fileHas(t *testing.T, p, s string) bool {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), s)
}

func isSymlink(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// claimsGone is the note a fix prints only when the file proves it.
const claimsGone = "no longer in the file"

// TestFixThroughSymlinkInsideRoots: a config that is a link (a dotfile
// manager's) is fixed at its target, in place; the link stays a link.
func TestFixThroughSymlinkInsideRoots(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tok := fakeToken(1)
	writeFiles(t, root, map[string]string{"dotfiles/mcp.json": keyConfig(tok)})
	link := filepath.Join(root, "project", ".mcp.json")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "dotfiles", "mcp.json"), link); err != nil {
		t.Fatal(err)
	}
	r := runFixCmd(t, root)
	target := filepath.Join(root, "dotfiles", "mcp.json")
	if r.code != exitOK || !isSymlink(link) || fileHas(t, target, tok) || !fileHas(t, target, "${GITHUB_PERSONAL_ACCESS_TOKEN}") {
		t.Fatalf("exit %d, link kept %v, token left %v\n%s%s", r.code, isSymlink(link), fileHas(t, target, tok), r.out, r.errOut)
	}
	if !strings.Contains(r.out, "link target") || !strings.Contains(r.out, claimsGone) {
		t.Errorf("output does not say where it wrote or that the key is gone:\n%s", r.out)
	}
	if strings.Contains(r.out+r.errOut, tok[4:12]) {
		t.Errorf("output shows the token")
	}
}

// TestFixRefusesSymlinkOutsideRoots: a link to a file outside the folders
// being fixed is left alone with a clear message, unless
// --fix-outside-roots.
func TestFixRefusesSymlinkOutsideRoots(t *testing.T) {
	t.Parallel()
	root, outside := t.TempDir(), t.TempDir()
	tok := fakeToken(2)
	writeFiles(t, outside, map[string]string{"mcp.json": keyConfig(tok)})
	link := filepath.Join(root, ".mcp.json")
	if err := os.Symlink(filepath.Join(outside, "mcp.json"), link); err != nil {
		t.Fatal(err)
	}
	r := runFixCmd(t, root)
	target := filepath.Join(outside, "mcp.json")
	if r.code != exitFindings || !fileHas(t, target, tok) || !isSymlink(link) ||
		!strings.Contains(r.errOut, "outside the folders being fixed") || !strings.Contains(r.errOut, "--fix-outside-roots") ||
		strings.Contains(r.out, "fixed ") || strings.Contains(r.out, claimsGone) {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.errOut)
	}
	r = runFixCmd(t, "--fix-outside-roots", root)
	if r.code != exitOK || fileHas(t, target, tok) || !isSymlink(link) || !strings.Contains(r.out, claimsGone) {
		t.Errorf("--fix-outside-roots: exit %d, token left %v\n%s%s", r.code, fileHas(t, target, tok), r.out, r.errOut)
	}
}

// TestFixRefusesLinkedFolderOutsideRoots: the file itself is no link but
// a folder on its path leads outside: refused the same way.
func TestFixRefusesLinkedFolderOutsideRoots(t *testing.T) {
	t.Parallel()
	root, outside := t.TempDir(), t.TempDir()
	tok := fakeToken(3)
	writeFiles(t, outside, map[string]string{"cursor/mcp.json": keyConfig(tok)})
	if err := os.Symlink(filepath.Join(outside, "cursor"), filepath.Join(root, ".cursor")); err != nil {
		t.Fatal(err)
	}
	r := runFixCmd(t, root)
	target := filepath.Join(outside, "cursor", "mcp.json")
	if r.code != exitFindings || !fileHas(t, target, tok) || !strings.Contains(r.errOut, "a folder on its path is a link") ||
		!strings.Contains(r.errOut, "--fix-outside-roots") || strings.Contains(r.out, claimsGone) {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.errOut)
	}
	if !strings.Contains(r.out+r.errOut, ".cursor") {
		t.Errorf("the refusal does not name the file")
	}
}

// TestFixHardLink: a file with another name is left alone (a rename would
// leave the token under the other name); --fix-hard-links edits it in
// place, so both names lose the token.
func TestFixHardLink(t *testing.T) {
	t.Parallel()
	root, outside := t.TempDir(), t.TempDir()
	tok := fakeToken(4)
	writeFiles(t, root, map[string]string{".mcp.json": keyConfig(tok)})
	p, other := filepath.Join(root, ".mcp.json"), filepath.Join(outside, "backup.json")
	if err := os.Link(p, other); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	r := runFixCmd(t, root)
	if r.code != exitFindings || !fileHas(t, p, tok) || !fileHas(t, other, tok) || !strings.Contains(r.errOut, "2 hard links") ||
		!strings.Contains(r.errOut, "--fix-hard-links") || strings.Contains(r.out, claimsGone) {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.errOut)
	}
	r = runFixCmd(t, "--fix-hard-links", root)
	if r.code != exitOK || fileHas(t, p, tok) || fileHas(t, other, tok) || !strings.Contains(r.out, claimsGone) {
		t.Errorf("--fix-hard-links: exit %d, token left %v/%v\n%s%s", r.code, fileHas(t, p, tok), fileHas(t, other, tok), r.out, r.errOut)
	}
	a, _ := os.Stat(p)
	b, _ := os.Stat(other)
	if !os.SameFile(a, b) {
		t.Errorf("the two names are no longer one file")
	}
}

// TestFixReadOnly: a read-only config is reported and left; with
// --fix-read-only it is fixed and stays read-only.
func TestFixReadOnly(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tok := fakeToken(5)
	writeFiles(t, root, map[string]string{".mcp.json": keyConfig(tok)})
	p := filepath.Join(root, ".mcp.json")
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	r := runFixCmd(t, root)
	if r.code != exitFindings || !fileHas(t, p, tok) || !strings.Contains(r.errOut, "read-only") ||
		!strings.Contains(r.errOut, "--fix-read-only") || strings.Contains(r.out, claimsGone) {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.errOut)
	}
	r = runFixCmd(t, "--fix-read-only", root)
	fi, _ := os.Stat(p)
	if r.code != exitOK || fileHas(t, p, tok) || fi.Mode().Perm() != 0o444 || !strings.Contains(r.out, claimsGone) {
		t.Errorf("--fix-read-only: exit %d, mode %v\n%s%s", r.code, fi.Mode().Perm(), r.out, r.errOut)
	}
}

// denyWrites makes dir refuse new files: by its mode, or, for root (who
// ignores modes), with the immutable attribute.
func denyWrites(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		return
	}
	if err := exec.Command("chattr", "+i", dir).Run(); err != nil {
		t.Skipf("running as root without chattr +i: %v", err)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
}

// TestFixFailedWriteClaimsNothing: when the write fails, fix says so and
// prints neither a "fixed" line nor that the old value is gone.
func TestFixFailedWriteClaimsNothing(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tok := fakeToken(6)
	writeFiles(t, root, map[string]string{"project/.mcp.json": keyConfig(tok)})
	dir := filepath.Join(root, "project")
	denyWrites(t, dir)
	r := runFixCmd(t, root)
	if r.code != exitFindings || !fileHas(t, filepath.Join(dir, ".mcp.json"), tok) || r.errOut == "" ||
		strings.Contains(r.out, "fixed ") || strings.Contains(r.out, claimsGone) || strings.Contains(r.out, "next:") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.errOut)
	}
	t.Logf("stderr: %s", strings.TrimSpace(r.errOut))
}

// TestFixSaysGoneOnlyWhenGone: when the key is also somewhere the fix
// does not touch (a comment), the file is fixed but the note does not
// claim the old value left it.
func TestFixSaysGoneOnlyWhenGone(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tok := fakeToken(7)
	writeFiles(t, root, map[string]string{".vscode/mcp.json": "{\n  // was: " + tok + "\n  \"servers\": {\"github\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@1.2.0\"], \"env\": {\"GITHUB_PERSONAL_ACCESS_TOKEN\": \"" + tok + "\"}}}\n}\n"})
	r := runFixCmd(t, root)
	p := filepath.Join(root, ".vscode", "mcp.json")
	if r.code != exitOK || !strings.Contains(r.out, "fixed 1 finding") || !fileHas(t, p, "${env:GITHUB_PERSONAL_ACCESS_TOKEN}") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.errOut)
	}
	if strings.Contains(r.out, claimsGone) || strings.Contains(r.out, "now it is gone") || !strings.Contains(r.out, "may still be in the file") {
		t.Errorf("the note claims the key is gone though the comment keeps it:\n%s", r.out)
	}
}
