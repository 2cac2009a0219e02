package output

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileReplacesWholeAndKeepsTheMode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "report.json")
	if err := os.WriteFile(p, []byte("old report, longer than the new one\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if string(b) != "new\n" || fi.Mode().Perm() != 0o600 {
		t.Errorf("got %q mode %v, want \"new\\n\" mode 0600", b, fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	if err := WriteFile(dir, []byte("x")); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("a folder as the file: %v", err)
	}
}

func TestDestinationInTheWorkingFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var stdout bytes.Buffer
	d := To("out.txt", dir, &stdout)
	io.WriteString(d.Writer(), "first")
	// A failed rewrite commits nothing; a good one replaces the file.
	if err := d.Replace(func(w io.Writer) error { return errors.New("no") }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.txt")); err == nil {
		t.Error("a failed rewrite was committed")
	}
	if err := d.Replace(func(w io.Writer) error { _, err := io.WriteString(w, "second"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "out.txt")); string(b) != "second" || stdout.Len() != 0 {
		t.Errorf("file %q, stdout %q", b, stdout.String())
	}
	if err := CheckPath("missing/out.txt", dir); err == nil || !strings.Contains(err.Error(), "--output missing/out.txt: the folder missing does not exist") {
		t.Errorf("a missing folder in the working folder: %v", err)
	}
	if err := CheckPath("out.txt", dir); err != nil {
		t.Errorf("a file in the working folder: %v", err)
	}
	if got := InAll(dir, []string{"a", "/b"}); got[0] != filepath.Join(dir, "a") || got[1] != "/b" {
		t.Errorf("InAll: %v", got)
	}
}

func TestColor(t *testing.T) {
	t.Parallel()
	env := func(kv ...string) func(string) (string, bool) {
		return func(k string) (string, bool) {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1], true
				}
			}
			return "", false
		}
	}
	var buf bytes.Buffer
	for _, tc := range []struct {
		when   string
		toFile bool
		env    func(string) (string, bool)
		want   bool
	}{
		{"always", true, env("NO_COLOR", "1"), true},
		{"never", false, env("FORCE_COLOR", "1"), false},
		{"auto", false, env(), false}, // a buffer is no terminal
		{"auto", false, env("FORCE_COLOR", "1"), true},
		{"auto", false, env("FORCE_COLOR", "0"), false},
		{"auto", false, env("FORCE_COLOR", "false"), false},
		{"auto", false, env("FORCE_COLOR", "1", "NO_COLOR", "1"), false},
		{"auto", false, env("FORCE_COLOR", "1", "TERM", "dumb"), false},
		{"auto", true, env("FORCE_COLOR", "1"), false},
	} {
		if got := Color(tc.when, tc.toFile, &buf, tc.env); got != tc.want {
			t.Errorf("Color(%s, file %v): %v, want %v", tc.when, tc.toFile, got, tc.want)
		}
	}
}
