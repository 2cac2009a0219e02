package syntax

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// nodeToAny converts a parsed tree into the shape encoding/json decodes
// into `any` with UseNumber: the last duplicate key wins.
func nodeToAny(n *Node) any {
	switch n.Kind {
	case Object:
		m := make(map[string]any, len(n.Members))
		for _, mem := range n.Members {
			m[mem.Key] = nodeToAny(mem.Value)
		}
		return m
	case Array:
		a := make([]any, len(n.Items))
		for i, it := range n.Items {
			a[i] = nodeToAny(it)
		}
		return a
	case String:
		return n.Text
	case Number:
		return json.Number(n.Text)
	case Bool:
		return n.Text == "true"
	case Null:
		return nil
	}
	return fmt.Sprintf("<invalid kind %d>", n.Kind)
}

func decodeStd(t testing.TB, src []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return v
}

// checkSpans verifies that every span lies inside src and inside its parent,
// that siblings do not overlap, and that the span text matches the value.
func checkSpans(t testing.TB, src []byte, n *Node, lo, hi int) {
	t.Helper()
	if n == nil {
		t.Fatalf("nil node")
	}
	if n.Start < lo || n.Start > n.End || n.End > hi {
		t.Fatalf("%s span [%d,%d) outside parent [%d,%d)", n.Kind, n.Start, n.End, lo, hi)
	}
	text := string(src[n.Start:n.End])
	switch n.Kind {
	case Object:
		if text[0] != '{' || text[len(text)-1] != '}' {
			t.Fatalf("object span %q", text)
		}
		prev := n.Start + 1
		for _, m := range n.Members {
			if m.KeyStart < prev || m.KeyEnd <= m.KeyStart || m.KeyEnd > m.Value.Start {
				t.Fatalf("key %q span [%d,%d) out of order (prev %d, value at %d)", m.Key, m.KeyStart, m.KeyEnd, prev, m.Value.Start)
			}
			if src[m.KeyStart] != '"' || src[m.KeyEnd-1] != '"' {
				t.Fatalf("key span %q is not a quoted string", src[m.KeyStart:m.KeyEnd])
			}
			checkSpans(t, src, m.Value, m.KeyEnd, n.End-1)
			prev = m.Value.End
		}
	case Array:
		if text[0] != '[' || text[len(text)-1] != ']' {
			t.Fatalf("array span %q", text)
		}
		prev := n.Start + 1
		for _, it := range n.Items {
			checkSpans(t, src, it, prev, n.End-1)
			prev = it.End
		}
	case String:
		if len(text) < 2 || text[0] != '"' || text[len(text)-1] != '"' {
			t.Fatalf("string span %q", text)
		}
	case Number, Bool, Null:
		if text != n.Text {
			t.Fatalf("%s span %q, Text %q", n.Kind, text, n.Text)
		}
	default:
		t.Fatalf("invalid kind %d", n.Kind)
	}
}

func mustParseJSON(t *testing.T, src string, jsonc bool) *Node {
	t.Helper()
	root, err := parseJSON([]byte(src), jsonc)
	if err != nil {
		t.Fatalf("parseJSON(%q, jsonc=%v): unexpected error at %d: %v", src, jsonc, err.Offset, err)
	}
	checkSpans(t, []byte(src), root, 0, len(src))
	return root
}

