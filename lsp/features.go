package lsp

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/mcplint/mcplint/rules"
)

// codeActions offers a quick fix for each fixable finding whose range
// meets the requested one, built from the same edits `mcplint fix` applies,
// and a source.fixAll action with every fix of the file.
func (s *Server) codeActions(p *CodeActionParams) []CodeAction {
	out := []CodeAction{}
	path, err := s.pathOf(p.TextDocument.URI)
	if err != nil {
		return out
	}
	res := s.results[path]
	if res == nil {
		return out
	}
	if kindWanted(p.Context.Only, KindQuickFix) {
		for _, e := range res.entries {
			if e.f == nil || e.f.Fix == nil || len(e.fix) == 0 || !overlaps(e.diag.Range, p.Range) {
				continue
			}
			title := mask(e.f.Fix.Title)
			if title == "" {
				title = "Fix " + mask(e.f.Rule)
			}
			out = append(out, CodeAction{
				Title:       title,
				Kind:        KindQuickFix,
				Diagnostics: []Diagnostic{e.diag},
				IsPreferred: true,
				Edit:        s.workspaceEdit(e.fix),
			})
		}
	}
	if kindWanted(p.Context.Only, KindQuickFix) {
		out = append(out, s.ignoreActions(path, res, p.Range)...)
	}
	if kindWanted(p.Context.Only, KindSourceFixAll) {
		edit, n := s.fixAllEdit(path)
		// Asked for by kind (fix on save), or worth listing next to the
		// single fixes.
		if n >= 2 || (n == 1 && len(p.Context.Only) > 0) {
			out = append(out, CodeAction{
				Title: fmt.Sprintf("Fix all %d fixable mcplint findings in this file", n),
				Kind:  KindSourceFixAll,
				Edit:  edit,
			})
		}
	}
	return out
}

// kindWanted applies the client's "only" filter: a kind matches an entry
// equal to it or to one of its parents ("source" matches source.fixAll).
func kindWanted(only []string, kind string) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if kind == o || strings.HasPrefix(kind, o+".") {
			return true
		}
	}
	return false
}

