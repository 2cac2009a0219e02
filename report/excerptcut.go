package report

import (
	"sync"
	"unicode/utf8"
)

// Long lines are cut around a finding's span. On a one-line file of
// thousands of servers every finding quotes the same line of a megabyte;
// decoding it whole for each finding made text output quadratic. The line
// is indexed once (code point → byte offset every runeStep code points;
// nothing for ASCII) and each excerpt decodes only its window.

const runeStep = 256

type lineIndex struct {
	line  string
	ascii bool
	n     int   // code points
	at    []int // byte offset of code point k*runeStep
}

var lastLine struct {
	sync.Mutex
	idx *lineIndex
}

// indexLine returns the index of line, reusing the last one: the
// findings of one line come one after another.
func indexLine(line string) *lineIndex {
	lastLine.Lock()
	defer lastLine.Unlock()
	if li := lastLine.idx; li != nil && len(li.line) == len(line) && li.line == line {
		return li
	}
	li := &lineIndex{line: line, ascii: true}
	for i := 0; i < len(line); i++ {
		if line[i] >= utf8.RuneSelf {
			li.ascii = false
			break
		}
	}
	if li.ascii {
		li.n = len(line)
	} else {
		for i := 0; i < len(line); {
			if li.n%runeStep == 0 {
				li.at = append(li.at, i)
			}
			_, size := utf8.DecodeRuneInString(line[i:])
			i += size
			li.n++
		}
	}
	lastLine.idx = li
	return li
}

// byteAt is the byte offset of code point k (the line's length past the
// end).
func (li *lineIndex) byteAt(k int) int {
	if k >= li.n {
		return len(li.line)
	}
	if k <= 0 {
		return 0
	}
	if li.ascii {
		return k
	}
	i := li.at[k/runeStep]
	for j := k % runeStep; j > 0; j-- {
		_, size := utf8.DecodeRuneInString(li.line[i:])
		i += size
	}
	return i
}

// window returns the code points [from, to) of line and the line's
// length in code points.
func window(line string, from, to int) ([]rune, int) {
	if len(line) <= maxExcerpt {
		rs := []rune(line)
		from, to = max(from, 0), min(to, len(rs))
		if from >= to {
			return nil, len(rs)
		}
		return rs[from:to], len(rs)
	}
	li := indexLine(line)
	from, to = max(from, 0), min(to, li.n)
	if from >= to {
		return nil, li.n
	}
	return []rune(line[li.byteAt(from):li.byteAt(to)]), li.n
}
