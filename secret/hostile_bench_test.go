package secret

import (
	"fmt"
	"strings"
	"testing"
)

// hostileShapes are values built to make a masker quadratic: a provider
// prefix, an auth word or an address start repeated with nothing between
// (each occurrence used to read to the end of the value again).
var hostileShapes = []string{"ghp_", "sk-", "AKIA", "xoxb-", "sk-ant-", "Bearer ", "https://x.io/?key=", "password=", "eyJ", "{A}"}

// BenchmarkMaskHostile masks each shape at 100 KiB and 1 MiB the three
// ways outputs do (Text, MaskValue under a key name, ScanArgs after a
// credential flag): the time per byte must stay flat from one size to the
// other. BENCHMARKS.md has the figures.
func BenchmarkMaskHostile(b *testing.B) {
	for _, p := range hostileShapes {
		for _, kb := range []int{100, 1024} {
			s := strings.Repeat(p, kb*1024/len(p))
			b.Run(fmt.Sprintf("%s/%dKiB", strings.TrimSpace(strings.NewReplacer("/", "", ":", "", "?", "", "=", "", "{", "", "}", "").Replace(p)), kb), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					Text(s)
					MaskValue("API_KEY", s)
					ScanArgs([]string{"--token", s})
				}
			})
		}
	}
}
