// Package syntax parses JSON, JSONC, TOML and YAML into one tree that keeps
// the byte span of every key and value, so that every later finding can point
// at the exact place in the user's file.
package syntax

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format is the surface syntax of a document.
type Format uint8

const (
	JSON  Format = iota + 1 // strict JSON (RFC 8259)
	JSONC                   // JSON with // and /* */ comments and trailing commas
	TOML                    // TOML 1.0
	YAML                    // YAML 1.2 (the subset yaml.v3 reads)
)

func (f Format) String() string {
	switch f {
	case JSON:
		return "json"
	case JSONC:
		return "jsonc"
	case TOML:
		return "toml"
	case YAML:
		return "yaml"
	}
	return "unknown"
}

// Limits shared by every parser. They are documented in docs/limits.md.
const (
	// MaxDepth is the deepest nesting of objects and arrays a parser accepts.
	// Real MCP configs nest fewer than ten levels; the cap keeps a hostile
	// file from exhausting the stack.
	MaxDepth = 512
	// MaxNodes caps the number of values a YAML document may expand to
	// through aliases (a "billion laughs" document).
	MaxNodes = 1_000_000
	// MaxAliasBytes bounds the text YAML aliases may repeat: at most as
	// much as the file itself holds, or this much when the file is
	// smaller. Memory and output then stay proportional to the file.
	MaxAliasBytes = 1 << 20
)

// Kind is the type of a value.
type Kind uint8

const (
	Invalid Kind = iota
	Object
	Array
	String
	Number
	Bool
	Null
	// DateTime is a TOML offset/local date-time, date or time; Text holds
	// the literal as written.
	DateTime
)

func (k Kind) String() string {
	switch k {
	case Object:
		return "object"
	case Array:
		return "array"
	case String:
		return "string"
	case Number:
		return "number"
	case Bool:
		return "boolean"
	case Null:
		return "null"
	case DateTime:
		return "datetime"
	}
	return "invalid"
}

// Node is one value with its byte span [Start, End) in the source.
//
// For a String, Text is the decoded value (escapes resolved). For Number,
// Bool, Null and DateTime, Text is the literal as written ("1e3", "true",
// "null"). Object members keep source order; duplicate keys are kept too
// (the last one wins for Get, as every client's JSON reader does).
type Node struct {
	Kind    Kind
	Start   int
	End     int
	Text    string
	Members []Member
	Items   []*Node
	// keys indexes the members of a large object by key (the last
	// member of each), so a lookup in an object of thousands of servers
	// is not a scan; Parse builds it.
	keys map[string]int
}

// indexFrom is the member count from which Parse indexes an object.
const indexFrom = 16

// indexMembers builds the key index of every large object under n.
func indexMembers(n *Node) {
	Walk(n, func(v Visit) bool {
		if o := v.Node; o.Kind == Object && len(o.Members) >= indexFrom && o.keys == nil {
			o.keys = make(map[string]int, len(o.Members))
			for i, m := range o.Members {
				o.keys[m.Key] = i
			}
		}
		return true
	}, nil)
}

// Member is one key of an object with the span of the key itself.
// For TOML, KeyStart/KeyEnd point at the key where it was written: the
// last segment of a dotted key or of a [table] header.
type Member struct {
	Key      string
	KeyStart int
	KeyEnd   int
	Value    *Node
}

// Get returns the value of the last member named key, or nil.
func (n *Node) Get(key string) *Node {
	if m := n.Member(key); m != nil {
		return m.Value
	}
	return nil
}

// Member returns the last member named key, or nil.
func (n *Node) Member(key string) *Member {
	if n == nil || n.Kind != Object {
		return nil
	}
	if n.keys != nil {
		if i, ok := n.keys[key]; ok {
			return &n.Members[i]
		}
		return nil
	}
	for i := len(n.Members) - 1; i >= 0; i-- {
		if n.Members[i].Key == key {
			return &n.Members[i]
		}
	}
	return nil
}

// Str returns the decoded text of a String node and whether it was one.
func (n *Node) Str() (string, bool) {
	if n == nil || n.Kind != String {
		return "", false
	}
	return n.Text, true
}

// BoolValue returns the value of a Bool node and whether it was one.
func (n *Node) BoolValue() (bool, bool) {
	if n == nil || n.Kind != Bool {
		return false, false
	}
	return n.Text == "true", true
}

// Lookup resolves an RFC 6901 JSON pointer ("" is the node itself).
func (n *Node) Lookup(pointer string) *Node {
	if pointer == "" {
		return n
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil
	}
	cur := n
	for _, raw := range strings.Split(pointer[1:], "/") {
		tok := UnescapePointerToken(raw)
		switch {
		case cur == nil:
			return nil
		case cur.Kind == Object:
			cur = cur.Get(tok)
		case cur.Kind == Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) || strconv.Itoa(i) != tok {
				return nil
			}
			cur = cur.Items[i]
		default:
			return nil
		}
	}
	return cur
}

// EscapePointerToken escapes one JSON pointer reference token.
func EscapePointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// UnescapePointerToken reverses EscapePointerToken.
func UnescapePointerToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}

// Pointer joins reference tokens into a JSON pointer.
func Pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(EscapePointerToken(t))
	}
	return b.String()
}

// File is a parsed document and the index needed to turn byte offsets into
// line and column numbers.
type File struct {
	Src    []byte
	Format Format
	Root   *Node // nil when the document is empty (TOML/YAML) or did not parse
	lines  []int // byte offset of the start of each line
	cols   *columnIndex
}

