package syntax

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// TOML is read twice. github.com/BurntSushi/toml is the validator: it
// decides whether a document is valid and supplies the error message. The
// hand-written parser below builds the positioned tree; it runs first so
// that hostile nesting is refused before the validator (which recurses on
// nested arrays) sees it, and it enforces the TOML rules on redefining
// tables and keys that the validator lets through.

var tomlDepthMsg = fmt.Sprintf("nesting deeper than %d levels", MaxDepth)

func parseTOML(src []byte) (root *Node, perr *Error) {
	defer func() {
		if r := recover(); r != nil {
			root, perr = nil, &Error{Msg: fmt.Sprintf("internal error reading TOML: %v", r)}
		}
	}()
	p := tomlParser{src: src}
	root, mine := p.parse()
	if mine != nil && p.deep {
		return nil, mine
	}
	if mine != nil {
		// The validator recurses on nested arrays: keep hostile nesting
		// away from it even when our parser stopped earlier.
		if off := tomlScanDepth(src); off >= 0 {
			return nil, &Error{Offset: off, Msg: tomlDepthMsg}
		}
	}
	// When the validator crashes (it has no error then), our parser's
	// result stands.
	_, verr := tomlValidate(src)
	if verr != nil {
		return nil, tomlValidatorError(src, verr, mine)
	}
	if mine != nil {
		return nil, mine
	}
	return root, nil
}

// tomlValidate decodes src with BurntSushi/toml. crashed reports a panic
// inside the library (converted, never propagated).
func tomlValidate(src []byte) (crashed bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			crashed, err = true, nil
		}
	}()
	var sink struct{}
	_, err = toml.Decode(string(src), &sink)
	return false, err
}

// tomlValidatorError turns a BurntSushi error into an *Error. The library
// reports a byte offset into the document without its byte order mark
// (Position.Start) and a line number that is sometimes the line after the
// offending byte (an unexpected newline is reported on the next line). The
// offset is taken from Start, refined by our own parser's error when that
// falls inside the span the library reported; line and column are the
// fallback.
func tomlValidatorError(src []byte, err error, mine *Error) *Error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		e := &Error{Msg: tomlCleanMsg(err.Error())}
		if mine != nil {
			e.Offset = mine.Offset
		}
		return e
	}
	shift := 0
	switch {
	case len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF:
		shift = 3
	case len(src) >= 2 && (src[0] == 0xFF && src[1] == 0xFE || src[0] == 0xFE && src[1] == 0xFF):
		shift = 2
	}
	e := &Error{Msg: tomlCleanMsg(pe.Message)}
	start := pe.Position.Start + shift
	n := pe.Position.Len
	if n < 1 {
		n = 1
	}
	switch {
	case mine != nil && mine.Offset >= start && mine.Offset <= start+n:
		e.Offset = mine.Offset
	case start >= 0 && start <= len(src) && pe.Position.Start >= 0:
		e.Offset = start
	default:
		e.Offset = tomlOffsetOfLineCol(src, pe.Position.Line, pe.Position.Col, shift)
	}
	if e.Offset > len(src) {
		e.Offset = len(src)
	}
	return e
}

// tomlOffsetOfLineCol converts a 1-based line and byte column into an offset,
// clamped to the line.
func tomlOffsetOfLineCol(src []byte, line, col, shift int) int {
	off := 0
	for l := 1; l < line && off < len(src); l++ {
		i := tomlIndexByte(src, off, '\n')
		if i < 0 {
			off = len(src)
			break
		}
		off = i + 1
	}
	if line <= 1 {
		off = shift
		if off > len(src) {
			off = len(src)
		}
	}
	end := tomlIndexByte(src, off, '\n')
	if end < 0 {
		end = len(src)
	}
	if col > 1 {
		off += col - 1
	}
	if off > end {
		off = end
	}
	return off
}

func tomlIndexByte(src []byte, from int, c byte) int {
	for i := from; i < len(src); i++ {
		if src[i] == c {
			return i
		}
	}
	return -1
}

