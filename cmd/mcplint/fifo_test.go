package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Every file mcplint reads beside the configs (.mcplint.toml found upward,
// a project's package.json and other marker files, .mcplint.env, a
// baseline, the pins file) that is a FIFO or a link to /dev/zero is
// refused or left alone: reading one blocked the run forever.
func TestFilesThatAreNoRegularFilesDoNotHang(t *testing.T) {
	t.Parallel()
	cases := []struct {
		file string
		args func(dir string) []string
		code int
	}{
		{".mcplint.toml", func(dir string) []string { return []string{"check", dir} }, exitUsage},
		{"package.json", func(dir string) []string { return []string{"check", "--no-config", dir} }, exitOK},
		{".mcplint.env", func(dir string) []string { return []string{"check", "--no-config", dir} }, exitOK},
		{"base.json", func(dir string) []string {
			return []string{"check", "--no-config", "--baseline", filepath.Join(dir, "base.json"), dir}
		}, exitUsage},
		{".mcplint/pins.json", func(dir string) []string { return []string{"check", "--no-config", dir} }, exitOK},
	}
	for _, c := range cases {
		for _, kind := range []string{"fifo", "zero"} {
			t.Run(c.file+" "+kind, func(t *testing.T) {
				dir := t.TempDir()
				writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "x", "env": {"T": "${MY_T}"}}}}`})
				p := filepath.Join(dir, filepath.FromSlash(c.file))
				os.MkdirAll(filepath.Dir(p), 0o755)
				var err error
				if kind == "fifo" {
					err = syscall.Mkfifo(p, 0o644)
				} else {
					err = os.Symlink("/dev/zero", p)
				}
				if err != nil {
					t.Skipf("%s: %v", kind, err)
				}
				type res struct {
					code     int
					out, err string
				}
				done := make(chan res, 1)
				go func() {
					code, out, errOut := runCLI(t, c.args(dir)...)
					done <- res{code, out, errOut}
				}()
				select {
				case r := <-done:
					if r.code != c.code && !(c.code == exitOK && r.code == exitFindings) {
						t.Errorf("exit %d, want %d\n%s%s", r.code, c.code, r.out, r.err)
					}
					if c.code == exitUsage && !strings.Contains(r.err, "not a regular file") {
						t.Errorf("stderr %q does not say why", r.err)
					}
				case <-time.After(20 * time.Second):
					t.Fatalf("check did not end with %s as a %s", c.file, kind)
				}
			})
		}
	}
}

// A --policy folder holding a FIFO named like a module is refused (exit 2)
// instead of blocking.
func TestPolicyFolderFIFODoesNotHang(t *testing.T) {
	t.Parallel()
	dir, pol := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "x"}}}`})
	if err := syscall.Mkfifo(filepath.Join(pol, "x.rego"), 0o644); err != nil {
		t.Skipf("fifo: %v", err)
	}
	done := make(chan int, 1)
	go func() {
		code, _, _ := runCLI(t, "check", "--no-config", "--policy", pol, dir)
		done <- code
	}()
	select {
	case code := <-done:
		if code != exitUsage {
			t.Errorf("exit %d, want %d", code, exitUsage)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("check did not end with a FIFO among the policies")
	}
}

// A --policy path that does not exist is a bad path (exit 2), not an
// internal error.
func TestMissingPolicyPathIsABadPath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "x"}}}`})
	code, _, errOut := runCLI(t, "check", "--no-config", "--policy", filepath.Join(dir, "missing"), dir)
	if code != exitUsage || !strings.Contains(errOut, "--policy") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