func TestParseJSONValues(t *testing.T) {
	tests := []struct {
		src  string
		want any
	}{
		{`{}`, map[string]any{}},
		{`[]`, []any{}},
		{` {"a" : 1 , "b":[true,false,null], "c":{"d":"e"}} `, map[string]any{
			"a": json.Number("1"),
			"b": []any{true, false, nil},
			"c": map[string]any{"d": "e"},
		}},
		{`"plain"`, "plain"},
		{`""`, ""},
		{`0`, json.Number("0")},
		{`-0`, json.Number("-0")},
		{`-12.5e+3`, json.Number("-12.5e+3")},
		{`1E-7`, json.Number("1E-7")},
		{`123456789012345678901234567890`, json.Number("123456789012345678901234567890")},
		{`true`, true},
		{`null`, nil},
		{"\t\r\n[1]\n", []any{json.Number("1")}},
		{`["a\"b\\c\/d\be\ff\ng\rh\ti"]`, []any{"a\"b\\c/d\be\ff\ng\rh\ti"}},
		{`"\u0041\u00e9\u20AC"`, "Aé€"},
		{`"\ud83d\ude00"`, "😀"},
		{`"\uD83D\uDE00x"`, "😀x"},
		{`"\ud83d"`, "\uFFFD"},
		{`"\ude00"`, "\uFFFD"},
		{`"\ud83dx"`, "\uFFFDx"},
		{`"\ud83d\u0041"`, "\uFFFDA"},
		{`"\ud83d\ud83d\ude00"`, "\uFFFD😀"},
		{`"é😀"`, "é😀"},
		{"\"a\xffb\"", "a\uFFFDb"},
		{"\"\xed\xa0\x80\"", "\uFFFD\uFFFD\uFFFD"}, // UTF-8-encoded surrogate
		{"\"\xe2\x82\"", "\uFFFD\uFFFD"},           // truncated sequence
		{"\"\\n\xff\"", "\n\uFFFD"},
		{"\"\x7f\"", "\x7f"},
	}
	for _, tt := range tests {
		for _, jsonc := range []bool{false, true} {
			root := mustParseJSON(t, tt.src, jsonc)
			if got := nodeToAny(root); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parseJSON(%q, jsonc=%v) = %#v, want %#v", tt.src, jsonc, got, tt.want)
			}
			if !jsonc {
				if std := decodeStd(t, []byte(tt.src)); !reflect.DeepEqual(nodeToAny(root), std) {
					t.Errorf("parseJSON(%q) = %#v, encoding/json says %#v", tt.src, nodeToAny(root), std)
				}
			}
		}
	}
}

func TestParseJSONSpans(t *testing.T) {
	src := `{"a": [1, "x\ny", {"b": null}], "c": true}`
	root := mustParseJSON(t, src, false)
	span := func(n *Node) string { return src[n.Start:n.End] }
	if root.Kind != Object || root.Start != 0 || root.End != len(src) {
		t.Fatalf("root = %s [%d,%d)", root.Kind, root.Start, root.End)
	}
	if len(root.Members) != 2 {
		t.Fatalf("members = %d", len(root.Members))
	}
	a := root.Members[0]
	if a.Key != "a" || a.KeyStart != 1 || a.KeyEnd != 4 || src[a.KeyStart:a.KeyEnd] != `"a"` {
		t.Errorf("member a = %+v", a)
	}
	if got := span(a.Value); got != `[1, "x\ny", {"b": null}]` {
		t.Errorf("span of /a = %q", got)
	}
	tests := []struct {
		ptr        string
		kind       Kind
		text, span string
	}{
		{"/a/0", Number, "1", `1`},
		{"/a/1", String, "x\ny", `"x\ny"`},
		{"/a/2", Object, "", `{"b": null}`},
		{"/a/2/b", Null, "null", `null`},
		{"/c", Bool, "true", `true`},
	}
	for _, tt := range tests {
		n := root.Lookup(tt.ptr)
		if n == nil {
			t.Errorf("Lookup(%q) = nil", tt.ptr)
			continue
		}
		if n.Kind != tt.kind || n.Text != tt.text || span(n) != tt.span {
			t.Errorf("Lookup(%q) = %s %q span %q, want %s %q span %q", tt.ptr, n.Kind, n.Text, span(n), tt.kind, tt.text, tt.span)
		}
	}
	c := root.Member("c")
	if c == nil || src[c.KeyStart:c.KeyEnd] != `"c"` || c.KeyStart != strings.Index(src, `"c"`) {
		t.Errorf("member c = %+v", c)
	}
}

