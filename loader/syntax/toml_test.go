package syntax

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
)

const codexExample = `model = "gpt-5"
[projects."/Users/dev/src/shop"]
trust_level = "trusted"

[mcp_servers.docs]
command = "docs-server"
args = ["--port", "4000"]
env = { "DOCS_MODE" = "readonly" }
env_vars = ["DOCS_API_KEY", { name = "REMOTE_ONLY_TOKEN", source = "remote" }]

[mcp_servers.docs.tools.search]
approval_mode = "approve"

[mcp_servers."my.server"]
url = "https://mcp.example.com/mcp"
mcp_servers.inline = { command = "npx", args = ["-y", "pkg@1.2.3"] }
`

func mustParseTOML(t testing.TB, src string) *File {
	t.Helper()
	f, err := Parse([]byte(src), TOML)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return f
}

// tomlLineOf returns the 1-based line of a byte offset.
func tomlLineOf(f *File, off int) int { return f.Position(off).Line }

// tomlCheckSpans verifies 0 <= Start <= End <= len(src) for every node and key
// and, when nested is set, that members and items lie inside their parent.
func tomlCheckSpans(t testing.TB, src []byte, n *Node, nested bool) {
	t.Helper()
	seen := map[*Node]bool{}
	var walk func(n *Node, path string)
	walk = func(n *Node, path string) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		if n.Start < 0 || n.Start > n.End || n.End > len(src) {
			t.Errorf("%s: bad span [%d,%d) in %d bytes", path, n.Start, n.End, len(src))
		}
		for _, m := range n.Members {
			if m.KeyStart < 0 || m.KeyStart > m.KeyEnd || m.KeyEnd > len(src) {
				t.Errorf("%s/%s: bad key span [%d,%d)", path, m.Key, m.KeyStart, m.KeyEnd)
			}
			if nested && (m.KeyStart < n.Start || m.KeyEnd > n.End) {
				t.Errorf("%s/%s: key [%d,%d) outside parent [%d,%d)", path, m.Key, m.KeyStart, m.KeyEnd, n.Start, n.End)
			}
			if nested && m.Value != nil && (m.Value.Start < n.Start || m.Value.End > n.End) {
				t.Errorf("%s/%s: value [%d,%d) outside parent [%d,%d)", path, m.Key, m.Value.Start, m.Value.End, n.Start, n.End)
			}
			walk(m.Value, path+"/"+m.Key)
		}
		for i, it := range n.Items {
			if nested && (it.Start < n.Start || it.End > n.End) {
				t.Errorf("%s/%d: item [%d,%d) outside parent [%d,%d)", path, i, it.Start, it.End, n.Start, n.End)
			}
			walk(it, path+"/"+strconv.Itoa(i))
		}
	}
	walk(n, "")
}

