package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/rules"
)

// unusedIgnoreRule reports an ignore that matches no finding.
const unusedIgnoreRule = "config/unused-ignore"

// checkTimeout bounds one policy evaluation.
const checkTimeout = 30 * time.Second

// unit is what one lint covers: a project folder (walked for every tier's
// file, as `mcplint check DIR` does) plus the open documents that belong
// to it, or, for a file outside every project that can be walked, the
// file alone.
type unit struct {
	key    string
	folder string // "" for a single-file unit
	// published holds the files this unit last sent diagnostics for, so
	// the ones that no longer have any are cleared.
	published map[string]bool
	// members are the project's files found by the last walk; stale
	// asks for a new walk.
	members []string
	stale   bool
}

// fileResult is the current diagnostics of one file.
type fileResult struct {
	unit    string
	version *int32 // the document version linted, for open documents
	entries []entry
}

// entry is one diagnostic and what it came from.
type entry struct {
	diag Diagnostic
	// f is the finding; nil for a diagnostic that is not one (a
	// .mcplint.toml that does not load).
	f   *finding.Finding
	fix []fileEdit
}

// fileEdit is one fix edit with the absolute path of its file.
type fileEdit struct {
	path string
	edit finding.Edit
}

// configEntry is a parsed .mcplint.toml and the file's state when it was
// read; a changed file is read again.
type configEntry struct {
	mod  time.Time
	size int64
	cfg  *rules.Config
	err  error
}

func (s *Server) didOpen(p *DidOpenTextDocumentParams) {
	path, err := s.pathOf(p.TextDocument.URI)
	if strings.HasPrefix(p.TextDocument.URI, "untitled:") {
		path, err = s.untitledPath(p.TextDocument.URI, p.TextDocument.LanguageID)
		if err == nil {
			s.untitled[p.TextDocument.URI] = path
		}
	}
	if err != nil {
		s.logf("didOpen: %v", err)
		return
	}
	text := []byte(p.TextDocument.Text)
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: text}
	old := s.docs[path]
	s.docs[path] = d
	d.unit = s.unitFor(path, text)
	s.touch(d.unit)
	if old != nil && old.unit != d.unit {
		// Opened again (without a close) and now in another unit.
		if s.unitInUse(old.unit) {
			s.dirty[old.unit] = true
		} else {
			s.dropUnit(old.unit)
		}
	}
}

func (s *Server) didChange(p *DidChangeTextDocumentParams) {
	path, err := s.pathOf(p.TextDocument.URI)
	if err != nil {
		s.logf("didChange: %v", err)
		return
	}
	d := s.docs[path]
	if d == nil {
		s.logf("didChange for a document that is not open")
		return
	}
	for _, ch := range p.ContentChanges {
		d.text = applyChange(d.text, ch)
	}
	d.version = p.TextDocument.Version
	s.dirty[d.unit] = true
}

func (s *Server) didSave(p *DidSaveTextDocumentParams) {
	path, err := s.pathOf(p.TextDocument.URI)
	if err != nil {
		s.logf("didSave: %v", err)
		return
	}
	d := s.docs[path]
	if d != nil && p.Text != nil {
		d.text = []byte(*p.Text)
	}
	if filepath.Base(path) == rules.ConfigFileName || path == s.opts.ConfigPath {
		// The settings of every project under it may have changed.
		s.configs = map[string]*configEntry{}
		s.dirtyAll()
		return
	}
	if d != nil {
		// A save may create the file the walk had not found.
		s.touch(d.unit)
	} else {
		s.dirtyAll()
	}
}

func (s *Server) didClose(p *DidCloseTextDocumentParams) {
	path, err := s.pathOf(p.TextDocument.URI)
	if err != nil {
		s.logf("didClose: %v", err)
		return
	}
	d := s.docs[path]
	if d == nil {
		return
	}
	delete(s.docs, path)
	// The untitled document's diagnostics are cleared under its URI.
	defer delete(s.untitled, p.TextDocument.URI)
	if s.unitInUse(d.unit) {
		// The file on disk (if any) stands in for the closed buffer now.
		s.touch(d.unit)
		return
	}
	s.dropUnit(d.unit)
}