func TestParseJSONPositions(t *testing.T) {
	src := "{\n  \"név\": \"é😀x\",\n\t\"k\": [1]\n}"
	f, err := Parse([]byte(src), JSON)
	if err != nil {
		t.Fatal(err)
	}
	root := f.Root
	checkSpans(t, f.Src, root, 0, len(src))
	m := root.Member("név")
	if m == nil {
		t.Fatal(`no member "név"`)
	}
	v := m.Value
	if v.Text != "é😀x" {
		t.Errorf("value = %q", v.Text)
	}
	// Line 2 is `  "név": "é😀x",`: the key spans bytes [4,10), the value
	// [12,21). Column counts code points, UTF16Column counts 😀 as two,
	// ByteColumn counts é as two and 😀 as four.
	tests := []struct {
		name   string
		offset int
		want   Position
	}{
		{"key start", m.KeyStart, Position{Offset: 4, Line: 2, Column: 3, UTF16Column: 3, ByteColumn: 3}},
		{"key end", m.KeyEnd, Position{Offset: 10, Line: 2, Column: 8, UTF16Column: 8, ByteColumn: 9}},
		{"value start", v.Start, Position{Offset: 12, Line: 2, Column: 10, UTF16Column: 10, ByteColumn: 11}},
		{"x in value", strings.Index(src, "x"), Position{Offset: 19, Line: 2, Column: 13, UTF16Column: 14, ByteColumn: 18}},
		{"value end", v.End, Position{Offset: 21, Line: 2, Column: 15, UTF16Column: 16, ByteColumn: 20}},
		{"key k", root.Member("k").KeyStart, Position{Offset: 24, Line: 3, Column: 2, UTF16Column: 2, ByteColumn: 2}},
		{"item 0", root.Lookup("/k/0").Start, Position{Offset: 30, Line: 3, Column: 8, UTF16Column: 8, ByteColumn: 8}},
		{"root end", root.End, Position{Offset: 34, Line: 4, Column: 2, UTF16Column: 2, ByteColumn: 2}},
	}
	for _, tt := range tests {
		if got := f.Position(tt.offset); got != tt.want {
			t.Errorf("%s: Position(%d) = %+v, want %+v", tt.name, tt.offset, got, tt.want)
		}
	}

	// The single-line form.
	src = `{"név": "é😀x"}`
	f, err = Parse([]byte(src), JSON)
	if err != nil {
		t.Fatal(err)
	}
	m = f.Root.Member("név")
	if m.KeyStart != 1 || m.KeyEnd != 7 || m.Value.Start != 9 || m.Value.End != 18 || f.Root.End != 19 {
		t.Fatalf("spans: key [%d,%d) value [%d,%d) root end %d", m.KeyStart, m.KeyEnd, m.Value.Start, m.Value.End, f.Root.End)
	}
	if got, want := f.Position(m.Value.Start), (Position{Offset: 9, Line: 1, Column: 9, UTF16Column: 9, ByteColumn: 10}); got != want {
		t.Errorf("value start = %+v, want %+v", got, want)
	}
	if got, want := f.Position(m.Value.End), (Position{Offset: 18, Line: 1, Column: 14, UTF16Column: 15, ByteColumn: 19}); got != want {
		t.Errorf("value end = %+v, want %+v", got, want)
	}
}