func TestTOMLCodexExample(t *testing.T) {
	f := mustParseTOML(t, codexExample)
	src := f.Src
	root := f.Root
	if root == nil || root.Kind != Object {
		t.Fatalf("root = %+v", root)
	}
	tomlCheckSpans(t, src, root, true)

	text := func(n *Node) string { return string(src[n.Start:n.End]) }
	member := func(ptr string) (*Member, *Node) {
		t.Helper()
		i := strings.LastIndex(ptr, "/")
		parent := root.Lookup(ptr[:i])
		m := parent.Member(UnescapePointerToken(ptr[i+1:]))
		if m == nil {
			t.Fatalf("no member at %s", ptr)
		}
		return m, parent
	}
	tests := []struct {
		ptr      string
		keyLine  int
		keyText  string
		valLine  int
		valText  string
		kind     Kind
		startTxt string // prefix of the value's source text
	}{
		{ptr: "/model", keyLine: 1, keyText: "model", valLine: 1, valText: "gpt-5", kind: String},
		{ptr: "/projects", keyLine: 2, keyText: "projects", valLine: 2, kind: Object},
		{ptr: "/projects/~1Users~1dev~1src~1shop", keyLine: 2, keyText: `"/Users/dev/src/shop"`, valLine: 2, kind: Object, startTxt: "[projects."},
		{ptr: "/projects/~1Users~1dev~1src~1shop/trust_level", keyLine: 3, keyText: "trust_level", valLine: 3, valText: "trusted", kind: String},
		{ptr: "/mcp_servers", keyLine: 5, keyText: "mcp_servers", valLine: 5, kind: Object},
		{ptr: "/mcp_servers/docs", keyLine: 5, keyText: "docs", valLine: 5, kind: Object, startTxt: "[mcp_servers.docs]"},
		{ptr: "/mcp_servers/docs/command", keyLine: 6, keyText: "command", valLine: 6, valText: "docs-server", kind: String},
		{ptr: "/mcp_servers/docs/args", keyLine: 7, keyText: "args", valLine: 7, kind: Array, startTxt: `["--port", "4000"]`},
		{ptr: "/mcp_servers/docs/env", keyLine: 8, keyText: "env", valLine: 8, kind: Object, startTxt: `{ "DOCS_MODE" = "readonly" }`},
		{ptr: "/mcp_servers/docs/env/DOCS_MODE", keyLine: 8, keyText: `"DOCS_MODE"`, valLine: 8, valText: "readonly", kind: String},
		{ptr: "/mcp_servers/docs/env_vars", keyLine: 9, keyText: "env_vars", valLine: 9, kind: Array},
		{ptr: "/mcp_servers/docs/tools", keyLine: 11, keyText: "tools", valLine: 11, kind: Object},
		{ptr: "/mcp_servers/docs/tools/search", keyLine: 11, keyText: "search", valLine: 11, kind: Object, startTxt: "[mcp_servers.docs.tools.search]"},
		{ptr: "/mcp_servers/docs/tools/search/approval_mode", keyLine: 12, keyText: "approval_mode", valLine: 12, valText: "approve", kind: String},
		{ptr: "/mcp_servers/my.server", keyLine: 14, keyText: `"my.server"`, valLine: 14, kind: Object, startTxt: `[mcp_servers."my.server"]`},
		{ptr: "/mcp_servers/my.server/url", keyLine: 15, keyText: "url", valLine: 15, valText: "https://mcp.example.com/mcp", kind: String},
		{ptr: "/mcp_servers/my.server/mcp_servers", keyLine: 16, keyText: "mcp_servers", valLine: 16, kind: Object, startTxt: "inline = {"},
		{ptr: "/mcp_servers/my.server/mcp_servers/inline", keyLine: 16, keyText: "inline", valLine: 16, kind: Object, startTxt: `{ command = "npx"`},
		{ptr: "/mcp_servers/my.server/mcp_servers/inline/command", keyLine: 16, keyText: "command", valLine: 16, valText: "npx", kind: String},
		{ptr: "/mcp_servers/my.server/mcp_servers/inline/args", keyLine: 16, keyText: "args", valLine: 16, kind: Array},
	}
	for _, tc := range tests {
		m, _ := member(tc.ptr)
		if got := tomlLineOf(f, m.KeyStart); got != tc.keyLine {
			t.Errorf("%s: key on line %d, want %d", tc.ptr, got, tc.keyLine)
		}
		if got := string(src[m.KeyStart:m.KeyEnd]); got != tc.keyText {
			t.Errorf("%s: key text %q, want %q", tc.ptr, got, tc.keyText)
		}
		v := m.Value
		if v.Kind != tc.kind {
			t.Errorf("%s: kind %v, want %v", tc.ptr, v.Kind, tc.kind)
		}
		if got := tomlLineOf(f, v.Start); got != tc.valLine {
			t.Errorf("%s: value on line %d, want %d", tc.ptr, got, tc.valLine)
		}
		if tc.kind == String && v.Text != tc.valText {
			t.Errorf("%s: text %q, want %q", tc.ptr, v.Text, tc.valText)
		}
		if tc.kind == String && text(v) != strconv.Quote(tc.valText) {
			t.Errorf("%s: value source %q", tc.ptr, text(v))
		}
		if tc.startTxt != "" && !strings.HasPrefix(text(v), tc.startTxt) {
			t.Errorf("%s: value source %q, want prefix %q", tc.ptr, text(v), tc.startTxt)
		}
	}

	// Table spans: [mcp_servers.docs] runs from its header to the end of
	// its last key/value and grows with its sub-table.
	docs := root.Lookup("/mcp_servers/docs")
	if got := text(docs); !strings.HasPrefix(got, "[mcp_servers.docs]") || !strings.HasSuffix(got, `approval_mode = "approve"`) {
		t.Errorf("docs span %q", got)
	}
	search := root.Lookup("/mcp_servers/docs/tools/search")
	if got := text(search); got != "[mcp_servers.docs.tools.search]\napproval_mode = \"approve\"" {
		t.Errorf("search span %q", got)
	}
	my := root.Lookup("/mcp_servers/my.server")
	if got := text(my); !strings.HasSuffix(got, `"pkg@1.2.3"] }`) {
		t.Errorf("my.server span %q", got)
	}
	if got := root.Lookup("/mcp_servers/docs/env_vars/1/source"); got == nil || got.Text != "remote" || tomlLineOf(f, got.Start) != 9 {
		t.Errorf("env_vars/1/source = %+v", got)
	}
	if got := root.Lookup("/mcp_servers/my.server/mcp_servers/inline/args/1"); got == nil || got.Text != "pkg@1.2.3" {
		t.Errorf("inline args = %+v", got)
	}
	tomlDiff(t, codexExample)
}

// tomlToGo converts a tree to the values BurntSushi/toml decodes.
func tomlToGo(t testing.TB, n *Node) any {
	switch n.Kind {
	case Object:
		m := make(map[string]any, len(n.Members))
		for _, mb := range n.Members {
			if _, dup := m[mb.Key]; dup {
				t.Errorf("duplicate key %q", mb.Key)
			}
			m[mb.Key] = tomlToGo(t, mb.Value)
		}
		return m
	case Array:
		a := make([]any, 0, len(n.Items))
		for _, it := range n.Items {
			a = append(a, tomlToGo(t, it))
		}
		return a
	case String:
		return n.Text
	case Bool:
		return n.Text == "true"
	case Number:
		return tomlNumber(t, n.Text)
	case DateTime:
		return tomlTime(t, n.Text)
	}
	t.Errorf("unexpected kind %v", n.Kind)
	return nil
}

