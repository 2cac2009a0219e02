package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/rules"
)

// Commands of workspace/executeCommand.
const (
	// CommandFixAll applies every fix of a file (argument: the file's URI,
	// as a string or {"uri": ...}) through workspace/applyEdit.
	CommandFixAll = "mcplint.applyFixAll"
	// CommandExplain answers a rule's explanation and the address of its
	// documentation (argument: the rule id).
	CommandExplain = "mcplint.explain"
)

// ignoreReason is the reason written by "ignore this finding here", for the
// user to replace with the real one.
const ignoreReason = "TODO say why this is accepted"

// ignoreActions offers, for each finding in the range, to ignore it where
// it is: a `mcplint-ignore RULE: reason` comment on the line above it in
// the file's own comment syntax (// in JSONC, # in TOML and YAML), or, for
// a JSON file (which has no comments), an [[ignore]] entry in the
// project's .mcplint.toml (created when there is none).
func (s *Server) ignoreActions(path string, res *fileResult, rng Range) []CodeAction {
	var out []CodeAction
	seen := map[string]bool{}
	for _, e := range res.entries {
		if e.f == nil || e.f.Rule == unusedIgnoreRule || !overlaps(e.diag.Range, rng) {
			continue
		}
		key := fmt.Sprintf("%s@%d", e.f.Rule, e.diag.Range.Start.Line)
		if seen[key] {
			continue
		}
		seen[key] = true
		var a *CodeAction
		switch s.formats[path] {
		case syntax.JSONC:
			a = s.inlineIgnore(path, e, "//")
		case syntax.TOML, syntax.YAML:
			a = s.inlineIgnore(path, e, "#")
		default:
			a = s.configIgnore(path, e)
		}
		if a != nil {
			out = append(out, *a)
		}
	}
	return out
}

// textOf is a file's text: the open document's, else the file on disk.
func (s *Server) textOf(path string) ([]byte, bool) {
	if d := s.docs[path]; d != nil {
		return d.text, true
	}
	b, err := os.ReadFile(path)
	return b, err == nil
}

func (s *Server) inlineIgnore(path string, e entry, marker string) *CodeAction {
	text, ok := s.textOf(path)
	if !ok {
		return nil
	}
	line := e.diag.Range.Start.Line
	start := offsetAt(text, Position{Line: line})
	indent := text[start:]
	if i := bytes.IndexFunc(indent, func(r rune) bool { return r != ' ' && r != '\t' }); i >= 0 {
		indent = indent[:i]
	}
	newText := fmt.Sprintf("%s%s mcplint-ignore %s: %s\n", indent, marker, e.f.Rule, ignoreReason)
	at := Position{Line: line}
	return &CodeAction{
		Title:       fmt.Sprintf("Ignore %s here (%s mcplint-ignore comment)", mask(e.f.Rule), marker),
		Kind:        KindQuickFix,
		Diagnostics: []Diagnostic{e.diag},
		Edit:        s.editOf(map[string][]TextEdit{path: {{Range: Range{Start: at, End: at}, NewText: newText}}}, nil),
	}
}

