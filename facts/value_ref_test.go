package facts

import (
	"reflect"

	"github.com/open-policy-agent/opa/v1/ast"
)

// refValue is the reflective conversion Value replaced, kept as the
// reference the fast one must equal: every struct field under its JSON
// name, nil pointers as null, empty lists and maps as [] and {}.
func refValue(in *Input) ast.Value {
	servers := make([]*ast.Term, len(in.Servers))
	for i := range in.Servers {
		servers[i] = refValueOf(reflect.ValueOf(&in.Servers[i]))
	}
	rest := *in
	rest.Servers = nil
	obj := refValueOf(reflect.ValueOf(rest)).Value.(ast.Object)
	obj.Insert(ast.StringTerm("servers"), ast.ArrayTerm(servers...))
	return obj
}

func refValueOf(v reflect.Value) *ast.Term {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return ast.InternedNullTerm
		}
		return refValueOf(v.Elem())
	case reflect.Struct:
		t := v.Type()
		var kvs [][2]*ast.Term
		for i := 0; i < t.NumField(); i++ {
			if name, ok := jsonName(t.Field(i)); ok {
				kvs = append(kvs, [2]*ast.Term{ast.StringTerm(name), refValueOf(v.Field(i))})
			}
		}
		return ast.ObjectTerm(kvs...)
	case reflect.Slice, reflect.Array:
		if v.Len() == 0 {
			return ast.InternedEmptyArray
		}
		terms := make([]*ast.Term, v.Len())
		for i := range terms {
			terms[i] = refValueOf(v.Index(i))
		}
		return ast.ArrayTerm(terms...)
	case reflect.Map:
		if v.Len() == 0 {
			return ast.InternedEmptyObject
		}
		var kvs [][2]*ast.Term
		it := v.MapRange()
		for it.Next() {
			kvs = append(kvs, [2]*ast.Term{ast.StringTerm(it.Key().String()), refValueOf(it.Value())})
		}
		return ast.ObjectTerm(kvs...)
	case reflect.String:
		return ast.StringTerm(v.String())
	case reflect.Bool:
		return ast.BooleanTerm(v.Bool())
	case reflect.Int, reflect.Int64, reflect.Int32:
		return ast.IntNumberTerm(int(v.Int()))
	case reflect.Float64, reflect.Float32:
		return ast.FloatNumberTerm(v.Float())
	}
	return ast.InternedNullTerm
}