// nonOverlapping keeps edits in file and offset order, dropping any that
// overlap an earlier one (as finding.Apply does) and exact repeats.
func nonOverlapping(es []fileEdit) []fileEdit {
	sorted := append([]fileEdit(nil), es...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].path != sorted[j].path {
			return sorted[i].path < sorted[j].path
		}
		return sorted[i].edit.Range.Start.Offset < sorted[j].edit.Range.Start.Offset
	})
	var out []fileEdit
	for _, e := range sorted {
		if n := len(out); n > 0 && out[n-1].path == e.path {
			prev := out[n-1].edit
			if prev.Range.Start.Offset == e.edit.Range.Start.Offset && prev.Range.End.Offset == e.edit.Range.End.Offset && prev.NewText == e.edit.NewText {
				continue
			}
			if e.edit.Range.Start.Offset < prev.Range.End.Offset || (e.edit.Range.Start.Offset == prev.Range.Start.Offset && prev.Range.End.Offset == prev.Range.Start.Offset) {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// workspaceEdit turns fix edits into LSP text edits, grouped per file. A
// client that supports versioned edits gets the linted version of each
// open document, so it refuses edits made for text that changed since.
func (s *Server) workspaceEdit(es []fileEdit) *WorkspaceEdit {
	byFile := map[string][]TextEdit{}
	var files []string
	for _, e := range nonOverlapping(es) {
		if _, ok := byFile[e.path]; !ok {
			files = append(files, e.path)
		}
		byFile[e.path] = append(byFile[e.path], TextEdit{Range: toRange(e.edit.Range), NewText: e.edit.NewText})
	}
	sort.Strings(files)
	we := &WorkspaceEdit{}
	if s.caps.Workspace.WorkspaceEdit.DocumentChanges {
		for _, f := range files {
			id := OptionalVersionedTextDocumentIdentifier{URI: s.uriOf(f)}
			if d := s.docs[f]; d != nil {
				v := d.version
				id.Version = &v
			}
			we.DocumentChanges = append(we.DocumentChanges, DocumentChange{TextDocumentEdit: &TextDocumentEdit{TextDocument: id, Edits: byFile[f]}})
		}
		return we
	}
	we.Changes = map[string][]TextEdit{}
	for _, f := range files {
		we.Changes[s.uriOf(f)] = byFile[f]
	}
	return we
}

// hover explains the findings under the cursor: the rule's id and title,
// the finding's message, its fix, and the rule's explanation.
func (s *Server) hover(p *TextDocumentPositionParams) *Hover {
	path, err := s.pathOf(p.TextDocument.URI)
	if err != nil {
		return nil
	}
	res := s.results[path]
	if res == nil {
		return nil
	}
	md := s.markdown()
	var parts []string
	var rng *Range
	for _, e := range res.entries {
		if !contains(e.diag.Range, p.Position) {
			continue
		}
		parts = append(parts, s.hoverText(e, md))
		if rng == nil {
			r := e.diag.Range
			rng = &r
		}
	}
	if len(parts) == 0 {
		return nil
	}
	sep := "\n\n---\n\n"
	kind := "markdown"
	if !md {
		sep, kind = "\n\n", "plaintext"
	}
	return &Hover{Contents: MarkupContent{Kind: kind, Value: strings.Join(parts, sep)}, Range: rng}
}

// markdown reports whether the client renders markdown hovers (assumed
// when it does not say).
func (s *Server) markdown() bool {
	fs := s.caps.TextDocument.Hover.ContentFormat
	if len(fs) == 0 {
		return true
	}
	for _, f := range fs {
		if f == "markdown" {
			return true
		}
	}
	return false
}

func (s *Server) hoverText(e entry, md bool) string {
	if e.f == nil {
		if md {
			return escapeMarkdown(e.diag.Message)
		}
		return e.diag.Message
	}
	f := e.f
	r, known := s.opts.Engine.Rule(f.Rule)
	var b strings.Builder
	if md {
		fmt.Fprintf(&b, "**%s**", escapeMarkdown(mask(f.Rule)))
		if known {
			fmt.Fprintf(&b, ": %s", escapeMarkdown(mask(r.Title)))
		}
		fmt.Fprintf(&b, " (%s)\n\n%s\n", f.Level, escapeMarkdown(e.diag.Message))
		if f.Fix != nil && f.Fix.Title != "" {
			fmt.Fprintf(&b, "\nQuick fix: %s\n", escapeMarkdown(mask(f.Fix.Title)))
			if f.Fix.Note != "" {
				fmt.Fprintf(&b, "\nThen: %s\n", escapeMarkdown(mask(f.Fix.Note)))
			}
		}
		if known {
			if para := firstParagraph(r.Description); para != "" {
				fmt.Fprintf(&b, "\n%s\n", escapeMarkdown(mask(para)))
			}
			if r.HelpURL != "" {
				fmt.Fprintf(&b, "\n[%s documentation](%s)\n", escapeMarkdown(mask(f.Rule)), r.HelpURL)
			}
		}
		return strings.TrimRight(b.String(), "\n")
	}
	// A policy's id and title are untrusted text.
	fmt.Fprintf(&b, "%s", mask(f.Rule))
	if known {
		fmt.Fprintf(&b, ": %s", mask(r.Title))
	}
	fmt.Fprintf(&b, " (%s)\n\n%s\n", f.Level, e.diag.Message)
	if f.Fix != nil && f.Fix.Title != "" {
		fmt.Fprintf(&b, "\nQuick fix: %s\n", mask(f.Fix.Title))
		if f.Fix.Note != "" {
			fmt.Fprintf(&b, "Then: %s\n", mask(f.Fix.Note))
		}
	}
	if known {
		if para := firstParagraph(r.Description); para != "" {
			fmt.Fprintf(&b, "\n%s\n", mask(para))
		}
		if r.HelpURL != "" {
			fmt.Fprintf(&b, "\nDocumentation: %s\n", r.HelpURL)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// explanation is the text `mcplint explain` prints for the rule, up to
// its examples (which the rule's documentation page shows; in a hover
// they would bury the explanation), with any secret-shaped text masked.
func explanation(r *rules.Rule) string {
	text := rules.Explain(r)
	for _, cut := range []string{"\nFailing example:", "\nPassing example:"} {
		if i := strings.Index(text, cut); i >= 0 {
			text = text[:i]
		}
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = mask(l)
	}
	return strings.Join(lines, "\n")
}

// escapeMarkdown makes text show literally in markdown (masks such as
// "ghp_…****" included). Only the characters that start emphasis, code,
// links or HTML are escaped, and "_" only at a word's edge (CommonMark
// never reads GITHUB_TOKEN as emphasis), since some editors show the
// backslashes.
func escapeMarkdown(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case r == '_':
			if i == 0 || i == len(rs)-1 || !isWordRune(rs[i-1]) || !isWordRune(rs[i+1]) {
				b.WriteByte('\\')
			}
		case strings.ContainsRune("\\`*[]<>~", r):
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
