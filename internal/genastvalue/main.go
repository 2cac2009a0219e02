//go:build generate

// Command genastvalue writes facts/astvalue_gen.go, the conversion of the
// policy input (the types of package facts, from Input down) to OPA
// values without reflection (run by go generate ./facts).
//
// It reads the package's source, not its compiled types, so it runs even
// when the generated file no longer compiles (a field renamed or
// removed). It fails on any field type it does not know how to convert.
//
// The build tag keeps it out of go install ./..., like genprebuilt.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// root is the type Value converts; parallelField is its field the
// hand-written converter splits over the cores (converter.serversTerm).
const (
	root          = "Input"
	parallelField = "Servers"
)

func main() {
	out := flag.String("o", "astvalue_gen.go", "output `FILE`")
	dir := flag.String("dir", ".", "`DIR` of package facts")
	flag.Parse()
	src, err := generate(*dir, filepath.Base(*out))
	if err != nil {
		log.Fatalf("genastvalue: %v", err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatalf("genastvalue: %v", err)
	}
}

// typ is a field type: a basic kind, a struct of the package, or a
// pointer, slice or string-keyed map of one.
type typ struct {
	kind string // string, bool, int, struct, ptr, slice, map
	name string // struct name
	elem *typ
}

func (t *typ) String() string {
	switch t.kind {
	case "struct":
		return t.name
	case "ptr":
		return "*" + t.elem.String()
	case "slice":
		return "[]" + t.elem.String()
	case "map":
		return "map[string]" + t.elem.String()
	}
	return t.kind
}

// id is t as part of a Go identifier.
func (t *typ) id() string {
	switch t.kind {
	case "struct":
		return t.name
	case "ptr":
		return "Ptr" + t.elem.id()
	case "slice":
		return "List" + t.elem.id()
	case "map":
		return "Map" + t.elem.id()
	}
	return strings.ToUpper(t.kind[:1]) + t.kind[1:]
}

func (t *typ) scalar() bool {
	return t.kind == "string" || t.kind == "bool" || t.kind == "int"
}

type field struct {
	goName, json string
	t            *typ
}

type gen struct {
	decls   map[string]*ast.StructType
	structs map[string][]field // reachable struct types, fields by JSON name
	rows    map[string]bool    // element types of the root's slices
	buf     bytes.Buffer
	done    map[string]bool
	keys    map[string]bool // key appenders needed
	memos   map[string]*typ
	sites   int
	// wanted and wantedKeys hold the value and key functions to write,
	// by type id; done and keys the ones written.
	wanted     map[string]*typ
	wantedKeys map[string]*typ
}

func generate(dir, outName string) ([]byte, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	g := &gen{decls: map[string]*ast.StructType{}, structs: map[string][]field{}, rows: map[string]bool{},
		done: map[string]bool{}, keys: map[string]bool{}, memos: map[string]*typ{},
		wanted: map[string]*typ{}, wantedKeys: map[string]*typ{}}
	fset := token.NewFileSet()
	for _, p := range files {
		if strings.HasSuffix(p, "_test.go") || filepath.Base(p) == outName {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if st, ok := ts.Type.(*ast.StructType); ok {
					g.decls[ts.Name.Name] = st
				}
			}
		}
	}
	if err := g.collect(root); err != nil {
		return nil, err
	}
	for _, f := range g.structs[root] {
		if f.t.kind == "slice" && f.t.elem.kind == "struct" {
			g.rows[f.t.elem.name] = true
		}
	}
	// A row type converts its fields through the memo, which uses the
	// converter's key buffer; nested inside another value it would
	// overwrite the key of a memo lookup in progress.
	for name, fs := range g.structs {
		for _, f := range fs {
			if inner := structOf(f.t); inner != "" && g.rows[inner] && !(name == root && f.t.kind == "slice") {
				return nil, fmt.Errorf("%s.%s: row type %s is nested below the root", name, f.goName, inner)
			}
		}
	}
	if !hasField(g.structs[root], parallelField) {
		return nil, fmt.Errorf("%s has no field %s", root, parallelField)
	}
	return g.write()
}

func hasField(fs []field, goName string) bool {
	for _, f := range fs {
		if f.goName == goName {
			return true
		}
	}
	return false
}