func tomlNumber(t testing.TB, s string) any {
	s = strings.ReplaceAll(s, "_", "")
	body := strings.TrimLeft(s, "+-")
	switch body {
	case "inf":
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1)
		}
		return math.Inf(1)
	case "nan":
		return math.NaN()
	}
	if strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0o") || strings.HasPrefix(body, "0b") || !strings.ContainsAny(body, ".eE") {
		i, err := strconv.ParseInt(s, 0, 64)
		if err != nil && !strings.HasPrefix(body, "0") {
			i, err = strconv.ParseInt(s, 10, 64)
		}
		if err != nil {
			t.Errorf("integer %q: %v", s, err)
		}
		return i
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Errorf("float %q: %v", s, err)
	}
	return f
}

type tomlWall struct {
	Text  string
	Local bool
	T     time.Time
}

func tomlTime(t testing.TB, s string) any {
	norm := strings.NewReplacer("t", "T", "z", "Z", " ", "T").Replace(s)
	layouts := []struct {
		layout string
		local  bool
	}{
		{time.RFC3339Nano, false},
		{"2006-01-02T15:04Z07:00", false},
		{"2006-01-02T15:04:05.999999999", true},
		{"2006-01-02T15:04", true},
		{"2006-01-02", true},
		{"15:04:05.999999999", true},
		{"15:04", true},
	}
	for _, l := range layouts {
		if tm, err := time.Parse(l.layout, norm); err == nil {
			return tomlWall{Text: s, Local: l.local, T: tm}
		}
	}
	t.Errorf("datetime %q does not parse", s)
	return nil
}

