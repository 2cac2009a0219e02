package facts

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/secret"
)

// The registry's text check reports every character of secret's table
// (between two letters, where nothing makes it part of a visible
// sequence), by name, in one-line fields and in prose.
func TestRegistryReportsEveryHiddenCharacter(t *testing.T) {
	for _, e := range secret.HiddenRanges {
		for _, r := range []rune{e.Lo, e.Hi} {
			text := "a" + string(r) + "b"
			for _, oneLine := range []bool{true, false} {
				hs := hiddenRuns(text, oneLine)
				if e.Class == "line-break" && !oneLine {
					if len(hs) != 0 {
						t.Errorf("U+%04X in prose: a line break, not hidden; got %+v", r, hs)
					}
					continue
				}
				if len(hs) != 1 || hs[0].from != 1 {
					t.Errorf("hiddenRuns(%q, %v) = %+v, want one run at character 2", text, oneLine, hs)
					continue
				}
				msg := describeHidden(text, hs, "")
				if strings.ContainsRune(msg, r) || !strings.Contains(msg, fmt.Sprintf("U+%04X", r)) {
					t.Errorf("describeHidden(%q) = %q: want U+%04X named, not raw", text, msg, r)
				}
			}
		}
	}
}
