package facts

import (
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/parallel"

	"github.com/open-policy-agent/opa/v1/ast"
)

//go:generate go run -tags generate ../internal/genastvalue -o astvalue_gen.go

// Value converts the policy input to OPA's value, the servers on every
// core. Going through encoding/json and back is the cost that dominates
// evaluation of large workspaces, so the conversion is code generated
// from the input types (astvalue_gen.go): no reflection, key terms made
// once, strings interned, and a server's parts that equal another
// server's (the same args, env, trust, … in a copied definition) one
// shared value. When the generated code is stale it converts by
// reflection instead: slower, never different.
func Value(in *Input) ast.Value {
	if !generatedCurrent() {
		return reflectValue(in)
	}
	c := newConverter(len(in.Servers))
	return c.valInput(in).Value
}

// converter holds what one goroutine's conversion reuses: interned
// string terms and the memo of values by their bytes. Its terms are
// shared between servers, so none may ever be changed (OPA evaluation
// does not change its input).
type converter struct {
	strs map[string]*ast.Term
	memo map[string]*ast.Term
	key  []byte
	// ints are the terms of 0, 1, … made so far: indices of servers and
	// documents repeat (the index, groups, shadows).
	ints []*ast.Term
}

// newConverter sizes the tables for servers servers.
func newConverter(servers int) *converter {
	return &converter{strs: make(map[string]*ast.Term, 4*servers), memo: make(map[string]*ast.Term, 2*servers),
		key: make([]byte, 0, 512)}
}

// maxCachedInt bounds converter.ints.
const maxCachedInt = 1 << 20

func (c *converter) int(i int) *ast.Term {
	if i < 0 || i >= maxCachedInt {
		return ast.InternedTerm(i)
	}
	if i >= len(c.ints) {
		c.ints = append(c.ints, make([]*ast.Term, i+1-len(c.ints))...)
	}
	t := c.ints[i]
	if t == nil {
		t = ast.InternedTerm(i)
		c.ints[i] = t
	}
	return t
}

func (c *converter) str(s string) *ast.Term {
	if t, ok := c.strs[s]; ok {
		return t
	}
	t := ast.InternedTerm(s)
	c.strs[s] = t
	return t
}

// serversTerm converts the servers in contiguous chunks, one converter
// per core.
func (c *converter) serversTerm(servers []ServerFact) *ast.Term {
	if len(servers) == 0 {
		return ast.InternedEmptyArray
	}
	ts := make([]*ast.Term, len(servers))
	workers := runtime.GOMAXPROCS(0)
	if len(servers) < 64 || workers < 2 {
		for i := range servers {
			ts[i] = c.rowServerFact(&servers[i])
		}
		return ast.NewTerm(ast.NewArray(ts...))
	}
	var g parallel.Group
	chunk := (len(servers) + workers - 1) / workers
	for lo := 0; lo < len(servers); lo += chunk {
		hi := min(lo+chunk, len(servers))
		cc := c
		if lo > 0 {
			cc = newConverter(hi - lo)
		}
		g.Go(func() {
			for i := lo; i < hi; i++ {
				ts[i] = cc.rowServerFact(&servers[i])
			}
		})
	}
	g.Wait()
	return ast.NewTerm(ast.NewArray(ts...))
}

var (
	layoutOnce sync.Once
	layoutOK   bool
)

// generatedCurrent reports whether astvalue_gen.go converts every field
// of the types as compiled. It reads only the JSON names (a start-up
// cost of microseconds): a field removed or retyped would not compile.
func generatedCurrent() bool {
	layoutOnce.Do(func() { layoutOK = fieldsCurrent(genFields) })
	return layoutOK
}

// genType is a struct type and the JSON names of its fields, sorted.
type genType struct {
	t    reflect.Type
	json []string
}

func fieldsCurrent(types []genType) bool {
	for _, g := range types {
		n := 0
		for i := 0; i < g.t.NumField(); i++ {
			name, ok := jsonName(g.t.Field(i))
			if !ok {
				continue
			}
			if j := sort.SearchStrings(g.json, name); j == len(g.json) || g.json[j] != name {
				return false
			}
			n++
		}
		if n != len(g.json) {
			return false
		}
	}
	return true
}

// reflectValue is the conversion by reflection, for a stale
// astvalue_gen.go.
func reflectValue(in *Input) ast.Value {
	servers := make([]*ast.Term, len(in.Servers))
	parallel.For(len(in.Servers), func(i int) {
		servers[i] = valueOf(reflect.ValueOf(&in.Servers[i]))
	})
	rest := *in
	rest.Servers = nil
	obj := valueOf(reflect.ValueOf(rest)).Value.(ast.Object)
	obj.Insert(ast.StringTerm("servers"), ast.ArrayTerm(servers...))
	return obj
}

type fieldInfo struct {
	index int
	key   *ast.Term
}

var fieldCache sync.Map // reflect.Type -> []fieldInfo

func fieldsOf(t reflect.Type) []fieldInfo {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]fieldInfo)
	}
	var out []fieldInfo
	for i := 0; i < t.NumField(); i++ {
		if name, ok := jsonName(t.Field(i)); ok {
			out = append(out, fieldInfo{index: i, key: ast.StringTerm(name)})
		}
	}
	fieldCache.Store(t, out)
	return out
}

func valueOf(v reflect.Value) *ast.Term {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return ast.InternedNullTerm
		}
		return valueOf(v.Elem())
	case reflect.Struct:
		fs := fieldsOf(v.Type())
		kvs := make([][2]*ast.Term, 0, len(fs))
		for _, f := range fs {
			kvs = append(kvs, [2]*ast.Term{f.key, valueOf(v.Field(f.index))})
		}
		return ast.ObjectTerm(kvs...)
	case reflect.Slice, reflect.Array:
		if v.Len() == 0 {
			// One shared term for every empty list: most lists of a server
			// are empty, and each copy would stay live, and be marked by
			// every collection, for the whole evaluation.
			return ast.InternedEmptyArray
		}
		terms := make([]*ast.Term, v.Len())
		for i := range terms {
			terms[i] = valueOf(v.Index(i))
		}
		return ast.ArrayTerm(terms...)
	case reflect.Map:
		if v.Len() == 0 {
			return ast.InternedEmptyObject
		}
		kvs := make([][2]*ast.Term, 0, v.Len())
		it := v.MapRange()
		for it.Next() {
			kvs = append(kvs, [2]*ast.Term{ast.StringTerm(it.Key().String()), valueOf(it.Value())})
		}
		return ast.ObjectTerm(kvs...)
	case reflect.String:
		return ast.InternedTerm(v.String())
	case reflect.Bool:
		return ast.InternedTerm(v.Bool())
	case reflect.Int, reflect.Int64, reflect.Int32:
		return ast.InternedTerm(int(v.Int()))
	case reflect.Float64, reflect.Float32:
		return ast.FloatNumberTerm(v.Float())
	}
	return ast.InternedNullTerm
}

// jsonName is the name encoding/json gives an exported field, and false
// for fields it leaves out. The input's ast.Value and its JSON Schema both
// use it, so they agree.
func jsonName(sf reflect.StructField) (string, bool) {
	if !sf.IsExported() {
		return "", false
	}
	name := sf.Name
	if tag, ok := sf.Tag.Lookup("json"); ok {
		n, _, _ := strings.Cut(tag, ",")
		if n == "-" {
			return "", false
		}
		if n != "" {
			name = n
		}
	}
	return name, true
}