func (s *Server) didChangeWatchedFiles(p *DidChangeWatchedFilesParams) {
	for _, c := range p.Changes {
		if path, err := uriToPath(c.URI); err == nil && (filepath.Base(path) == rules.ConfigFileName || path == s.opts.ConfigPath) {
			s.configs = map[string]*configEntry{}
		}
	}
	if len(p.Changes) > 0 {
		s.dirtyAll()
	}
}

func (s *Server) didChangeWorkspaceFolders(p *DidChangeWorkspaceFoldersParams) {
	removed := map[string]bool{}
	for _, f := range p.Event.Removed {
		if dir, err := uriToPath(f.URI); err == nil {
			removed[dir] = true
		}
	}
	roots := []string{}
	for _, r := range s.roots {
		if !removed[r] {
			roots = append(roots, r)
		}
	}
	for _, f := range p.Event.Added {
		if dir, err := uriToPath(f.URI); err == nil {
			roots = append(roots, dir)
		}
	}
	s.setRoots(roots)
	s.pinned = nil
	// Documents may now belong to other units.
	for _, path := range sortedDocPaths(s.docs) {
		d := s.docs[path]
		d.unit = s.unitFor(path, d.text)
		s.dirty[d.unit] = true
	}
	for key := range s.units {
		if !s.unitInUse(key) {
			s.dropUnit(key)
		}
	}
}

// dirtyAll asks for every unit to be walked and linted again: files
// may have changed on disk.
func (s *Server) dirtyAll() {
	for key := range s.units {
		s.touch(key)
	}
}

// touch asks for a unit to be walked and linted again.
func (s *Server) touch(key string) {
	if u := s.units[key]; u != nil {
		u.stale = true
	}
	s.dirty[key] = true
}

func (s *Server) unitInUse(key string) bool {
	if s.pinned[key] {
		return true
	}
	for _, d := range s.docs {
		if d.unit == key {
			return true
		}
	}
	return false
}

// dropUnit clears the diagnostics of a unit no open document belongs to.
func (s *Server) dropUnit(key string) {
	delete(s.dirty, key)
	u := s.units[key]
	if u == nil {
		return
	}
	delete(s.units, key)
	for _, path := range sortedKeys(u.published) {
		if r := s.results[path]; r != nil && r.unit == key {
			delete(s.results, path)
			s.publish(path, nil, nil)
		}
	}
}

// walkable reports whether dir may be walked as a project: not the home
// folder and not the root of a file system, which would mean reading
// every file under them on each keystroke.
func (s *Server) walkable(dir string) bool {
	if dir == "" || filepath.Dir(dir) == dir {
		return false
	}
	for _, h := range []string{s.userHome, s.opts.Home} {
		if h == "" {
			continue
		}
		if abs, err := filepath.Abs(h); err == nil && abs == dir {
			return false
		}
	}
	return true
}

