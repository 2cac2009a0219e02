package facts

import (
	"reflect"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/parallel"

	"github.com/open-policy-agent/opa/v1/ast"
)

// Value converts the policy input to OPA's value, the servers on every
// core. Going through encoding/json and back is the cost that dominates
// evaluation of large workspaces, so the struct fields are walked once
// per type and the strings interned.
func Value(in *Input) ast.Value {
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
