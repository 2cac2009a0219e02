package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A baseline file of the wrong shape is refused with its line and column
// and a message in JSON's terms, not the decoder's Go types.
func TestReadBaselineNamesThePlace(t *testing.T) {
	dir := t.TempDir()
	for src, want := range map[string]string{
		"[":               ":1:2: not a baseline file (mcplint baseline writes one): the JSON ends early",
		`{"findings": 5}`: ":1:14: not a baseline file (mcplint baseline writes one): findings is a number, not an array",
		`[1]`:             ":1:1: not a baseline file (mcplint baseline writes one): the document is an array, not an object",
		"{\"version\": 1,\n \"findings\": [{\"fingerprint\": 7}]}": ":2:31: not a baseline file (mcplint baseline writes one): findings.fingerprint is a number, not a string",
		`{"version": 3, "findings": []}`:                           ":1:1: baseline version 3, want 2 or 1",
	} {
		p := filepath.Join(dir, "b.json")
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadBaseline(p)
		if err == nil || err.Error() != p+want {
			t.Errorf("%q: %v, want %s%s", src, err, p, want)
		}
		if err != nil && (strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "report.")) {
			t.Errorf("%q: the error speaks of Go types: %v", src, err)
		}
	}
}
