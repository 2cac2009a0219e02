package syntax

import (
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

const gooseExample = `# Goose config
GOOSE_PROVIDER: openai
GOOSE_MODEL: gpt-4o
extensions:
  github:
    name: GitHub
    cmd: npx
    args: [-y, "@modelcontextprotocol/server-github"]
    enabled: true
    envs:
      GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_xxx"
    type: stdio
    timeout: 300
  fetch:
    type: streamable_http
    uri: https://mcp.example.com/mcp
    enabled: false
    description: >
      Fetches web pages
      for the agent.
`

const continueExample = `name: My Config
version: 0.0.1
schema: v1
mcpServers:
  - name: SQLite MCP
    command: npx
    args:
      - "-y"
      - "mcp-sqlite"
      - '/path/to/your/database.db'
    env:
      API_KEY: ${{ secrets.API_KEY }}
  - name: Remote
    type: sse
    url: https://example.com/sse
`

func mustParseYAML(t testing.TB, src string) *File {
	t.Helper()
	f, err := Parse([]byte(src), YAML)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return f
}

type yamlWant struct {
	ptr     string
	keyLine int
	keyCol  int
	valLine int
	valCol  int
	kind    Kind
	text    string // Text for scalars
	raw     string // source of the value ("" = not checked)
}

func checkYAMLWants(t *testing.T, f *File, wants []yamlWant) {
	t.Helper()
	src := f.Src
	for _, w := range wants {
		i := strings.LastIndex(w.ptr, "/")
		parent := f.Root.Lookup(w.ptr[:i])
		tok := UnescapePointerToken(w.ptr[i+1:])
		var v *Node
		switch {
		case parent == nil:
			t.Errorf("%s: no parent", w.ptr)
			continue
		case parent.Kind == Object:
			m := parent.Member(tok)
			if m == nil {
				t.Errorf("%s: missing", w.ptr)
				continue
			}
			kp := f.Position(m.KeyStart)
			if kp.Line != w.keyLine || w.keyCol != 0 && kp.Column != w.keyCol {
				t.Errorf("%s: key at %d:%d, want %d:%d", w.ptr, kp.Line, kp.Column, w.keyLine, w.keyCol)
			}
			if got := string(src[m.KeyStart:m.KeyEnd]); strings.Trim(got, `"'`) != m.Key {
				t.Errorf("%s: key source %q", w.ptr, got)
			}
			v = m.Value
		default:
			v = f.Root.Lookup(w.ptr)
		}
		if v == nil {
			t.Errorf("%s: no value", w.ptr)
			continue
		}
		vp := f.Position(v.Start)
		if vp.Line != w.valLine || w.valCol != 0 && vp.Column != w.valCol {
			t.Errorf("%s: value at %d:%d, want %d:%d", w.ptr, vp.Line, vp.Column, w.valLine, w.valCol)
		}
		if v.Kind != w.kind {
			t.Errorf("%s: kind %v, want %v", w.ptr, v.Kind, w.kind)
		}
		if w.kind != Object && w.kind != Array && v.Text != w.text {
			t.Errorf("%s: text %q, want %q", w.ptr, v.Text, w.text)
		}
		if w.raw != "" && string(src[v.Start:v.End]) != w.raw {
			t.Errorf("%s: source %q, want %q", w.ptr, src[v.Start:v.End], w.raw)
		}
	}
}

func TestYAMLGoose(t *testing.T) {
	f := mustParseYAML(t, gooseExample)
	tomlCheckSpans(t, f.Src, f.Root, true)
	checkYAMLWants(t, f, []yamlWant{
		{"/GOOSE_PROVIDER", 2, 1, 2, 17, String, "openai", "openai"},
		{"/extensions", 4, 1, 5, 3, Object, "", ""},
		{"/extensions/github", 5, 3, 6, 5, Object, "", ""},
		{"/extensions/github/cmd", 7, 5, 7, 10, String, "npx", "npx"},
		{"/extensions/github/args", 8, 5, 8, 11, Array, "", `[-y, "@modelcontextprotocol/server-github"]`},
		{"/extensions/github/args/1", 0, 0, 8, 16, String, "@modelcontextprotocol/server-github", `"@modelcontextprotocol/server-github"`},
		{"/extensions/github/enabled", 9, 5, 9, 14, Bool, "true", "true"},
		{"/extensions/github/envs/GITHUB_PERSONAL_ACCESS_TOKEN", 11, 7, 11, 37, String, "ghp_xxx", `"ghp_xxx"`},
		{"/extensions/github/timeout", 13, 5, 13, 14, Number, "300", "300"},
		{"/extensions/fetch/uri", 16, 5, 16, 10, String, "https://mcp.example.com/mcp", "https://mcp.example.com/mcp"},
		{"/extensions/fetch/enabled", 17, 5, 17, 14, Bool, "false", "false"},
		{"/extensions/fetch/description", 18, 5, 18, 18, String, "Fetches web pages for the agent.\n", ">\n      Fetches web pages\n      for the agent."},
	})
	src := string(f.Src)
	gh := f.Root.Lookup("/extensions/github")
	if got := src[gh.Start:gh.End]; !strings.HasPrefix(got, "name: GitHub") || !strings.HasSuffix(got, "timeout: 300") {
		t.Errorf("github span %q", got)
	}
	ext := f.Root.Lookup("/extensions")
	if got := src[ext.Start:ext.End]; !strings.HasSuffix(got, "for the agent.") {
		t.Errorf("extensions span %q", got)
	}
	yamlDiff(t, gooseExample)
}

func TestYAMLContinue(t *testing.T) {
	f := mustParseYAML(t, continueExample)
	tomlCheckSpans(t, f.Src, f.Root, true)
	checkYAMLWants(t, f, []yamlWant{
		{"/name", 1, 1, 1, 7, String, "My Config", "My Config"},
		{"/version", 2, 1, 2, 10, String, "0.0.1", "0.0.1"},
		{"/mcpServers", 4, 1, 5, 3, Array, "", ""},
		{"/mcpServers/0", 0, 0, 5, 5, Object, "", ""},
		{"/mcpServers/0/name", 5, 5, 5, 11, String, "SQLite MCP", "SQLite MCP"},
		{"/mcpServers/0/command", 6, 5, 6, 14, String, "npx", "npx"},
		{"/mcpServers/0/args", 7, 5, 8, 7, Array, "", ""},
		{"/mcpServers/0/args/0", 0, 0, 8, 9, String, "-y", `"-y"`},
		{"/mcpServers/0/args/2", 0, 0, 10, 9, String, "/path/to/your/database.db", `'/path/to/your/database.db'`},
		{"/mcpServers/0/env/API_KEY", 12, 7, 12, 16, String, "${{ secrets.API_KEY }}", "${{ secrets.API_KEY }}"},
		{"/mcpServers/1/name", 13, 5, 13, 11, String, "Remote", "Remote"},
		{"/mcpServers/1/url", 15, 5, 15, 10, String, "https://example.com/sse", "https://example.com/sse"},
	})
	src := string(f.Src)
	s0 := f.Root.Lookup("/mcpServers/0")
	if got := src[s0.Start:s0.End]; !strings.HasPrefix(got, "name: SQLite MCP") || !strings.HasSuffix(got, "secrets.API_KEY }}") {
		t.Errorf("server 0 span %q", got)
	}
	list := f.Root.Lookup("/mcpServers")
	if got := src[list.Start:list.End]; !strings.HasPrefix(got, "- name: SQLite") || !strings.HasSuffix(got, "https://example.com/sse") {
		t.Errorf("mcpServers span %q", got)
	}
	yamlDiff(t, continueExample)
}

func TestYAMLMultiByte(t *testing.T) {
	src := "名前: \"値\"\nkey: ünïcödé välüe # comment\n\"ключ\": [α, 'β', {γ: δ}]\nemoji: 😀😀 x\n"
	f := mustParseYAML(t, src)
	tomlCheckSpans(t, f.Src, f.Root, true)
	checkYAMLWants(t, f, []yamlWant{
		{"/名前", 1, 1, 1, 5, String, "値", `"値"`},
		{"/key", 2, 1, 2, 6, String, "ünïcödé välüe", "ünïcödé välüe"},
		{"/ключ", 3, 1, 3, 9, Array, "", "[α, 'β', {γ: δ}]"},
		{"/ключ/1", 0, 0, 3, 13, String, "β", "'β'"},
		{"/ключ/2/γ", 3, 19, 3, 22, String, "δ", "δ"},
		{"/emoji", 4, 1, 4, 8, String, "😀😀 x", "😀😀 x"},
	})
	// With a byte order mark the first line's columns still line up.
	f = mustParseYAML(t, "\ufeffa: b\nc: ü\n")
	if n := f.Root.Get("a"); n == nil || string(f.Src[n.Start:n.End]) != "b" {
		t.Errorf("after BOM: %+v", n)
	}
	// NEL, LS and PS are line breaks for yaml.v3.
	f = mustParseYAML(t, "a: x\u0085b: ÿ\nc: z\n")
	if n := f.Root.Get("b"); n == nil || string(f.Src[n.Start:n.End]) != "ÿ" {
		t.Errorf("after NEL: %+v", n)
	}
	if n := f.Root.Get("c"); n == nil || string(f.Src[n.Start:n.End]) != "z" {
		t.Errorf("after NEL: %+v", n)
	}
	yamlDiff(t, src)
}

func TestYAMLAnchorsAndMerge(t *testing.T) {
	src := `defaults: &defaults
  command: npx
  env: &env
    MODE: ro
  timeout: 30
base2: &b2 {timeout: 60, extra: yes}
servers:
  one:
    <<: *defaults
    timeout: 10
  two:
    <<: [*b2, *defaults]
    env: *env
  three:
    name: &n three
    alias: *n
    <<:
      inline: 1
`
	f := mustParseYAML(t, src)
	tomlCheckSpans(t, f.Src, f.Root, false)
	root := f.Root
	one := root.Lookup("/servers/one")
	keys := func(n *Node) string {
		var ks []string
		for _, m := range n.Members {
			ks = append(ks, m.Key)
		}
		return strings.Join(ks, ",")
	}
	if got := keys(one); got != "command,env,timeout" {
		t.Errorf("one keys = %s", got)
	}
	if got := one.Get("timeout").Text; got != "10" {
		t.Errorf("one timeout = %s (explicit key must win)", got)
	}
	// Merged members keep the key position of the anchored mapping.
	if m := one.Member("command"); f.Position(m.KeyStart).Line != 2 || m.Value != root.Lookup("/defaults/command") {
		t.Errorf("merged command = %+v", m)
	}
	two := root.Lookup("/servers/two")
	if got := keys(two); got != "timeout,extra,command,env" {
		t.Errorf("two keys = %s", got)
	}
	if got := two.Get("timeout").Text; got != "60" {
		t.Errorf("two timeout = %s (first merged map wins)", got)
	}
	if two.Get("env") != root.Lookup("/defaults/env") {
		t.Errorf("alias not shared")
	}
	if n := two.Get("env"); f.Position(n.Start).Line != 4 {
		t.Errorf("alias value points at line %d, want the anchor's content", f.Position(n.Start).Line)
	}
	three := root.Lookup("/servers/three")
	if got := keys(three); got != "name,alias,inline" {
		t.Errorf("three keys = %s", got)
	}
	if three.Get("alias").Text != "three" {
		t.Errorf("scalar alias = %+v", three.Get("alias"))
	}
	if n := three.Get("name"); string(f.Src[n.Start:n.End]) != "three" {
		t.Errorf("anchored scalar span %q", f.Src[n.Start:n.End])
	}
	// The span of a mapping whose last value is an alias ends at the alias.
	if got := string(f.Src[two.Start:two.End]); !strings.HasSuffix(got, "env: *env") {
		t.Errorf("two span %q", got)
	}
	yamlDiff(t, src)

	for _, bad := range []string{"a: &a 1\nb:\n  <<: *a\n", "b:\n  <<: [1, 2]\n", "b:\n  <<: 5\n"} {
		_, err := Parse([]byte(bad), YAML)
		if err == nil || !strings.Contains(err.Error(), "map merge requires map") {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
	// An anchor that contains an alias to itself.
	if _, err := Parse([]byte("a: &a [1, *a]\n"), YAML); err == nil {
		t.Errorf("recursive alias accepted")
	}
}

func TestYAMLBlockScalars(t *testing.T) {
	src := "lit: |\n  line one\n    indented\n\n  line three\nfold: >-\n  folded\n  text\n\nkeep: |+\n  kept\n\nind: |2\n    four\n   three\nlast: |\n  end\n  # not a comment\n# a comment\nempty: |\nnext: 1\n"
	f := mustParseYAML(t, src)
	tomlCheckSpans(t, f.Src, f.Root, true)
	checkYAMLWants(t, f, []yamlWant{
		{"/lit", 1, 1, 1, 6, String, "line one\n  indented\n\nline three\n", "|\n  line one\n    indented\n\n  line three"},
		{"/fold", 6, 1, 6, 7, String, "folded text", ">-\n  folded\n  text"},
		{"/keep", 10, 1, 10, 7, String, "kept\n\n", "|+\n  kept"},
		{"/ind", 13, 1, 13, 6, String, "  four\n three\n", "|2\n    four\n   three"},
		{"/last", 16, 1, 16, 7, String, "end\n# not a comment\n", "|\n  end\n  # not a comment"},
		{"/empty", 20, 1, 20, 8, String, "", "|"},
		{"/next", 21, 1, 21, 7, Number, "1", "1"},
	})
	yamlDiff(t, src)
}

func TestYAMLScalars(t *testing.T) {
	src := `i: 42
neg: -7
hex: 0x1F
f: 3.5
exp: 1e3
inf: .inf
nan: .NaN
t: True
fl: FALSE
n1: ~
n2: null
n3:
s1: "42"
s2: '3.5'
s3: yes
ts: 2001-12-14t21:59:43.10-05:00
d: 2002-12-14
tagged: !!str 12
tint: !!int "12"
bad: !!int abc
custom: !env HOME
multi: first
  second

  third
dq: "a\tb \"c\"
  d"
sq: 'it''s'
`
	f := mustParseYAML(t, src)
	tomlCheckSpans(t, f.Src, f.Root, true)
	checkYAMLWants(t, f, []yamlWant{
		{"/i", 1, 1, 1, 4, Number, "42", "42"},
		{"/neg", 2, 1, 2, 6, Number, "-7", "-7"},
		{"/hex", 3, 1, 3, 6, Number, "0x1F", "0x1F"},
		{"/f", 4, 1, 4, 4, Number, "3.5", "3.5"},
		{"/exp", 5, 1, 5, 6, Number, "1e3", "1e3"},
		{"/inf", 6, 1, 6, 6, Number, ".inf", ".inf"},
		{"/nan", 7, 1, 7, 6, Number, ".NaN", ".NaN"},
		{"/t", 8, 1, 8, 4, Bool, "true", "True"},
		{"/fl", 9, 1, 9, 5, Bool, "false", "FALSE"},
		{"/n1", 10, 1, 10, 5, Null, "~", "~"},
		{"/n2", 11, 1, 11, 5, Null, "null", "null"},
		{"/n3", 12, 1, 12, 4, Null, "", ""},
		{"/s1", 13, 1, 13, 5, String, "42", `"42"`},
		{"/s2", 14, 1, 14, 5, String, "3.5", `'3.5'`},
		{"/s3", 15, 1, 15, 5, String, "yes", "yes"},
		{"/ts", 16, 1, 16, 5, String, "2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"},
		{"/d", 17, 1, 17, 4, String, "2002-12-14", "2002-12-14"},
		{"/tagged", 18, 1, 18, 15, String, "12", "12"},
		{"/tint", 19, 1, 19, 13, Number, "12", `"12"`},
		{"/bad", 20, 1, 20, 12, String, "abc", "abc"},
		{"/custom", 21, 1, 21, 14, String, "HOME", "HOME"},
		{"/multi", 22, 1, 22, 8, String, "first second\nthird", "first\n  second\n\n  third"},
		{"/dq", 26, 1, 26, 5, String, "a\tb \"c\" d", "\"a\\tb \\\"c\\\"\n  d\""},
		{"/sq", 28, 1, 28, 5, String, "it's", "'it''s'"},
	})
	if v, ok := f.Root.Get("t").BoolValue(); !ok || !v {
		t.Errorf("True = %v %v", v, ok)
	}
}

func TestYAMLEmptyAndMultiDoc(t *testing.T) {
	for _, src := range []string{"", "\n", "# just a comment\n", "---\n", "---\n...\n", "\ufeff"} {
		f, err := Parse([]byte(src), YAML)
		if err != nil || f.Root != nil {
			t.Errorf("%q: root %+v, err %v", src, f.Root, err)
		}
	}
	f := mustParseYAML(t, "a: 1\n---\nb: 2\n---\nc: [\n")
	if f.Root.Get("a") == nil || f.Root.Get("b") != nil {
		t.Errorf("first document only: %+v", f.Root)
	}
	f = mustParseYAML(t, "~\n")
	if f.Root == nil || f.Root.Kind != Null {
		t.Errorf("~: %+v", f.Root)
	}
	f = mustParseYAML(t, "--- plain text\n")
	if f.Root == nil || f.Root.Text != "plain text" {
		t.Errorf("scalar document: %+v", f.Root)
	}
}

func TestYAMLNonScalarKey(t *testing.T) {
	for _, src := range []string{"? [a, b]\n: 1\n", "x: 1\n? {a: b}\n: 2\n", "a: &s [1]\n*s : 2\n"} {
		f, err := Parse([]byte(src), YAML)
		if err == nil || syntaxError(err).Msg != "unsupported non-scalar mapping key" {
			t.Errorf("%q: err = %v", src, err)
			continue
		}
		want := strings.Count(src[:strings.LastIndex(src, ":")], "\n")
		if strings.HasPrefix(src, "?") || strings.Contains(src, "? ") {
			want = strings.Count(src[:strings.Index(src, "?")], "\n")
		}
		if got := f.Position(syntaxError(err).Offset).Line; got != want+1 {
			t.Errorf("%q: error on line %d, want %d", src, got, want+1)
		}
	}
	// An alias to a scalar is a fine key.
	f := mustParseYAML(t, "k: &k name\n*k : v\n")
	if m := f.Root.Member("name"); m == nil || string(f.Src[m.KeyStart:m.KeyEnd]) != "*k" {
		t.Errorf("alias key: %+v", m)
	}
}

func TestYAMLBillionLaughs(t *testing.T) {
	src := `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`
	f, err := Parse([]byte(src), YAML)
	// The repeated text passes its bound (the file's size or 1 MiB) on
	// line 6, before the count of values passes a million on line 7.
	if err == nil || !strings.HasPrefix(syntaxError(err).Msg, "aliases repeat more than 1048576 bytes") {
		t.Fatalf("err = %v", err)
	}
	if line := f.Position(syntaxError(err).Offset).Line; line != 6 {
		t.Errorf("error on line %d, want 6 (where the repeated text passes 1 MiB)", line)
	}
	// Merge keys expand too.
	var b strings.Builder
	b.WriteString("l0: &l0 {")
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "k%d: v, ", i)
	}
	b.WriteString("}\n")
	for l := 1; l < 9; l++ {
		fmt.Fprintf(&b, "l%d: &l%d {", l, l)
		for i := 0; i < 10; i++ {
			fmt.Fprintf(&b, "k%d: *l%d, ", i, l-1)
		}
		b.WriteString("}\n")
	}
	if _, err := Parse([]byte(b.String()), YAML); err == nil || !strings.Contains(err.Error(), "too many values") && !strings.Contains(err.Error(), "aliases repeat more than") {
		t.Errorf("nested maps: err = %v", err)
	}
	// Fewer aliases are fine.
	if _, err := Parse([]byte("a: &a [1, 2]\nb: [*a, *a, *a]\n"), YAML); err != nil {
		t.Errorf("small: %v", err)
	}
}

// Aliases may repeat at most as much text as the file holds (or 1 MiB):
// one 100 KB anchored string used by 3,000 servers took 41 s and 4.5 GB
// in check, as every later stage copies each use.
func TestYAMLAliasTextIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("anchor: &a \"" + strings.Repeat("x", 100_000) + "\"\nmcpServers:\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "  - name: s%d\n    args: [*a]\n", i)
	}
	f, err := Parse([]byte(b.String()), YAML)
	if err == nil || !strings.HasPrefix(syntaxError(err).Msg, "aliases repeat more than 1048576 bytes") {
		t.Fatalf("err = %v", err)
	}
	// The eleventh use passes 1 MiB: the error names that alias.
	if p := f.Position(syntaxError(err).Offset); p.Line != 2+2*11 || p.Column != 12 {
		t.Errorf("error at %d:%d, want the eleventh alias at 24:12", p.Line, p.Column)
	}
	// Anchors used the way configs use them (shared env, twenty servers)
	// are fine, and keys that are aliases count too.
	b.Reset()
	b.WriteString("env: &env {TOKEN: \"${TOKEN}\", REGION: eu-west-1}\nservers:\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "  - name: s%d\n    env: *env\n", i)
	}
	if _, err := Parse([]byte(b.String()), YAML); err != nil {
		t.Errorf("twenty uses of a small anchor: %v", err)
	}
	key := "k: &k " + strings.Repeat("y", 600_000) + "\nm: {*k : 1}\nn: {*k : 2}\n"
	if _, err := Parse([]byte(key), YAML); err == nil || !strings.Contains(err.Error(), "aliases repeat more than") {
		t.Errorf("aliased keys of 1.2 MB: err = %v", err)
	}
}