// tomlEqual compares our value (a) with BurntSushi's (b).
func tomlEqual(a, b any) bool {
	switch b := b.(type) {
	case map[string]any:
		a, ok := a.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, bv := range b {
			av, ok := a[k]
			if !ok || !tomlEqual(av, bv) {
				return false
			}
		}
		return true
	case []map[string]any:
		a, ok := a.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range b {
			if !tomlEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case []any:
		a, ok := a.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range b {
			if !tomlEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case float64:
		a, ok := a.(float64)
		if !ok {
			return false
		}
		if math.IsNaN(b) {
			return math.IsNaN(a)
		}
		return a == b && math.Signbit(a) == math.Signbit(b)
	case time.Time:
		a, ok := a.(tomlWall)
		if !ok {
			return false
		}
		if !a.Local {
			return a.T.Equal(b)
		}
		y1, m1, d1 := a.T.Date()
		y2, m2, d2 := b.Date()
		return y1 == y2 && m1 == m2 && d1 == d2 && a.T.Hour() == b.Hour() &&
			a.T.Minute() == b.Minute() && a.T.Second() == b.Second() && a.T.Nanosecond() == b.Nanosecond()
	}
	return reflect.DeepEqual(a, b)
}

// tomlDiff parses src with both parsers and compares the results.
func tomlDiff(t testing.TB, src string) {
	t.Helper()
	var want map[string]any
	if _, err := toml.Decode(src, &want); err != nil {
		t.Errorf("BurntSushi rejects %q: %v", src, err)
		return
	}
	root, perr := parseTOML([]byte(src))
	if perr != nil {
		t.Errorf("parseTOML(%q): %v at %d", src, perr, perr.Offset)
		return
	}
	tomlCheckSpans(t, []byte(src), root, false)
	var got any = map[string]any{}
	if root != nil {
		got = tomlToGo(t, root)
	}
	if !tomlEqual(got, want) {
		t.Errorf("parseTOML(%q)\n got %#v\nwant %#v", src, got, want)
	}
}

var tomlValidDocs = []string{
	``,
	"# only a comment\n\n",
	"\ufeffa = 1\n",
	"a = 1\r\nb = 'x'\r\n[t]\r\nc = \"\"\"\r\nline\r\n\"\"\"\r\n",
	`key = "value"
bare_key = "value"
bare-key = "value"
1234 = "value"
"127.0.0.1" = "value"
"character encoding" = "value"
"ʎǝʞ" = "value"
'key2' = "value"
'quoted "value"' = "value"
"" = "blank"
`,
	`name = "Orange"
physical.color = "orange"
physical.shape = "round"
site."google.com" = true
3.14159 = "pi"
fruit.apple.smooth = true
fruit.orange = 2
`,
	`str1 = "I'm a string. \"You can quote me\". Name\tJos\u00E9\nLocation\tSF. \U0001F600 \e \x41"
str2 = """
Roses are red
Violets are blue"""
str3 = """\
       The quick brown \
       fox jumps over \
       the lazy dog.\
       """
str4 = """Here are two quotation marks: "". Simple enough."""
str5 = """Here are three quotation marks: ""\"."""
str6 = """Here are fifteen quotation marks: ""\"""\"""\"""\"""\"."""
str7 = """"This," she said, "is just a pointless statement.""""
winpath  = 'C:\Users\nodejs\templates'
quoted   = 'Tom "Dubs" Preston-Werner'
regex    = '<\i\c*\s*>'
regex2 = '''I [dw]on't need \d{2} apples'''
lines  = '''
The first newline is
trimmed in raw strings.
   All other whitespace
   is preserved.
'''
quot15 = '''Here are fifteen quotation marks: """""""""""""""'''
apos15 = "Here are fifteen apostrophes: '''''''''''''''"
str8 = ''''That,' she said, 'is still pointless.''''
trail = """a \   
  b"""
`,
	`int1 = +99
int2 = 42
int3 = 0
int4 = -17
int5 = 1_000
int6 = 5_349_221
int7 = 53_49_221
int8 = 1_2_3_4_5
hex1 = 0xDEADBEEF
hex2 = 0xdeadbeef
hex3 = 0xdead_beef
oct1 = 0o01234567
oct2 = 0o755
bin1 = 0b11010110
max = 9223372036854775807
min = -9223372036854775808
flt1 = +1.0
flt2 = 3.1415
flt3 = -0.01
flt4 = 5e+22
flt5 = 1e06
flt6 = -2E-2
flt7 = 6.626e-34
flt8 = 224_617.445_991_228
sf1 = inf
sf2 = +inf
sf3 = -inf
sf4 = nan
sf5 = +nan
sf6 = -nan
zero = -0.0
bool1 = true
bool2 = false
`,
	`odt1 = 1979-05-27T07:32:00Z
odt2 = 1979-05-27T00:32:00-07:00
odt3 = 1979-05-27T00:32:00.999999-07:00
odt4 = 1979-05-27 07:32:00Z
odt5 = 1979-05-27t07:32:00z
ldt1 = 1979-05-27T07:32:00
ldt2 = 1979-05-27T00:32:00.999999
ld1 = 1979-05-27
lt1 = 07:32:00
lt2 = 00:32:00.999999
lt3 = 07:32
ldt3 = 1979-05-27T07:32
dates = [1979-05-27, 07:32:00, 1979-05-27 07:32:00] # comment
d2 = 1979-05-27 # comment
`,
	`integers = [ 1, 2, 3 ]
colors = [ "red", "yellow", "green" ]
nested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]
nested_mixed_array = [ [ 1, 2 ], ["a", "b", "c"] ]
string_array = [ "all", 'strings', """are the same""", '''type''' ]
numbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]
contributors = [
  "Foo Bar <foo@example.com>",
  { name = "Baz Qux", email = "bazqux@example.com", url = "https://example.com/bazqux" }
]
integers2 = [
  1, 2, 3
]
integers3 = [
  1,
  2, # this is ok
]
empty = []
empty2 = [ # comment
]
`,
	`[table-1]
key1 = "some string"
key2 = 123

[table-2]
key1 = "another string"
key2 = 456

[dog."tater.man"]
type.name = "pug"

[a.b.c]            # this is best practice
[ d.e.f ]          # same as [d.e.f]
[ g .  h  . i ]    # same as [g.h.i]
[ j . "ʞ" . 'l' ]  # same as [j."ʞ".'l']

# [x] you
# [x.y] don't
# [x.y.z] need these
[x.y.z.w] # for this to work

[x] # defining a super-table afterward is ok
`,
	`# Top-level table begins.
name = "Fido"
breed = "pug"

# Top-level table ends.
[owner]
name = "Regina Dogman"
member_since = 1999-08-04
`,
	`[fruit]
apple.color = "red"
apple.taste.sweet = true

[fruit.apple.texture]  # you can add sub-tables
smooth = true
`,
	`name = { first = "Tom", last = "Preston-Werner" }
point = { x = 1, y = 2 }
animal = { type.name = "pug" }
nested = { a = { b = { c = [1, { d = 2 }] } } }
empty = {}
multi = {
  a = 1, # TOML 1.1
  b.c = 2,
}
`,
	`[[products]]
name = "Hammer"
sku = 738594937

[[products]]  # empty table within the array

[[products]]
name = "Nail"
sku = 284758393

color = "gray"
`,
	`[[fruits]]
name = "apple"

[fruits.physical]  # subtable
color = "red"
shape = "round"

[[fruits.varieties]]  # nested array of tables
name = "red delicious"

[[fruits.varieties]]
name = "granny smith"


[[fruits]]
name = "banana"

[[fruits.varieties]]
name = "plantain"
`,
	`points = [ { x = 1, y = 2, z = 3 },
           { x = 7, y = 8, z = 9 },
           { x = 2, y = 4, z = 8 } ]
`,
	`# MCP servers, Codex style
[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env = { GITHUB_PERSONAL_ACCESS_TOKEN = "ghp_xxx" }
startup_timeout_sec = 20
tool_timeout_sec = 60.5
enabled = true

[mcp_servers.github.env_http_headers]
X-Token = "TOKEN"

[mcp_servers.remote]
url = "https://example.com/mcp"
bearer_token_env_var = "REMOTE_TOKEN"
http_headers = { "X-Api-Key" = "k" }
enabled_tools = ["a", "b"]

[profiles.fast]
model = "o4-mini"
model_reasoning_effort = "low"
`,
	`a.b.c = 1
a.b.d = 2
a.e = 3
[a.b.f]
g = 4
[a.h]
i = 5
`,
	"k = \"tab\there\" # comment with ünïcödé\n",
	`[a]
[a.b]
[a.b.c]
x = 1
[a.d]
`,
	`[x.y]
[x]
z = 1
`,
	"\"a\\u0041b\" = 1\n'c\\d' = 2\n\"\" = 3\n",
	`arr = [[[[1]]], [[2, [3]]]]`,
	"x=1\ny=[1,2,]\nz={a=1}",
	"unicode = \"日本語\"\n\"日本\" = '語'\n",
	"a=\"\"\"\n\"\"\"\nb='''\r\n'''\n",
	`emptyquotes = """"""`,
	"lt = 07:32:00.123456789\nt2 = 1979-05-27T07:32:00.5+05:30",
	"[[a]]\n[[a.b]]\nc = 1\n[a.b.d]\ne = 2\n[[a]]\n",
}

func TestTOMLDifferential(t *testing.T) {
	for i, src := range tomlValidDocs {
		t.Run(strconv.Itoa(i), func(t *testing.T) { tomlDiff(t, src) })
	}
}

// TestTOMLConformance runs the toml-test suite shipped inside the
// BurntSushi/toml module: every valid document must parse to the same data
// as BurntSushi decodes, every invalid one must be refused.
func TestTOMLConformance(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/BurntSushi/toml").Output()
	dir := filepath.Join(strings.TrimSpace(string(out)), "internal", "toml-test", "tests")
	if err != nil || strings.TrimSpace(string(out)) == "" {
		t.Skip("BurntSushi/toml module not available")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skip("toml-test suite not found")
	}
	var valid, invalid []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".toml") {
			if strings.Contains(path, string(filepath.Separator)+"valid"+string(filepath.Separator)) {
				valid = append(valid, path)
			} else if strings.Contains(path, string(filepath.Separator)+"invalid"+string(filepath.Separator)) {
				invalid = append(invalid, path)
			}
		}
		return nil
	})
	if len(valid) == 0 {
		t.Skip("no toml-test files")
	}
	sort.Strings(valid)
	for _, path := range valid {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if _, err := toml.Decode(string(b), &want); err != nil {
			continue // a TOML 1.1 feature BurntSushi does not read
		}
		rel, _ := filepath.Rel(dir, path)
		t.Run(rel, func(t *testing.T) { tomlDiff(t, string(b)) })
	}
	accepted := 0
	for _, path := range invalid {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel := filepath.ToSlash(strings.TrimSuffix(mustRel(t, dir, path), ".toml"))
		_, perr := Parse(b, TOML)
		if perr == nil {
			accepted++
			if _, ok := tomlAcceptedInvalid[rel]; !ok {
				t.Errorf("invalid TOML %s is accepted (refuse it, or list it in tomlAcceptedInvalid with the reason)", rel)
			}
			continue
		}
		if _, ok := tomlAcceptedInvalid[rel]; ok {
			t.Errorf("%s is now refused: take it off tomlAcceptedInvalid", rel)
		}
		var e *Error
		if !errors.As(perr, &e) || e.Offset < 0 || e.Offset > len(b) {
			t.Errorf("%s: error %v has no offset inside the document", rel, perr)
		}
	}
	t.Logf("%d valid, %d invalid (%d accepted, all listed)", len(valid), len(invalid), accepted)
}

