package rules

import (
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/editdist"
	"github.com/mcplint/mcplint/policies"
)

var (
	builtinOnce sync.Once
	builtinList []string
)

// builtinIDs are the ids of the built-in rules, read from the embedded
// policy files (policies/rules/<category>/<name>.rego with METADATA), for
// suggestions where no engine is at hand.
func builtinIDs() []string {
	builtinOnce.Do(func() {
		_ = fs.WalkDir(policies.FS, "rules", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") || strings.HasSuffix(p, "_test.rego") {
				return nil
			}
			b, err := fs.ReadFile(policies.FS, p)
			if err != nil || !strings.HasPrefix(string(b), "# METADATA") {
				return nil
			}
			rel := strings.TrimPrefix(p, "rules/")
			cat, file := path.Split(rel)
			builtinList = append(builtinList, strings.TrimSuffix(cat, "/")+"/"+strings.ReplaceAll(strings.TrimSuffix(file, ".rego"), "_", "-"))
			return nil
		})
		sort.Strings(builtinList)
	})
	return builtinList
}

// Suggest names the rule id a mistyped one most likely meant ("" when
// none is close): the rule whose name alone was written (literal-key →
// secrets/literal-key), or one a couple of letters away.
func Suggest(id string, ids []string) string {
	want := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(id, "_", "-")))
	if want == "" {
		return ""
	}
	var byName []string
	for _, k := range ids {
		if k == want {
			return k
		}
		if _, name, ok := strings.Cut(k, "/"); ok && (name == want || strings.HasSuffix(want, "/"+name)) {
			byName = append(byName, k)
		}
	}
	if len(byName) == 1 {
		return byName[0]
	}
	best, bestD := "", 1<<30
	for _, k := range ids {
		d := editdist.Distance([]rune(want), []rune(k))
		if _, name, ok := strings.Cut(k, "/"); ok && !strings.Contains(want, "/") {
			d = min(d, editdist.Distance([]rune(want), []rune(name)))
		}
		if d < bestD {
			best, bestD = k, d
		}
	}
	if bestD <= max(1, len(want)/5) {
		return best
	}
	return ""
}

// didYouMean is ": did you mean X?" for an unknown rule id, or "".
func didYouMean(id string, ids []string) string {
	if s := Suggest(id, ids); s != "" && s != id {
		return ": did you mean " + s + "?"
	}
	return ""
}

// Suggest is Suggest over the engine's rules, custom policies included.
func (e *Engine) Suggest(id string) string {
	ids := make([]string, 0, len(e.catalog))
	for k := range e.catalog {
		ids = append(ids, k)
	}
	sort.Strings(ids)
	return Suggest(id, ids)
}