// unitFor decides what is linted with a document: the project folder the
// loader assigns it (the folder of .mcp.json, the folder above
// .cursor/mcp.json; for a file at the top of the workspace, the workspace
// root), else the deepest workspace folder that holds it, else the file
// alone. The project folder, not the whole workspace, keeps a change to
// one project of a monorepo from re-linting all the others.
func (s *Server) unitFor(path string, text []byte) string {
	best := ""
	ws, err := loader.Load(loader.Options{Paths: []string{path}, Home: s.homeFor(path), MaxFileSize: s.opts.MaxFileSize,
		WorkDir: s.wd, Overlay: map[string][]byte{path: text}})
	if err == nil {
		for _, d := range ws.Documents {
			if d.AbsPath == path && d.ProjectDir != "" && s.walkable(d.ProjectDir) && isDir(d.ProjectDir) {
				best = d.ProjectDir
			}
		}
	}
	if best == "" {
		for _, r := range s.roots {
			if within(r, path) && len(r) > len(best) && isDir(r) {
				best = r
			}
		}
	}
	key := "file:" + path
	if best != "" {
		key = "dir:" + best
	}
	if s.units[key] == nil {
		s.units[key] = &unit{key: key, folder: best, published: map[string]bool{}, stale: true}
	}
	return key
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// members lists the files of a unit's project: every config the walk of
// its folder finds that belongs to the folder's project (not to a project
// nested below it). The walk runs again only after an open, a save, a
// close or a watched-file change; a change to an open document reuses
// the list, and its text comes from the overlay.
func (s *Server) members(u *unit) []string {
	if u.folder == "" {
		return nil
	}
	if !u.stale {
		return u.members
	}
	ws, err := loader.Load(loader.Options{Paths: []string{u.folder}, MaxFileSize: s.opts.MaxFileSize, WorkDir: s.wd})
	if err != nil {
		s.logf("cannot walk %s: %v", u.folder, err)
		return u.members
	}
	var nested []string
	for _, d := range ws.Documents {
		if d.ProjectDir != "" && d.ProjectDir != u.folder {
			nested = append(nested, d.ProjectDir)
		}
	}
	var out []string
	for _, d := range ws.Documents {
		switch {
		case d.Kind == loader.KindToolSnapshot || d.Kind == loader.KindToolPins:
			// Read by the loader from the members' project folder; named
			// as a path it would be read as an unknown file.
			continue
		case d.ProjectDir == u.folder:
		case d.ProjectDir == "" && !withinAny(nested, d.AbsPath):
			// A registry or catalogue document of this folder.
		default:
			continue
		}
		out = append(out, d.AbsPath)
	}
	sort.Strings(out)
	u.members, u.stale = out, false
	return out
}

func withinAny(dirs []string, path string) bool {
	for _, d := range dirs {
		if within(d, path) {
			return true
		}
	}
	return false
}

// within reports whether path is dir or below it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// flush lints every unit that changed.
func (s *Server) flush() {
	keys := sortedKeys(s.dirty)
	s.dirty = map[string]bool{}
	for _, key := range keys {
		if u := s.units[key]; u != nil {
			s.lintSafely(u)
		}
	}
	if s.changed {
		s.changed = false
		s.refreshDiagnostics()
	}
}

func (s *Server) lintSafely(u *unit) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("internal error while linting %s: %s\n%s", u.key, mask(fmt.Sprint(r)), debug.Stack())
		}
	}()
	s.lint(u)
}