// tomlAcceptedInvalid lists the documents of toml-test's TOML 1.0 invalid
// set that mcplint reads, each with the reason. All are TOML 1.1 syntax,
// which BurntSushi/toml, the validator, reads.
var tomlAcceptedInvalid = map[string]string{
	"invalid/datetime/no-secs":            "TOML 1.1: seconds may be left out",
	"invalid/local-datetime/no-secs":      "TOML 1.1: seconds may be left out",
	"invalid/local-time/no-secs":          "TOML 1.1: seconds may be left out",
	"invalid/inline-table/linebreak-01":   "TOML 1.1: newlines inside an inline table",
	"invalid/inline-table/linebreak-02":   "TOML 1.1: newlines inside an inline table",
	"invalid/inline-table/linebreak-03":   "TOML 1.1: newlines inside an inline table",
	"invalid/inline-table/linebreak-04":   "TOML 1.1: newlines inside an inline table",
	"invalid/inline-table/trailing-comma": "TOML 1.1: a trailing comma in an inline table",
	"invalid/string/basic-byte-escapes":   "TOML 1.1: \\xHH escapes in basic strings",
}

func mustRel(t *testing.T, base, path string) string {
	t.Helper()
	rel, err := filepath.Rel(base, path)
	if err != nil {
		t.Fatal(err)
	}
	return rel
}

