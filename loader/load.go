package loader

import (
	"cmp"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

// Size caps, documented in docs/limits.md. A file over its cap is reported
// (schema/limits) and not read.
const (
	// DefaultMaxFileSize is Paseo's document cap; no hand-written MCP
	// config comes near it.
	DefaultMaxFileSize int64 = 1 << 20
	// ClaudeJSONMaxSize is larger because ~/.claude.json also keeps
	// Claude Code's history caches and is often several megabytes.
	ClaudeJSONMaxSize int64 = 64 << 20
)

// Options says what to load.
type Options struct {
	// Paths are files or folders; empty means ".".
	Paths []string
	// Home, when set, adds the user-level tiers found under it.
	Home string
	// Client forces the dialect of files given explicitly.
	Client string
	// MaxFileSize overrides DefaultMaxFileSize when > 0.
	MaxFileSize int64
	// WorkDir is the folder paths are shown relative to (default: the
	// process's working directory).
	WorkDir string
	// Overlay maps absolute paths to contents that replace the file on
	// disk (an editor's unsaved buffers).
	Overlay map[string][]byte
	// Tools are tool snapshot files (--tools); .mcplint/tools/*.json in
	// the project folders are read too (see tools.go).
	Tools []string
	// SkipUnrelated leaves out, silently, a named file whose name alone
	// does not make it an MCP config (server.json, mcp_config.json, an
	// unknown name) when its content is not an MCP document: the folder
	// scan does the same, and pre-commit, which picks files by name only,
	// passes them.
	SkipUnrelated bool
	// FollowOutside reads a config among the PATHs that is a link (or lies
	// under a linked folder) leading outside the PATHs and Home; without
	// it such a file is reported and not read (fix --fix-outside-roots).
	FollowOutside bool
}

// UsageError is a problem with the options themselves (a missing path, an
// unknown client): the command line is wrong, not a file.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

type candidate struct {
	context    bool // read for cross-file rules only; findings not reported
	abs        string
	pat        *pattern // nil: recognise by content
	explicit   bool
	projectDir string
	// generic: a named file to leave out when its content is not an MCP
	// document (Options.SkipUnrelated).
	generic bool
	// confined: found in or named among the PATHs, so a link that leads
	// outside the PATHs and --home is not followed (the home's own files
	// are the user's and are read wherever their links lead).
	confined bool
	// outside is where a confined link leads when that is outside the
	// roots: the file is reported and not read.
	outside string
	// real is abs with its links resolved when the walk already knows it
	// (no link on the way from a resolved root) and it differs from abs;
	// realIsAbs says abs is its own real path.
	real      string
	realIsAbs bool
	// team: Paseo's team catalogue place
	// ($PASEO_HOME/plugin-settings/paseo-mcp/catalog.json, catalog.v1.json).
	team bool
}

// Load discovers, reads and normalises every config the options name. Bad
// files never stop it: each becomes a finding and the rest are read.
func Load(opts Options) (*Workspace, error) {
	p, err := Discover(opts)
	if err != nil {
		return nil, err
	}
	return p.Load()
}

// Plan is what a Load reads, found without reading it: the candidate
// files and the project folders they belong to.
type Plan struct {
	opts     Options
	wd       string
	cands    []candidate
	projects map[string]string
	roots    map[string]string // folders named as PATHs
	// within says whether a real path lies in the PATHs or --home (nil:
	// links are followed anywhere, Options.FollowOutside).
	within func(real string) bool
	// listings are the names in each walked project folder, as the walk
	// read them (Document.ProjectNames).
	listings map[string][]string
}

// Files is the number of files the plan reads.
func (p *Plan) Files() int { return len(p.cands) }

// Discover finds the files Load would read: the PATHs' files and
// walks, confined to the PATHs and --home, and then --home's own files.
func Discover(opts Options) (*Plan, error) {
	if opts.Client != "" {
		if _, ok := Clients[opts.Client]; !ok {
			return nil, &UsageError{fmt.Sprintf("unknown client %q (known: %s)", opts.Client, strings.Join(ClientIDs(), ", "))}
		}
	}
	wd := opts.WorkDir
	if wd == "" {
		wd, _ = os.Getwd()
	}
	paths := opts.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	home, err := homeFolder(opts.Home)
	if err != nil {
		return nil, err
	}
	d := &discovery{opts: opts, home: home, projects: map[string]string{}, roots: map[string]string{}, listings: map[string][]string{}, seen: map[string]bool{}}
	within := confinement(paths, home, opts.Client)
	if err := d.readPaths(paths, within); err != nil {
		return nil, err
	}
	if !opts.FollowOutside {
		d.markOutside(within)
	}
	if home != "" {
		d.homeFiles()
	}
	plan := &Plan{opts: opts, wd: wd, cands: d.cands, projects: d.projects, roots: d.roots, listings: d.projectListings()}
	if !opts.FollowOutside {
		plan.within = within
	}
	return plan, nil
}

// discovery collects a plan's candidates, each file once.
type discovery struct {
	opts     Options
	home     string
	cands    []candidate
	projects map[string]string
	roots    map[string]string
	listings map[string][]string
	seen     map[string]bool
}

func (d *discovery) add(c candidate) {
	if !d.seen[c.abs] {
		d.seen[c.abs] = true
		d.cands = append(d.cands, c)
	}
	if c.projectDir != "" {
		d.projects[cleanProjectKey(c.projectDir)] = c.projectDir
	}
}

// homeFolder checks --home: an existing folder, made absolute.
func homeFolder(opt string) (string, error) {
	if opt == "" {
		return "", nil
	}
	h, err := filepath.Abs(opt)
	if err != nil {
		return "", &UsageError{err.Error()}
	}
	if fi, err := os.Stat(h); err != nil || !fi.IsDir() {
		return "", &UsageError{fmt.Sprintf("--home %s: not a folder", opt)}
	}
	return h, nil
}

// confinement says whether a real path lies in the folders a confined
// file may lie in, links resolved: each PATH (a named file's own folder
// and project) and --home. A hostile repository's .mcp.json linked to
// /proc/self/environ or ~/.ssh/id_rsa must not be read and quoted in a
// parse error, nor a folder linked to / walked.
func confinement(paths []string, home, client string) func(real string) bool {
	var inside []string
	addInside := func(dir string) {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			inside = append(inside, r)
		}
	}
	if home != "" {
		addInside(home)
	}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
			addInside(abs)
			continue
		}
		// A named file's folder, and the project it belongs to: its
		// other files are read as context, a snapshot's pins file lies
		// above it.
		addInside(filepath.Dir(abs))
		if dir := recordProject(abs); dir != "" {
			addInside(dir)
		}
		if dir := explicitCandidate(abs, home, client).projectDir; dir != "" {
			addInside(dir)
		}
	}
	return func(real string) bool {
		for _, r := range inside {
			if real == r || strings.HasPrefix(real, r+string(filepath.Separator)) || r == string(filepath.Separator) {
				return true
			}
		}
		return false
	}
}

