package fix

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A change that keeps the file's inode, size and modification time (an
// editor that restores mtime, a coarse-grained file system) is caught by
// the SHA-256 of the bytes alone: nothing is written.
func TestReplaceGuardedComparesTheBytes(t *testing.T) {
	p := filepath.Join(t.TempDir(), ".mcp.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, st, err := ReadStamped(p)
	if err != nil {
		t.Fatal(err)
	}
	beforeRename = func(path string) {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Error(err)
			return
		}
		_, err = f.WriteAt([]byte("2"), 6) // same size, same inode
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chtimes(path, st.ModTime, st.ModTime)
		}
		if err != nil {
			t.Error(err)
		}
	}
	defer func() { beforeRename = nil }()
	if err := ReplaceGuarded(p, st, []byte(`{"a": 3}`)); !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v, want ErrChanged", err)
	}
	if b, _ := os.ReadFile(p); string(b) != `{"a": 2}` {
		t.Errorf("the other writer's bytes were replaced: %q", b)
	}
}