// tomlCleanMsg drops the "toml: " prefix and any "line N:" position text,
// starts the message in lower case and drops a final period.
func tomlCleanMsg(s string) string {
	s = strings.TrimPrefix(s, "toml: ")
	if strings.HasPrefix(s, "line ") {
		if i := strings.Index(s, ": "); i >= 0 {
			s = s[i+2:]
		}
	}
	s = strings.TrimSuffix(s, ".")
	r, size := utf8.DecodeRuneInString(s)
	if unicode.IsUpper(r) {
		// Lower the first word unless it is an acronym ("UTF-8").
		next, _ := utf8.DecodeRuneInString(s[size:])
		if !unicode.IsUpper(next) {
			s = string(unicode.ToLower(r)) + s[size:]
		}
	}
	return s
}

// tomlScanDepth is a cheap scan of bracket nesting that skips strings and
// comments. It returns the offset of the first bracket nested deeper than
// MaxDepth, or -1.
func tomlScanDepth(src []byte) int {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case '"', '\'':
			if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
				i += 3
				for i < len(src) && !(src[i] == c && i+2 < len(src) && src[i+1] == c && src[i+2] == c) {
					if c == '"' && src[i] == '\\' {
						i++
					}
					i++
				}
				i += 2
				continue
			}
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if c == '"' && src[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
			if depth > MaxDepth+2 { // a [[table]] header adds two
				return i
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return -1
}

// Kinds of containers the TOML parser tracks to apply the rules on
// defining tables.
const (
	tomlImplicit      uint8 = iota + 1 // created by a [header] naming a sub-table
	tomlExplicit                       // defined by its own [header] (or the root)
	tomlDotted                         // created by a dotted key
	tomlInline                         // inline table; closed once written
	tomlArrayOfTables                  // created by [[header]]
)

type tomlTable struct {
	kind uint8
	idx  map[string]int // member index, built once an object grows
}

type tomlKey struct {
	text       string
	start, end int
}

type tomlParser struct {
	src    []byte
	pos    int
	tables map[*Node]*tomlTable
	path   []*Node // root .. current table, arrays of tables included
	last   int     // end of the last key/value in the current section
	keys   []tomlKey
	buf    []byte
	deep   bool // the error is the nesting limit
	empty  bool
}

type tomlFail struct{ err *Error }

func (p *tomlParser) fail(off int, format string, args ...any) {
	if off > len(p.src) {
		off = len(p.src)
	}
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	panic(tomlFail{&Error{Offset: off, Msg: msg}})
}

func (p *tomlParser) failDepth(off int) {
	p.deep = true
	p.fail(off, "%s", tomlDepthMsg)
}

func (p *tomlParser) parse() (root *Node, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(tomlFail)
			if !ok {
				panic(r)
			}
			root, err = nil, f.err
		}
	}()
	src := p.src
	root = &Node{Kind: Object, Start: 0, End: len(src)}
	p.tables = map[*Node]*tomlTable{root: {kind: tomlExplicit}}
	p.path = append(p.path[:0], root)
	p.empty = true
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.pos = 3
	}
	if len(src) >= 2 && (src[0] == 0xFF && src[1] == 0xFE || src[0] == 0xFE && src[1] == 0xFF) {
		p.fail(0, "TOML files must be UTF-8, not UTF-16")
	}
	for {
		p.skipBlankLines()
		if p.pos >= len(src) {
			break
		}
		p.empty = false
		if src[p.pos] == '[' {
			p.closeSection()
			p.header()
		} else {
			table := p.path[len(p.path)-1]
			end := p.keyValue(table, len(p.path))
			if end > p.last {
				p.last = end
			}
		}
		p.endOfLine()
	}
	p.closeSection()
	if p.empty {
		return nil, nil
	}
	return root, nil
}

// closeSection extends the current table and its ancestors to the end of
// the last key/value written under the current header.
func (p *tomlParser) closeSection() {
	for _, n := range p.path[1:] {
		if p.last > n.End {
			n.End = p.last
		}
	}
	p.last = 0
}