func TestYAMLErrors(t *testing.T) {
	tests := []struct {
		src  string
		line int
		msg  string
	}{
		{"a: 1\nb: 2\nc: d: e\n", 3, "mapping values are not allowed in this context"},
		{"a: 1\nb:\n  - x\n  y: 2\n", 4, "did not find expected '-' indicator"},
		{"a: 1\nb: 2\nc: 3\nd:\n  - x\n  - y\n  z: 1\n", 7, "did not find expected '-' indicator"},
		{"a:\n  b:\n    c: 1\n   d: 2\n", 4, "did not find expected key"},
		{"a: 1\nb: 2\nc: 3\nd: 4\ne: [a, b, c\n\nf: 5\n", 5, "did not find expected ',' or ']'"},
		{"x: {a: 1, b: 2\n", 1, "did not find expected ',' or '}'"},
		{"a: 1\n\tb: 2\n", 2, "found a tab character that violates indentation"},
		{"a: 1\nb: \"abc\n", 2, "found unexpected end of stream"},
		{"a: 1\nb: 2\nc: @x\n", 3, "found character that cannot start any token"},
		{"a: 1\nkey: *unknown\n", 2, "unknown anchor 'unknown' referenced"},
		{"a: 1\nb: \x01\n", 2, "control characters are not allowed"},
		{"a: 1\nb: \xff\n", 2, "invalid leading UTF-8 octet"},
		{"- a\n- b\nc: 1\n", 3, "did not find expected '-' indicator"},
	}
	for _, tc := range tests {
		f, err := Parse([]byte(tc.src), YAML)
		if err == nil {
			t.Errorf("%q: no error", tc.src)
			continue
		}
		e := syntaxError(err)
		if got := f.Position(e.Offset).Line; got != tc.line {
			t.Errorf("%q: error on line %d, want %d (%s)", tc.src, got, tc.line, e.Msg)
		}
		if e.Msg != tc.msg {
			t.Errorf("%q: message %q, want %q", tc.src, e.Msg, tc.msg)
		}
		if f.Root != nil {
			t.Errorf("%q: root set on error", tc.src)
		}
	}
}

