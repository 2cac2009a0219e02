package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// YAML is read with go.yaml.in/yaml/v3 (the maintained drop-in for
// gopkg.in/yaml.v3) into a yaml.Node tree, which carries
// 1-based lines and columns (counted in characters) but no byte offsets and
// no ends. The conversion below turns line/column into byte offsets and
// scans the source for the end of every scalar.

var (
	yamlDepthMsg = fmt.Sprintf("nesting deeper than %d levels", MaxDepth)
	yamlNodesMsg = "too many values (alias expansion)"
)

func parseYAML(src []byte) (root *Node, perr *Error) {
	defer func() {
		if r := recover(); r != nil {
			root, perr = nil, &Error{Msg: fmt.Sprintf("invalid YAML (the YAML reader failed: %v)", r)}
		}
	}()
	if len(src) >= 2 && (src[0] == 0xFF && src[1] == 0xFE || src[0] == 0xFE && src[1] == 0xFF) {
		return nil, &Error{Msg: "UTF-16 YAML is not supported; save the file as UTF-8"}
	}
	if off := yamlScanDepth(src); off >= 0 {
		return nil, &Error{Offset: off, Msg: yamlDepthMsg}
	}
	var doc yaml.Node
	if err := yamlUnmarshal(src, &doc); err != nil {
		return nil, yamlError(src, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, nil
	}
	top := doc.Content[0]
	if top.Kind == yaml.ScalarNode && top.Value == "" && top.Anchor == "" && top.ShortTag() == "!!null" && top.Style&yaml.TaggedStyle == 0 {
		return nil, nil // "---" alone or a document of comments
	}
	c := newYAMLConv(src)
	return c.run(top)
}

// yamlUnmarshal calls yaml.v3 and turns a panic inside it into an error.
func yamlUnmarshal(src []byte, out *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML reader failed: %v", r)
		}
	}()
	return yaml.Unmarshal(src, out)
}

// yamlParserErrors are the messages of yaml.v3's parser (as opposed to its
// scanner). For these the "line N" yaml.v3 prints is the 0-based line of
// the construct being parsed, not the 1-based line of the problem.
var yamlParserErrors = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"found undefined tag handle",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

// yamlSplitError splits "yaml: line 3: msg" into 3 and "msg" (0 when no
// line is given).
func yamlSplitError(s string) (int, string) {
	s = strings.TrimPrefix(s, "yaml: ")
	if rest, ok := strings.CutPrefix(s, "line "); ok {
		if i := strings.Index(rest, ": "); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				return n, rest[i+2:]
			}
		}
	}
	return 0, s
}

// yamlError converts a yaml.v3 error into an *Error at the start of the
// line it names (for parser errors, the line found by re-reading; for an
// unknown anchor, the alias; for bad characters, the character).
func yamlError(src []byte, err error) *Error {
	line, msg := yamlSplitError(err.Error())
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		line, msg = yamlSplitError(te.Errors[0])
	}
	e := &Error{Msg: msg}
	lines, _ := yamlLines(src)
	parserErr := false
	for _, m := range yamlParserErrors {
		if msg == m {
			parserErr = true
		}
	}
	switch {
	case parserErr:
		// yaml.v3 prints the 0-based line of the enclosing construct (or
		// of the problem): find the first line at which a truncated
		// document fails the same way.
		l := min(line+1, len(lines))
		if len(src) <= yamlRefineLimit {
			l = yamlFirstFailingLine(src, lines, err.Error())
		}
		e.Offset = lines[l-1]
	case line > 0:
		if line > len(lines) {
			line = len(lines)
		}
		e.Offset = lines[line-1]
	case strings.HasPrefix(msg, "unknown anchor '"):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		e.Offset = yamlFindAlias(src, name)
	case strings.Contains(msg, "UTF-8") || strings.Contains(msg, "control characters") || strings.Contains(msg, "Unicode"):
		e.Offset = yamlFindBadChar(src)
	}
	if e.Offset > len(src) {
		e.Offset = len(src)
	}
	return e
}

// yamlRefineLimit is the largest document whose parser errors are located
// by re-reading prefixes of it (about log2(lines) extra reads).
const yamlRefineLimit = 1 << 20

