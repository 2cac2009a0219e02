package report

import (
	"fmt"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
)

// Sources serves the masked lines (Source) and the raw bytes (Diff) of
// the documents of one workspace.
type Sources struct {
	docs   map[string]*loader.Document
	masked map[string][]string
}

// SourcesOf indexes the documents of ws by their shown path.
func SourcesOf(ws *loader.Workspace) *Sources {
	m := &Sources{docs: map[string]*loader.Document{}, masked: map[string][]string{}}
	for _, d := range ws.Documents {
		m.docs[d.Path] = d
	}
	return m
}

// Bytes returns a file's bytes as read, with its format (Diff's read).
func (m *Sources) Bytes(file string) ([]byte, syntax.Format, error) {
	if d := m.docs[file]; d != nil && d.File != nil {
		return d.File.Src, d.Format, nil
	}
	return nil, 0, fmt.Errorf("not read")
}

// Line returns line n of a file with every secret masked.
func (m *Sources) Line(file string, n int) (string, bool) {
	lines, ok := m.masked[file]
	if !ok {
		d := m.docs[file]
		if d == nil || d.File == nil {
			return "", false
		}
		lines = facts.ExcerptLines(d)
		m.masked[file] = lines
	}
	if n < 1 || n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}