func TestParseJSONBOM(t *testing.T) {
	src := "\xEF\xBB\xBF{\"a\": 1}"
	for _, jsonc := range []bool{false, true} {
		root := mustParseJSON(t, src, jsonc)
		if root.Start != 3 || root.End != len(src) {
			t.Errorf("root span [%d,%d)", root.Start, root.End)
		}
		m := root.Member("a")
		if m == nil || m.KeyStart != 4 || m.KeyEnd != 7 || m.Value.Start != 9 {
			t.Errorf("member a = %+v", m)
		}
	}
	// A BOM is only skipped at the very start.
	if _, err := parseJSON([]byte(" \xEF\xBB\xBF{}"), false); err == nil || err.Offset != 1 {
		t.Errorf("BOM after a space: err = %v", err)
	}
	if _, err := parseJSON([]byte("\xEF\xBB\xBF  "), false); err == nil || err.Msg != "empty document" || err.Offset != 0 {
		t.Errorf("BOM only: err = %v", err)
	}
	// Position counts the BOM as one code point on line 1.
	f, err := Parse([]byte(src), JSON)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Position(f.Root.Start); got.Line != 1 || got.ByteColumn != 4 {
		t.Errorf("root position = %+v", got)
	}
}

func TestParseJSONC(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		want   any
		offset int    // of the strict-mode error
		msg    string // of the strict-mode error
	}{
		{"line comment", "{\n  // servers\n  \"a\": 1\n}", map[string]any{"a": json.Number("1")},
			4, "comments are not allowed in strict JSON"},
		{"block comment", `{"a": /* one */ 1}`, map[string]any{"a": json.Number("1")},
			6, "comments are not allowed in strict JSON"},
		{"comment at end", "[1] // done", []any{json.Number("1")},
			4, "comments are not allowed in strict JSON"},
		{"comment at start", "/* hi */ [1]", []any{json.Number("1")},
			0, "comments are not allowed in strict JSON"},
		{"comment without newline", "[1, // x", nil, 4, "comments are not allowed in strict JSON"},
		{"comment between key and colon", `{"a" /*x*/ : 1}`, map[string]any{"a": json.Number("1")},
			5, "comments are not allowed in strict JSON"},
		{"slashes in strings", `{"url": "http://x/*y*/"}`, map[string]any{"url": "http://x/*y*/"}, -1, ""},
		{"trailing comma object", `{"a": 1, "b": 2,}`, map[string]any{"a": json.Number("1"), "b": json.Number("2")},
			15, "trailing comma is not allowed in strict JSON"},
		{"trailing comma array", "[1, 2,\n]", []any{json.Number("1"), json.Number("2")},
			5, "trailing comma is not allowed in strict JSON"},
		{"trailing comma nested", `{"a": [1,], "b": {"c": 1,},}`, map[string]any{
			"a": []any{json.Number("1")}, "b": map[string]any{"c": json.Number("1")},
		}, 8, "trailing comma is not allowed in strict JSON"},
		{"comment after trailing comma", "[1, // last\n]", []any{json.Number("1")},
			4, "comments are not allowed in strict JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := parseJSON([]byte(tt.src), true)
			if tt.want == nil {
				if err == nil {
					t.Fatalf("jsonc: expected an error")
				}
			} else {
				if err != nil {
					t.Fatalf("jsonc: %v at %d", err, err.Offset)
				}
				checkSpans(t, []byte(tt.src), root, 0, len(tt.src))
				if got := nodeToAny(root); !reflect.DeepEqual(got, tt.want) {
					t.Errorf("jsonc: got %#v, want %#v", got, tt.want)
				}
			}
			_, err = parseJSON([]byte(tt.src), false)
			if tt.offset < 0 {
				if err != nil {
					t.Fatalf("strict: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("strict: no error")
			}
			if err.Offset != tt.offset || err.Msg != tt.msg {
				t.Errorf("strict: error %q at %d, want %q at %d", err.Msg, err.Offset, tt.msg, tt.offset)
			}
			if !strings.Contains(err.Hint, "JSONC") {
				t.Errorf("strict: hint %q does not name JSONC", err.Hint)
			}
		})
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		jsonc  bool
		offset int
		msg    string
		hint   string // substring; "" means no hint expected
	}{
		{"empty", "", false, 0, "empty document", ""},
		{"whitespace", " \n\t ", false, 0, "empty document", ""},
		{"only comment jsonc", "// nothing\n", true, 0, "empty document", ""},
		{"pasted objects", `{"a":1}{"b":2}`, false, 7, "unexpected data after the top-level value", "two JSON documents pasted together?"},
		{"pasted arrays", "[1]\n[2]", true, 4, "unexpected data after the top-level value", "two JSON documents pasted together?"},
		{"trailing garbage", `{"a":1} x`, false, 8, "unexpected data after the top-level value", ""},
		{"truncated object", `{"a": 1`, false, 7, "unexpected end of input, expected ',' or '}'", ""},
		{"truncated array", `[1, 2`, false, 5, "unexpected end of input, expected ',' or ']'", ""},
		{"truncated after colon", `{"a":`, false, 5, "unexpected end of input, expected a value", ""},
		{"truncated after key", `{"a"`, false, 4, "unexpected end of input, expected ':'", ""},
		{"truncated after brace", `{`, false, 1, "unexpected end of input, expected a string key or '}'", ""},
		{"truncated after comma", `{"a":1,`, false, 7, "unexpected end of input, expected a string key", ""},
		{"truncated literal", `[tru`, false, 4, "unexpected end of input, expected 'true'", ""},
		{"unterminated string", `{"a": "abc`, false, 6, "unterminated string starting here", ""},
		{"unterminated string escape", `"ab\`, false, 0, "unterminated string starting here", ""},
		{"unterminated string in \\u", `"\u00`, false, 0, "unterminated string starting here", ""},
		{"unterminated key", `{"abc`, false, 1, "unterminated string starting here", ""},
		{"raw newline in string", "{\"a\": \"abc\n}", false, 10, "control character U+000A in string", "unterminated string?"},
		{"tab in string", "\"a\tb\"", false, 2, "control character U+0009 in string", ""},
		{"nul in escaped string", "\"\\n\x00\"", false, 3, "control character U+0000 in string", ""},
		{"unterminated block comment", "[1 /* never closed", true, 3, "unterminated block comment starting here", ""},
		{"invalid escape", `{"a": "x\qy"}`, false, 8, `invalid escape '\q' in string`, ""},
		{"invalid unicode escape", `"\u12G4"`, false, 1, `invalid escape '\u12' in string, expected four hex digits`, ""},
		{"invalid escape after surrogate", `"\ud83d\uZZZZ"`, false, 7, `invalid escape '\u' in string, expected four hex digits`, ""},
		{"unexpected close", `{"a":}`, false, 5, "unexpected character '}', expected a value", ""},
		{"missing colon", `{"a" 1}`, false, 5, "unexpected character '1', expected ':'", ""},
		{"missing comma", `[1 2]`, false, 3, "unexpected character '2', expected ',' or ']'", ""},
		{"missing comma object", `{"a":1 "b":2}`, false, 7, "unexpected character '\"', expected ',' or '}'", ""},
		{"unquoted key", `{a: 1}`, true, 1, "unexpected character 'a', expected a string key or '}'", "double-quoted"},
		{"single quotes", `{'a': 1}`, false, 1, `unexpected character "'", expected a string key or '}'`, "double quotes"},
		{"single quoted value", `{"a": 'b'}`, false, 6, `unexpected character "'", expected a value`, "double quotes"},
		{"double comma", `[1,,2]`, true, 3, "unexpected character ',', expected a value", ""},
		{"leading comma", `[,1]`, true, 1, "unexpected character ',', expected a value", ""},
		{"comma only object", `{,}`, true, 1, "unexpected character ',', expected a string key or '}'", ""},
		{"leading zero", `[01]`, false, 2, "invalid number", "leading zeros"},
		{"minus alone", `[-]`, false, 2, "invalid number", ""},
		{"minus at end", `-`, false, 1, "invalid number", ""},
		{"dot without digits", `1.`, false, 2, "invalid number", ""},
		{"dot then letter", `[1.e5]`, false, 3, "invalid number", ""},
		{"exponent without digits", `1e+`, false, 3, "invalid number", ""},
		{"leading dot", `.5`, false, 0, "unexpected character '.', expected a value", "digit before"},
		{"plus sign", `+1`, false, 0, "unexpected character '+', expected a value", "'+'"},
		{"NaN", `[NaN]`, false, 1, "unexpected character 'N', expected a value", "NaN"},
		{"-Infinity", `-Infinity`, false, 1, "invalid number", "Infinity"},
		{"capital literal", `True`, false, 0, "unexpected character 'T', expected a value", "lowercase"},
		{"bad literal", `[trve]`, false, 3, "unexpected character 'v', expected 'true'", ""},
		{"nul byte", "[\x00]", false, 1, "unexpected character U+0000, expected a value", ""},
		{"invalid utf-8 outside string", "[\xff]", false, 1, "unexpected byte 0xff (invalid UTF-8), expected a value", ""},
		{"non-ascii outside string", "[é]", false, 1, "unexpected character 'é' (U+00E9), expected a value", ""},
		{"lone slash", `[1 / 2]`, true, 3, "unexpected character '/', expected ',' or ']'", ""},
		{"lone slash strict", `/`, false, 0, "unexpected character '/', expected a value", ""},
		{"nbsp whitespace", "[1,\u00a02]", false, 3, "unexpected character U+00A0, expected a value", ""},
		{"second BOM", "\xEF\xBB\xBF\xEF\xBB\xBF{}", false, 3, "unexpected character U+FEFF, expected a value", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := parseJSON([]byte(tt.src), tt.jsonc)
			if err == nil {
				t.Fatalf("parseJSON(%q) succeeded: %#v", tt.src, nodeToAny(root))
			}
			if err.Offset != tt.offset || err.Msg != tt.msg {
				t.Errorf("parseJSON(%q) = %q at %d, want %q at %d", tt.src, err.Msg, err.Offset, tt.msg, tt.offset)
			}
			if tt.hint == "" && err.Hint != "" {
				t.Errorf("unexpected hint %q", err.Hint)
			}
			if !strings.Contains(err.Hint, tt.hint) {
				t.Errorf("hint %q does not contain %q", err.Hint, tt.hint)
			}
			if !tt.jsonc {
				// Strict-mode errors are errors for encoding/json too.
				if json.Valid([]byte(tt.src)) {
					t.Errorf("encoding/json accepts %q", tt.src)
				}
			}
		})
	}
}