// readPaths adds each PATH: a folder is walked, a file is read with the
// other files of its client and project as context.
func (d *discovery) readPaths(paths []string, within func(string) bool) error {
	opts := d.opts
	var contexts []candidate
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return &UsageError{err.Error()}
		}
		fi, err := os.Stat(abs)
		if _, open := opts.Overlay[abs]; err != nil && open {
			// A new file open in an editor that was never saved.
			d.add(explicitCandidate(abs, d.home, opts.Client))
			continue
		}
		if err != nil {
			return &UsageError{fmt.Sprintf("%s: no such file or folder", p)}
		}
		if fi.IsDir() {
			d.walkFolder(abs, within)
			continue
		}
		if dir := recordProject(abs); dir != "" && opts.Client == "" {
			// A tool snapshot or the pins file (pre-commit passes them
			// when they are staged): the project's snapshots and pins are
			// read together, where toolSnapshots reads them.
			d.projects[cleanProjectKey(dir)] = dir
			continue
		}
		c := explicitCandidate(abs, d.home, opts.Client)
		c.generic = opts.SkipUnrelated && opts.Client == "" && genericName(c.pat)
		c.confined = true
		d.add(c)
		contexts = append(contexts, projectContext(c)...)
	}
	// The other files of a named file's client and project are read too,
	// so cross-tier rules see what the client sees (pre-commit passes only
	// the staged files); their own findings are not reported.
	for _, c := range contexts {
		c.confined = true
		d.add(c)
	}
	return nil
}

