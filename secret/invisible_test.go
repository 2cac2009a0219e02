package secret

import (
	"fmt"
	"strings"
	"testing"
)

// tableRunes gives the first, a middle and the last character of every
// range of the hidden-character table.
func tableRunes() []rune {
	var out []rune
	for _, e := range HiddenRanges {
		out = append(out, e.Lo)
		if e.Hi > e.Lo {
			out = append(out, e.Lo+(e.Hi-e.Lo)/2, e.Hi)
		}
	}
	return out
}

func TestHiddenRangesAreSortedAndDisjoint(t *testing.T) {
	for i, e := range HiddenRanges {
		if e.Hi < e.Lo || e.Name == "" || e.Class == "" {
			t.Errorf("entry %d (U+%04X) is malformed: %+v", i, e.Lo, e)
		}
		if i > 0 && HiddenRanges[i-1].Hi >= e.Lo {
			t.Errorf("entry U+%04X overlaps or follows U+%04X out of order", e.Lo, HiddenRanges[i-1].Lo)
		}
	}
}

// Every character of the table is shown as ‹U+XXXX› by Escape between two
// letters, where no emoji or script context could make it visible.
func TestEscapeShowsEveryHiddenCharacter(t *testing.T) {
	for _, r := range tableRunes() {
		in := "a" + string(r) + "b"
		got := Escape(in)
		if strings.ContainsRune(got, r) {
			t.Errorf("Escape(%q) = %q keeps U+%04X raw", in, got, r)
		}
		if want := fmt.Sprintf("‹U+%04X›", r); !strings.Contains(got, want) {
			t.Errorf("Escape(%q) = %q, want it to show %s", in, got, want)
		}
		if HiddenName(r) == "" {
			t.Errorf("U+%04X has no name", r)
		}
	}
}

// What a visible character needs is kept: the joiner of an emoji
// sequence, the selector after an emoji, a subdivision flag's tags.
func TestEscapeKeepsVisibleSequences(t *testing.T) {
	for _, in := range []string{
		"👩\u200d💻 pair programming",
		"ready ✅\ufe0f",
		"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F Scotland",
		"می\u200cخواهم",
	} {
		if got := Escape(in); got != in {
			t.Errorf("Escape(%q) = %q, want it unchanged", in, got)
		}
	}
}