func TestParseJSONErrorThroughParse(t *testing.T) {
	f, err := Parse([]byte(`{"a": 1,}`), JSON)
	if err == nil {
		t.Fatal("no error")
	}
	se := syntaxError(err)
	ok := se.Msg != ""
	if !ok {
		t.Fatalf("error type %T", err)
	}
	if f == nil || f.Root != nil {
		t.Errorf("File = %+v", f)
	}
	if got := f.Position(se.Offset); got.Line != 1 || got.Column != 8 {
		t.Errorf("position = %+v", got)
	}
	if !strings.HasPrefix(se.Error(), "trailing comma is not allowed in strict JSON: ") {
		t.Errorf("Error() = %q", se.Error())
	}
	if _, err := Parse([]byte(`{"a": 1,}`), JSONC); err != nil {
		t.Errorf("JSONC: %v", err)
	}
}

func TestParseJSONDepth(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	// MaxDepth levels are fine.
	root := mustParseJSON(t, deep(MaxDepth), false)
	d := 0
	for n := root; n != nil; d++ {
		if len(n.Items) == 0 {
			n = nil
		} else {
			n = n.Items[0]
		}
	}
	if d != MaxDepth {
		t.Errorf("depth = %d", d)
	}
	// Mixed objects and arrays count alike.
	mixed := strings.Repeat(`{"a":[`, MaxDepth/2) + strings.Repeat(`]}`, MaxDepth/2)
	mustParseJSON(t, mixed, false)
	wantMsg := fmt.Sprintf("nesting deeper than %d levels", MaxDepth)
	if _, err := parseJSON([]byte(`{"x":`+mixed+`}`), false); err == nil || err.Msg != wantMsg || err.Offset != 5+6*(MaxDepth/2-1)+5 {
		t.Errorf("mixed+1: err = %v at %d", err, errOffset(err))
	}

	for _, n := range []int{MaxDepth + 1, 200000} {
		src := []byte(strings.Repeat("[", n))
		_, err := parseJSON(src, true)
		if err == nil || err.Msg != wantMsg || err.Offset != MaxDepth {
			t.Errorf("%d brackets: err = %v at %d", n, err, errOffset(err))
		}
	}
	src := []byte(strings.Repeat(`{"a":`, 200000))
	if _, err := parseJSON(src, false); err == nil || err.Msg != wantMsg || err.Offset != 5*MaxDepth {
		t.Errorf("deep objects: err = %v at %d", err, errOffset(err))
	}
}

