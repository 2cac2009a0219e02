package fix

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

func replaceEdit(src, old, repl string) finding.Edit {
	i := strings.Index(src, old)
	return finding.Edit{Range: finding.Range{Start: syntax.Position{Offset: i}, End: syntax.Position{Offset: i + len(old)}}, NewText: repl}
}

// TestGoneNeedsTheFileToProveIt: a fix may say the old value left the
// file only when the file read back holds it nowhere.
func TestGoneNeedsTheFileToProveIt(t *testing.T) {
	const tok = "ghp_abcdefghijklmnopqrstuvwxyzABCDEF0123"
	for name, c := range map[string]struct {
		src  string
		gone bool
	}{
		"once":  {`{"env": {"A": "` + tok + `"}}`, true},
		"twice": {`{"env": {"A": "` + tok + `", "B": "` + tok + `"}}`, false},
		"glued": {`{"env": {"A": "` + tok + `"}, "note": "x` + tok + `y"}`, false},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, ".mcp.json")
		if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Apply(p, []byte(c.src), syntax.JSON, []finding.Edit{replaceEdit(c.src, `"`+tok+`"`, `"${A}"`)}, Options{Roots: []string{dir}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if res.Gone != c.gone {
			t.Errorf("%s: Gone = %v, want %v", name, res.Gone, c.gone)
		}
	}
	for _, note := range []string{
		"set A in the environment X starts from " + GoneClaim + "; " + RotateNote,
		"set A, B in the environment Codex starts from " + goneClaims + "; " + RotateNote,
	} {
		if !HasGoneClaim(note) {
			t.Errorf("HasGoneClaim missed %q", note)
		}
		if n := Unproven(note); strings.Contains(n, "no longer") || strings.Contains(n, "now it is gone") || HasGoneClaim(n) {
			t.Errorf("Unproven kept a claim: %s", n)
		}
	}
}

// TestApplyRefusesAChangedFile: the bytes on disk must be those the edits
// were made from.
func TestApplyRefusesAChangedFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".mcp.json")
	if err := os.WriteFile(p, []byte(`{"a": "b"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Apply(p, []byte(`{"a": "c"}`), syntax.JSON, []finding.Edit{replaceEdit(`{"a": "c"}`, `"c"`, `"d"`)}, Options{Roots: []string{dir}})
	if !errors.Is(err, ErrChanged) {
		t.Errorf("got %v", err)
	}
}

// TestApplyUnderALinkedRoot: a plain file under a root that is itself a
// link (macOS's /var, a linked checkout) is inside the roots and is not
// reported as a link.
func TestApplyUnderALinkedRoot(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "checkout")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	src := `{"a": "b"}`
	p := filepath.Join(link, ".mcp.json")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Apply(p, []byte(src), syntax.JSON, []finding.Edit{replaceEdit(src, `"b"`, `"c"`)}, Options{Roots: []string{link}})
	if err != nil || res.Linked {
		t.Fatalf("res %+v, err %v", res, err)
	}
	if b, _ := os.ReadFile(filepath.Join(real, ".mcp.json")); string(b) != `{"a": "c"}` {
		t.Errorf("wrote %q", b)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the linked root is no longer a link")
	}
}

// An edit that overlaps one already made is not made: Apply says which,
// and the fix it belongs to is not counted as fixed.
func TestOverlappingEditIsReportedNotCounted(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".mcp.json")
	src := `{"env": {"A": "value-one"}}`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	whole := &finding.Fix{Edits: []finding.Edit{replaceEdit(src, `"value-one"`, `"${A}"`)}}
	inner := &finding.Fix{Edits: []finding.Edit{replaceEdit(src, `value`, `other`)}}
	res, err := Apply(p, []byte(src), syntax.JSON, append(whole.Edits, inner.Edits...), Options{Roots: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) != 1 || !res.Fixed(whole) || res.Fixed(inner) {
		t.Errorf("skipped %+v; fixed whole %v, inner %v: want the inner edit skipped and only the whole one fixed", res.Skipped, res.Fixed(whole), res.Fixed(inner))
	}
	if b, _ := os.ReadFile(p); string(b) != `{"env": {"A": "${A}"}}` {
		t.Errorf("file = %s", b)
	}
}
