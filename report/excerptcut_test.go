package report

import (
	"math/rand"
	"strings"
	"testing"
)

// TestWindowMatchesDecodingTheLine: the indexed window gives the code
// points that slicing the whole decoded line gives, for ASCII and
// multi-byte lines, short and far longer than the index step, with
// invalid bytes, at every edge.
func TestWindowMatchesDecodingTheLine(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	pieces := []string{"a", "\t", "é", "€", "😀", "\xff", "\u202e", strings.Repeat("x", 70)}
	for c := 0; c < 300; c++ {
		var b strings.Builder
		size := r.Intn(5000)
		for b.Len() < size {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		line := b.String()
		all := []rune(line)
		for k := 0; k < 20; k++ {
			from := r.Intn(len(all)+40) - 20
			to := from + r.Intn(200)
			got, n := window(line, from, to)
			f, e := max(from, 0), min(to, len(all))
			var want []rune
			if f < e {
				want = all[f:e]
			}
			if n != len(all) || string(got) != string(want) {
				t.Fatalf("case %d [%d,%d): got %q (n %d), want %q (n %d)", c, from, to, string(got), n, string(want), len(all))
			}
		}
	}
}