func errOffset(err *Error) int {
	if err == nil {
		return -1
	}
	return err.Offset
}

func TestParseJSONDuplicateKeys(t *testing.T) {
	src := `{"a": 1, "b": 2, "a": 3}`
	root := mustParseJSON(t, src, false)
	var keys []string
	for _, m := range root.Members {
		keys = append(keys, m.Key+"="+m.Value.Text)
	}
	if got := strings.Join(keys, ","); got != "a=1,b=2,a=3" {
		t.Errorf("members = %s", got)
	}
	if got := root.Get("a"); got == nil || got.Text != "3" || got.Start != 22 {
		t.Errorf("Get(a) = %+v", got)
	}
	if m := root.Member("a"); m == nil || m.KeyStart != 17 {
		t.Errorf("Member(a) = %+v", m)
	}
	if got := root.Lookup("/a"); got == nil || got.Text != "3" {
		t.Errorf("Lookup(/a) = %+v", got)
	}
	if !reflect.DeepEqual(nodeToAny(root), decodeStd(t, []byte(src))) {
		t.Errorf("disagrees with encoding/json")
	}
}

func TestParseJSONLookup(t *testing.T) {
	src := `{"mcpServers": {"fs/local": {"command": "npx", "args": ["-y", "@mcp/fs", "~/x"]}, "a~b": {"env": {"": "empty"}}}}`
	root := mustParseJSON(t, src, false)
	tests := []struct {
		ptr  string
		want string // Text, or "" for a miss (nil)
	}{
		{"/mcpServers/fs~1local/command", "npx"},
		{Pointer("mcpServers", "fs/local", "args", "2"), "~/x"},
		{"/mcpServers/fs~1local/args/1", "@mcp/fs"},
		{"/mcpServers/a~0b/env/", "empty"},
		{"/mcpServers/fs~1local/args/3", ""},
		{"/mcpServers/fs~1local/args/01", ""},
		{"/mcpServers/fs~1local/args/-1", ""},
		{"/mcpServers/fs/local", ""},
		{"/mcpServers/fs~1local/command/x", ""},
		{"mcpServers", ""},
	}
	for _, tt := range tests {
		n := root.Lookup(tt.ptr)
		switch {
		case tt.want == "" && n != nil:
			t.Errorf("Lookup(%q) = %+v, want nil", tt.ptr, n)
		case tt.want != "" && (n == nil || n.Text != tt.want):
			t.Errorf("Lookup(%q) = %+v, want %q", tt.ptr, n, tt.want)
		case n != nil && src[n.Start:n.End] != `"`+tt.want+`"`:
			t.Errorf("Lookup(%q) span %q", tt.ptr, src[n.Start:n.End])
		}
	}
	if root.Lookup("") != root {
		t.Error(`Lookup("") is not the root`)
	}
	if s, ok := root.Lookup("/mcpServers/fs~1local/command").Str(); !ok || s != "npx" {
		t.Errorf("Str = %q, %v", s, ok)
	}
}