func (p *tomlParser) peek(i int) byte {
	if p.pos+i < len(p.src) {
		return p.src[p.pos+i]
	}
	return 0
}

func (p *tomlParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *tomlParser) skipComment() {
	if p.pos < len(p.src) && p.src[p.pos] == '#' {
		for p.pos < len(p.src) {
			c := p.src[p.pos]
			if c == '\n' || c == '\r' {
				break
			}
			if c < 0x20 && c != '\t' || c == 0x7F {
				p.fail(p.pos, "control character %q is not allowed in a comment", rune(c))
			}
			p.pos++
		}
	}
}

// newline consumes LF or CRLF and reports whether there was one.
func (p *tomlParser) newline() bool {
	switch p.peek(0) {
	case '\n':
		p.pos++
		return true
	case '\r':
		if p.peek(1) == '\n' {
			p.pos += 2
			return true
		}
		p.fail(p.pos, "carriage return must be followed by a newline")
	}
	return false
}

// skipBlankLines skips whitespace, comments and newlines.
func (p *tomlParser) skipBlankLines() {
	for {
		p.skipSpace()
		p.skipComment()
		if !p.newline() {
			return
		}
	}
}

// endOfLine requires the rest of the line to be blank or a comment.
func (p *tomlParser) endOfLine() {
	p.skipSpace()
	p.skipComment()
	if p.pos >= len(p.src) || p.newline() {
		return
	}
	p.fail(p.pos, "expected a newline after the value, found %s", p.describe())
}

func (p *tomlParser) describe() string {
	if p.pos >= len(p.src) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.src[p.pos:])
	return fmt.Sprintf("%q", r)
}

// header reads a [table] or [[array of tables]] line and makes it the
// current table.
func (p *tomlParser) header() {
	hs := p.pos
	aot := p.peek(1) == '['
	if aot {
		p.pos += 2
	} else {
		p.pos++
	}
	p.skipSpace()
	keys := p.key()
	p.skipSpace()
	if p.peek(0) != ']' || aot && p.peek(1) != ']' {
		if aot {
			p.fail(p.pos, "expected ']]' to end the array of tables header, found %s", p.describe())
		}
		p.fail(p.pos, "expected ']' to end the table header, found %s", p.describe())
	}
	if aot {
		p.pos += 2
	} else {
		p.pos++
	}
	he := p.pos

	path := append(p.path[:0], p.path[0])
	t := path[0]
	for i, k := range keys {
		last := i == len(keys)-1
		j := p.lookup(t, k.text)
		if last {
			break
		}
		if j < 0 {
			child := &Node{Kind: Object, Start: hs, End: he}
			p.tables[child] = &tomlTable{kind: tomlImplicit}
			p.addMember(t, Member{Key: k.text, KeyStart: k.start, KeyEnd: k.end, Value: child})
			t = child
		} else {
			v := t.Members[j].Value
			info := p.tables[v]
			switch {
			case info == nil || info.kind == tomlInline:
				p.fail(k.start, "key '%s' is already defined as a value and cannot be used as a table", p.keyName(keys[:i+1]))
			case info.kind == tomlArrayOfTables:
				path = append(path, v)
				if len(v.Items) == 0 {
					p.fail(k.start, "key '%s' is an empty array of tables", p.keyName(keys[:i+1]))
				}
				v = v.Items[len(v.Items)-1]
			}
			t = v
		}
		path = append(path, t)
		if len(path) > MaxDepth {
			p.failDepth(k.start)
		}
	}
	k := keys[len(keys)-1]
	j := p.lookup(t, k.text)
	if aot {
		var arr *Node
		if j < 0 {
			arr = &Node{Kind: Array, Start: hs, End: he}
			p.tables[arr] = &tomlTable{kind: tomlArrayOfTables}
			p.addMember(t, Member{Key: k.text, KeyStart: k.start, KeyEnd: k.end, Value: arr})
		} else {
			arr = t.Members[j].Value
			if info := p.tables[arr]; info == nil || info.kind != tomlArrayOfTables {
				p.fail(k.start, "key '%s' is already defined and cannot be used as an array of tables", p.keyName(keys))
			}
		}
		elem := &Node{Kind: Object, Start: hs, End: he}
		p.tables[elem] = &tomlTable{kind: tomlExplicit}
		arr.Items = append(arr.Items, elem)
		path = append(path, arr, elem)
	} else {
		var tbl *Node
		if j < 0 {
			tbl = &Node{Kind: Object, Start: hs, End: he}
			p.tables[tbl] = &tomlTable{kind: tomlExplicit}
			p.addMember(t, Member{Key: k.text, KeyStart: k.start, KeyEnd: k.end, Value: tbl})
		} else {
			tbl = t.Members[j].Value
			info := p.tables[tbl]
			if info == nil || info.kind != tomlImplicit {
				p.fail(k.start, "table '%s' has already been defined", p.keyName(keys))
			}
			info.kind = tomlExplicit
		}
		path = append(path, tbl)
	}
	if len(path) > MaxDepth {
		p.failDepth(k.start)
	}
	for _, n := range path[1:] {
		if he > n.End {
			n.End = he
		}
	}
	p.path = path
}