// yamlFirstFailingLine returns the smallest line count k such that
// the first k lines of src fail with the same error as the whole document
// (a binary search, assuming failure persists once the bad line is read).
func yamlFirstFailingLine(src []byte, lines []int, full string) int {
	lo, hi := 1, len(lines)
	for lo < hi {
		mid := (lo + hi) / 2
		end := len(src)
		if mid < len(lines) {
			end = lines[mid]
		}
		var n yaml.Node
		if err := yamlUnmarshal(src[:end:end], &n); err != nil && err.Error() == full {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

func yamlFindAlias(src []byte, name string) int {
	pat := "*" + name
	for from := 0; ; {
		i := strings.Index(string(src[from:]), pat)
		if i < 0 {
			return 0
		}
		i += from
		end := i + len(pat)
		if end >= len(src) || !yamlAnchorChar(src[end]) {
			return i
		}
		from = i + 1
	}
}

func yamlAnchorChar(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', '[', ']', '{', '}':
		return false
	}
	return true
}

// yamlFindBadChar returns the offset of the first byte yaml.v3's reader
// refuses: invalid UTF-8 or a control character.
func yamlFindBadChar(src []byte) int {
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		if !yamlPrintable(r) {
			return i
		}
		i += size
	}
	return 0
}

// yamlPrintable reports whether yaml.v3's reader accepts r.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		return true
	case r < 0x20 || r >= 0x7F && r < 0xA0:
		return false
	case r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
		return false
	}
	return true
}

// yamlLines returns the byte offset of the start of every line and of the
// end of its text, using yaml.v3's line breaks: LF, CRLF, CR, NEL, LS and
// PS. A leading byte order mark is not part of line 1.
func yamlLines(src []byte) (starts, ends []int) {
	first := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		first = 3
	}
	starts = append(make([]int, 0, 64), first)
	ends = make([]int, 0, 64)
	for i := first; i < len(src); {
		switch c := src[i]; {
		case c == '\n':
			ends = append(ends, i)
			starts = append(starts, i+1)
			i++
		case c == '\r':
			ends = append(ends, i)
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
			i++
		case c == 0xC2 && i+1 < len(src) && src[i+1] == 0x85:
			ends = append(ends, i)
			starts = append(starts, i+2)
			i += 2
		case c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && (src[i+2] == 0xA8 || src[i+2] == 0xA9):
			ends = append(ends, i)
			starts = append(starts, i+3)
			i += 3
		default:
			i++
		}
	}
	ends = append(ends, len(src))
	return starts, ends
}

// yamlScanDepth estimates the nesting of a YAML document from flow brackets
// and block indentation without parsing it, and returns the offset where it
// first exceeds MaxDepth, or -1. Block scalars, quoted scalars and comments
// are skipped. The estimate errs on the deep side by at most one level.
func yamlScanDepth(src []byte) int {
	var stack []int // indentation of open block collections
	flow := 0
	blockParent := -1 // >= 0 while inside a block scalar
	i := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		i = 3
	}
	push := func(col int) {
		if len(stack) == 0 || stack[len(stack)-1] < col {
			stack = append(stack, col)
		}
	}
	for i < len(src) {
		ls := i
		for i < len(src) && src[i] == ' ' {
			i++
		}
		ind := i - ls
		blank := i >= len(src) || src[i] == '\n' || src[i] == '\r' || src[i] == '#'
		if blockParent >= 0 {
			if blank && (i >= len(src) || src[i] != '#') || ind > blockParent {
				for i < len(src) && !yamlBreak(src[i]) {
					i++
				}
				i++
				continue
			}
			blockParent = -1
		}
		if blank {
			for i < len(src) && !yamlBreak(src[i]) {
				i++
			}
			i++
			continue
		}
		if flow == 0 {
			if ind == 0 && i+3 <= len(src) && (string(src[i:i+3]) == "---" || string(src[i:i+3]) == "...") &&
				(i+3 == len(src) || src[i+3] == ' ' || src[i+3] == '\t' || src[i+3] == '\n' || src[i+3] == '\r') {
				stack = stack[:0]
				i += 3
			} else {
				for len(stack) > 0 && stack[len(stack)-1] > ind {
					stack = stack[:len(stack)-1]
				}
				push(ind)
			}
		}
		if len(stack)+flow > MaxDepth {
			return i
		}
		tokenStart := true
		for i < len(src) && !yamlBreak(src[i]) {
			c := src[i]
			next := byte('\n')
			if i+1 < len(src) {
				next = src[i+1]
			}
			switch {
			case c == ' ' || c == '\t' || c == '\r':
				tokenStart = true
				i++
			case c == '#' && tokenStart:
				for i < len(src) && !yamlBreak(src[i]) {
					i++
				}
			case (c == '-' || c == '?') && tokenStart && flow == 0 && (next == ' ' || next == '\n' || next == '\r' || next == '\t'):
				push(i - ls + 1)
				if len(stack)+flow > MaxDepth {
					return i
				}
				i++
			case c == '"' && tokenStart:
				for i++; i < len(src) && src[i] != '"'; i++ {
					if src[i] == '\\' {
						i++
					}
				}
				i++
				tokenStart = false
			case c == '\'' && tokenStart:
				for i++; i < len(src); i++ {
					if src[i] == '\'' {
						if i+1 < len(src) && src[i+1] == '\'' {
							i++
							continue
						}
						break
					}
				}
				i++
				tokenStart = false
			case (c == '[' || c == '{') && (tokenStart || flow > 0):
				flow++
				if len(stack)+flow > MaxDepth {
					return i
				}
				i++
				tokenStart = true
			case (c == ']' || c == '}') && flow > 0:
				flow--
				i++
				tokenStart = false
			case c == ',' && flow > 0:
				i++
				tokenStart = true
			case (c == '|' || c == '>') && tokenStart && flow == 0:
				blockParent = ind
				for i < len(src) && !yamlBreak(src[i]) {
					i++
				}
			default:
				tokenStart = false
				i++
			}
		}
		i++
	}
	return -1
}