// walkFolder adds the config files under a folder named as a PATH.
func (d *discovery) walkFolder(abs string, within func(string) bool) {
	d.projects[cleanProjectKey(abs)] = abs
	d.roots[cleanProjectKey(abs)] = abs
	walkWithin := within
	if d.opts.FollowOutside {
		walkWithin = nil
	}
	walk(abs, walkWithin, func(c candidate) {
		c.confined = true
		// A walk of (or through) the --home folder finds the home files
		// at their home places: ~/.cursor/mcp.json is the user's Cursor
		// file, not a project's.
		if pt := homePattern(d.home, c.abs); pt != nil {
			c.pat, c.projectDir = pt, ""
		}
		if isPluginFile(c.abs) {
			c.pat, c.projectDir = &pluginPattern, ""
		}
		d.add(c)
	}, func(dir string, names []string) { d.listings[filepath.Clean(dir)] = names })
}

// markOutside marks the confined candidates whose real path lies outside
// the PATHs and --home: they are reported, not read.
func (d *discovery) markOutside(within func(string) bool) {
	for i := range d.cands {
		c := &d.cands[i]
		if !c.confined {
			continue
		}
		if _, open := d.opts.Overlay[c.abs]; open {
			continue
		}
		if real := c.real; real != "" || c.realIsAbs {
			// Found by the walk through plain entries only: no link to
			// resolve.
			if c.realIsAbs {
				real = c.abs
			}
			if !within(real) {
				c.outside = real
			}
			continue
		}
		if real, err := filepath.EvalSymlinks(c.abs); err == nil && !within(real) {
			c.outside = real
		}
	}
}

// homeFiles adds the files of the home tier: Claude Code plugins,
// Paseo's agents, team catalogue and routing, and every client's user
// file at its place.
func (d *discovery) homeFiles() {
	home := d.home
	// Claude Code plugins ship their servers in the plugin's .mcp.json;
	// oceancode reads them as the plugin tier.
	walkPlugins(filepath.Join(home, ".claude", "plugins"), d.add)
	paseoHome := filepath.Join(home, ".paseo")
	if ph := insideHome(home, os.Getenv("PASEO_HOME")); ph != "" {
		paseoHome = ph
	}
	walkPaseoAgents(filepath.Join(paseoHome, "agents"), d.add)
	// The team catalogue: catalog.json, and the version 1 document the
	// plugin keeps beside it (catalog.v1.json) for a roll-back to 0.12.0.
	// Either shape is read by content.
	for _, name := range []string{"catalog.json", "catalog.v1.json"} {
		if abs := filepath.Join(paseoHome, "plugin-settings", "paseo-mcp", name); isFile(abs) {
			d.add(candidate{abs: abs, team: true})
		}
	}
	// AI Router's routing of Paseo's claude agents, one source of their
	// tool search.
	if abs := filepath.Join(paseoHome, aiRoutingPath); isFile(abs) {
		d.add(candidate{abs: abs, pat: &aiRoutingPattern})
	}
	xdg := xdgConfigHome(home)
	for i := range homePatterns {
		pt := &homePatterns[i]
		abs := filepath.Join(append([]string{home}, pt.segs...)...)
		if pt.client == "paseo" && paseoHome != filepath.Join(home, ".paseo") {
			abs = filepath.Join(paseoHome, "config.json")
		}
		if pt.client == "super-pi" && xdg != "" {
			// super-pi's global config dir follows XDG_CONFIG_HOME.
			abs = filepath.Join(append([]string{xdg}, pt.segs[1:]...)...)
		}
		if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
			d.add(candidate{abs: abs, pat: pt})
		}
	}
}

// projectListings keeps the walk's listings of project folders only.
func (d *discovery) projectListings() map[string][]string {
	keep := map[string][]string{}
	for _, c := range d.cands {
		if c.projectDir != "" {
			if k := filepath.Clean(c.projectDir); d.listings[k] != nil {
				keep[k] = d.listings[k]
			}
		}
	}
	return keep
}