func structOf(t *typ) string {
	for t.kind == "ptr" || t.kind == "slice" || t.kind == "map" {
		t = t.elem
	}
	if t.kind == "struct" {
		return t.name
	}
	return ""
}

// collect records the fields of struct name and of every struct below it.
func (g *gen) collect(name string) error {
	if _, ok := g.structs[name]; ok {
		return nil
	}
	st, ok := g.decls[name]
	if !ok {
		return fmt.Errorf("type %s: not a struct declared in the package", name)
	}
	g.structs[name] = nil // stops a cycle
	var fs []field
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			return fmt.Errorf("%s: embedded field %s: not supported", name, exprString(f.Type))
		}
		var tag reflect.StructTag
		if f.Tag != nil {
			s, err := strconv.Unquote(f.Tag.Value)
			if err != nil {
				return fmt.Errorf("%s: tag %s: %v", name, f.Tag.Value, err)
			}
			tag = reflect.StructTag(s)
		}
		for _, n := range f.Names {
			json, ok := jsonName(n.Name, tag)
			if !ok {
				continue
			}
			t, err := g.typeOf(f.Type)
			if err != nil {
				return fmt.Errorf("%s.%s: %v", name, n.Name, err)
			}
			fs = append(fs, field{goName: n.Name, json: json, t: t})
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].json < fs[j].json })
	for i := 1; i < len(fs); i++ {
		if fs[i].json == fs[i-1].json {
			return fmt.Errorf("%s: two fields named %q", name, fs[i].json)
		}
	}
	g.structs[name] = fs
	return nil
}

// jsonName is facts.jsonName: the name encoding/json gives an exported
// field, and false for the fields it leaves out.
func jsonName(goName string, tag reflect.StructTag) (string, bool) {
	if !ast.IsExported(goName) {
		return "", false
	}
	if v, ok := tag.Lookup("json"); ok {
		n, _, _ := strings.Cut(v, ",")
		if n == "-" {
			return "", false
		}
		if n != "" {
			return n, true
		}
	}
	return goName, true
}

func (g *gen) typeOf(e ast.Expr) (*typ, error) {
	switch e := e.(type) {
	case *ast.Ident:
		switch e.Name {
		case "string", "bool", "int":
			return &typ{kind: e.Name}, nil
		}
		if _, ok := g.decls[e.Name]; !ok {
			return nil, fmt.Errorf("type %s: the converter knows string, bool, int and the package's structs", e.Name)
		}
		if err := g.collect(e.Name); err != nil {
			return nil, err
		}
		return &typ{kind: "struct", name: e.Name}, nil
	case *ast.StarExpr:
		t, err := g.typeOf(e.X)
		if err != nil {
			return nil, err
		}
		if t.kind == "ptr" || t.kind == "slice" || t.kind == "map" {
			return nil, fmt.Errorf("type %s: pointer to %s", exprString(e), t.kind)
		}
		return &typ{kind: "ptr", elem: t}, nil
	case *ast.ArrayType:
		if e.Len != nil {
			return nil, fmt.Errorf("type %s: arrays are not supported", exprString(e))
		}
		t, err := g.typeOf(e.Elt)
		if err != nil {
			return nil, err
		}
		return &typ{kind: "slice", elem: t}, nil
	case *ast.MapType:
		if k, ok := e.Key.(*ast.Ident); !ok || k.Name != "string" {
			return nil, fmt.Errorf("type %s: only string-keyed maps are supported", exprString(e))
		}
		t, err := g.typeOf(e.Value)
		if err != nil {
			return nil, err
		}
		return &typ{kind: "map", elem: t}, nil
	}
	return nil, fmt.Errorf("type %s: not supported", exprString(e))
}

func exprString(e ast.Expr) string {
	var b bytes.Buffer
	_ = format.Node(&b, token.NewFileSet(), e)
	return b.String()
}