func (p *tomlParser) keyName(keys []tomlKey) string {
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(k.text)
	}
	return b.String()
}

// lookup returns the index of the member named key in obj, or -1. Keys
// are unique within a TOML table, so the first match is the only one.
func (p *tomlParser) lookup(obj *Node, key string) int {
	info := p.tables[obj]
	if info != nil && info.idx != nil {
		if i, ok := info.idx[key]; ok {
			return i
		}
		return -1
	}
	if info != nil && len(obj.Members) >= 16 {
		info.idx = make(map[string]int, len(obj.Members)*2)
		for i, m := range obj.Members {
			info.idx[m.Key] = i
		}
		return p.lookup(obj, key)
	}
	for i := range obj.Members {
		if obj.Members[i].Key == key {
			return i
		}
	}
	return -1
}

func (p *tomlParser) addMember(obj *Node, m Member) {
	obj.Members = append(obj.Members, m)
	if info := p.tables[obj]; info != nil && info.idx != nil {
		info.idx[m.Key] = len(obj.Members) - 1
	}
}

// key reads a possibly dotted key. The returned slice is reused.
func (p *tomlParser) key() []tomlKey {
	keys := p.keys[:0]
	for {
		p.skipSpace()
		start := p.pos
		var text string
		switch c := p.peek(0); {
		case c == '"':
			text = p.basicString()
		case c == '\'':
			text = p.literalString()
		case tomlBareKeyChar(c):
			for p.pos < len(p.src) && tomlBareKeyChar(p.src[p.pos]) {
				p.pos++
			}
			text = string(p.src[start:p.pos])
		default:
			p.fail(p.pos, "expected a key, found %s", p.describe())
		}
		keys = append(keys, tomlKey{text: text, start: start, end: p.pos})
		p.skipSpace()
		if p.peek(0) != '.' {
			break
		}
		p.pos++
	}
	p.keys = keys
	return keys
}

func tomlBareKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// keyValue reads "key = value" into table t (at nesting depth depth) and
// returns the end of the value.
func (p *tomlParser) keyValue(t *Node, depth int) int {
	keys := p.key()
	// p.keys is reused by nested inline tables: keep our own copy.
	var local [4]tomlKey
	keys = append(local[:0], keys...)
	if p.peek(0) != '=' {
		p.fail(p.pos, "expected '=' after the key, found %s", p.describe())
	}
	p.pos++
	p.skipSpace()
	vdepth := depth + len(keys)
	if vdepth > MaxDepth {
		p.failDepth(keys[0].start)
	}
	val := p.value(vdepth)
	end := val.End

	obj := t
	for i, k := range keys[:len(keys)-1] {
		j := p.lookup(obj, k.text)
		if j < 0 {
			child := &Node{Kind: Object, Start: keys[i+1].start, End: end}
			p.tables[child] = &tomlTable{kind: tomlDotted}
			p.addMember(obj, Member{Key: k.text, KeyStart: k.start, KeyEnd: k.end, Value: child})
			obj = child
			continue
		}
		v := obj.Members[j].Value
		info := p.tables[v]
		if info == nil || v.Kind != Object || info.kind != tomlDotted && info.kind != tomlImplicit {
			p.fail(k.start, "key '%s' is already defined and cannot be extended with a dotted key", p.keyName(keys[:i+1]))
		}
		info.kind = tomlDotted
		if end > v.End {
			v.End = end
		}
		obj = v
	}
	k := keys[len(keys)-1]
	if p.lookup(obj, k.text) >= 0 {
		p.fail(k.start, "key '%s' has already been defined", p.keyName(keys))
	}
	p.addMember(obj, Member{Key: k.text, KeyStart: k.start, KeyEnd: k.end, Value: val})
	return end
}