// Load reads and normalises the plan's files.
func (p *Plan) Load() (*Workspace, error) {
	opts, wd, cands, projects := p.opts, p.wd, p.cands, p.projects
	l := &run{opts: opts, wd: wd, nz: &normaliser{projects: projects}, listings: p.listings, within: p.within}
	docs := make([]*Document, len(cands))
	founds := make([][]finding.Finding, len(cands))
	states := make([]func(*state), len(cands))
	var wg sync.WaitGroup
	next := make(chan int)
	workers := runtime.GOMAXPROCS(0)
	if workers > len(cands) {
		workers = len(cands)
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				docs[i], founds[i], states[i] = l.readSafe(cands[i])
			}
		}()
	}
	for i := range cands {
		next <- i
	}
	close(next)
	wg.Wait()

	ws := &Workspace{listings: p.listings}
	st := newState()
	st.homeGiven = opts.Home != ""
	for i, d := range docs {
		if d == nil {
			continue // a walked server.json that is not a registry document
		}
		ws.Documents = append(ws.Documents, d)
		ws.Servers = append(ws.Servers, d.Servers...)
		ws.Findings = append(ws.Findings, founds[i]...)
		if states[i] != nil {
			states[i](st)
		}
	}
	for _, dir := range projects {
		ws.Projects = append(ws.Projects, dir)
	}
	sort.Strings(ws.Projects)
	if err := l.toolSnapshots(ws, projects); err != nil {
		return nil, err
	}
	l.knowledgeRecords(ws, ws.Projects)
	sort.SliceStable(ws.Documents, func(i, j int) bool { return ws.Documents[i].Path < ws.Documents[j].Path })
	sort.SliceStable(ws.Servers, func(i, j int) bool {
		a, b := ws.Servers[i], ws.Servers[j]
		if a.Doc.Path != b.Doc.Path {
			return a.Doc.Path < b.Doc.Path
		}
		return a.KeyStart < b.KeyStart
	})
	for _, d := range ws.Documents {
		if d.Variant == "oceancode" {
			st.oceancode = true
		}
	}
	if st.trustDoc != nil {
		st.oceancode = true
	}
	ws.Servers = dropExplained(ws.Servers)
	kept := make(map[*Server]bool, len(ws.Servers))
	for _, s := range ws.Servers {
		kept[s] = true
	}
	for _, d := range ws.Documents {
		if d.Variant != "paseo-agent" {
			continue
		}
		own := d.Servers[:0]
		for _, s := range d.Servers {
			if kept[s] {
				own = append(own, s)
			}
		}
		d.Servers = own
	}
	if st.oceancode {
		ws.Oceancode = true
		ws.Servers = append(ws.Servers, oceancodeCopies(ws.Servers)...)
		sort.SliceStable(ws.Servers, func(i, j int) bool {
			a, b := ws.Servers[i], ws.Servers[j]
			if a.Doc.Path != b.Doc.Path {
				return a.Doc.Path < b.Doc.Path
			}
			if a.KeyStart != b.KeyStart {
				return a.KeyStart < b.KeyStart
			}
			return a.Via == "" && b.Via != ""
		})
	}
	// Claude Code's tool search is on by default; its settings files can
	// switch it off per project.
	ws.ToolSearch = map[string]ToolSearch{}
	for _, dir := range append([]string{""}, ws.Projects...) {
		ws.ToolSearch[dir] = toolSearchFor(st.claudeEnv, dir)
	}
	applyState(ws, st)
	resolveShadowing(ws)
	resolveCatalogueClash(ws)
	finding.Sort(ws.Findings)
	return ws, nil
}

