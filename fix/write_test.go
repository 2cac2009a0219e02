package fix

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplaceGuardedKeepsModeAndWrites(t *testing.T) {
	p := filepath.Join(t.TempDir(), ".mcp.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o640); err != nil {
		t.Fatal(err)
	}
	_, st, err := ReadStamped(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := ReplaceGuarded(p, st, []byte(`{"a": 2}`)); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if string(b) != `{"a": 2}` || fi.Mode().Perm() != 0o640 {
		t.Errorf("got %q mode %v", b, fi.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".*mcplint-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestReplaceGuardedRefusesAChangedFile changes the file between the read
// and the write: nothing is written and the error says why.
func TestReplaceGuardedRefusesAChangedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), ".mcp.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, st, err := ReadStamped(p)
	if err != nil {
		t.Fatal(err)
	}
	beforeRename = func(path string) { _ = os.WriteFile(path, []byte(`{"a": 1, "b": 2}`), 0o644) }
	defer func() { beforeRename = nil }()
	err = ReplaceGuarded(p, st, []byte(`{"a": 3}`))
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("err = %v, want ErrChanged", err)
	}
	b, _ := os.ReadFile(p)
	if string(b) != `{"a": 1, "b": 2}` {
		t.Errorf("the other writer's content was lost: %q", b)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".*mcplint-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestReplaceGuardedNeverRewritesInvalidUTF8(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.json")
	if err := os.WriteFile(p, []byte("{\"a\": \"\xff\"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, st, _ := ReadStamped(p)
	if err := ReplaceGuarded(p, st, []byte(`{}`)); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Fatalf("err = %v", err)
	}
}