// lint loads a unit with the open documents' text, checks it with the
// cached engine and publishes the diagnostics of every file that has
// findings, clearing those that no longer do.
func (s *Server) lint(u *unit) {
	overlay := make(map[string][]byte, len(s.docs))
	var mine []string
	for _, path := range sortedDocPaths(s.docs) {
		d := s.docs[path]
		overlay[path] = d.text
		if d.unit == u.key {
			mine = append(mine, path)
		}
	}
	var ws *loader.Workspace
	for attempt := 0; ; attempt++ {
		// The project's files and the open documents of the unit (an
		// open file the walk does not find by name is still read,
		// recognised by its content).
		seen := map[string]bool{}
		var paths []string
		for _, p := range append(append([]string(nil), s.members(u)...), mine...) {
			if filepath.Base(p) == rules.ConfigFileName {
				continue // mcplint's own settings: read by configFor
			}
			if !seen[p] {
				seen[p] = true
				paths = append(paths, p)
			}
		}
		if len(paths) == 0 {
			return
		}
		sort.Strings(paths)
		var err error
		opts := loader.Options{Paths: paths, Home: s.homeFor(paths[0]), MaxFileSize: s.opts.MaxFileSize,
			WorkDir: s.wd, Overlay: overlay}
		if u.folder == "" {
			// A file on its own (untitled, or outside every project):
			// read in the chosen client's dialect.
			opts.Client = s.settingsFor(paths[0]).Client
		}
		ws, err = loader.Load(opts)
		if err == nil {
			break
		}
		if attempt == 0 && u.folder != "" && !u.stale {
			// A file deleted since the walk: walk again.
			u.stale = true
			continue
		}
		s.logf("cannot load %s: %v", u.key, err)
		return
	}
	start := u.folder
	if start == "" && len(mine) > 0 {
		start = mine[0]
	}
	st := s.settingsFor(start)
	cfg, cfgDiag := s.configFor(start)
	ctx, cancel := context.WithTimeout(context.Background(), checkTimeout)
	defer cancel()
	findings, err := s.opts.Engine.Check(ctx, ws, cfg)
	if err != nil {
		s.logf("policy evaluation failed for %s: %v", u.key, err)
		return
	}

	abs := make(map[string]string, len(ws.Documents))
	quiet := map[string]bool{}
	for _, d := range ws.Documents {
		abs[d.Path] = d.AbsPath
		s.formats[d.AbsPath] = d.Format
		// An open file that is not an MCP config (package.json in an
		// editor attached to every JSON file) gets no diagnostics.
		if d.Explicit && d.Kind == loader.KindUnknown {
			quiet[d.AbsPath] = true
		}
	}
	resolve := func(display string) string {
		if p, ok := abs[display]; ok {
			return p
		}
		p := filepath.FromSlash(display)
		if !filepath.IsAbs(p) {
			p = filepath.Join(s.wd, p)
		}
		return filepath.Clean(p)
	}
	now := map[string][]entry{}
	for i := range findings {
		f := &findings[i]
		if f.File == "" {
			continue // not in a file: nothing to show it on
		}
		path := resolve(f.File)
		if quiet[path] || !ruleSelected(st, f.Rule) {
			continue
		}
		e := s.toEntry(f, resolve)
		e.diag.Severity = severityWith(f.Level, st.FailLevel)
		now[path] = append(now[path], e)
	}
	if cfgDiag != nil {
		now[cfgDiag.path] = append(now[cfgDiag.path], entry{diag: cfgDiag.diag})
	}

	// Publish every file with diagnostics, every open document of the
	// unit (an empty list tells the client its version was linted) and
	// every file that had diagnostics and no longer does.
	targets := map[string]bool{}
	for p := range now {
		targets[p] = true
	}
	for _, p := range mine {
		targets[p] = true
	}
	for p := range u.published {
		targets[p] = true
	}
	published := map[string]bool{}
	for _, p := range sortedKeys(targets) {
		if r := s.results[p]; r != nil && r.unit != u.key && len(now[p]) == 0 {
			continue // another unit's diagnostics for this file
		}
		var version *int32
		if d := s.docs[p]; d != nil {
			v := d.version
			version = &v
		}
		es := now[p]
		var before []entry
		if r := s.results[p]; r != nil {
			before = r.entries
		}
		if resultID(before) != resultID(es) {
			s.changed = true
		}
		if len(es) > 0 {
			s.results[p] = &fileResult{unit: u.key, version: version, entries: es}
			published[p] = true
		} else {
			delete(s.results, p)
		}
		s.publish(p, version, es)
	}
	u.published = published
}