// value reads one value; depth is the nesting level a container value
// would have.
func (p *tomlParser) value(depth int) *Node {
	src := p.src
	start := p.pos
	if p.pos >= len(src) {
		p.fail(p.pos, "expected a value, found end of file")
	}
	switch c := src[p.pos]; {
	case c == '"':
		var text string
		if p.peek(1) == '"' && p.peek(2) == '"' {
			text = p.multiLineString('"')
		} else {
			text = p.basicString()
		}
		return &Node{Kind: String, Start: start, End: p.pos, Text: text}
	case c == '\'':
		var text string
		if p.peek(1) == '\'' && p.peek(2) == '\'' {
			text = p.multiLineString('\'')
		} else {
			text = p.literalString()
		}
		return &Node{Kind: String, Start: start, End: p.pos, Text: text}
	case c == '[':
		return p.array(depth)
	case c == '{':
		return p.inlineTable(depth)
	case c == 't' || c == 'f':
		word := "true"
		if c == 'f' {
			word = "false"
		}
		if !p.hasWord(word) {
			p.fail(p.pos, "expected a value, found %s", p.describe())
		}
		p.pos += len(word)
		return &Node{Kind: Bool, Start: start, End: p.pos, Text: word}
	case c >= '0' && c <= '9':
		if p.isDateTime() {
			return p.dateTime()
		}
		return p.number()
	case c == '+' || c == '-' || c == 'i' || c == 'n':
		return p.number()
	}
	p.fail(p.pos, "expected a value, found %s", p.describe())
	return nil
}

func (p *tomlParser) hasWord(w string) bool {
	if len(p.src)-p.pos < len(w) || string(p.src[p.pos:p.pos+len(w)]) != w {
		return false
	}
	return !tomlBareKeyChar(p.peek(len(w)))
}

func tomlIsDigit(c byte) bool { return c >= '0' && c <= '9' }

func (p *tomlParser) digitsAt(i, n int) bool {
	for k := 0; k < n; k++ {
		if !tomlIsDigit(p.peek(i + k)) {
			return false
		}
	}
	return true
}

func (p *tomlParser) isDateTime() bool {
	return p.digitsAt(0, 4) && p.peek(4) == '-' || p.digitsAt(0, 2) && p.peek(2) == ':'
}

