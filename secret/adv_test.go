package secret

import (
	"strings"
	"testing"
)

// BenchmarkHostileValues feeds large hostile values to every check: the
// figures show whether they stay close to linear, so that a crafted config
// cannot hang the linter (go test -bench HostileValues ./secret).
func BenchmarkHostileValues(b *testing.B) {
	pats := []string{
		"${", "${A:-", "{", "{{", "}}", "$a", "${A}", "{A}", "://", "u:p@h?key=v&", "https://u:p@h/ ",
		"Bearer abcdefgh1 ", "token ", "basic ", "-----BEGIN PRIVATE KEY-----", "sk-", "x", ".", "…",
		"a=b;password=c ", "ghp_", "AKIA", "-k ", "A_KEY=", "eyJabcdefghij.", "aB", "${{ secrets.",
		"x-", "sk-proj-", "\n", "--api-key abcDEF1234567890xyz ", "ghp_62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr ",
	}
	const size = 1 << 16
	for b.Loop() {
		for _, p := range pats {
			v := strings.Repeat(p, size/len(p))
			Scan("API_KEY", v)
			MaskValue("API_KEY", v)
			IsPlaceholder(v)
			IsReference(v)
			References(v)
		}
	}
}

// TestNestedDefaultIsAReference: 100,000 nested ${A:-…} defaults are still
// one reference and yield no detection.
func TestNestedDefaultIsAReference(t *testing.T) {
	v := strings.Repeat("${A:-", 100000) + "x" + strings.Repeat("}", 100000)
	if _, ok := IsReference(v); !ok {
		t.Error("nested default not a reference")
	}
	if ds := Scan("", v); len(ds) != 0 {
		t.Errorf("detections in nested defaults: %d", len(ds))
	}
}