// configIgnore adds an [[ignore]] for the finding's rule, file and server
// to the .mcplint.toml that applies to it.
func (s *Server) configIgnore(path string, e entry) *CodeAction {
	if s.opts.NoConfig {
		return nil // no .mcplint.toml is read
	}
	cfg := s.opts.ConfigPath
	if cfg == "" {
		start := filepath.Dir(path)
		if r := s.results[path]; r != nil {
			if u := s.units[r.unit]; u != nil && u.folder != "" {
				start = u.folder
			}
		}
		if cfg = rules.FindConfig(start); cfg == "" {
			cfg = filepath.Join(start, rules.ConfigFileName)
		}
	}
	rel, err := filepath.Rel(filepath.Dir(cfg), path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[[ignore]]\nrule = %s\npath = %s\n", tomlString(e.f.Rule), tomlString(filepath.ToSlash(rel)))
	if e.f.Server != "" {
		fmt.Fprintf(&b, "server = %s\n", tomlString(e.f.Server))
	}
	fmt.Fprintf(&b, "reason = %s\n", tomlString(ignoreReason))
	text, exists := s.textOf(cfg)
	var create *CreateFile
	at := Position{}
	insert := b.String()
	if exists {
		at = endPosition(text)
		switch {
		case len(text) == 0:
		case text[len(text)-1] != '\n':
			insert = "\n\n" + insert
		default:
			insert = "\n" + insert
		}
	} else {
		if !s.caps.Workspace.WorkspaceEdit.DocumentChanges {
			return nil // the client cannot create the file
		}
		create = &CreateFile{Kind: "create", URI: s.uriOf(cfg), Options: &CreateFileOption{IgnoreIfExists: true}}
	}
	return &CodeAction{
		Title:       fmt.Sprintf("Ignore %s for this file in %s", mask(e.f.Rule), rules.ConfigFileName),
		Kind:        KindQuickFix,
		Diagnostics: []Diagnostic{e.diag},
		Edit:        s.editOf(map[string][]TextEdit{cfg: {{Range: Range{Start: at, End: at}, NewText: insert}}}, create),
	}
}

// editOf makes a workspace edit of whole text edits, with a file to
// create first.
func (s *Server) editOf(byFile map[string][]TextEdit, create *CreateFile) *WorkspaceEdit {
	we := &WorkspaceEdit{}
	if s.caps.Workspace.WorkspaceEdit.DocumentChanges {
		if create != nil {
			we.DocumentChanges = append(we.DocumentChanges, DocumentChange{CreateFile: create})
		}
		for f, edits := range byFile {
			id := OptionalVersionedTextDocumentIdentifier{URI: s.uriOf(f)}
			if d := s.docs[f]; d != nil {
				v := d.version
				id.Version = &v
			}
			we.DocumentChanges = append(we.DocumentChanges, DocumentChange{TextDocumentEdit: &TextDocumentEdit{TextDocument: id, Edits: edits}})
		}
		return we
	}
	we.Changes = map[string][]TextEdit{}
	for f, edits := range byFile {
		we.Changes[s.uriOf(f)] = edits
	}
	return we
}

// tomlString is a TOML basic string (JSON's escapes are TOML's).
func tomlString(v string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}

// endPosition is the position after the last character of text.
func endPosition(text []byte) Position {
	line := bytes.Count(text, []byte{'\n'})
	last := text[bytes.LastIndexByte(text, '\n')+1:]
	return Position{Line: line, Character: len(utf16.Encode([]rune(string(last))))}
}

// fixAllEdit is every fix of a file, and how many findings they fix.
func (s *Server) fixAllEdit(path string) (*WorkspaceEdit, int) {
	res := s.results[path]
	if res == nil {
		return nil, 0
	}
	var all []fileEdit
	n := 0
	for _, e := range res.entries {
		if e.f != nil && e.f.Fix != nil && len(e.fix) > 0 {
			all = append(all, e.fix...)
			n++
		}
	}
	if n == 0 {
		return nil, 0
	}
	return s.workspaceEdit(nonOverlapping(all)), n
}

// ExplainResult answers the explain command.
type ExplainResult struct {
	Rule        string `json:"rule"`
	Title       string `json:"title"`
	URL         string `json:"url,omitempty"`
	Explanation string `json:"explanation"`
}

// FixAllResult answers the fix-all command.
type FixAllResult struct {
	// Fixed is how many findings the edit sent with workspace/applyEdit
	// fixes (0: nothing to fix, and no edit was sent).
	Fixed int `json:"fixed"`
}

func (s *Server) executeCommand(p *ExecuteCommandParams) (any, *rpcError) {
	arg := func() (string, *rpcError) {
		if len(p.Arguments) == 0 {
			return "", &rpcError{codeInvalidParams, p.Command + " needs an argument"}
		}
		var str string
		if json.Unmarshal(p.Arguments[0], &str) == nil {
			return str, nil
		}
		var obj struct {
			URI  string `json:"uri"`
			Rule string `json:"rule"`
		}
		if json.Unmarshal(p.Arguments[0], &obj) == nil && (obj.URI != "" || obj.Rule != "") {
			return obj.URI + obj.Rule, nil
		}
		return "", &rpcError{codeInvalidParams, p.Command + ": the argument is not a string or {\"uri\"} / {\"rule\"}"}
	}
	switch p.Command {
	case CommandFixAll:
		uri, rerr := arg()
		if rerr != nil {
			return nil, rerr
		}
		path, err := s.pathOf(uri)
		if err != nil {
			return nil, &rpcError{codeInvalidParams, err.Error()}
		}
		edit, n := s.fixAllEdit(path)
		if n == 0 {
			return FixAllResult{}, nil
		}
		if !s.caps.Workspace.ApplyEdit {
			return nil, &rpcError{codeInvalidRequest, "the client cannot apply edits (workspace.applyEdit)"}
		}
		s.call("workspace/applyEdit", ApplyWorkspaceEditParams{Label: "mcplint: fix all", Edit: edit}, nil)
		return FixAllResult{Fixed: n}, nil
	case CommandExplain:
		id, rerr := arg()
		if rerr != nil {
			return nil, rerr
		}
		r, ok := s.opts.Engine.Rule(id)
		if !ok {
			return nil, &rpcError{codeInvalidParams, "unknown rule " + mask(id)}
		}
		return ExplainResult{Rule: mask(r.ID), Title: mask(r.Title), URL: r.HelpURL, Explanation: explanation(r)}, nil
	}
	return nil, &rpcError{codeInvalidParams, "unknown command " + safeMethod(p.Command)}
}

// firstParagraph is the first paragraph of a rule's description, on one
// line.
func firstParagraph(desc string) string {
	desc = strings.TrimSpace(strings.ReplaceAll(desc, "\r\n", "\n"))
	if i := strings.Index(desc, "\n\n"); i >= 0 {
		desc = desc[:i]
	}
	return strings.Join(strings.Fields(desc), " ")
}