// dateTime reads an offset or local date-time, a local date or a local
// time. Seconds may be left out (TOML 1.1, accepted by the validator).
func (p *tomlParser) dateTime() *Node {
	start := p.pos
	bad := func() { p.fail(start, "invalid date-time %q", p.token(start)) }
	hasDate := false
	if p.digitsAt(0, 4) && p.peek(4) == '-' {
		if !p.digitsAt(5, 2) || p.peek(7) != '-' || !p.digitsAt(8, 2) {
			bad()
		}
		p.pos += 10
		hasDate = true
		c := p.peek(0)
		if (c == 'T' || c == 't') && p.digitsAt(1, 2) || c == ' ' && p.digitsAt(1, 2) && p.peek(3) == ':' {
			p.pos++
		} else {
			return &Node{Kind: DateTime, Start: start, End: p.pos, Text: string(p.src[start:p.pos])}
		}
	}
	if !p.digitsAt(0, 2) || p.peek(2) != ':' || !p.digitsAt(3, 2) {
		bad()
	}
	p.pos += 5
	if p.peek(0) == ':' {
		if !p.digitsAt(1, 2) {
			bad()
		}
		p.pos += 3
		if p.peek(0) == '.' {
			if !tomlIsDigit(p.peek(1)) {
				bad()
			}
			p.pos++
			for tomlIsDigit(p.peek(0)) {
				p.pos++
			}
		}
	}
	if hasDate {
		switch p.peek(0) {
		case 'Z', 'z':
			p.pos++
		case '+', '-':
			if !p.digitsAt(1, 2) || p.peek(3) != ':' || !p.digitsAt(4, 2) {
				bad()
			}
			// BurntSushi/toml lets an offset of +12:60 through; TOML and the
			// clients' parsers take hours 00-23 and minutes 00-59 only.
			if p.twoDigits(1) > 23 || p.twoDigits(4) > 59 {
				bad()
			}
			p.pos += 6
		}
	}
	if tomlBareKeyChar(p.peek(0)) || p.peek(0) == '.' || p.peek(0) == ':' {
		bad()
	}
	return &Node{Kind: DateTime, Start: start, End: p.pos, Text: string(p.src[start:p.pos])}
}

// twoDigits is the number written by the two digits at p.pos+i (checked
// with digitsAt before).
func (p *tomlParser) twoDigits(i int) int {
	return int(p.peek(i)-'0')*10 + int(p.peek(i+1)-'0')
}

func (p *tomlParser) token(start int) string {
	end := start
	for end < len(p.src) && end-start < 64 {
		c := p.src[end]
		if !(tomlBareKeyChar(c) || c == '.' || c == '+' || c == ':') {
			break
		}
		end++
	}
	return string(p.src[start:end])
}

// number reads an integer or float, including inf and nan.
func (p *tomlParser) number() *Node {
	start := p.pos
	end := start
	for end < len(p.src) {
		c := p.src[end]
		if tomlBareKeyChar(c) || c == '.' || c == '+' {
			end++
			continue
		}
		break
	}
	text := string(p.src[start:end])
	if !tomlValidNumber(text) {
		if text == "" {
			p.fail(start, "expected a value, found %s", p.describe())
		}
		p.fail(start, "invalid number %q", text)
	}
	p.pos = end
	return &Node{Kind: Number, Start: start, End: end, Text: text}
}

// tomlValidNumber checks the TOML grammar of integers and floats.
func tomlValidNumber(s string) bool {
	body := s
	signed := false
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
		signed = true
	}
	switch body {
	case "inf", "nan":
		return true
	case "":
		return false
	}
	if len(body) > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'o' || body[1] == 'b') {
		if signed {
			return false
		}
		var ok func(byte) bool
		switch body[1] {
		case 'x':
			ok = func(c byte) bool { return tomlIsDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }
		case 'o':
			ok = func(c byte) bool { return c >= '0' && c <= '7' }
		default:
			ok = func(c byte) bool { return c == '0' || c == '1' }
		}
		return tomlDigitRun(body[2:], ok) == len(body)-2
	}
	dec := func(c byte) bool { return tomlIsDigit(c) }
	n := tomlDigitRun(body, dec)
	if n == 0 || body[0] == '0' && n > 1 {
		return false
	}
	rest := body[n:]
	if rest == "" {
		return true
	}
	if rest[0] == '.' {
		m := tomlDigitRun(rest[1:], dec)
		if m == 0 {
			return false
		}
		rest = rest[1+m:]
	}
	if rest != "" && (rest[0] == 'e' || rest[0] == 'E') {
		rest = rest[1:]
		if rest != "" && (rest[0] == '+' || rest[0] == '-') {
			rest = rest[1:]
		}
		m := tomlDigitRun(rest, dec)
		if m == 0 {
			return false
		}
		rest = rest[m:]
	}
	return rest == ""
}