// toEntry turns a finding into a diagnostic.
func (s *Server) toEntry(f *finding.Finding, resolve func(string) string) entry {
	d := Diagnostic{
		Range:    toRange(f.Range),
		Severity: severity(f.Level),
		Code:     f.Rule,
		Source:   "mcplint",
		Message:  mask(f.Message),
		Data:     f.Fingerprint,
	}
	if r, ok := s.opts.Engine.Rule(f.Rule); ok && r.HelpURL != "" {
		d.CodeDescription = &CodeDescription{Href: r.HelpURL}
	}
	if f.Rule == unusedIgnoreRule {
		// An ignore that ignores nothing: the client fades it.
		d.Tags = []int{TagUnnecessary}
	}
	for _, rel := range f.Related {
		d.RelatedInformation = append(d.RelatedInformation, DiagnosticRelatedInformation{
			Location: Location{URI: s.uriOf(resolve(rel.File)), Range: toRange(rel.Range)},
			Message:  mask(rel.Message),
		})
	}
	e := entry{diag: d, f: f}
	if f.Fix != nil {
		for _, ed := range f.Fix.Edits {
			file := ed.File
			if file == "" {
				file = f.File
			}
			e.fix = append(e.fix, fileEdit{path: resolve(file), edit: ed})
		}
	}
	return e
}

// severity maps a finding level to an LSP severity.
func severity(l finding.Level) int {
	switch l {
	case finding.Error:
		return SeverityError
	case finding.Warning:
		return SeverityWarning
	case finding.Info:
		return SeverityInformation
	}
	return SeverityHint
}

// uriOf is the URI of a file: the client's own spelling for an open
// document, else a file:// URI made from the path.
func (s *Server) uriOf(path string) string {
	if d := s.docs[path]; d != nil {
		return d.uri
	}
	for uri, p := range s.untitled {
		if p == path {
			return uri
		}
	}
	return pathToURI(path)
}

func (s *Server) publish(path string, version *int32, es []entry) {
	p := PublishDiagnosticsParams{URI: s.uriOf(path), Version: version, Diagnostics: make([]Diagnostic, 0, len(es))}
	for _, e := range es {
		p.Diagnostics = append(p.Diagnostics, e.diag)
	}
	if !s.pull {
		s.notify("textDocument/publishDiagnostics", p)
	}
	if s.published != nil {
		s.published(p)
	}
}

// configDiag is a .mcplint.toml that does not load, shown on that file.
type configDiag struct {
	path string
	diag Diagnostic
}

// configFor returns the settings for a lint starting at start: --config,
// else the .mcplint.toml found upward, read again when it changed. A file
// that does not load is reported on itself and the defaults are used.
// The result is a copy: Check marks the [[ignore]] entries it uses.
func (s *Server) configFor(start string) (*rules.Config, *configDiag) {
	if s.opts.NoConfig {
		return rules.DefaultConfig(), nil
	}
	p := s.opts.ConfigPath
	if p == "" && start != "" {
		p = rules.FindConfig(start)
	}
	if p == "" {
		return rules.DefaultConfig(), nil
	}
	fi, err := os.Stat(p)
	if err != nil {
		delete(s.configs, p)
		s.logf("cannot read %s: %v", p, err)
		return rules.DefaultConfig(), nil
	}
	e := s.configs[p]
	if e == nil || !e.mod.Equal(fi.ModTime()) || e.size != fi.Size() {
		cfg, err := rules.LoadConfig(p, func(id string) bool { _, ok := s.opts.Engine.Rule(id); return ok })
		e = &configEntry{mod: fi.ModTime(), size: fi.Size(), cfg: cfg, err: err}
		s.configs[p] = e
		if err != nil {
			s.logf("%v (using the default settings until it is fixed)", err)
		}
	}
	if e.err != nil {
		d := Diagnostic{Severity: SeverityError, Source: "mcplint", Message: mask(e.err.Error())}
		var ce *rules.ConfigError
		if errors.As(e.err, &ce) {
			d.Message = mask(ce.Msg)
			if ce.Line > 0 {
				pos := Position{Line: ce.Line - 1, Character: max(ce.Col-1, 0)}
				d.Range = Range{Start: pos, End: pos}
			}
		}
		d.Message = "mcplint cannot use this file, the default settings apply: " + d.Message
		return rules.DefaultConfig(), &configDiag{path: p, diag: d}
	}
	c := *e.cfg
	c.Ignores = append([]rules.Ignore(nil), e.cfg.Ignores...)
	return &c, nil
}

func sortedDocPaths(m map[string]*document) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
