package loader

import (
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

// maxDuplicateKeys bounds the duplicate-key findings of one file.
const maxDuplicateKeys = 50

// duplicateKeys reports each member of a JSON object whose key is written
// again later in the same object. JSON readers keep the last value, so the
// earlier one is dead text: a reviewer reads it while the client runs the
// other, and a credential in it stays in the file although no rule on
// the value sees it (the value's pointer names the later member). A
// server written twice is left to trust/shadowed-server (servers are the
// keys in skip).
func (l *run) duplicateKeys(doc *Document, root *syntax.Node, skip map[int]bool) []finding.Finding {
	var out []finding.Finding
	syntax.Walk(root, func(v syntax.Visit) bool {
		n := v.Node
		if len(out) >= maxDuplicateKeys {
			return false
		}
		if n.Kind != syntax.Object || len(n.Members) < 2 {
			return true
		}
		last := make(map[string]int, len(n.Members))
		for i, m := range n.Members {
			last[m.Key] = i
		}
		for i, m := range n.Members {
			j := last[m.Key]
			if j == i || skip[m.KeyStart] || len(out) >= maxDuplicateKeys {
				continue
			}
			later := doc.File.Position(n.Members[j].KeyStart)
			msg := fmt.Sprintf("key %s is written again at line %d, column %d: the client reads only that later value, so this one is ignored, yet it stays in the file with whatever it holds (a credential in it stays in the history too): delete it", strconv.Quote(m.Key), later.Line, later.Column)
			out = append(out, l.finding(doc, "schema/duplicate-key", finding.Warning, m.KeyStart, m.KeyEnd, msg))
		}
		return true
	}, nil)
	return out
}
