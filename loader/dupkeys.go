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
	var visit func(n *syntax.Node, depth int)
	visit = func(n *syntax.Node, depth int) {
		if n == nil || len(out) >= maxDuplicateKeys || depth > syntax.MaxDepth {
			return
		}
		switch n.Kind {
		case syntax.Array:
			for _, it := range n.Items {
				visit(it, depth+1)
			}
		case syntax.Object:
			if len(n.Members) > 1 {
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
			}
			for _, m := range n.Members {
				visit(m.Value, depth+1)
			}
		}
	}
	visit(root, 0)
	return out
}
