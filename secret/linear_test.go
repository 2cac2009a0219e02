package secret

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// repeatedShapes are values made of one piece repeated: a provider prefix
// that never gets its key run ("ghp_ghp_…"), URLs glued to each other,
// assignments inside assignments, and long runs of one kind of byte. Each
// once made masking read the rest of the value again from every piece.
var repeatedShapes = []string{
	"ghp_", "sk-", "AKIA", "xoxb-", "glpat-", "sk_live_", "AKIAAAAAAAAAAAAAAAAA",
	"https://u:p@h/", "postgres://u:p@h/", "https://h/?token=x&", "password=", "./a=",
	"aZ9qT3xW", "=", "\"", "'", "-", "${A}", "Bearer ",
}

func repeated(piece string, size int) string {
	return strings.Repeat(piece, size/len(piece)+1)[:size]
}

// maskers are every way a value is masked for output.
var maskers = []struct {
	name string
	fn   func(string) string
}{
	{"MaskValue", func(v string) string { return MaskValue("API_KEY", v) }},
	{"Text", Text},
	{"Line", Line},
	{"BrokenLine", BrokenLine},
}

// TestMaskingIsLinear masks 1 MiB of each repeated shape. The bound is
// loose (a linear pass takes well under a second even under the race
// detector on a loaded machine); a quadratic one takes minutes.
func TestMaskingIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB per shape")
	}
	for _, piece := range repeatedShapes {
		v := repeated(piece, 1<<20)
		for _, m := range maskers {
			start := time.Now()
			m.fn(v)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("%s of %q × %d: %v", m.name, piece, len(v)/len(piece), d)
			}
		}
	}
}

// BenchmarkMaskRepeated reports the time to mask 100 KB to 1 MiB of each
// repeated shape with every masker: the time per byte stays flat when
// masking is linear.
func BenchmarkMaskRepeated(b *testing.B) {
	for _, piece := range []string{"ghp_", "sk-", "AKIA", "xoxb-", "https://u:p@h/", "password="} {
		for _, size := range []int{100 << 10, 300 << 10, 1 << 20} {
			v := repeated(piece, size)
			b.Run(fmt.Sprintf("%s/%dKiB", strings.TrimRight(piece, "/:@=_-"), size>>10), func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					for _, m := range maskers {
						m.fn(v)
					}
				}
				b.ReportMetric(float64(size), "input-bytes")
			})
		}
	}
}