type yamlFail struct{ err *Error }

type yamlStat struct {
	size   int // values after alias expansion, the node included
	height int // container levels below and including the node
	bytes  int // text of its scalars after alias expansion
}

type yamlDone struct {
	node *Node
	stat yamlStat
	end  int // where the anchored node's text ends in the source
}

type yamlConv struct {
	src       []byte
	starts    []int
	ends      []int
	line, col int // cursor: a known line/column ...
	off       int // ... and its byte offset
	done      map[*yaml.Node]*yamlDone
	busy      map[*yaml.Node]bool
	stats     map[*Node]yamlStat
	lastEnd   int // end of the last merge value converted
	// aliased counts the text aliases repeat; past maxAliased the
	// document is refused (see MaxAliasBytes).
	aliased, maxAliased int
}

func newYAMLConv(src []byte) *yamlConv {
	c := &yamlConv{src: src, done: map[*yaml.Node]*yamlDone{}, busy: map[*yaml.Node]bool{}, stats: map[*Node]yamlStat{},
		maxAliased: max(len(src), MaxAliasBytes)}
	c.starts, c.ends = yamlLines(src)
	c.line, c.col, c.off = 1, 1, c.starts[0]
	return c
}

func (c *yamlConv) run(top *yaml.Node) (root *Node, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(yamlFail)
			if !ok {
				panic(r)
			}
			root, err = nil, f.err
		}
	}()
	n, _, _ := c.convert(top, 1)
	return n, nil
}

func (c *yamlConv) fail(off int, msg string) {
	if off < 0 {
		off = 0
	}
	if off > len(c.src) {
		off = len(c.src)
	}
	panic(yamlFail{&Error{Offset: off, Msg: msg}})
}

// offset converts yaml.v3's 1-based line and character column into a byte
// offset. Nodes come mostly in source order, so it walks on from the last
// position when it can.
func (c *yamlConv) offset(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(c.starts) {
		return len(c.src)
	}
	if col < 1 {
		col = 1
	}
	if line != c.line || col < c.col {
		c.line, c.col, c.off = line, 1, c.starts[line-1]
	}
	end := c.ends[line-1]
	for c.col < col && c.off < end {
		if b := c.src[c.off]; b < utf8.RuneSelf {
			c.off++
		} else {
			_, size := utf8.DecodeRune(c.src[c.off:end])
			c.off += size
		}
		c.col++
	}
	return c.off
}

