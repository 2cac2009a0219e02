//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestUnreadableFilesAreReported(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	// A dangling symbolic link and a FIFO (reading it would block).
	if err := os.Symlink(filepath.Join(root, "missing.json"), filepath.Join(root, ".mcp.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, ".cursor"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, ".cursor", "mcp.json"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"check", root}, &out, &errb); code != exitFindings {
		t.Fatalf("exit %d, want 1; stderr %s", code, errb.String())
	}
	for _, want := range []string{".mcp.json:1:1: error schema/unreadable: cannot read the file: no such file or directory",
		"mcp.json:1:1: error schema/unreadable: cannot read the file: not a regular file"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}