// walk finds project-level config files under root. It follows symbolic
// links to folders whose target is within the roots (within; nil: any),
// but never enters a folder twice, so link loops end. A linked folder
// leading outside is not walked (a link to / would walk the machine); the
// config files at its known places are still offered, so each is
// reported as a link outside rather than silently missed. list receives
// the names in every folder it reads.
func walk(root string, within func(real string) bool, add func(candidate), list func(dir string, names []string)) {
	visited := map[string]bool{}
	// offer adds p when a pattern matches it; realDir is the real path
	// of its folder when p itself is a plain entry there ("" otherwise).
	offer := func(p, realDir string) {
		rel := filepath.ToSlash(p)
		var c candidate
		if pt, n := match(projectPatterns, rel); pt != nil {
			c = candidate{abs: p, pat: pt, projectDir: stripSegments(p, n)}
			if pt.tier == TierLibrary {
				c.projectDir = "" // a registry document configures no project
			}
		} else if pt, n := match(copyPatterns, rel); pt != nil {
			c = candidate{abs: p, pat: pt, projectDir: stripSegments(p, n)}
		} else {
			return
		}
		if realDir != "" {
			if r := filepath.Join(realDir, filepath.Base(p)); r == p {
				c.realIsAbs = true // most files: no second copy of the path
			} else {
				c.real = r
			}
		}
		add(c)
	}
	// real is dir with its links resolved, "" when not known: a folder
	// reached through a plain (not linked) entry is its parent's real path
	// and its name, which spares resolving every level of every path again.
	var visit func(dir, real string)
	visit = func(dir, real string) {
		if real == "" {
			r, err := filepath.EvalSymlinks(dir)
			if err != nil {
				return
			}
			real = r
		}
		if visited[real] {
			return
		}
		visited[real] = true
		if within != nil && !within(real) {
			for _, m := range knownPlaces(dir) {
				offer(m, "")
			}
			return
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		names := make([]string, len(entries))
		for i, e := range entries {
			names[i] = e.Name()
		}
		list(dir, names)
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			isDir := e.IsDir()
			if e.Type()&fs.ModeSymlink != 0 {
				// A dangling link is still offered as a candidate when its
				// name matches, so it is reported as unreadable.
				if fi, err := os.Stat(p); err == nil {
					isDir = fi.IsDir()
				}
			}
			if isDir {
				if !skipDirs[e.Name()] {
					childReal := ""
					if e.Type()&fs.ModeSymlink == 0 {
						childReal = filepath.Join(real, e.Name())
					}
					visit(p, childReal)
				}
				continue
			}
			realDir := ""
			if e.Type()&fs.ModeSymlink == 0 {
				realDir = real
			}
			offer(p, realDir)
		}
	}
	visit(root, "")
}