// convert turns y into a Node at nesting depth depth. It returns the node,
// its expanded size and height, and where its text ends in the source (for
// an alias: the end of the alias itself).
func (c *yamlConv) convert(y *yaml.Node, depth int) (*Node, yamlStat, int) {
	switch y.Kind {
	case yaml.AliasNode:
		start := c.offset(y.Line, y.Column)
		end := start
		if start < len(c.src) && c.src[start] == '*' {
			end = min(start+1+len(y.Value), len(c.src))
		}
		d := c.resolve(y.Alias, start, depth)
		if depth+d.stat.height-1 > MaxDepth {
			c.fail(start, yamlDepthMsg)
		}
		c.alias(d.stat.bytes, start)
		return d.node, d.stat, end
	case yaml.ScalarNode:
		n := c.scalar(y)
		st := yamlStat{size: 1, bytes: len(n.Text)}
		if y.Anchor != "" {
			c.done[y] = &yamlDone{node: n, stat: st, end: n.End}
		}
		return n, st, n.End
	case yaml.SequenceNode, yaml.MappingNode:
		start := c.offset(y.Line, y.Column)
		if depth > MaxDepth {
			c.fail(start, yamlDepthMsg)
		}
		start = c.skipProps(start, true)
		if y.Anchor != "" {
			c.busy[y] = true
		}
		var n *Node
		var st yamlStat
		var last int
		if y.Kind == yaml.SequenceNode {
			n, st, last = c.sequence(y, start, depth)
		} else {
			n, st, last = c.mapping(y, start, depth)
		}
		n.End = last
		if start < len(c.src) && (c.src[start] == '[' && y.Kind == yaml.SequenceNode || c.src[start] == '{' && y.Kind == yaml.MappingNode) {
			n.End = c.closeFlow(last, c.src[start])
		}
		if n.End < n.Start {
			n.End = n.Start
		}
		if depth+st.height-1 > MaxDepth {
			c.fail(start, yamlDepthMsg)
		}
		c.stats[n] = st
		if y.Anchor != "" {
			delete(c.busy, y)
			c.done[y] = &yamlDone{node: n, stat: st, end: n.End}
		}
		return n, st, n.End
	case yaml.DocumentNode:
		if len(y.Content) > 0 {
			return c.convert(y.Content[0], depth)
		}
	}
	off := c.offset(y.Line, y.Column)
	c.fail(off, "unsupported YAML node")
	return nil, yamlStat{}, 0
}

// resolve returns the converted anchor target of an alias.
func (c *yamlConv) resolve(target *yaml.Node, at, depth int) *yamlDone {
	if target == nil {
		c.fail(at, "alias to an unknown anchor")
	}
	if c.busy[target] {
		c.fail(at, fmt.Sprintf("anchor '%s' value contains itself", target.Anchor))
	}
	if d := c.done[target]; d != nil {
		return d
	}
	// An anchor not converted yet (on a mapping key): convert it now
	// without moving the cursor backwards for good.
	line, col, off := c.line, c.col, c.off
	n, st, end := c.convert(target, depth)
	c.line, c.col, c.off = line, col, off
	d := &yamlDone{node: n, stat: st, end: end}
	c.done[target] = d
	return d
}

func (c *yamlConv) sequence(y *yaml.Node, start, depth int) (*Node, yamlStat, int) {
	n := &Node{Kind: Array, Start: start, Items: make([]*Node, 0, len(y.Content))}
	st := yamlStat{size: 1, height: 1}
	last := start
	for _, item := range y.Content {
		v, vs, end := c.convert(item, depth+1)
		n.Items = append(n.Items, v)
		st = c.add(st, vs, start)
		last = max(last, end)
	}
	return n, st, last
}

// add accounts for a child of a container.
func (c *yamlConv) add(st, child yamlStat, at int) yamlStat {
	st.size += child.size
	st.bytes += child.bytes
	if st.size > MaxNodes {
		c.fail(at, yamlNodesMsg)
	}
	st.height = max(st.height, child.height+1)
	return st
}

// alias counts n bytes of text repeated by an alias at offset at. The
// tree shares an anchor's nodes, but everything after the parser (facts,
// policy input, output) copies what each use holds: 100 KB used by 3,000
// servers took 4.5 GB.
func (c *yamlConv) alias(n, at int) {
	c.aliased += n
	if c.aliased > c.maxAliased {
		c.fail(at, fmt.Sprintf("aliases repeat more than %d bytes of text (at most the file's own size or %d MiB): the document is refused", c.maxAliased, MaxAliasBytes>>20))
	}
}

