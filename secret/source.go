package secret

import (
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/loader/syntax"
)

// MaskSource returns a copy of a config file's text with every secret the
// detectors find replaced by asterisks (keeping at most a 4-character
// prefix that names the kind of key). Values are scanned with the key they
// sit under, so a credential recognised only by its name
// ("AWS_SECRET_ACCESS_KEY": "…") is hidden too, and each line is also
// scanned whole, which covers comments. Every character is replaced by
// one, so lines and columns stay where they were and a caret still points
// at the right place. Then every line passes through Line, or BrokenLine
// when the file does not parse.
func MaskSource(src []byte, format syntax.Format) []byte {
	out := append([]byte(nil), src...)
	drop := make([]bool, len(src))
	// hide replaces [start, end) with asterisks, keeping the prefix the
	// detector itself shows in its masked form ("ghp_" of "ghp_…****";
	// nothing for a password).
	hide := func(start, end int, masked string) {
		if start < 0 || end > len(src) || start >= end {
			return
		}
		keep := 0
		if p, _, ok := strings.Cut(masked, "…"); ok && len(p) <= 4 && strings.HasPrefix(string(src[start:end]), p) {
			keep = len(p)
		}
		for i := start + keep; i < end; {
			_, size := utf8.DecodeRune(src[i:])
			out[i] = '*'
			// Drop the rest of a multi-byte character, keeping one column.
			for j := 1; j < size; j++ {
				drop[i+j] = true
			}
			i += size
		}
	}
	broken := true
	if f, err := syntax.Parse(src, format); err == nil && f.Root != nil {
		maskNode(src, f.Root, hide)
		broken = false
	}
	// Whole lines, for comments and whatever the tree did not reach.
	start := 0
	for i := 0; i <= len(src); i++ {
		if i == len(src) || src[i] == '\n' {
			line := string(src[start:i])
			for _, d := range Scan("", line) {
				hide(start+d.Start, start+d.End, d.Masked)
			}
			start = i + 1
		}
	}
	clean := out[:0]
	for i, b := range out {
		if !drop[i] {
			clean = append(clean, b)
		}
	}
	// Tokens only the token rule finds (a server name or key that is a
	// token, a token glued to other text), line by line; a file that does
	// not parse is masked more widely (BrokenLine).
	lineMask := Line
	if broken {
		lineMask = BrokenLine
	}
	var res []byte
	for rest := clean; len(rest) > 0; {
		line := rest
		var nl []byte
		if i := bytesIndexByte(rest, '\n'); i >= 0 {
			line, nl, rest = rest[:i], rest[i:i+1], rest[i+1:]
		} else {
			rest = nil
		}
		res = append(res, lineMask(string(line))...)
		res = append(res, nl...)
	}
	return res
}

func bytesIndexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// maskNode hides the secrets in the string values under root. A string is
// scanned under the key it belongs to (through arrays too); an array's
// strings are scanned together, as a command line whose flag names the
// value after it.
func maskNode(src []byte, root *syntax.Node, hide func(int, int, string)) {
	syntax.Walk(root, func(v syntax.Visit) bool {
		n := v.Node
		switch {
		case n.Kind == syntax.Array:
			args := make([]string, len(n.Items))
			for i, it := range n.Items {
				if it.Kind == syntax.String {
					args[i] = it.Text
				}
			}
			for _, d := range ScanArgs(args) {
				hideIn(src, n.Items[d.Index], d.Detection, hide)
			}
		case n.Kind == syntax.String && v.Index < 0:
			for _, d := range Scan(v.Field, n.Text) {
				hideIn(src, n, d, hide)
			}
		}
		return true
	}, nil)
}

// hideIn hides bytes [start, end) of a string node's decoded text: at the
// same offsets in the source when the value is written without escapes or
// quotes' worth of difference, else the whole value.
func hideIn(src []byte, n *syntax.Node, d Detection, hide func(int, int, string)) {
	start, end := d.Start, d.End
	if n.Start < 0 || n.End > len(src) {
		return
	}
	raw := string(src[n.Start:n.End])
	// Quoted in the source: the text sits one byte in.
	if len(raw) >= 2 && (raw[0] == '"' || raw[0] == '\'') && raw[1:len(raw)-1] == n.Text {
		hide(n.Start+1+start, n.Start+1+end, d.Masked)
		return
	}
	if raw == n.Text {
		hide(n.Start+start, n.Start+end, d.Masked)
		return
	}
	hide(n.Start, n.End, "")
}