// NewFile indexes src. Parsers call it; callers use Parse.
func NewFile(src []byte, format Format) *File {
	f := &File{Src: src, Format: format}
	f.lines = lineStarts(src)
	f.cols = newColumnIndex(src)
	return f
}

// columnStep is how many bytes apart the column index keeps counts: a
// position lookup decodes at most this many bytes, however long its line.
const columnStep = 256

// columnIndex counts code points and UTF-16 units from the start of the
// file at every columnStep bytes, so that a column is two lookups and a
// short decode rather than a decode from the start of its line: on a
// one-line file of thousands of values that made every lookup O(n).
// A file of ASCII needs no counts: columns are byte columns.
type columnIndex struct {
	ascii bool
	// at[k] is the first rune start at or after k*columnStep, runes[k]
	// and units[k] the code points and UTF-16 units before it.
	at, runes, units []int
}

func newColumnIndex(src []byte) *columnIndex {
	ascii := true
	for _, c := range src {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return &columnIndex{ascii: true}
	}
	n := len(src)/columnStep + 1
	ci := &columnIndex{at: make([]int, 0, n), runes: make([]int, 0, n), units: make([]int, 0, n)}
	runes, units := 0, 0
	for i := 0; ; {
		for len(ci.at)*columnStep <= i && len(ci.at) < n {
			ci.at = append(ci.at, i)
			ci.runes = append(ci.runes, runes)
			ci.units = append(ci.units, units)
		}
		if i >= len(src) {
			break
		}
		r, size := decodeAt(src, i)
		runes++
		units += utf16Units(r)
		i += size
	}
	return ci
}

// decodeAt decodes the rune at i the way columns count: an invalid byte
// is one column.
func decodeAt(src []byte, i int) (rune, int) {
	if c := src[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, size := utf8.DecodeRune(src[i:])
	if r == utf8.RuneError && size <= 1 {
		size = 1
	}
	return r, size
}

func utf16Units(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// before gives the code points and UTF-16 units of the runes that start
// before offset.
func (ci *columnIndex) before(src []byte, offset int) (int, int) {
	k := offset / columnStep
	if k >= len(ci.at) {
		k = len(ci.at) - 1
	}
	for k > 0 && ci.at[k] > offset {
		k--
	}
	runes, units := ci.runes[k], ci.units[k]
	for i := ci.at[k]; i < offset; {
		r, size := decodeAt(src, i)
		runes++
		units += utf16Units(r)
		i += size
	}
	return runes, units
}

func lineStarts(src []byte) []int {
	lines := make([]int, 1, 64)
	for i, c := range src {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// Position is a place in a file. Line and Column are 1-based; Column counts
// Unicode code points, UTF16Column counts UTF-16 code units (for SARIF and
// LSP), ByteColumn counts bytes.
type Position struct {
	Offset      int
	Line        int
	Column      int
	UTF16Column int
	ByteColumn  int
}

// Position converts a byte offset into a Position. Offsets past the end are
// clamped to the end of the file.
func (f *File) Position(offset int) Position {
	if f.cols == nil {
		return PositionIn(f.Src, f.lines, offset)
	}
	offset = min(max(offset, 0), len(f.Src))
	line := lineOf(f.lines, offset)
	start := f.lines[line]
	p := Position{Offset: offset, Line: line + 1, ByteColumn: offset - start + 1}
	if f.cols.ascii {
		p.Column, p.UTF16Column = p.ByteColumn, p.ByteColumn
		return p
	}
	r1, u1 := f.cols.before(f.Src, start)
	r2, u2 := f.cols.before(f.Src, offset)
	p.Column, p.UTF16Column = r2-r1+1, u2-u1+1
	return p
}

// lineOf is the 0-based line holding offset: the last line start at or
// before it.
func lineOf(lines []int, offset int) int {
	lo, hi := 0, len(lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if lines[mid] <= offset {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// LineCount is the number of lines in the file.
func (f *File) LineCount() int { return len(f.lines) }

// Line returns the text of the 1-based line n without its line ending.
func (f *File) Line(n int) string {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	start := f.lines[n-1]
	end := len(f.Src)
	if n < len(f.lines) {
		end = f.lines[n] - 1
	}
	line := f.Src[start:end]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return string(line)
}

// PositionIn converts offset using a precomputed table of line starts; a nil
// table is computed on the fly.
func PositionIn(src []byte, lines []int, offset int) Position {
	if lines == nil {
		lines = lineStarts(src)
	}
	if offset < 0 {
		offset = 0
	}
	if offset > len(src) {
		offset = len(src)
	}
	lo := lineOf(lines, offset)
	start := lines[lo]
	p := Position{Offset: offset, Line: lo + 1, ByteColumn: offset - start + 1}
	col, col16 := 1, 1
	for i := start; i < offset; {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			size = 1
		}
		col++
		if r >= 0x10000 {
			col16 += 2
		} else {
			col16++
		}
		i += size
	}
	p.Column, p.UTF16Column = col, col16
	return p
}

// Error is a syntax error at a byte offset.
type Error struct {
	Offset int
	Msg    string
	// Hint names a cause when one is recognised, e.g. "comments are not
	// allowed in strict JSON (this client reads it as JSON)".
	Hint string
}

func (e *Error) Error() string {
	if e.Hint != "" {
		return e.Msg + ": " + e.Hint
	}
	return e.Msg
}