func yamlIsMerge(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Value == "<<" && (k.Tag == "" || k.Tag == "!" || k.ShortTag() == "!!merge")
}

func (c *yamlConv) mapping(y *yaml.Node, start, depth int) (*Node, yamlStat, int) {
	n := &Node{Kind: Object, Start: start, Members: make([]Member, 0, len(y.Content)/2)}
	st := yamlStat{size: 1, height: 1}
	last := start
	var merged []Member
	mergeAt := -1
	for i := 0; i+1 < len(y.Content); i += 2 {
		k, v := y.Content[i], y.Content[i+1]
		if yamlIsMerge(k) {
			merged = c.mergeSources(v, depth)
			mergeAt = len(n.Members)
			last = max(last, c.lastEnd)
			continue
		}
		var m Member
		switch k.Kind {
		case yaml.ScalarNode:
			kn := c.scalar(k)
			if k.Anchor != "" {
				c.done[k] = &yamlDone{node: kn, stat: yamlStat{size: 1, bytes: len(kn.Text)}, end: kn.End}
			}
			m = Member{Key: k.Value, KeyStart: kn.Start, KeyEnd: kn.End}
		case yaml.AliasNode:
			ks := c.offset(k.Line, k.Column)
			if k.Alias == nil || k.Alias.Kind != yaml.ScalarNode {
				c.fail(ks, "unsupported non-scalar mapping key")
			}
			ke := ks
			if ks < len(c.src) && c.src[ks] == '*' {
				ke = min(ks+1+len(k.Value), len(c.src))
			}
			c.alias(len(k.Alias.Value), ks)
			m = Member{Key: k.Alias.Value, KeyStart: ks, KeyEnd: ke}
		default:
			c.fail(c.offset(k.Line, k.Column), "unsupported non-scalar mapping key")
		}
		val, vs, end := c.convert(v, depth+1)
		m.Value = val
		n.Members = append(n.Members, m)
		st = c.add(st, vs, start)
		last = max(last, m.KeyEnd, end)
	}
	if mergeAt >= 0 {
		// Keys written in the mapping win over merged ones; among the
		// merged mappings the first one that has a key wins.
		seen := make(map[string]bool, len(n.Members)+len(merged))
		for _, m := range n.Members {
			seen[m.Key] = true
		}
		var add []Member
		for _, m := range merged {
			if seen[m.Key] {
				continue
			}
			seen[m.Key] = true
			add = append(add, m)
			st = c.add(st, c.statOf(m.Value), start)
		}
		members := make([]Member, 0, len(n.Members)+len(add))
		members = append(members, n.Members[:mergeAt]...)
		members = append(members, add...)
		members = append(members, n.Members[mergeAt:]...)
		n.Members = members
	}
	return n, st, last
}

// statOf returns the expanded size and height of a converted node.
func (c *yamlConv) statOf(n *Node) yamlStat {
	if st, ok := c.stats[n]; ok {
		return st
	}
	return yamlStat{size: 1, bytes: len(n.Text)}
}

// mergeSources converts the value of a "<<" key and returns the members
// it contributes, in precedence order. c.lastEnd is set to where the value
// ends in the source.
func (c *yamlConv) mergeSources(v *yaml.Node, depth int) []Member {
	const wantMap = "map merge requires map or sequence of maps as the value"
	var out []Member
	one := func(s *yaml.Node) int {
		switch {
		case s.Kind == yaml.MappingNode:
		case s.Kind == yaml.AliasNode && s.Alias != nil && s.Alias.Kind == yaml.MappingNode:
		default:
			c.fail(c.offset(s.Line, s.Column), wantMap)
		}
		n, _, end := c.convert(s, depth+1)
		out = append(out, n.Members...)
		return end
	}
	switch v.Kind {
	case yaml.MappingNode, yaml.AliasNode:
		c.lastEnd = one(v)
	case yaml.SequenceNode:
		start := c.offset(v.Line, v.Column)
		if depth+1 > MaxDepth {
			c.fail(start, yamlDepthMsg)
		}
		start = c.skipProps(start, true)
		end := start
		for _, s := range v.Content {
			end = max(end, one(s))
		}
		if start < len(c.src) && c.src[start] == '[' {
			end = c.closeFlow(end, '[')
		}
		c.lastEnd = end
	default:
		c.fail(c.offset(v.Line, v.Column), wantMap)
	}
	return out
}