// TestParseJSONStringsShareSource checks that strings without escapes are
// not copied one by one (they are substrings of one copy of the source) and
// that the tree does not alias the caller's byte slice.
func TestParseJSONStringsShareSource(t *testing.T) {
	src := []byte(`{"key": "value", "n": 12, "esc": "a\tb"}`)
	root, err := parseJSON(src, false)
	if err != nil {
		t.Fatal(err)
	}
	for i := range src {
		src[i] = 'X'
	}
	if got := nodeToAny(root); !reflect.DeepEqual(got, map[string]any{
		"key": "value", "n": json.Number("12"), "esc": "a\tb",
	}) {
		t.Errorf("after mutating src: %#v", got)
	}
	// Appending to a member or item list must not clobber a neighbour.
	root2 := mustParseJSON(t, `[[1],[2]]`, false)
	first := root2.Items[0]
	first.Items = append(first.Items, &Node{Kind: Null, Text: "null"})
	if root2.Items[1].Items[0].Text != "2" {
		t.Errorf("append clobbered sibling: %q", root2.Items[1].Items[0].Text)
	}
}

func TestParseJSONAllocs(t *testing.T) {
	src := []byte(`{"mcpServers": {"a": {"command": "npx", "args": ["-y", "x"], "env": {"K": "V"}}, "b": {"url": "http://h", "disabled": false, "n": 1.5}}}`)
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := parseJSON(src, false); err != nil {
			t.Fatal(err)
		}
	})
	// parser + source copy + one node slab + one member slab + one item slab.
	if allocs > 6 {
		t.Errorf("allocs per parse = %v, want <= 6", allocs)
	}
}