func (g *gen) p(format string, args ...any) {
	fmt.Fprintf(&g.buf, format, args...)
	g.buf.WriteByte('\n')
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// keyVar is the variable holding the key term of a JSON name.
func keyVar(json string) string {
	var b strings.Builder
	b.WriteString("jk")
	up := true
	for _, r := range json {
		if r == '_' || r == '-' {
			up = true
			continue
		}
		if up {
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (g *gen) write() ([]byte, error) {
	g.p("// Code generated by internal/genastvalue (go generate ./facts); DO NOT EDIT.")
	g.p("")
	g.p("package facts")
	g.p("")
	g.p("import (")
	g.p("\t\"encoding/binary\"")
	g.p("\t\"reflect\"")
	g.p("\t\"sort\"")
	g.p("")
	g.p("\t\"github.com/open-policy-agent/opa/v1/ast\"")
	g.p(")")
	g.p("")
	g.p("// genLayout is the layout of the types the code below converts;")
	g.p("// TestGeneratedLayoutCurrent compares it with the compiled types.")
	g.p("const genLayout = %s", strconv.Quote(g.layout()))
	g.p("")
	g.p("// genFields are the JSON names the code below converts, per type, sorted:")
	g.p("// when a type has others (a field added without go generate ./facts),")
	g.p("// Value converts by reflection instead. A field removed or retyped does")
	g.p("// not compile.")
	g.p("var genFields = []genType{")
	for _, name := range sortedNames(g.structs) {
		var names []string
		for _, f := range g.structs[name] {
			names = append(names, strconv.Quote(f.json))
		}
		g.p("\t{reflect.TypeFor[%s](), []string{%s}},", name, strings.Join(names, ", "))
	}
	g.p("}")
	g.p("")
	// Key terms, one per JSON name, shared by every object.
	jsons := map[string]bool{}
	for _, fs := range g.structs {
		for _, f := range fs {
			jsons[f.json] = true
		}
	}
	g.p("var (")
	vars := map[string]string{}
	for _, j := range sortedNames(jsons) {
		v := keyVar(j)
		if o, ok := vars[v]; ok {
			return nil, fmt.Errorf("JSON names %q and %q give one variable %s", o, j, v)
		}
		vars[v] = j
		g.p("\t%s = ast.StringTerm(%q)", v, j)
	}
	g.p(")")
	g.p("")
	// The root: its row lists, the parallel one left to serversTerm.
	g.p("func (c *converter) val%s(v *%s) *ast.Term {", root, root)
	fs := g.structs[root]
	var lists []string
	g.p("\tvar kv [%d][2]*ast.Term", len(fs))
	for i, f := range fs {
		var expr string
		switch {
		case f.goName == parallelField:
			expr = "c.serversTerm(v." + f.goName + ")"
		case f.t.kind == "slice" && g.rows[f.t.elem.name]:
			expr = "c.rows" + f.t.elem.name + "(v." + f.goName + ")"
			lists = append(lists, f.t.elem.name)
		default:
			expr = g.valExpr(f.t, "v."+f.goName)
		}
		g.p("\tkv[%d] = [2]*ast.Term{%s, %s}", i, keyVar(f.json), expr)
	}
	g.p("\treturn ast.NewTerm(ast.NewObject(kv[:]...))")
	g.p("}")
	g.p("")
	for _, name := range lists {
		g.rowList(name)
	}
	for _, name := range sortedNames(g.rows) {
		g.structFunc("row"+name, name, true)
	}
	for len(g.pendingNames()) > 0 {
		for _, id := range g.pendingNames() {
			g.emit(id)
		}
	}
	for _, id := range sortedNames(g.memos) {
		g.memoFunc(g.memos[id])
	}
	for len(g.pendingKeys()) > 0 {
		for _, id := range g.pendingKeys() {
			g.keyFunc(id)
		}
	}
	if g.sites > 255 {
		return nil, fmt.Errorf("%d memo sites: a site is one byte of the key", g.sites)
	}
	src, err := format.Source(g.buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the generated code: %v\n%s", err, g.buf.Bytes())
	}
	return src, nil
}

// layout is one line per struct type: each converted field's Go name,
// JSON name and type. facts.reflectLayout computes the same from the
// compiled types.
func (g *gen) layout() string {
	var b strings.Builder
	for _, name := range sortedNames(g.structs) {
		b.WriteString(name)
		for _, f := range g.structs[name] {
			fmt.Fprintf(&b, " %s:%s:%s", f.goName, f.json, f.t)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func (g *gen) pendingNames() []string {
	var out []string
	for _, id := range sortedNames(g.wanted) {
		if !g.done[id] {
			out = append(out, id)
		}
	}
	return out
}

func (g *gen) pendingKeys() []string {
	var out []string
	for _, id := range sortedNames(g.wantedKeys) {
		if !g.keys[id] {
			out = append(out, id)
		}
	}
	return out
}

// valExpr is the Go expression converting x of type t (a struct by
// its address).
func (g *gen) valExpr(t *typ, x string) string {
	switch t.kind {
	case "string":
		return "c.str(" + x + ")"
	case "bool":
		return "ast.InternedTerm(" + x + ")"
	case "int":
		return "c.int(" + x + ")"
	case "struct":
		x = "&" + x
	}
	g.wanted[t.id()] = t
	return "c.val" + t.id() + "(" + x + ")"
}

// keyExpr is the Go expression appending the bytes of x of type t to b.
func (g *gen) keyExpr(t *typ, b, x string) string {
	g.wantedKeys[t.id()] = t
	if t.kind == "struct" {
		x = "&" + x
	}
	return "bytes" + t.id() + "(" + b + ", " + x + ")"
}

func (g *gen) emit(id string) {
	g.done[id] = true
	t := g.wanted[id]
	switch t.kind {
	case "struct":
		g.structFunc("val"+t.name, t.name, false)
	case "ptr":
		g.p("func (c *converter) val%s(v %s) *ast.Term {", id, t)
		g.p("\tif v == nil {")
		g.p("\t\treturn ast.InternedNullTerm")
		g.p("\t}")
		g.p("\treturn %s", g.valExpr(t.elem, "*v"))
		g.p("}")
	case "slice":
		g.p("func (c *converter) val%s(v %s) *ast.Term {", id, t)
		g.p("\tif len(v) == 0 {")
		g.p("\t\treturn ast.InternedEmptyArray")
		g.p("\t}")
		g.p("\tts := make([]*ast.Term, len(v))")
		g.p("\tfor i := range v {")
		g.p("\t\tts[i] = %s", g.valExpr(t.elem, "v[i]"))
		g.p("\t}")
		g.p("\treturn ast.NewTerm(ast.NewArray(ts...))")
		g.p("}")
	case "map":
		g.p("func (c *converter) val%s(v %s) *ast.Term {", id, t)
		g.p("\tif len(v) == 0 {")
		g.p("\t\treturn ast.InternedEmptyObject")
		g.p("\t}")
		g.p("\tks := make([]string, 0, len(v))")
		g.p("\tfor k := range v {")
		g.p("\t\tks = append(ks, k)")
		g.p("\t}")
		g.p("\tsort.Strings(ks)")
		g.p("\tkv := make([][2]*ast.Term, len(ks))")
		g.p("\tfor i, k := range ks {")
		g.p("\t\tkv[i] = [2]*ast.Term{c.str(k), %s}", g.valExpr(t.elem, "v[k]"))
		g.p("\t}")
		g.p("\treturn ast.NewTerm(ast.NewObject(kv...))")
		g.p("}")
	}
	g.p("")
}

// structFunc writes the conversion of struct name; a row's fields that
// are not scalars go through the memo, so servers with equal parts share
// one value.
func (g *gen) structFunc(fn, name string, row bool) {
	fs := g.structs[name]
	g.p("func (c *converter) %s(v *%s) *ast.Term {", fn, name)
	if len(fs) == 0 {
		g.p("\treturn ast.NewTerm(ast.NewObject())")
		g.p("}")
		g.p("")
		return
	}
	g.p("\tvar kv [%d][2]*ast.Term", len(fs))
	for i, f := range fs {
		expr := g.valExpr(f.t, "v."+f.goName)
		if row && !f.t.scalar() && !(f.t.kind == "ptr" && f.t.elem.scalar()) {
			g.memos[f.t.id()] = f.t
			g.sites++
			arg := "v." + f.goName
			if f.t.kind == "struct" {
				arg = "&" + arg
			}
			expr = fmt.Sprintf("c.memo%s(%d, %s)", f.t.id(), g.sites, arg)
		}
		g.p("\tkv[%d] = [2]*ast.Term{%s, %s}", i, keyVar(f.json), expr)
	}
	g.p("\treturn ast.NewTerm(ast.NewObject(kv[:]...))")
	g.p("}")
	g.p("")
}

func (g *gen) rowList(name string) {
	g.p("func (c *converter) rows%s(v []%s) *ast.Term {", name, name)
	g.p("\tif len(v) == 0 {")
	g.p("\t\treturn ast.InternedEmptyArray")
	g.p("\t}")
	g.p("\tts := make([]*ast.Term, len(v))")
	g.p("\tfor i := range v {")
	g.p("\t\tts[i] = c.row%s(&v[i])", name)
	g.p("\t}")
	g.p("\treturn ast.NewTerm(ast.NewArray(ts...))")
	g.p("}")
	g.p("")
}

// memoFunc writes the memoised conversion of t: the value's bytes (keyX)
// find the term made for an equal value before.
func (g *gen) memoFunc(t *typ) {
	param := t.String()
	if t.kind == "struct" {
		param = "*" + param
	}
	g.p("func (c *converter) memo%s(site byte, v %s) *ast.Term {", t.id(), param)
	switch t.kind {
	case "slice", "map":
		g.p("\tif len(v) == 0 {")
		g.p("\t\treturn c.val%s(v)", t.id())
		g.p("\t}")
	case "ptr":
		g.p("\tif v == nil {")
		g.p("\t\treturn ast.InternedNullTerm")
		g.p("\t}")
	}
	g.wantedKeys[t.id()] = t
	g.p("\tc.key = bytes%s(append(c.key[:0], site), v)", t.id())
	g.p("\tif t, ok := c.memo[string(c.key)]; ok {")
	g.p("\t\treturn t")
	g.p("\t}")
	g.p("\tt := c.val%s(v)", t.id())
	g.p("\tc.memo[string(c.key)] = t")
	g.p("\treturn t")
	g.p("}")
	g.p("")
}

// keyFunc writes the appender of a value's bytes: each string with its
// length first, so two different values never give the same bytes.
func (g *gen) keyFunc(id string) {
	g.keys[id] = true
	t := g.wantedKeys[id]
	param := t.String()
	if t.kind == "struct" {
		param = "*" + param
	}
	g.p("func bytes%s(b []byte, v %s) []byte {", id, param)
	switch t.kind {
	case "string":
		g.p("\treturn append(binary.AppendUvarint(b, uint64(len(v))), v...)")
	case "bool":
		g.p("\tif v {")
		g.p("\t\treturn append(b, 1)")
		g.p("\t}")
		g.p("\treturn append(b, 0)")
	case "int":
		g.p("\treturn binary.AppendVarint(b, int64(v))")
	case "struct":
		for _, f := range g.structs[t.name] {
			g.p("\tb = %s", g.keyExpr(f.t, "b", "v."+f.goName))
		}
		g.p("\treturn b")
	case "ptr":
		g.p("\tif v == nil {")
		g.p("\t\treturn append(b, 0)")
		g.p("\t}")
		x := "*v"
		if t.elem.kind == "struct" {
			x = "v"
			g.wantedKeys[t.elem.id()] = t.elem
			g.p("\treturn bytes%s(append(b, 1), v)", t.elem.id())
		} else {
			g.p("\treturn %s", g.keyExpr(t.elem, "append(b, 1)", x))
		}
	case "slice":
		g.p("\tb = binary.AppendUvarint(b, uint64(len(v)))")
		g.p("\tfor i := range v {")
		g.p("\t\tb = %s", g.keyExpr(t.elem, "b", "v[i]"))
		g.p("\t}")
		g.p("\treturn b")
	case "map":
		g.p("\tks := make([]string, 0, len(v))")
		g.p("\tfor k := range v {")
		g.p("\t\tks = append(ks, k)")
		g.p("\t}")
		g.p("\tsort.Strings(ks)")
		g.p("\tb = binary.AppendUvarint(b, uint64(len(ks)))")
		g.p("\tfor _, k := range ks {")
		g.p("\t\tb = %s", g.keyExpr(&typ{kind: "string"}, "b", "k"))
		g.p("\t\tb = %s", g.keyExpr(t.elem, "b", "v[k]"))
		g.p("\t}")
		g.p("\treturn b")
	}
	g.p("}")
	g.p("")
}