// closeFlow finds the bracket closing a flow collection whose last child
// ends at from, and returns the offset just after it.
func (c *yamlConv) closeFlow(from int, open byte) int {
	want := byte(']')
	if open == '{' {
		want = '}'
	}
	src := c.src
	for i := from; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\r', '\n', ',', ':', '?':
		case '#':
			i = c.ends[c.lineOf(i)] - 1
		case want:
			return i + 1
		default:
			if src[i] >= 0x80 { // NEL, LS, PS line breaks
				r, size := utf8.DecodeRune(src[i:])
				if r == 0x85 || r == 0x2028 || r == 0x2029 || r == 0xFEFF {
					i += size - 1
					continue
				}
			}
			return from
		}
	}
	return from
}

// skipProps moves past an anchor and tag in front of a node, and when
// there were any and more is set, past the blanks, line breaks and
// comments between them and the node's content.
func (c *yamlConv) skipProps(i int, more bool) int {
	src := c.src
	props := false
	for {
		if i < len(src) && (src[i] == '&' || src[i] == '!') {
			props = true
			switch {
			case src[i] == '&':
				for i++; i < len(src) && yamlAlpha(src[i]); i++ {
				}
			case i+1 < len(src) && src[i+1] == '<':
				for i < len(src) && src[i] != '>' && !yamlBreak(src[i]) {
					i++
				}
				if i < len(src) && src[i] == '>' {
					i++
				}
			default:
				for i++; i < len(src) && yamlTagChar(src[i]); i++ {
				}
			}
			for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
				i++
			}
			continue
		}
		if !props || !more {
			return i
		}
		// The content may follow on a later line, after comments, and
		// the anchor and tag may be on different lines.
		j := c.skipBlank(i)
		if j < len(src) && (src[j] == '&' || src[j] == '!') && j != i {
			i = j
			continue
		}
		return j
	}
}

// skipBlank skips blanks, line breaks and comments.
func (c *yamlConv) skipBlank(i int) int {
	src := c.src
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\r', '\n':
			i++
			continue
		case '#':
			i = c.ends[c.lineOf(i)]
			continue
		}
		if r, size := utf8.DecodeRune(src[i:]); r == 0x85 || r == 0x2028 || r == 0x2029 {
			i += size
			continue
		}
		break
	}
	return i
}

func yamlBreak(c byte) bool { return c == '\n' || c == '\r' }

// yamlAlpha reports the characters of anchor and alias names.
func yamlAlpha(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-'
}

// yamlTagChar reports the characters yaml.v3 reads in a tag.
func yamlTagChar(c byte) bool {
	return yamlAlpha(c) || strings.IndexByte(";/?:@&=+$,.!~*'()[]%", c) >= 0
}

// scalar converts a scalar node and finds its span.
func (c *yamlConv) scalar(y *yaml.Node) *Node {
	src := c.src
	start := c.offset(y.Line, y.Column)
	start = c.skipProps(start, y.Value != "" || y.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0)
	var end int
	switch {
	case y.Style&yaml.DoubleQuotedStyle != 0 && start < len(src) && src[start] == '"':
		end = len(src)
		for i := start + 1; i < len(src); i++ {
			if src[i] == '\\' {
				i++
				continue
			}
			if src[i] == '"' {
				end = i + 1
				break
			}
		}
	case y.Style&yaml.SingleQuotedStyle != 0 && start < len(src) && src[start] == '\'':
		end = len(src)
		for i := start + 1; i < len(src); i++ {
			if src[i] == '\'' {
				if i+1 < len(src) && src[i+1] == '\'' {
					i++
					continue
				}
				end = i + 1
				break
			}
		}
	case y.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 && start < len(src) && (src[start] == '|' || src[start] == '>'):
		end = c.blockEnd(start, y.Value)
	default:
		end = c.plainEnd(start, y.Value)
	}
	n := &Node{Start: start, End: end}
	n.Kind, n.Text = yamlScalarKind(y)
	return n
}

func yamlSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// plainEnd finds the end of a plain scalar: its value has the same
// non-blank characters as its source, only line folding differs.
func (c *yamlConv) plainEnd(start int, value string) int {
	need := 0
	for _, r := range value {
		if !yamlSpace(r) {
			need++
		}
	}
	src := c.src
	i := start
	for i < len(src) && need > 0 {
		r, size := rune(src[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(src[i:])
		}
		if !yamlSpace(r) {
			need--
		}
		i += size
	}
	return i
}

// lineOf returns the 0-based index of the line holding offset off.
func (c *yamlConv) lineOf(off int) int {
	lo, hi := 0, len(c.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if c.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// blockEnd finds the end of the last content line of a literal or folded
// block scalar whose indicator is at start.
func (c *yamlConv) blockEnd(start int, value string) int {
	src := c.src
	hdr := start + 1
	for hdr < len(src) && (src[hdr] == '+' || src[hdr] == '-' || src[hdr] >= '0' && src[hdr] <= '9') {
		hdr++
	}
	// Spaces of the first content line beyond the block's indentation.
	first := strings.IndexFunc(value, func(r rune) bool { return r != ' ' && r != '\n' })
	if first < 0 {
		return hdr
	}
	extra := 0
	for j := first - 1; j >= 0 && value[j] == ' '; j-- {
		extra++
	}
	end := hdr
	indent := -1
	for l := c.lineOf(start) + 1; l < len(c.starts); l++ {
		ls, le := c.starts[l], c.ends[l]
		i := ls
		for i < le && src[i] == ' ' {
			i++
		}
		ind := i - ls
		if i == le {
			// A blank line is content only if more follows, or if it
			// has spaces beyond the indentation.
			if indent >= 0 && ind > indent {
				end = le
				if src[end-1] == '\r' {
					end--
				}
			}
			continue
		}
		if indent < 0 {
			indent = max(ind-extra, 0)
		}
		if ind < indent {
			break
		}
		if indent == 0 && le-ls >= 3 && (string(src[ls:ls+3]) == "---" || string(src[ls:ls+3]) == "...") &&
			(le-ls == 3 || src[ls+3] == ' ' || src[ls+3] == '\t') {
			break
		}
		end = le
		if end > 0 && src[end-1] == '\r' {
			end--
		}
	}
	return end
}

// yamlScalarKind maps a scalar's resolved tag to a Kind and its Text.
func yamlScalarKind(y *yaml.Node) (Kind, string) {
	tag := y.ShortTag()
	explicit := y.Style&yaml.TaggedStyle != 0 || y.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0
	switch tag {
	case "!!int", "!!float", "!!bool", "!!null":
		if explicit {
			// An explicit tag on text that does not read as that type
			// ("!!int abc") stays a string.
			plain := (&yaml.Node{Kind: yaml.ScalarNode, Value: y.Value}).ShortTag()
			if plain != tag && !(tag == "!!float" && plain == "!!int") {
				return String, y.Value
			}
		}
		switch tag {
		case "!!bool":
			return Bool, strings.ToLower(y.Value)
		case "!!null":
			return Null, y.Value
		}
		return Number, y.Value
	}
	return String, y.Value
}

// YAMLSecondDocument returns the byte offset of the line that starts a
// second, non-empty document in a YAML stream ("a: 1\n---\nb: 2\n"), and
// false when src holds one document (or a second one that is empty or
// does not parse: Parse reports only the first). The YAML readers of the
// clients (serde_yaml, the yaml package's parse) refuse such a stream,
// while Parse reads its first document.
func YAMLSecondDocument(src []byte) (offset int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			offset, ok = 0, false
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var first, second yaml.Node
	if dec.Decode(&first) != nil || dec.Decode(&second) != nil {
		return 0, false
	}
	if len(second.Content) == 0 {
		return 0, false
	}
	top := second.Content[0]
	if top.Kind == yaml.ScalarNode && top.Value == "" && top.Anchor == "" && top.ShortTag() == "!!null" && top.Style&yaml.TaggedStyle == 0 {
		return 0, false
	}
	starts, _ := yamlLines(src)
	line := top.Line
	if line < 1 || line > len(starts) {
		return 0, false
	}
	// The document's "---" is on its first line or above it.
	for l := line; l >= 1; l-- {
		if bytes.HasPrefix(src[starts[l-1]:], []byte("---")) {
			return starts[l-1], true
		}
	}
	return starts[line-1], true
}
