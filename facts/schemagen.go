package facts

import (
	"encoding/json"
	"reflect"
)

//go:generate go test -run ^TestInputSchemaIsCurrent$ -update-schema

// InputSchema derives the JSON Schema of the policy input from the Go
// types, so the schema published in schema/input.schema.json (and used to
// type-check policies) can never drift from what the engine sends.
func InputSchema() []byte {
	s := schemaOf(reflect.TypeOf(Input{}))
	s["$schema"] = "http://json-schema.org/draft-07/schema#"
	s["$id"] = "https://mcplint.dev/schema/input.schema.json"
	s["title"] = "mcplint policy input"
	s["description"] = "What every mcplint policy sees as input: the documents, servers and facts of one run. Values are masked; no secret is ever present."
	b, _ := json.MarshalIndent(s, "", "  ")
	return append(b, '\n')
}

func schemaOf(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		return map[string]any{"anyOf": []any{schemaOf(t.Elem()), map[string]any{"type": "null"}}}
	case reflect.Struct:
		props := map[string]any{}
		var required []string
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			name, ok := jsonName(sf)
			if !ok {
				continue
			}
			props[name] = schemaOf(sf.Type)
			required = append(required, name)
		}
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem())}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int64, reflect.Int32:
		return map[string]any{"type": "integer"}
	case reflect.Float64, reflect.Float32:
		return map[string]any{"type": "number"}
	}
	return map[string]any{}
}
