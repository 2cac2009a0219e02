package rules

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/facts"
)

// decodeFinding reads one policy result as encoding/json would decode it
// into rawFinding (null leaves a field as it is, a wrong type is an
// error), without writing and re-reading it as JSON.
func decodeFinding(it any) (rawFinding, error) {
	f := rawFinding{Server: -1, Doc: -1}
	m, ok := it.(map[string]any)
	if !ok {
		return f, resultError(it, "want an object")
	}
	for k, v := range m {
		if v == nil {
			continue
		}
		var err error
		switch strings.ToLower(k) {
		case "rule":
			err = decodeString(v, &f.Rule)
		case "doc":
			err = decodeInt(v, &f.Doc)
		case "server":
			err = decodeInt(v, &f.Server)
		case "pointer":
			err = decodeString(v, &f.Pointer)
		case "key":
			err = decodeBool(v, &f.Key)
		case "offset":
			var n int
			if err = decodeInt(v, &n); err == nil {
				f.Offset = &n
			}
		case "end":
			var n int
			if err = decodeInt(v, &n); err == nil {
				f.End = &n
			}
		case "message":
			err = decodeString(v, &f.Message)
		case "level":
			err = decodeString(v, &f.Level)
		case "related":
			err = decodeRelated(v, &f.Related)
		case "fix":
			err = decodeFix(v, &f.Fix)
		}
		if err != nil {
			return f, resultError(it, fmt.Sprintf("%s: %v", k, err))
		}
	}
	return f, nil
}

func resultError(it any, why string) error {
	b, _ := json.Marshal(it)
	return fmt.Errorf("rule result %s: %s", b, why)
}

func decodeString(v any, dst *string) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("%T is not a string", v)
	}
	*dst = s
	return nil
}

func decodeBool(v any, dst *bool) error {
	b, ok := v.(bool)
	if !ok {
		return fmt.Errorf("%T is not a boolean", v)
	}
	*dst = b
	return nil
}

func decodeInt(v any, dst *int) error {
	var s string
	switch n := v.(type) {
	case json.Number:
		s = string(n)
	case float64:
		s = strconv.FormatFloat(n, 'f', -1, 64)
	case int:
		*dst = n
		return nil
	default:
		return fmt.Errorf("%T is not a number", v)
	}
	n, err := strconv.ParseInt(s, 10, 0)
	if err != nil {
		return fmt.Errorf("%s is not an integer", s)
	}
	*dst = int(n)
	return nil
}

func decodeRelated(v any, dst *[]rawRelated) error {
	items, ok := v.([]any)
	if !ok {
		return fmt.Errorf("%T is not an array", v)
	}
	out := make([]rawRelated, 0, len(items))
	for _, it := range items {
		var r rawRelated
		if it != nil {
			m, ok := it.(map[string]any)
			if !ok {
				return fmt.Errorf("%T is not an object", it)
			}
			for k, x := range m {
				if x == nil {
					continue
				}
				var err error
				switch strings.ToLower(k) {
				case "doc":
					err = decodeInt(x, &r.Doc)
				case "pointer":
					err = decodeString(x, &r.Pointer)
				case "key":
					err = decodeBool(x, &r.Key)
				case "message":
					err = decodeString(x, &r.Message)
				}
				if err != nil {
					return fmt.Errorf("%s: %w", k, err)
				}
			}
		}
		out = append(out, r)
	}
	*dst = out
	return nil
}

func decodeFix(v any, dst **facts.FixIntent) error {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("%T is not an object", v)
	}
	fi := &facts.FixIntent{}
	for k, x := range m {
		if x == nil {
			continue
		}
		var err error
		switch strings.ToLower(k) {
		case "kind":
			err = decodeString(x, &fi.Kind)
		case "pointer":
			err = decodeString(x, &fi.Pointer)
		case "value":
			err = decodeString(x, &fi.Value)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	*dst = fi
	return nil
}

// interner keeps one copy of each repeated string (file paths, rule ids,
// clients) across the parts of a check.
// The unpacker (pack.go) looks strings up by their bytes.
type interner map[string]string