// tomlDigitRun returns the length of the run of digits (with single
// underscores between digits) at the start of s.
func tomlDigitRun(s string, ok func(byte) bool) int {
	n := 0
	for n < len(s) {
		if ok(s[n]) {
			n++
			continue
		}
		if s[n] == '_' && n > 0 && n+1 < len(s) && ok(s[n+1]) {
			n++
			continue
		}
		break
	}
	return n
}

// skipArrayBlank skips whitespace, newlines and comments inside arrays and
// inline tables.
func (p *tomlParser) skipArrayBlank() {
	p.skipBlankLines()
}

func (p *tomlParser) array(depth int) *Node {
	if depth > MaxDepth {
		p.failDepth(p.pos)
	}
	n := &Node{Kind: Array, Start: p.pos}
	p.pos++
	for {
		p.skipArrayBlank()
		if p.peek(0) == ']' {
			break
		}
		n.Items = append(n.Items, p.value(depth+1))
		p.skipArrayBlank()
		if p.peek(0) == ',' {
			p.pos++
			continue
		}
		if p.peek(0) != ']' {
			p.fail(p.pos, "expected ',' or ']' in the array, found %s", p.describe())
		}
		break
	}
	p.pos++
	n.End = p.pos
	return n
}

func (p *tomlParser) inlineTable(depth int) *Node {
	if depth > MaxDepth {
		p.failDepth(p.pos)
	}
	n := &Node{Kind: Object, Start: p.pos}
	info := &tomlTable{kind: tomlExplicit}
	p.tables[n] = info
	p.pos++
	for {
		p.skipArrayBlank()
		if p.peek(0) == '}' {
			break
		}
		p.keyValue(n, depth)
		p.skipArrayBlank()
		if p.peek(0) == ',' {
			p.pos++
			continue
		}
		if p.peek(0) != '}' {
			p.fail(p.pos, "expected ',' or '}' in the inline table, found %s", p.describe())
		}
		break
	}
	p.pos++
	n.End = p.pos
	info.kind = tomlInline
	info.idx = nil
	return n
}

// basicString reads a single-line "basic string" and returns its text.
func (p *tomlParser) basicString() string {
	src := p.src
	start := p.pos
	p.pos++
	plain := true
	for {
		if p.pos >= len(src) {
			p.fail(start, "unterminated string")
		}
		c := src[p.pos]
		if c == '"' {
			break
		}
		if c == '\\' {
			plain = false
			p.pos += 2
			continue
		}
		if c == '\n' || c == '\r' {
			p.fail(p.pos, "newline in a single-line string")
		}
		p.checkChar(c)
		p.pos++
	}
	end := p.pos
	p.pos++
	if plain {
		return string(src[start+1 : end])
	}
	b := p.buf[:0]
	for i := start + 1; i < end; {
		c := src[i]
		if c != '\\' {
			b = append(b, c)
			i++
			continue
		}
		b, i = p.escape(b, i)
	}
	p.buf = b
	return string(b)
}

// checkChar refuses control characters other than tab and invalid UTF-8.
func (p *tomlParser) checkChar(c byte) {
	if c < 0x20 && c != '\t' || c == 0x7F {
		p.fail(p.pos, "control character %q must be escaped", rune(c))
	}
	if c >= 0x80 {
		r, size := utf8.DecodeRune(p.src[p.pos:])
		if r == utf8.RuneError && size <= 1 {
			p.fail(p.pos, "invalid UTF-8")
		}
		p.pos += size - 1
	}
}

