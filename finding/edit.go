package finding

import (
	"sort"
	"strings"
)

// Apply applies edits to src. Edits are sorted by position; one that
// overlaps an earlier one is skipped and returned in skipped.
func Apply(src []byte, edits []Edit) (out []byte, applied, skipped []Edit) {
	es := append([]Edit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Range.Start.Offset < es[j].Range.Start.Offset })
	var b strings.Builder
	last := 0
	var prev *Edit
	for i := range es {
		e := es[i]
		s, t := e.Range.Start.Offset, e.Range.End.Offset
		if prev != nil && s == prev.Range.Start.Offset && t == prev.Range.End.Offset && e.NewText == prev.NewText {
			continue // the same edit again (findings sharing one fix)
		}
		prev = &es[i]
		if s < last || t < s || t > len(src) {
			skipped = append(skipped, e)
			continue
		}
		b.Write(src[last:s])
		b.WriteString(e.NewText)
		last = t
		applied = append(applied, e)
	}
	b.Write(src[last:])
	return []byte(b.String()), applied, skipped
}

// FileFixes collects the edits of every fixable finding per file, in the
// order the findings come.
func FileFixes(fs []Finding) (map[string][]Edit, []string) {
	byFile := map[string][]Edit{}
	var files []string
	for _, f := range fs {
		if f.Fix == nil {
			continue
		}
		for _, e := range f.Fix.Edits {
			if _, ok := byFile[e.File]; !ok {
				files = append(files, e.File)
			}
			byFile[e.File] = append(byFile[e.File], e)
		}
	}
	sort.Strings(files)
	return byFile, files
}
