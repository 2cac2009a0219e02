package syntax

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzParseYAML checks that parseYAML never panics, that every span of a
// successful parse lies inside the source, that small documents hold the
// same data yaml.v3 decodes, and that every scalar's span reads back as the
// same scalar.
func FuzzParseYAML(f *testing.F) {
	for _, s := range yamlValidDocs {
		f.Add([]byte(s))
	}
	for _, s := range []string{
		"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
		"a: 1\nb:\n  - x\n  y: 2\n",
		"x: {a: 1, b: 2\n",
		"? [a]\n: 1\n",
		"- - - - [[[{a: [",
		"a: |2-\n   x\n  y\n",
		"a: &a\n  <<: *a\n",
		"\ufeffk: \"\\u00e9\"\u2028l: m\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		root, perr := parseYAML(src)
		if perr != nil {
			if root != nil {
				t.Fatalf("root and error %v", perr)
			}
			if perr.Offset < 0 || perr.Offset > len(src) {
				t.Fatalf("error offset %d outside [0,%d]: %v", perr.Offset, len(src), perr)
			}
			if perr.Msg == "" {
				t.Fatalf("empty error message")
			}
			return
		}
		if root == nil {
			return
		}
		tomlCheckSpans(t, src, root, false)
		yamlCheckScalarSpans(t, src, root)
		if len(src) > 2048 || yamlExpanded(root, 10000) > 10000 {
			return // keep the comparison cheap
		}
		var want any
		if err := yaml.Unmarshal(src, &want); err != nil {
			return // duplicate keys and the like: only decoding refuses them
		}
		if yamlNonStringKeys(want) {
			return // "0" and "+0" are one key to yaml.v3, two to us
		}
		if got := yamlToGo(t, root); !yamlEqual(got, want) {
			t.Fatalf("tree %#v, yaml.v3 decoded %#v", got, want)
		}
	})
}

// yamlNonStringKeys reports whether a decoded document has a mapping with
// keys that are not strings.
func yamlNonStringKeys(v any) bool {
	switch v := v.(type) {
	case map[any]any:
		return true
	case map[string]any:
		for _, e := range v {
			if yamlNonStringKeys(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if yamlNonStringKeys(e) {
				return true
			}
		}
	}
	return false
}

// yamlExpanded counts the values of a tree with aliases expanded, stopping
// past limit.
func yamlExpanded(n *Node, limit int) int {
	count := 1
	for _, m := range n.Members {
		if count > limit {
			break
		}
		count += yamlExpanded(m.Value, limit-count)
	}
	for _, it := range n.Items {
		if count > limit {
			break
		}
		count += yamlExpanded(it, limit-count)
	}
	return count
}
