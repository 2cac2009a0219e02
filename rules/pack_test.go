package rules

import (
	"reflect"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

var parts0Source = `  "k": "****"`

// TestPackGivesBackWhatWasPacked: every field, nil and empty slices
// apart, over three parts packed and unpacked one after another.
func TestPackGivesBackWhatWasPacked(t *testing.T) {
	p := func(o int) syntax.Position {
		return syntax.Position{Offset: o, Line: o / 10, Column: o % 10, UTF16Column: o%10 + 1, ByteColumn: o%10 + 2}
	}
	r := finding.Range{Start: p(123), End: p(4567)}
	parts := [][]finding.Finding{
		{
			{Rule: "secrets/literal-key", Level: finding.Error, Message: "m ✓ \x00", File: "a/.mcp.json", Range: r, Pointer: "/mcpServers/x~1y",
				Server: "x/y", Client: "claude-code", Tier: "project", Fingerprint: "00ff", Source: parts0Source,
				Related: []finding.Location{{File: "b.json", Range: r, Pointer: "/p", Message: "there"}},
				Fix:     &finding.Fix{Title: "t", Note: "n", Edits: []finding.Edit{{File: "a/.mcp.json", Range: r, NewText: "${X}"}, {File: "c", NewText: ""}}}},
			{Rule: "r", Level: finding.Info, Related: []finding.Location{}, Fix: &finding.Fix{Edits: []finding.Edit{}}},
			{Rule: "r", Level: finding.Warning, Fix: &finding.Fix{Title: "only a title"}},
		},
		{},
		// The same line's string as the first part's: a line is numbered
		// within its part.
		{{Rule: "secrets/literal-key", File: "a/.mcp.json", Message: "second part", Source: parts0Source}},
	}
	var want, got []finding.Finding
	in := interner{}
	var pkr packer        // one buffer and compressor for every part,
	u := unpacker{in: in} // and one buffer and decompressor
	for _, fs := range parts {
		want = append(want, fs...)
		pk, err := pkr.pack(fs)
		if err != nil {
			t.Fatal(err)
		}
		if got, err = u.unpack(got, pk); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("unpacked:\n%#v\nwant:\n%#v", got, want)
	}
	if _, err := (packed{data: []byte{1, 2, 3}, n: 1}).unpack(nil, in); err == nil {
		t.Error("garbage unpacked without an error")
	}
	// A valid stream that holds fewer findings than it claims runs out
	// mid-finding: the reader, not only the decompressor, must say so.
	pk, err := pack([]finding.Finding{{Rule: "r", Message: "m", File: "f"}})
	if err != nil {
		t.Fatal(err)
	}
	pk.n = 2
	if fs, err := pk.unpack(nil, in); err == nil {
		t.Errorf("a stream short of one finding unpacked into %d without an error", len(fs))
	}
	pk.n = 1
	for _, d := range []int{-1, 1} {
		bad := pk
		bad.raw += d
		if _, err := u.unpack(nil, bad); err == nil {
			t.Errorf("a stream of %d bytes unpacked as %d without an error", pk.raw, bad.raw)
		}
	}
	if fs, err := u.unpack(nil, pk); err != nil || len(fs) != 1 || fs[0].Message != "m" {
		t.Errorf("after errors, unpacked %v, %v", fs, err)
	}
}
