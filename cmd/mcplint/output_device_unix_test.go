//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// --output names a device or a FIFO: it is written directly (it cannot be
// replaced by a renamed file), for check, merge and the side outputs.
func TestOutputToDeviceOrFIFO(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "npx", "args": ["a"]}}}`})
	reports := t.TempDir()
	if code, _, errOut := runCLI(t, "check", "--format", "json", "--output", filepath.Join(reports, "r.json"), dir); code != exitFindings {
		t.Fatalf("report for merge: exit %d %s", code, errOut)
	}
	for _, args := range [][]string{
		{"check", "--output", os.DevNull, dir},
		{"check", "--format", "sarif", "--output", os.DevNull, dir},
		{"merge", "--output", os.DevNull, reports},
	} {
		code, _, errOut := runCLI(t, args...)
		if strings.Contains(errOut, "--output") || code == exitUsage || code == exitInternal {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
		}
	}
	fifo := filepath.Join(t.TempDir(), "report.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		_ = f.Close()
		got <- string(b)
	}()
	code, _, errOut := runCLI(t, "check", "--format", "json", "--output", fifo, dir)
	if code != exitFindings {
		t.Errorf("check to a FIFO: exit %d, stderr %q", code, errOut)
		// Nothing opened it for writing: let the reader go.
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			_ = f.Close()
		}
	}
	if out := <-got; !strings.Contains(out, `"supply-chain/unpinned-package"`) {
		t.Errorf("the FIFO's reader got %q", out)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", err)
	}
}
