package snapshot

import (
	"strings"
	"testing"
)

func TestFileName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"github": "github.json", "my.server_1": "my.server_1.json",
	} {
		if got := FileName(in); got != want {
			t.Errorf("%q → %q", in, got)
		}
	}
	for _, in := range []string{"../etc/passwd", "a/b", ".hidden", "ü", strings.Repeat("x", 200)} {
		got := FileName(in)
		if strings.ContainsAny(got, `/\`) || strings.HasPrefix(got, ".") || len(got) > 80 {
			t.Errorf("%q → %q", in, got)
		}
		if FileName(in+"x") == got {
			t.Errorf("%q collides", in)
		}
	}
}
