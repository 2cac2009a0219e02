package syntax

// A Visit is one value of a tree as Walk meets it.
type Visit struct {
	Node *Node
	// Key is the key of the member whose value Node is ("" for the root
	// and for an array item).
	Key string
	// Field is the nearest member key above or at Node: Key, or for an
	// array item the Field of its array ("" at the root).
	Field string
	// Index is Node's position in its array, or -1.
	Index int
	// Depth is 0 for the root, 1 for its members or items, and so on.
	Depth int
}

// Walk visits n and every value under it, depth first and in document
// order. enter is called for each value and returns whether to go into
// its members or items; leave, when not nil, is called after an object's
// or array's children (also when enter declined them). A nil n visits
// nothing. Trees from Parse are at most MaxDepth deep, so the recursion
// is bounded.
func Walk(n *Node, enter func(Visit) bool, leave func(Visit)) {
	if n == nil {
		return
	}
	walk(Visit{Node: n, Index: -1}, enter, leave)
}

func walk(v Visit, enter func(Visit) bool, leave func(Visit)) {
	n := v.Node
	if enter(v) {
		switch n.Kind {
		case Object:
			for _, m := range n.Members {
				if m.Value != nil {
					walk(Visit{Node: m.Value, Key: m.Key, Field: m.Key, Index: -1, Depth: v.Depth + 1}, enter, leave)
				}
			}
		case Array:
			for i, it := range n.Items {
				if it != nil {
					walk(Visit{Node: it, Field: v.Field, Index: i, Depth: v.Depth + 1}, enter, leave)
				}
			}
		}
	}
	if leave != nil && (n.Kind == Object || n.Kind == Array) {
		leave(v)
	}
}
