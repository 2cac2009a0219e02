package finding

import (
	"testing"

	"github.com/mcplint/mcplint/loader/syntax"
)

func TestApplySkipsOverlaps(t *testing.T) {
	src := []byte("abcdef")
	out, applied, skipped := Apply(src, []Edit{editAt(src, "f", 1, 3, "X"), editAt(src, "f", 2, 4, "Y")})
	if string(out) != "aXdef" || len(applied) != 1 || len(skipped) != 1 {
		t.Errorf("got %q %d %d", out, len(applied), len(skipped))
	}
}

func editAt(src []byte, file string, start, end int, text string) Edit {
	return Edit{File: file, Range: Range{Start: syntax.PositionIn(src, nil, start), End: syntax.PositionIn(src, nil, end)}, NewText: text}
}
