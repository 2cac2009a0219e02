package fix

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestCreateNewNeverReplaces(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pins.json")
	if err := CreateNew(p, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CreateNew(p, []byte("two\n"), 0o644); !errors.Is(err, ErrExists) {
		t.Fatalf("second create: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one\n" {
		t.Fatalf("file now %q", b)
	}
	wrote, err := WriteIfChanged(p, []byte("one\n"))
	if err != nil || wrote {
		t.Fatalf("same bytes: wrote=%v err=%v", wrote, err)
	}
	wrote, err = WriteIfChanged(p, []byte("three\n"))
	if err != nil || !wrote {
		t.Fatalf("new bytes: wrote=%v err=%v", wrote, err)
	}
	if b, _ := os.ReadFile(p); string(b) != "three\n" {
		t.Fatalf("file now %q", b)
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".*mcplint-*"))
	if len(matches) != 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}