func TestTOMLErrors(t *testing.T) {
	tests := []struct {
		src  string
		line int
		col  int // 0: any
		msg  string
	}{
		// The broken header is on line 1; the error is at its end.
		{"[mcp_servers.x\ncommand = \"a\"\n", 1, 15, "expected '.' or ']' to end table name"},
		{"model = \"x\"\n[mcp_servers.docs\ncommand = \"a\"\n", 2, 18, "expected '.' or ']' to end table name"},
		{"a = 1\nb = \n", 2, 5, "expected value"},
		{"a = \"\"\"\nabc \\q\n\"\"\"", 2, 5, "invalid escape"},
		{"a = 1\na = 2\n", 2, 1, "has already been defined"},
		{"[a]\nx = 1\n[a]\n", 3, 2, "has already been defined"},
		{"a = [1,\n2,\n3\n", 4, 0, "expected a comma"},
		{"a = \"abc\nb = 1\n", 1, 9, "strings cannot contain newlines"},
		{"[x]\na = 1979-05-32\n", 2, 5, "invalid datetime"},
		{"a = 1 b = 2", 1, 7, "expected a top-level item to end with a newline"},
		{"a = 9999999999999999999999\n", 1, 5, "out of range"},
		{"\ufeffa = = 1", 1, 6, "expected value but found '='"},
		{"[[t]]\nx = 1\n[t]\n", 3, 2, "has already been defined"},
		{"x = { a = 1, a = 2 }", 1, 14, "has already been defined"},
		// Accepted by BurntSushi/toml but invalid TOML: refused by our
		// parser with its own message.
		{"a.b.c = 1\na.b = 2\n", 2, 3, "key 'a.b' has already been defined"},
		{"a = {b = 1}\na.c = 2\n", 2, 1, "cannot be extended with a dotted key"},
		{"[a.b.c]\nz = 9\n[a]\nb.c.t = 1\n", 4, 3, "cannot be extended with a dotted key"},
		{"[a]\nb.c = 1\n[a.b]\nd = 2\n", 3, 4, "table 'a.b' has already been defined"},
	}
	for _, tc := range tests {
		f, err := Parse([]byte(tc.src), TOML)
		if err == nil {
			t.Errorf("%q: no error", tc.src)
			continue
		}
		e := syntaxError(err)
		if e.Offset < 0 || e.Offset > len(tc.src) {
			t.Errorf("%q: offset %d out of range", tc.src, e.Offset)
		}
		pos := f.Position(e.Offset)
		if pos.Line != tc.line || tc.col != 0 && pos.Column != tc.col {
			t.Errorf("%q: error at %d:%d, want %d:%d (%s)", tc.src, pos.Line, pos.Column, tc.line, tc.col, e.Msg)
		}
		if !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%q: message %q, want %q", tc.src, e.Msg, tc.msg)
		}
		if strings.HasPrefix(e.Msg, "toml:") || strings.Contains(e.Msg, "line ") {
			t.Errorf("%q: message %q keeps position text", tc.src, e.Msg)
		}
		if f.Root != nil {
			t.Errorf("%q: root set on error", tc.src)
		}
	}
}