func TestYAMLDepth(t *testing.T) {
	var block strings.Builder
	for i := 0; i < 600; i++ {
		block.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	var seqs strings.Builder
	for i := 0; i < 600; i++ {
		seqs.WriteString("- ")
	}
	seqs.WriteString("x\n")
	var aliasDeep strings.Builder
	aliasDeep.WriteString("a0: &a0 " + strings.Repeat("[", 400) + strings.Repeat("]", 400) + "\n")
	aliasDeep.WriteString("a1: &a1 " + strings.Repeat("[", 200) + "*a0" + strings.Repeat("]", 200) + "\n")
	cases := map[string]string{
		"flow":          strings.Repeat("[", 200000),
		"flow in map":   "a: " + strings.Repeat("{b: ", 200000),
		"closed flow":   strings.Repeat("[", 600) + strings.Repeat("]", 600),
		"block":         block.String(),
		"sequences":     seqs.String(),
		"through alias": aliasDeep.String(),
	}
	for name, src := range cases {
		_, err := Parse([]byte(src), YAML)
		if err == nil || syntaxError(err).Msg != "nesting deeper than 512 levels" {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	ok := strings.Repeat("[", 500) + strings.Repeat("]", 500)
	if _, err := Parse([]byte(ok), YAML); err != nil {
		t.Errorf("500 levels: %v", err)
	}
	// Brackets inside scalars and comments do not count.
	quoted := "a: \"" + strings.Repeat("[", 1000) + "\"\nb: '" + strings.Repeat("{", 1000) + "'\n# " + strings.Repeat("[", 1000) +
		"\nc: x" + strings.Repeat("[", 1000) + "\nd: |\n  " + strings.Repeat("[", 1000) + "\n"
	if _, err := Parse([]byte(quoted), YAML); err != nil {
		t.Errorf("brackets in scalars: %v", err)
	}
}

func TestYAMLPanicGuard(t *testing.T) {
	// Whatever yaml.v3 does, parseYAML returns.
	for _, src := range []string{"\xff\xfea\x00:\x00", "&a [*a]", "? ? ? ?", "{{{{", "- &a\n- *a\n- !!binary x"} {
		_, _ = Parse([]byte(src), YAML)
	}
}

// yamlToGo converts a tree to the values yaml.v3 decodes into any.
func yamlToGo(t testing.TB, n *Node) any {
	switch n.Kind {
	case Object:
		m := make(map[string]any, len(n.Members))
		for _, mb := range n.Members {
			m[mb.Key] = yamlToGo(t, mb.Value)
		}
		return m
	case Array:
		a := make([]any, 0, len(n.Items))
		for _, it := range n.Items {
			a = append(a, yamlToGo(t, it))
		}
		return a
	case String:
		return n.Text
	case Bool:
		return n.Text == "true"
	case Null:
		return nil
	case Number:
		var v any
		if err := yaml.Unmarshal([]byte(n.Text), &v); err != nil {
			t.Errorf("number %q: %v", n.Text, err)
		}
		return v
	}
	t.Errorf("unexpected kind %v", n.Kind)
	return nil
}

func yamlEqual(a, b any) bool {
	switch b := b.(type) {
	case map[string]any:
		a, ok := a.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, bv := range b {
			if av, ok := a[k]; !ok || !yamlEqual(av, bv) {
				return false
			}
		}
		return true
	case map[any]any:
		a, ok := a.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, bv := range b {
			av, ok := a[fmt.Sprint(k)]
			if !ok {
				// A key that is not a string (null, a number, a bool):
				// find the key text that reads as k.
				for text, v := range a {
					var kv any
					if yaml.Unmarshal([]byte(text), &kv) == nil && yamlEqual(kv, k) {
						av, ok = v, true
						break
					}
				}
			}
			if !ok || !yamlEqual(av, bv) {
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
			if !yamlEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case float64:
		if a, ok := a.(int); ok {
			return float64(a) == b
		}
		a, ok := a.(float64)
		return ok && (a == b || math.IsNaN(a) && math.IsNaN(b))
	case time.Time:
		s, ok := a.(string)
		if !ok {
			return false
		}
		var v any
		_ = yaml.Unmarshal([]byte(s), &v)
		tm, ok := v.(time.Time)
		return ok && tm.Equal(b)
	case string:
		// yaml.v3 decodes !!binary to its bytes.
		return a == b || reflect.DeepEqual(a, b)
	}
	return reflect.DeepEqual(a, b)
}

// yamlDiff compares our tree with yaml.v3's own decoding and checks that
// every scalar span re-reads as the same scalar.
func yamlDiff(t testing.TB, src string) {
	t.Helper()
	var want any
	if err := yaml.Unmarshal([]byte(src), &want); err != nil {
		t.Errorf("yaml.v3 rejects %q: %v", src, err)
		return
	}
	root, perr := parseYAML([]byte(src))
	if perr != nil {
		t.Errorf("parseYAML(%q): %v at %d", src, perr, perr.Offset)
		return
	}
	if root == nil {
		if want != nil {
			t.Errorf("parseYAML(%q): nil root, want %#v", src, want)
		}
		return
	}
	tomlCheckSpans(t, []byte(src), root, false)
	if got := yamlToGo(t, root); !yamlEqual(got, want) {
		t.Errorf("parseYAML(%q)\n got %#v\nwant %#v", src, got, want)
	}
	yamlCheckScalarSpans(t, []byte(src), root)
}

// yamlCheckScalarSpans re-reads the source of every scalar value and key
// and compares it with the node.
func yamlCheckScalarSpans(t testing.TB, src []byte, root *Node) {
	t.Helper()
	// reread reports whether raw reads as a YAML scalar whose value is
	// want, on its own or as a sequence item (so that "---" is not a
	// document marker); skip is set when raw cannot be read on its own.
	reread := func(raw []byte, want string, lower bool) (got string, ok, skip bool) {
		if len(raw) > 0 && (raw[0] == '|' || raw[0] == '>') {
			if len(raw) > 1 && raw[1] >= '1' && raw[1] <= '9' || len(raw) > 2 && raw[2] >= '1' && raw[2] <= '9' {
				return "", false, true // indentation indicator: relative to the parent
			}
		}
		if len(raw) == 0 {
			return "", want == "", false
		}
		if raw[0] == '*' {
			return "", false, true // an alias key
		}
		if string(raw) == want || lower && strings.ToLower(string(raw)) == want {
			return want, true, false // plain text that reads otherwise on its own ("0:")
		}
		if raw[0] != '"' && raw[0] != '\'' && raw[0] != '|' && raw[0] != '>' &&
			strings.Join(strings.Fields(string(raw)), " ") == strings.Join(strings.Fields(want), " ") {
			return want, true, false // a folded plain scalar ("---\rx")
		}
		for _, doc := range [][]byte{raw, append([]byte("- "), raw...)} {
			var y yaml.Node
			if err := yaml.Unmarshal(doc, &y); err != nil || len(y.Content) == 0 {
				continue
			}
			n := y.Content[0]
			if n.Kind == yaml.SequenceNode && len(doc) > len(raw) && len(n.Content) == 1 {
				n = n.Content[0]
			}
			if n.Kind != yaml.ScalarNode {
				continue
			}
			got = n.Value
			if lower {
				got = strings.ToLower(got)
			}
			if strings.TrimRight(got, "\n") == strings.TrimRight(want, "\n") {
				return got, true, false
			}
		}
		return got, false, false
	}
	seen := map[*Node]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, m := range n.Members {
			if got, ok, skip := reread(src[m.KeyStart:m.KeyEnd], m.Key, false); !ok && !skip {
				t.Errorf("key %q: source %q reads as %q", m.Key, src[m.KeyStart:m.KeyEnd], got)
			}
			walk(m.Value)
		}
		for _, it := range n.Items {
			walk(it)
		}
		if n.Kind == Object || n.Kind == Array {
			return
		}
		raw := src[n.Start:n.End]
		if got, ok, skip := reread(raw, n.Text, n.Kind == Bool); !ok && !skip {
			t.Errorf("scalar %q: source %q reads as %q", n.Text, raw, got)
		}
	}
	walk(root)
}

var yamlValidDocs = []string{
	gooseExample,
	continueExample,
	"a: 1\r\nb:\r\n  - x\r\n  - y\r\n",
	"a: 1\rb: 2\r",
	"[1, 2, {a: b, c: [d, e]}, \"f\", 'g']",
	"{a: 1, b: [2, 3], c: {d: e}, \"q\": 'r',}",
	"- a\n- - b\n  - c\n- d: e\n  f: g\n-\n- ''\n",
	"key with spaces: value with spaces  \n\"quoted key\": 'single'\n? complex\n: value\n",
	"a: >\n  folded\n  line\n\n  para\nb: |-\n  strip\nc: |+\n  keep\n\nd: x\n",
	"a: &x 1\nb: *x\nc: &y [1, 2]\nd: *y\ne: &z {k: v}\nf: *z\n",
	"base: &base\n  a: 1\n  b: 2\nderived:\n  <<: *base\n  b: 3\n  c: 4\n",
	"x: !!str 123\ny: !!float 1\nz: !!timestamp 2001-12-14\n",
	"list:\n- a\n- b\nmap:\n  k: v\n",
	"a: 'multi\n  line'\nb: \"esc\\u00e9\\n\"\n",
	"a: # comment\n  b: 1 # trailing\n# end\n",
	"plain: a:b c#d http://x.y/z?q=1#frag\n",
	"%YAML 1.1\n---\na: 1\n...\n",
	"anchored_key: &k key\n*k : 2\n",
	"seq_of_maps:\n  - name: a\n    args: [x]\n  - name: b\n    env: {K: V}\n",
	"a:\n  b:\n    c:\n      d: [1, {e: [2, {f: 3}]}]\n",
	"empty_map: {}\nempty_seq: []\nnull_val:\nnull_tilde: ~\n",
	"t: 2001-12-14t21:59:43.10-05:00\n",
	"a: 1\n---\nb: 2\n",
	"'a''b': \"c\\\"d\"\n",
	"? |\n  block key\n: value\n",
	"ü: ä\nk: 日本語のテキスト\n",
}

func TestYAMLDifferential(t *testing.T) {
	for i, src := range yamlValidDocs {
		t.Run(strconv.Itoa(i), func(t *testing.T) { yamlDiff(t, src) })
	}
}

// genYAML writes a random valid YAML document of roughly size bytes in the
// shape of a Goose config.
func genYAML(r *rand.Rand, size int) string {
	var b strings.Builder
	scalar := func() string {
		switch r.Intn(12) {
		case 0:
			return strconv.Itoa(r.Intn(100000) - 50000)
		case 1:
			return strconv.FormatFloat(r.NormFloat64()*100, 'g', -1, 64)
		case 2:
			return []string{"true", "false", "null", "~", "True", ".inf", "0x1F"}[r.Intn(7)]
		case 3:
			return strconv.Quote(fmt.Sprintf("quoted %d é\t\"x\"", r.Intn(100)))
		case 4:
			return "'single ''quoted'' " + strconv.Itoa(r.Intn(100)) + "'"
		case 5:
			return "plain value with ünïcode " + strconv.Itoa(r.Intn(100))
		default:
			return "word" + strconv.Itoa(r.Intn(1000))
		}
	}
	flow := func() string {
		parts := make([]string, r.Intn(5))
		for i := range parts {
			parts[i] = scalar()
		}
		if r.Intn(2) == 0 {
			return "[" + strings.Join(parts, ", ") + "]"
		}
		for i := range parts {
			parts[i] = fmt.Sprintf("k%d: %s", i, parts[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	b.WriteString("# generated\nGOOSE_PROVIDER: openai\ndefaults: &defaults\n  type: stdio\n  timeout: 300\n  enabled: true\nextensions:\n")
	for e := 0; b.Len() < size; e++ {
		fmt.Fprintf(&b, "  ext-%d:\n", e)
		if r.Intn(3) == 0 {
			b.WriteString("    <<: *defaults\n")
		}
		fmt.Fprintf(&b, "    name: Extension %d\n    cmd: npx\n", e)
		fmt.Fprintf(&b, "    args:\n      - -y\n      - \"pkg-%d@1.0.0\"\n", e)
		for k := r.Intn(6); k > 0; k-- {
			switch r.Intn(5) {
			case 0:
				fmt.Fprintf(&b, "    flow%d: %s\n", k, flow())
			case 1:
				fmt.Fprintf(&b, "    text%d: |\n      line one %d\n        indented\n      line three\n", k, k)
			case 2:
				fmt.Fprintf(&b, "    folded%d: >-\n      folded text\n      continues here\n", k)
			case 3:
				fmt.Fprintf(&b, "    envs%d:\n      KEY_%d: %s\n      OTHER: %s # comment\n", k, k, scalar(), scalar())
			default:
				fmt.Fprintf(&b, "    key%d: %s\n", k, scalar())
			}
		}
	}
	return b.String()
}

func TestYAMLRandomDifferential(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 200
	if testing.Short() {
		n = 20
	}
	for i := 0; i < n && !t.Failed(); i++ {
		yamlDiff(t, genYAML(r, 1+r.Intn(3000)))
	}
}

func BenchmarkParseYAML(b *testing.B) {
	src := []byte(genYAML(rand.New(rand.NewSource(7)), 100_000))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseYAML(src); err != nil {
			b.Fatal(err)
		}
	}
}

func TestYAMLAnchorInMergeSequence(t *testing.T) {
	// The sequence under "<<" is not a value of its own; an alias to it
	// still resolves.
	src := "a: &a {x: 1}\nb:\n  <<: &s [*a]\n  y: 2\nc: *s\n"
	f := mustParseYAML(t, src)
	c := f.Root.Get("c")
	if c == nil || c.Kind != Array || len(c.Items) != 1 || c.Items[0] != f.Root.Get("a") {
		t.Fatalf("c = %+v", c)
	}
	if got := src[c.Start:c.End]; got != "[*a]" {
		t.Errorf("c span %q", got)
	}
	if b := f.Root.Get("b"); b.Get("x") == nil || b.Get("y") == nil {
		t.Errorf("b = %+v", b)
	}
	yamlDiff(t, src)
}

func TestYAMLSecondDocument(t *testing.T) {
	for src, want := range map[string]int{
		"a: 1\n---\nb: 2\n":                  5,
		"--- \na: 1\n--- # next\nb: 2\n":     10,
		"a: 1\r\n---\r\nb: [x]\r\n":          6,
		"a: 1\n":                             -1,
		"---\na: 1\n":                        -1,
		"a: 1\n---\n":                        -1, // an empty second document
		"a: 1\n---\n# only a comment\n...\n": -1,
		"a: 1\n---\nb: [\n":                  -1, // does not parse: Parse's error is the first document's
		"%YAML 1.1\n---\na: 1\n...\n":        -1,
	} {
		off, ok := YAMLSecondDocument([]byte(src))
		if !ok {
			off = -1
		}
		if off != want {
			t.Errorf("%q: second document at %d, want %d", src, off, want)
		}
	}
}
