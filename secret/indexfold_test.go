package secret

import (
	"math/rand/v2"
	"testing"
)

// indexFoldByteByByte is indexFold as a plain loop over every position.
func indexFoldByteByByte(s, lower string) int {
	n := len(lower)
	if n == 0 {
		return 0
	}
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for j < n && lowerASCII(s[i+j]) == lower[j] {
			j++
		}
		if j == n {
			return i
		}
	}
	return -1
}

func TestIndexFold(t *testing.T) {
	words := []string{"", "b", "bearer", "token", "pwd", "password", "-", "x-", "_k", "aa", "Ab"}
	texts := []string{"", "b", "B", "Bearer x", "xBEARERy", "bearbearer", "BBBBBBBBBBbearer", "bbbbbbbbbBEARER",
		"TOKEN", "tok", "my token is", "p_w_d PWD", "\xffbearer", "é Bearer", "aaaaAAAAaAb", "_K_k"}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "aAbBeErR-_ \xc3\xa9"
	for range 2000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		for _, w := range append(words, "ab", "bb", "ba", "er", "e", "-_") {
			if got, want := indexFold(s, w), indexFoldByteByByte(s, w); got != want {
				t.Errorf("indexFold(%q, %q) = %d, want %d", s, w, got, want)
			}
		}
	}
}
