package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestIndentWriterMatchesEncodingJSON: a finding record written by the
// indentWriter is byte for byte what encoding/json writes for it, for
// strings holding every kind of character the quoting treats apart
// (quotes, backslashes, control bytes, HTML characters, invalid UTF-8,
// U+2028/U+2029, other non-ASCII) and for each optional part present or
// not. Random strings widen the net; a change of quoting fails here.
func TestIndentWriterMatchesEncodingJSON(t *testing.T) {
	tricky := []string{"", "plain", `q"uo\te`, "ctl\x00\x01\x1f\x7f", "\b\f\n\r\t", "<a href='x'>&amp;</a>",
		"bad\xff\xfeutf8", "\xe2\x80", "line\u2028sep\u2029", "é中🙂", "\u00ad\u200b\u202e", strings.Repeat("x", 300)}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		b := make([]byte, rng.IntN(24))
		for k := range b {
			b[k] = byte(rng.IntN(256))
		}
		tricky = append(tricky, string(b))
	}
	pick := func(i int) string { return tricky[i%len(tricky)] }
	var records []jsonFinding
	for i := 0; i < len(tricky); i++ {
		f := jsonFinding{Rule: pick(i), Level: "error", Message: pick(i + 1), File: pick(i + 2), Line: i, Column: -i,
			EndLine: i * 1000, EndColumn: 7, Pointer: pick(i + 3), Server: pick(i + 4), Client: pick(i + 5), Tier: pick(i + 6)}
		if i%2 == 0 {
			f.Fingerprint = pick(i + 7)
		}
		if i%3 == 0 {
			f.Related = []jsonRelated{{File: pick(i), Line: 1, Column: 2, EndLine: 3, EndColumn: 4},
				{File: pick(i + 1), Pointer: pick(i + 2), Message: pick(i + 3)}}
		}
		switch i % 4 {
		case 1:
			f.Fix = &jsonFix{Title: pick(i), Edits: []jsonEdit{}}
		case 2:
			f.Fix = &jsonFix{Title: pick(i), Note: pick(i + 1), Edits: []jsonEdit{
				{File: pick(i), Line: 1, Column: 2, EndLine: 3, EndColumn: 4, StartOffset: 5, EndOffset: 6, NewText: pick(i + 2)},
				{NewText: pick(i + 3)}}}
		case 3:
			f.Fix = &jsonFix{Title: pick(i)}
		}
		records = append(records, f)
	}
	for i := range records {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("    ", "  ")
		if err := enc.Encode(&records[i]); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		bw := bufio.NewWriter(&got)
		(&indentWriter{w: bw, depth: 2}).finding(&records[i])
		bw.Flush()
		if w := strings.TrimSuffix(want.String(), "\n"); got.String() != w {
			t.Fatalf("record %d:\ngot  %s\nwant %s", i, got.String(), w)
		}
	}
}