func TestTOMLCleanMsg(t *testing.T) {
	for in, want := range map[string]string{
		"toml: line 3 (last key \"a\"): Key 'A' has already been defined.":   "key 'A' has already been defined",
		"Invalid float \"1.e2\": '.' must be followed by one or more digits": "invalid float \"1.e2\": '.' must be followed by one or more digits",
		"TOML files cannot contain control characters: '0x0d'":               "TOML files cannot contain control characters: '0x0d'",
		"unexpected EOF; expected value":                                     "unexpected EOF; expected value",
	} {
		if got := tomlCleanMsg(in); got != want {
			t.Errorf("tomlCleanMsg(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTOMLEmpty(t *testing.T) {
	for _, src := range []string{"", "\n\n", "# comment\n  # another\r\n", "\ufeff"} {
		f, err := Parse([]byte(src), TOML)
		if err != nil || f.Root != nil {
			t.Errorf("%q: root %v, err %v", src, f.Root, err)
		}
	}
	f := mustParseTOML(t, "[a]")
	if f.Root == nil || f.Root.Get("a") == nil || f.Root.Get("a").Kind != Object {
		t.Errorf("[a]: %+v", f.Root)
	}
}

// tomlNestedAoT nests n arrays of tables: [[k]], [[k.k]], [[k.k.k]]...
func tomlNestedAoT(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("[[" + strings.Repeat("k.", i-1) + "k]]\n")
	}
	return b.String()
}

func TestTOMLDepth(t *testing.T) {
	cases := []struct {
		name    string
		src     string
		anyFail bool // any quick error will do
	}{
		{"arrays", "a = " + strings.Repeat("[", 200000), false},
		{"headers", strings.Repeat("[", 200000), true},
		{"inline", "a = " + strings.Repeat("{b=", 200000), false},
		{"closed arrays", "a = " + strings.Repeat("[", 600) + strings.Repeat("]", 600), false},
		{"dotted key", strings.Repeat("k.", 600) + "k = 1", false},
		{"header keys", "[" + strings.Repeat("k.", 600) + "k]", false},
		{"aot", tomlNestedAoT(300), false},
		{"after error", "x = 1 2\ny = " + strings.Repeat("[", 200000), true},
		{"in string", "s = \"" + strings.Repeat("[", 200000), true},
	}
	for _, tc := range cases {
		_, err := Parse([]byte(tc.src), TOML)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
		} else if !tc.anyFail && syntaxError(err).Msg != "nesting deeper than 512 levels" {
			t.Errorf("%s: err = %v", tc.name, err)
		}
	}
	ok := "a = " + strings.Repeat("[", 500) + strings.Repeat("]", 500)
	if _, err := Parse([]byte(ok), TOML); err != nil {
		t.Errorf("500 levels: %v", err)
	}
}

func TestTOMLTableSpans(t *testing.T) {
	src := `top = 1
[a.b]
x = 1
[c]
y = 2
[a]
z = 3
w.v = 4
[[arr]]
n = 1
[[arr]]
n = 2
[arr.sub]
m = 3
`
	f := mustParseTOML(t, src)
	tomlCheckSpans(t, f.Src, f.Root, false)
	text := func(p string) string {
		n := f.Root.Lookup(p)
		if n == nil {
			t.Fatalf("no %s", p)
		}
		return src[n.Start:n.End]
	}
	if got := text("/a/b"); got != "[a.b]\nx = 1" {
		t.Errorf("a.b = %q", got)
	}
	// a was created by [a.b] and re-opened by [a]: it covers both bodies.
	if got := text("/a"); !strings.HasPrefix(got, "[a.b]") || !strings.HasSuffix(got, "w.v = 4") {
		t.Errorf("a = %q", got)
	}
	if got := text("/a/w"); got != "v = 4" {
		t.Errorf("a.w = %q", got)
	}
	if got := text("/arr"); !strings.HasPrefix(got, "[[arr]]\nn = 1") || !strings.HasSuffix(got, "m = 3") {
		t.Errorf("arr = %q", got)
	}
	if got := text("/arr/0"); got != "[[arr]]\nn = 1" {
		t.Errorf("arr/0 = %q", got)
	}
	if got := text("/arr/1"); !strings.HasPrefix(got, "[[arr]]\nn = 2") || !strings.HasSuffix(got, "m = 3") {
		t.Errorf("arr/1 = %q", got)
	}
	if got := text("/arr/1/sub"); got != "[arr.sub]\nm = 3" {
		t.Errorf("arr/1/sub = %q", got)
	}
	m := f.Root.Lookup("/a").Member("w")
	if src[m.KeyStart:m.KeyEnd] != "w" || tomlLineOf(f, m.KeyStart) != 8 {
		t.Errorf("a.w key at %d", m.KeyStart)
	}
	m = f.Root.Member("a")
	if tomlLineOf(f, m.KeyStart) != 2 || src[m.KeyStart:m.KeyEnd] != "a" {
		t.Errorf("a key at line %d", tomlLineOf(f, m.KeyStart))
	}
}

func TestTOMLValues(t *testing.T) {
	src := `s = "a\tb"
l = 'c:\x'
ml = """
x \
   y"""
mll = '''
raw\n'''
i = 0xff
j = 1_000
f = -1.5e3
n = nan
b = false
d = 1979-05-27 07:32:00Z
`
	f := mustParseTOML(t, src)
	want := []struct {
		key  string
		kind Kind
		text string
		raw  string
	}{
		{"s", String, "a\tb", `"a\tb"`},
		{"l", String, `c:\x`, `'c:\x'`},
		{"ml", String, "x y", "\"\"\"\nx \\\n   y\"\"\""},
		{"mll", String, `raw\n`, "'''\nraw\\n'''"},
		{"i", Number, "0xff", "0xff"},
		{"j", Number, "1_000", "1_000"},
		{"f", Number, "-1.5e3", "-1.5e3"},
		{"n", Number, "nan", "nan"},
		{"b", Bool, "false", "false"},
		{"d", DateTime, "1979-05-27 07:32:00Z", "1979-05-27 07:32:00Z"},
	}
	for _, w := range want {
		n := f.Root.Get(w.key)
		if n == nil || n.Kind != w.kind || n.Text != w.text || src[n.Start:n.End] != w.raw {
			t.Errorf("%s = %+v, want %v %q %q", w.key, n, w.kind, w.text, w.raw)
		}
	}
	if v, ok := f.Root.Get("b").BoolValue(); !ok || v {
		t.Errorf("b = %v %v", v, ok)
	}
	tomlDiff(t, src)
}

// genTOML writes a random valid TOML document of roughly size bytes in the
// shape of an MCP client config.
func genTOML(r *rand.Rand, size int) string {
	var b strings.Builder
	scalar := func() string {
		switch r.Intn(14) {
		case 0:
			return strconv.Itoa(r.Intn(100000) - 50000)
		case 1:
			return fmt.Sprintf("0x%X", r.Intn(1<<20))
		case 2:
			return fmt.Sprintf("0o%o", r.Intn(1<<12))
		case 3:
			return fmt.Sprintf("0b%b", r.Intn(256))
		case 4:
			return strconv.FormatFloat(r.NormFloat64()*1000, 'e', -1, 64)
		case 5:
			return []string{"true", "false", "inf", "-inf", "nan", "1_000_000", "6.02e23"}[r.Intn(7)]
		case 6:
			return []string{"1979-05-27T07:32:00Z", "2024-01-02", "07:32:00.5", "2024-02-29T23:59:59.999-08:00", "2024-01-02 03:04:05"}[r.Intn(5)]
		case 7:
			return "'literal " + strconv.Itoa(r.Intn(100)) + ` \d'`
		case 8:
			return "\"\"\"\nmulti\n  line \\\n  folded \"quoted\" \\u00e9\"\"\""
		case 9:
			return "'''\nraw\n''text'''"
		default:
			return strconv.Quote(fmt.Sprintf("value-%d é\t\"%d\"", r.Intn(1000), r.Intn(10)))
		}
	}
	var value func(depth int) string
	value = func(depth int) string {
		switch k := r.Intn(10); {
		case k < 6 || depth > 3:
			return scalar()
		case k < 8:
			parts := make([]string, r.Intn(4))
			for i := range parts {
				parts[i] = value(depth + 1)
			}
			sep := ", "
			if r.Intn(3) == 0 {
				sep = ",\n  # comment\n  "
			}
			return "[" + strings.Join(parts, sep) + "]"
		default:
			parts := make([]string, r.Intn(4))
			for i := range parts {
				parts[i] = fmt.Sprintf("k%d = %s", i, value(depth+1))
			}
			return "{ " + strings.Join(parts, ", ") + " }"
		}
	}
	keyvals := func(n int) {
		for i := 0; i < n; i++ {
			switch r.Intn(6) {
			case 0:
				fmt.Fprintf(&b, "dotted.d%d.\"q.%d\" = %s\n", i, i, value(0))
			case 1:
				fmt.Fprintf(&b, "  'lit%d' = %s # trailing comment\n", i, value(0))
			default:
				fmt.Fprintf(&b, "key_%d = %s\n", i, value(0))
			}
		}
	}
	fmt.Fprintf(&b, "model = %q\n", "gpt-5")
	keyvals(r.Intn(4))
	for s := 0; b.Len() < size; s++ {
		fmt.Fprintf(&b, "\n[mcp_servers.server-%d]\n", s)
		fmt.Fprintf(&b, "command = \"npx\"\nargs = [\"-y\", \"pkg-%d@1.0.0\"]\n", s)
		keyvals(r.Intn(6))
		if r.Intn(2) == 0 {
			fmt.Fprintf(&b, "\n[mcp_servers.server-%d.env]\nTOKEN = \"t%d\"\n", s, s)
			keyvals(r.Intn(3))
		}
		for k := r.Intn(3); k > 0; k-- {
			fmt.Fprintf(&b, "\n[[mcp_servers.server-%d.tools]]\n", s)
			keyvals(r.Intn(4))
		}
		if r.Intn(3) == 0 {
			fmt.Fprintf(&b, "\n[mcp_servers.\"quoted.%d\".\"sub\"]\n", s)
			keyvals(r.Intn(3))
		}
	}
	return b.String()
}

func TestTOMLRandomDifferential(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 300
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n && !t.Failed(); i++ {
		tomlDiff(t, genTOML(r, 1+r.Intn(3000)))
	}
}

func BenchmarkParseTOML(b *testing.B) {
	src := []byte(genTOML(rand.New(rand.NewSource(7)), 100_000))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseTOML(src); err != nil {
			b.Fatal(err)
		}
	}
}

func TestTOMLOffsetOfLineCol(t *testing.T) {
	src := []byte("\ufeffab\ncd\n\nef")
	for _, tc := range []struct{ line, col, shift, want int }{
		{1, 1, 3, 3},
		{1, 2, 3, 4},
		{1, 9, 3, 5}, // clamped to the end of the line
		{2, 2, 3, 7},
		{3, 1, 3, 9},
		{4, 2, 3, 11},
		{9, 1, 3, 12},
	} {
		if got := tomlOffsetOfLineCol(src, tc.line, tc.col, tc.shift); got != tc.want {
			t.Errorf("line %d col %d: %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
	// An error the validator reports without a usable byte offset falls
	// back to its line and column.
	e := tomlValidatorError(src, toml.ParseError{Message: "Bad thing.", Position: toml.Position{Line: 2, Col: 2, Start: -1}}, nil)
	if e.Offset != 7 || e.Msg != "bad thing" {
		t.Errorf("fallback: %+v", e)
	}
}

// syntaxError is err as an *Error, or an empty one (whose message no test
// expects) when it is not one.
func syntaxError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{}
}
