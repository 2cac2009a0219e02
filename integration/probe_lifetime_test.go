//go:build linux

package integration

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// markerProcesses counts the processes whose command line holds marker.
func markerProcesses(t *testing.T, marker string) int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(b, []byte(marker)) {
			n++
		}
	}
	return n
}

// Ctrl-C during a probe ends every process the server started: the one
// in its group and the one that left it with setsid.
func TestProbeSIGINTLeavesNoProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	bin := releaseBinary(t)
	dir := t.TempDir()
	marker := strconv.Itoa(int(time.Now().UnixNano()%1e6)) + ".5"
	script := "setsid sleep 9" + marker + " & sleep 8" + marker + " & exec sleep 7" + marker
	cfg := map[string]any{"mcpServers": map[string]any{"stuck": map[string]any{"command": "sh", "args": []string{"-c", script}}}}
	b, _ := json.Marshal(cfg)
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "probe", "--yes", "--no-config", "--timeout", "60s", dir)
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for markerProcesses(t, marker) < 3 {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			t.Fatalf("the server's processes never showed up (%d); stderr:\n%s", markerProcesses(t, marker), errb.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("probe did not end after SIGINT")
	}
	left := 0
	for i := 0; i < 40; i++ {
		if left = markerProcesses(t, marker); left == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if left > 0 {
		t.Errorf("%d processes of the server outlived probe; stderr:\n%s", left, errb.String())
		_ = exec.Command("pkill", "-f", marker).Run()
	}
}

// Without a terminal and without --yes, a remote server that would be
// sent a header built from the user's environment is not contacted at
// all, and probe exits 2 naming the host and the variable.
func TestProbeContactsNothingWithoutConsent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	bin := releaseBinary(t)
	var hits atomic.Int32
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }),
		ConnState: func(net.Conn, http.ConnState) { hits.Add(1) }}
	go func() { _ = srv.Serve(ln) }()
	defer func() { _ = srv.Close() }()
	dir := t.TempDir()
	cfg := map[string]any{"mcpServers": map[string]any{"remote": map[string]any{"type": "http", "url": "http://" + ln.Addr().String() + "/mcp",
		"headers": map[string]string{"Authorization": "Bearer ${PROBE_TEST_TOKEN}"}}}}
	b, _ := json.Marshal(cfg)
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = devnull.Close() }()
	cmd := exec.Command(bin, "probe", "--no-config", dir)
	cmd.Stdin = devnull // a character device, but no terminal
	cmd.Env = append(os.Environ(), "PROBE_TEST_TOKEN=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Errorf("exit %v, want 2; output:\n%s", err, out)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server was contacted %d times without consent", n)
	}
	if !strings.Contains(string(out), "header Authorization ← $PROBE_TEST_TOKEN") || !strings.Contains(string(out), ln.Addr().String()) {
		t.Errorf("the refusal does not name the host and the variable:\n%s", out)
	}
	if strings.Contains(string(out), "0123456789abcdef") {
		t.Errorf("the token is in the output:\n%s", out)
	}
}
