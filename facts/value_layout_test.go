package facts

import (
	"reflect"
	"sort"
	"strings"
)

// reflectLayout is genLayout read from the compiled types: per struct
// type reachable from Input, sorted by name, each field's Go name, JSON
// name and type, by JSON name.
func reflectLayout() string {
	structs := map[string]reflect.Type{}
	var visit func(t reflect.Type)
	visit = func(t reflect.Type) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			visit(t.Elem())
		case reflect.Struct:
			if _, ok := structs[t.Name()]; ok {
				return
			}
			structs[t.Name()] = t
			for i := 0; i < t.NumField(); i++ {
				if _, ok := jsonName(t.Field(i)); ok {
					visit(t.Field(i).Type)
				}
			}
		}
	}
	visit(reflect.TypeOf(Input{}))
	names := make([]string, 0, len(structs))
	for n := range structs {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		t := structs[n]
		type f struct{ goName, json, typ string }
		var fs []f
		for i := 0; i < t.NumField(); i++ {
			if json, ok := jsonName(t.Field(i)); ok {
				fs = append(fs, f{t.Field(i).Name, json, typeName(t.Field(i).Type)})
			}
		}
		sort.SliceStable(fs, func(i, j int) bool { return fs[i].json < fs[j].json })
		b.WriteString(n)
		for _, x := range fs {
			b.WriteString(" " + x.goName + ":" + x.json + ":" + x.typ)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// typeName spells t the way the generator does; a kind it cannot
// convert gets a name it never writes, so the layouts differ.
func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + typeName(t.Elem())
	case reflect.Slice:
		return "[]" + typeName(t.Elem())
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "?" + t.String()
		}
		return "map[string]" + typeName(t.Elem())
	case reflect.Struct:
		if t.PkgPath() != reflect.TypeOf(Input{}).PkgPath() {
			return "?" + t.String()
		}
		return t.Name()
	case reflect.String, reflect.Bool, reflect.Int:
		if t.Name() != t.Kind().String() {
			return "?" + t.String() // a named type: the generator refuses it
		}
		return t.Kind().String()
	}
	return "?" + t.String()
}
