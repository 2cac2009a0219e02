package lsp

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/loader"
)

// Pull diagnostics. A client that says it pulls (textDocument.diagnostic
// in its capabilities) gets diagnosticProvider and no pushes: it asks for
// an open document's diagnostics (textDocument/diagnostic) and for every
// file of the workspace (workspace/diagnostic), and the server asks it to
// ask again (workspace/diagnostic/refresh) when a lint changed any file's
// diagnostics. Other clients get publishDiagnostics as before.

// resultID names a file's diagnostics: equal lists have equal ids, so an
// unchanged file is answered "unchanged".
func resultID(es []entry) string {
	if len(es) == 0 {
		return "empty"
	}
	h := fnv.New64a()
	for _, e := range es {
		b, _ := json.Marshal(e.diag)
		_, _ = h.Write(b)
		_, _ = h.Write([]byte{0})
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

func diagnosticsOf(es []entry) *[]Diagnostic {
	out := make([]Diagnostic, 0, len(es))
	for _, e := range es {
		out = append(out, e.diag)
	}
	return &out
}

func (s *Server) documentDiagnostic(p *DocumentDiagnosticParams) (any, *rpcError) {
	path, err := s.pathOf(p.TextDocument.URI)
	if err != nil {
		return nil, &rpcError{codeInvalidParams, err.Error()}
	}
	s.flush()
	var es []entry
	if r := s.results[path]; r != nil {
		es = r.entries
	}
	id := resultID(es)
	if p.PreviousResultID != "" && p.PreviousResultID == id {
		return DocumentDiagnosticReport{Kind: ReportUnchanged, ResultID: id}, nil
	}
	return DocumentDiagnosticReport{Kind: ReportFull, ResultID: id, Items: diagnosticsOf(es)}, nil
}

// workspaceDiagnostic reports every file of the workspace folders'
// projects (linted once when first asked, then kept current) and the open
// documents, and clears the files reported before that have no
// diagnostics now.
func (s *Server) workspaceDiagnostic(p *WorkspaceDiagnosticParams) WorkspaceDiagnosticReport {
	s.pinWorkspace()
	s.flush()
	prev := map[string]string{}
	for _, r := range p.PreviousResultIDs {
		prev[r.URI] = r.Value
	}
	out := WorkspaceDiagnosticReport{Items: []WorkspaceDocumentDiagnosticReport{}}
	seen := map[string]bool{}
	paths := make([]string, 0, len(s.results))
	for path := range s.results {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		r := s.results[path]
		uri := s.uriOf(path)
		seen[uri] = true
		out.Items = append(out.Items, s.workspaceReport(uri, path, r.entries, prev))
	}
	var gone []string
	for uri := range prev {
		if !seen[uri] {
			gone = append(gone, uri)
		}
	}
	sort.Strings(gone)
	for _, uri := range gone {
		path, _ := s.pathOf(uri)
		out.Items = append(out.Items, s.workspaceReport(uri, path, nil, prev))
	}
	return out
}

func (s *Server) workspaceReport(uri, path string, es []entry, prev map[string]string) WorkspaceDocumentDiagnosticReport {
	rep := WorkspaceDocumentDiagnosticReport{URI: uri, ResultID: resultID(es)}
	if d := s.docs[path]; d != nil && path != "" {
		v := d.version
		rep.Version = &v
	}
	if prev[uri] == rep.ResultID {
		rep.Kind = ReportUnchanged
		return rep
	}
	rep.Kind = ReportFull
	rep.Items = diagnosticsOf(es)
	return rep
}

// pinWorkspace makes a lint unit for every project under the workspace
// folders, so workspace/diagnostic covers files no one opened. They stay
// until the folders change.
func (s *Server) pinWorkspace() {
	if s.pinned != nil {
		return
	}
	s.pinned = map[string]bool{}
	for _, root := range s.roots {
		ws, err := loader.Load(loader.Options{Paths: []string{root}, Home: s.homeFor(root), MaxFileSize: s.opts.MaxFileSize, WorkDir: s.wd})
		if err != nil {
			s.logf("cannot walk %s: %v", root, err)
			continue
		}
		dirs := map[string]bool{}
		for _, d := range ws.Documents {
			if !within(root, d.AbsPath) {
				continue // a user-level file: linted with the projects
			}
			dir := d.ProjectDir
			if dir == "" || !within(root, dir) || !s.walkable(dir) || !isDir(dir) {
				dir = root
			}
			dirs[dir] = true
		}
		for dir := range dirs {
			key := "dir:" + dir
			if s.units[key] == nil {
				s.units[key] = &unit{key: key, folder: dir, published: map[string]bool{}, stale: true}
				s.dirty[key] = true
			}
			s.pinned[key] = true
		}
	}
}

// refreshDiagnostics asks a pulling client to pull again.
func (s *Server) refreshDiagnostics() {
	if s.pull && s.caps.Workspace.Diagnostics.RefreshSupport {
		s.call("workspace/diagnostic/refresh", nil, nil)
	}
}

// pathOf is the path that stands for a document: its file, or for an
// untitled document the path given it when it was opened.
func (s *Server) pathOf(uri string) (string, error) {
	if p, ok := s.untitled[uri]; ok {
		return p, nil
	}
	return uriToPath(uri)
}

// untitledPath gives an untitled document (never saved: "untitled:Untitled-1")
// a path that exists nowhere, with the extension of its language, so it is
// linted on its own, recognised by its content. An untitled URI that
// carries an absolute path (a new file the editor already named) keeps
// it, so it is linted with its project.
func (s *Server) untitledPath(uri, languageID string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("bad document URI")
	}
	name := u.Opaque
	if name == "" {
		name = u.Path
	}
	if p := filepath.FromSlash(name); filepath.IsAbs(p) && filepath.Ext(p) != "" {
		return filepath.Clean(p), nil
	}
	ext := map[string]string{"json": ".json", "jsonc": ".jsonc", "toml": ".toml", "yaml": ".yaml"}[languageID]
	if ext == "" {
		return "", fmt.Errorf("untitled document in language %q: mcplint reads json, jsonc, toml and yaml", safeMethod(languageID))
	}
	clean := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < 0x20 {
			return '_'
		}
		return r
	}, name)
	if clean == "" || clean == "." || clean == ".." {
		clean = "untitled"
	}
	if len(clean) > 64 {
		clean = clean[:64]
	}
	if filepath.Ext(clean) == "" {
		clean += ext
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("mcplint-untitled-%d", os.Getpid()), clean), nil
}