// knownPlaces lists the config files at the places the project patterns
// name under dir, and under dir taken as a pattern's first folder (a
// linked .cursor holds mcp.json), without walking dir.
func knownPlaces(dir string) []string {
	base := filepath.Base(dir)
	seen := map[string]bool{}
	var out []string
	for _, list := range [][]pattern{projectPatterns, copyPatterns} {
		for _, pt := range list {
			globs := []string{filepath.Join(append([]string{dir}, pt.segs...)...)}
			if len(pt.segs) > 1 && pt.segs[0] == base {
				globs = append(globs, filepath.Join(append([]string{dir}, pt.segs[1:]...)...))
			}
			for _, g := range globs {
				ms, _ := filepath.Glob(g)
				for _, m := range ms {
					if fi, err := os.Stat(m); err == nil && !fi.IsDir() && !seen[m] {
						seen[m] = true
						out = append(out, m)
					}
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// explicitCandidate recognises a file the user named: by its place under
// --home, by its name, or (pat nil) later by its content.
func explicitCandidate(abs, home, client string) candidate {
	c := candidate{abs: abs, explicit: true}
	slash := filepath.ToSlash(abs)
	c.pat = homePattern(home, abs)
	if c.pat == nil {
		if pt, n := match(projectPatterns, slash); pt != nil {
			c.pat, c.projectDir = pt, stripSegments(abs, n)
		} else if pt, _ := match(namedPatterns, slash); pt != nil {
			c.pat = pt
		}
	}
	if client != "" {
		c.pat = forcedPattern(c.pat, client, abs)
	}
	if c.pat == nil && c.projectDir == "" {
		c.projectDir = filepath.Dir(abs)
	}
	return c
}

// genericName says whether a file recognised by pattern p (nil: by
// nothing) could as well be some other program's file: no name or place,
// a name that needs its content confirmed (server.json), or a name of
// namedPatterns, which are not project places.
func genericName(p *pattern) bool {
	if p == nil || p.confirm != nil {
		return true
	}
	for i := range namedPatterns {
		if p == &namedPatterns[i] {
			return true
		}
	}
	return false
}

// pluginPattern is a Claude Code plugin's .mcp.json
// (~/.claude/plugins/**/.mcp.json): the plugin tier, below the user's.
var pluginPattern = pattern{segs: []string{".mcp.json"}, client: "claude-code", tier: TierPlugin, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON}

// isPluginFile: a .mcp.json somewhere under a .claude/plugins folder.
func isPluginFile(abs string) bool {
	slash := filepath.ToSlash(abs)
	return path.Base(slash) == ".mcp.json" && strings.Contains(slash, "/.claude/plugins/")
}

// walkPlugins finds the .mcp.json of every plugin under dir.
func walkPlugins(dir string, add func(candidate)) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == ".mcp.json" {
			add(candidate{abs: p, pat: &pluginPattern})
		}
		return nil
	})
}

// insideHome is dir (absolute) when it is the --home folder's: it lies
// inside it, or home is the user's own home; "" otherwise.
func insideHome(home, dir string) string {
	if dir == "" || !filepath.IsAbs(dir) {
		return ""
	}
	dir = filepath.Clean(dir)
	if uh, err := os.UserHomeDir(); err == nil && filepath.Clean(uh) == home {
		return dir
	}
	if rel, err := filepath.Rel(home, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return dir
	}
	return ""
}

// xdgConfigHome is $XDG_CONFIG_HOME when it applies to the --home folder:
// it is that user's home, or the variable points inside it. "" when unset
// (the config dir is then ~/.config).
func xdgConfigHome(home string) string {
	return insideHome(home, os.Getenv("XDG_CONFIG_HOME"))
}

// homePattern returns the home pattern of a file at exactly that place
// under home, or nil.
func homePattern(home, abs string) *pattern {
	if home == "" {
		return nil
	}
	rel, err := filepath.Rel(home, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	rel = filepath.ToSlash(rel)
	if pt, n := match(homePatterns, rel); pt != nil && n == len(strings.Split(rel, "/")) {
		return pt
	}
	return nil
}

// forcedPattern applies --client: the dialect is the client's, the tier is
// kept from the recognised place when there is one.
func forcedPattern(p *pattern, client, abs string) *pattern {
	np := pattern{client: client, tier: TierProject, kind: KindClientConfig}
	if p != nil {
		np.tier = p.tier
	}
	switch client {
	case "vscode":
		np.dialect, np.format = dVSCode, syntax.JSONC
	case "codex", "grok":
		np.dialect = dCodexTOML
	case "opencode":
		np.dialect, np.format = dOpenCode, syntax.JSONC
	case "zed":
		np.dialect, np.format = dZed, syntax.JSONC
	case "continue":
		np.dialect = dContinue
	case "goose":
		np.dialect = dGoose
	case "gemini":
		np.dialect, np.format = dMCPServers, syntax.JSONC
	case "registry", "paseo":
		return nil // shapes are told apart by content
	case "oceancode":
		// oceancode reads Claude Code's files (.mcp.json, ~/.claude.json)
		// and keeps its own trust.json.
		if p != nil && p.client == "oceancode" || strings.EqualFold(filepath.Base(abs), "trust.json") {
			np.dialect, np.kind, np.tier = dTrustFile, KindTrustFile, TierUser
			break
		}
		if p != nil && p.client == "claude-code" {
			op := *p
			op.variant = "oceancode"
			return &op
		}
		np.client, np.dialect, np.format, np.variant = "claude-code", dMCPServers, syntax.JSON, "oceancode"
		return &np
	default:
		np.dialect = dMCPServers
	}
	if p != nil && p.client == client {
		return p
	}
	return &np
}

func stripSegments(p string, n int) string {
	for i := 0; i < n; i++ {
		p = filepath.Dir(p)
	}
	return p
}

// cleanProjectKey normalises a project path used as a key (~/.claude.json
// projects, trust.json): slashes, a trailing separator, Windows drive case.
func cleanProjectKey(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	for len(p) > 1 && strings.HasSuffix(p, "/") {
		p = p[:len(p)-1]
	}
	if len(p) >= 2 && p[1] == ':' {
		p = strings.ToLower(p[:1]) + p[1:]
	}
	return p
}

// displayPath shows p relative to the working folder when it is under it.
func (l *run) displayPath(p string) string {
	if l.wd != "" {
		if rel, err := filepath.Rel(l.wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

// projectContext lists the other project-level files of c's client in
// c's project folder.
func projectContext(c candidate) []candidate {
	if c.pat == nil || c.projectDir == "" || c.pat.tier != TierProject && c.pat.tier != TierLocal {
		return nil
	}
	var out []candidate
	for i := range projectPatterns {
		pt := &projectPatterns[i]
		if pt.client != c.pat.client {
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(append([]string{c.projectDir}, pt.segs...)...))
		for _, m := range matches {
			if m == c.abs {
				continue
			}
			if fi, err := os.Stat(m); err == nil && fi.Mode().IsRegular() {
				out = append(out, candidate{abs: m, pat: pt, projectDir: c.projectDir, context: true})
			}
		}
	}
	return out
}

// Split cuts a plan into parts of about maxFiles files each, never
// splitting a project: every part holds whole projects plus the files
// that belong to no project (the home tiers, named files), so cross-tier
// rules see in each part what the client sees. Checking part by part
// keeps memory proportional to a part, not to a monorepo.
func (p *Plan) Split(maxFiles int) []*Plan {
	return slices.Collect(p.Parts(maxFiles))
}

// Parts gives the parts Split gives, one at a time: a part's candidates
// are copied when it is reached, so a check of a monorepo does not keep
// every part's copy live (and marked by every collection) while it
// checks the first ones. Between parts only a pointer-free index is kept.
func (p *Plan) Parts(maxFiles int) iter.Seq[*Plan] { return p.parts(maxFiles, false) }

// Drain is Parts for a plan that is read once: as each part is given,
// the plan lets go of that part's files and folder listings, so what a
// monorepo's discovery found does not stay live to the end of its check.
// A drained plan holds only the files of no project.
func (p *Plan) Drain(maxFiles int) iter.Seq[*Plan] { return p.parts(maxFiles, true) }

func (p *Plan) parts(maxFiles int, drain bool) iter.Seq[*Plan] {
	return func(yield func(*Plan) bool) {
		var shared []int32
		var idx []int32
		for i := range p.cands {
			if p.cands[i].projectDir == "" {
				shared = append(shared, int32(i))
			} else {
				idx = append(idx, int32(i))
			}
		}
		if len(idx) <= maxFiles || maxFiles <= 0 {
			yield(p)
			return
		}
		// Projects in the order of their keys, each project's files in
		// the plan's order.
		keys := make([]string, len(p.cands))
		for _, i := range idx {
			keys[i] = cleanProjectKey(p.cands[i].projectDir)
		}
		slices.SortFunc(idx, func(a, b int32) int {
			if c := strings.Compare(keys[a], keys[b]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		keys = nil
		key := func(j int) string { return cleanProjectKey(p.cands[idx[j]].projectDir) }
		// part makes the plan of idx[lo:hi], whole projects.
		part := func(lo, hi int) *Plan {
			cur := &Plan{opts: p.opts, wd: p.wd, projects: map[string]string{}, roots: p.roots, listings: p.listings, within: p.within}
			cur.cands = make([]candidate, 0, hi-lo+len(shared))
			for j := lo; j < hi; j++ {
				cur.cands = append(cur.cands, p.cands[idx[j]])
				if j == lo || key(j) != key(j-1) {
					k := key(j)
					cur.projects[k] = p.projects[k]
				}
			}
			for _, i := range shared {
				cur.cands = append(cur.cands, p.cands[i])
			}
			for k, v := range p.roots {
				cur.projects[k] = v
			}
			if drain {
				// The part gets its own folders' listings; the plan's
				// go with its files.
				cur.listings = map[string][]string{}
				for _, c := range cur.cands {
					k := filepath.Clean(c.projectDir)
					if names, ok := p.listings[k]; ok {
						cur.listings[k] = names
					}
				}
				for _, dir := range cur.projects {
					k := filepath.Clean(dir)
					if names, ok := p.listings[k]; ok {
						cur.listings[k] = names
					}
				}
				for j := lo; j < hi; j++ {
					c := &p.cands[idx[j]]
					delete(p.listings, filepath.Clean(c.projectDir))
					delete(p.projects, cleanProjectKey(c.projectDir))
					*c = candidate{}
				}
			}
			return cur
		}
		lo := 0 // the current part starts at idx[lo]
		for j := 0; j < len(idx); {
			// The project starting at idx[j] ends at idx[end].
			k := key(j)
			end := j + 1
			for end < len(idx) && key(end) == k {
				end++
			}
			if j > lo && end-lo > maxFiles {
				if !yield(part(lo, j)) {
					return
				}
				lo = j
			}
			j = end
		}
		if lo < len(idx) && !yield(part(lo, len(idx))) {
			return
		}
		if drain {
			own := make([]candidate, 0, len(shared))
			for _, i := range shared {
				own = append(own, p.cands[i])
			}
			p.cands = own
		}
	}
}