// escape decodes the escape sequence at src[i] (a backslash).
func (p *tomlParser) escape(b []byte, i int) ([]byte, int) {
	src := p.src
	if i+1 >= len(src) {
		p.fail(i, "unterminated escape sequence")
	}
	switch c := src[i+1]; c {
	case 'b':
		return append(b, '\b'), i + 2
	case 't':
		return append(b, '\t'), i + 2
	case 'n':
		return append(b, '\n'), i + 2
	case 'f':
		return append(b, '\f'), i + 2
	case 'r':
		return append(b, '\r'), i + 2
	case 'e':
		return append(b, 0x1B), i + 2
	case '"':
		return append(b, '"'), i + 2
	case '\\':
		return append(b, '\\'), i + 2
	case 'x', 'u', 'U':
		n := 8
		switch c {
		case 'x':
			n = 2
		case 'u':
			n = 4
		}
		if i+2+n > len(src) {
			p.fail(i, "incomplete escape sequence")
		}
		var r rune
		for _, h := range src[i+2 : i+2+n] {
			var d byte
			switch {
			case h >= '0' && h <= '9':
				d = h - '0'
			case h|0x20 >= 'a' && h|0x20 <= 'f':
				d = h | 0x20 - 'a' + 10
			default:
				p.fail(i, "invalid escape sequence %q", string(src[i:i+2+n]))
			}
			r = r<<4 | rune(d)
		}
		if !utf8.ValidRune(r) {
			p.fail(i, "escape sequence %q is not a valid Unicode scalar value", string(src[i:i+2+n]))
		}
		return utf8.AppendRune(b, r), i + 2 + n
	}
	p.fail(i, "invalid escape sequence \\%s", p.charAt(i+1))
	return b, i
}

func (p *tomlParser) charAt(i int) string {
	r, _ := utf8.DecodeRune(p.src[i:])
	return string(r)
}

func (p *tomlParser) literalString() string {
	src := p.src
	start := p.pos
	p.pos++
	for {
		if p.pos >= len(src) {
			p.fail(start, "unterminated string")
		}
		c := src[p.pos]
		if c == '\'' {
			break
		}
		if c == '\n' || c == '\r' {
			p.fail(p.pos, "newline in a single-line string")
		}
		p.checkChar(c)
		p.pos++
	}
	p.pos++
	return string(src[start+1 : p.pos-1])
}

// skipFirstNewline drops a newline right after the opening delimiter of a
// multi-line string.
func (p *tomlParser) skipFirstNewline() {
	if p.peek(0) == '\n' {
		p.pos++
	} else if p.peek(0) == '\r' && p.peek(1) == '\n' {
		p.pos += 2
	}
}

// closingQuotes handles a run of quote characters q inside a multi-line
// string: it returns how many belong to the content and whether the run
// closes the string.
func (p *tomlParser) closingQuotes(q byte) (content int, closed bool) {
	n := 0
	for p.peek(n) == q {
		n++
	}
	if n < 3 {
		p.pos += n
		return n, false
	}
	if n > 5 {
		p.fail(p.pos+5, "too many quotes at the end of a multi-line string")
	}
	p.pos += n
	return n - 3, true
}

// multiLineString reads a multi-line string: basic (three double quotes) or
// literal (three single quotes).
// Only basic strings have escapes and line-ending backslashes.
func (p *tomlParser) multiLineString(quote byte) string {
	src := p.src
	start := p.pos
	p.pos += 3
	p.skipFirstNewline()
	b := p.buf[:0]
	for {
		if p.pos >= len(src) {
			p.fail(start, "unterminated multi-line string")
		}
		c := src[p.pos]
		switch {
		case c == quote:
			n, closed := p.closingQuotes(quote)
			for ; n > 0; n-- {
				b = append(b, quote)
			}
			if closed {
				p.buf = b
				return string(b)
			}
		case c == '\\' && quote == '"':
			// A line-ending backslash trims the newline and all
			// whitespace after it.
			j := p.pos + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j < len(src) && (src[j] == '\n' || src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n') {
				for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n') {
					j++
				}
				p.pos = j
				continue
			}
			b, p.pos = p.escape(b, p.pos)
		case c == '\n':
			b = append(b, c)
			p.pos++
		case c == '\r':
			if p.peek(1) != '\n' {
				p.fail(p.pos, "carriage return must be followed by a newline")
			}
			b = append(b, '\r', '\n')
			p.pos += 2
		default:
			at := p.pos
			p.checkChar(c)
			p.pos++
			b = append(b, src[at:p.pos]...)
		}
	}
}
