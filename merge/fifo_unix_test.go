//go:build unix

package merge

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO named like a report must be skipped, not opened: opening it
// blocks until a writer appears, which never happens.
func TestMergeSkipsAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan *Merger, 1)
	go func() {
		m := New()
		m.AddPaths([]string{dir, fifo})
		done <- m
	}()
	select {
	case m := <-done:
		skips := m.skipped
		if len(skips) != 2 {
			t.Fatalf("skips = %+v, want the FIFO skipped twice (walked and named)", skips)
		}
		for _, s := range skips {
			if !strings.Contains(s.Reason, "not a regular file") {
				t.Errorf("skip reason = %q", s.Reason)
			}
		}
	case <-time.After(5 * time.Second):
		t.Fatal("merge blocked on a FIFO")
	}
}
