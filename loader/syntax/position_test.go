package syntax

import (
	"math/rand"
	"strings"
	"testing"
)

// TestIndexedPositionsMatchDecoding: the column index gives, at every
// offset, what decoding the line from its start gives, for ASCII, valid
// UTF-8 with wide runes, invalid bytes and lines far longer than the
// index step.
func TestIndexedPositionsMatchDecoding(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"a", "{", "\"", "\n", "\r\n", "é", "€", "😀", "\xff", "\xe2\x82", "\xf0\x9f", "\u202e", strings.Repeat("x", 300)}
	for n := 0; n < 200; n++ {
		var b strings.Builder
		size := r.Intn(3000)
		for b.Len() < size {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		if n%5 == 0 { // some without line breaks at all
			b2 := strings.ReplaceAll(b.String(), "\n", "")
			b.Reset()
			b.WriteString(b2)
		}
		src := []byte(b.String())
		f := NewFile(src, JSON)
		for off := -1; off <= len(src)+1; off++ {
			if got, want := f.Position(off), PositionIn(src, nil, off); got != want {
				t.Fatalf("case %d offset %d: indexed %+v, decoded %+v", n, off, got, want)
			}
		}
	}
}

// TestIndexedMembersKeepTheLastOfADuplicate: a large object's key index
// answers as the scan did: the last member of a key wins, a missing key
// is nil, in every format.
func TestIndexedMembersKeepTheLastOfADuplicate(t *testing.T) {
	var js, tm strings.Builder
	js.WriteString("{")
	for i := 0; i < 40; i++ {
		if i > 0 {
			js.WriteString(", ")
		}
		js.WriteString(`"k` + string(rune('a'+i%20)) + `": ` + string(rune('0'+i%10)))
		if i < 20 {
			tm.WriteString("k" + string(rune('a'+i)) + " = " + string(rune('0'+i%10)) + "\n")
		}
	}
	js.WriteString("}")
	f, err := Parse([]byte(js.String()), JSONC)
	if err != nil {
		t.Fatal(err)
	}
	if f.Root.keys == nil {
		t.Fatal("a 40-member object was not indexed")
	}
	for i := 0; i < 20; i++ {
		k := "k" + string(rune('a'+i))
		if got := f.Root.Get(k); got == nil || got.Text != string(rune('0'+(i+20)%10)) {
			t.Errorf("%s: got %+v, want the last member", k, got)
		}
	}
	if f.Root.Get("nope") != nil || f.Root.Lookup("/ka") == nil {
		t.Error("lookup of a missing or present key is wrong")
	}
	g, err := Parse([]byte(tm.String()), TOML)
	if err != nil {
		t.Fatal(err)
	}
	if g.Root.keys == nil || g.Root.Get("kt") == nil || g.Root.Get("kt").Text != "9" {
		t.Errorf("TOML: %+v", g.Root.Get("kt"))
	}
}