// genRegistryDoc builds a document shaped like an MCP registry listing of
// roughly size bytes.
func genRegistryDoc(size int) []byte {
	var b bytes.Buffer
	b.WriteString("{\n  \"servers\": [\n")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `    {
      "name": "io.github.example/server-%d",
      "description": "An MCP server number %d that reads \"files\" and talks to the API — café ☕\nsecond line",
      "version": "1.%d.%d",
      "status": "active",
      "repository": {"url": "https://github.com/example/server-%d", "source": "github", "id": %d},
      "packages": [
        {
          "registry_type": "npm",
          "identifier": "@example/server-%d",
          "version": "1.%d.0",
          "transport": {"type": "stdio"},
          "environment_variables": [
            {"name": "API_KEY", "description": "Key for the API", "is_required": true, "is_secret": true, "default": null},
            {"name": "TIMEOUT", "format": "number", "default": "30", "weight": %d.25e-1}
          ],
          "package_arguments": ["--port", "8080", "--verbose"]
        }
      ],
      "remotes": [],
      "_meta": {"published_at": "2025-01-%02dT12:00:00Z", "is_latest": %t}
    }`, i, i, i%10, i%7, i, 100000+i, i, i%5, i, i%28+1, i%2 == 0)
	}
	b.WriteString("\n  ]\n}\n")
	return b.Bytes()
}

func TestParseJSONGeneratedDoc(t *testing.T) {
	src := genRegistryDoc(100 << 10)
	for _, jsonc := range []bool{false, true} {
		root, err := parseJSON(src, jsonc)
		if err != nil {
			t.Fatalf("jsonc=%v: %v at %d", jsonc, err, err.Offset)
		}
		checkSpans(t, src, root, 0, len(src))
		if !reflect.DeepEqual(nodeToAny(root), decodeStd(t, src)) {
			t.Fatalf("jsonc=%v: disagrees with encoding/json", jsonc)
		}
	}
}

func BenchmarkParseJSON(b *testing.B) {
	src := genRegistryDoc(500 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseJSON(src, false); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseJSONStdlib(b *testing.B) {
	src := genRegistryDoc(500 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			b.Fatal(err)
		}
	}
}
