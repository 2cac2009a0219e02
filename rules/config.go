package rules

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
)

// ConfigFileName is found upward from the linted path.
const ConfigFileName = ".mcplint.toml"

// Config is .mcplint.toml.
type Config struct {
	// Path is the file it was read from ("" for the defaults).
	Path string
	// Levels maps a rule id to "off", "info", "warning" or "error".
	Levels  map[string]string  `toml:"rules"`
	Ignores []Ignore           `toml:"ignore"`
	Budget  facts.BudgetConfig `toml:"budget"`
	Allow   ListConfig         `toml:"allow"`
	Deny    ListConfig         `toml:"deny"`
	Env     EnvConfig          `toml:"env"`
	Lint    Lint               `toml:"lint"`

	fileLint Lint         // [lint] as the file has it, before SetSelection
	file     *syntax.File // positions of the config file, for findings
	dir      string       // folder of the config file: ignore paths are relative to it
	wd       string
}

// Ignore drops findings of one rule by path glob and/or server name.
type Ignore struct {
	Rule   string `toml:"rule"`
	Path   string `toml:"path"`
	Server string `toml:"server"`
	Reason string `toml:"reason"`

	pointer string
}

// ListConfig is an allow or deny list.
type ListConfig struct {
	Hosts    []string `toml:"hosts"`
	Packages []string `toml:"packages"`
	Commands []string `toml:"commands"`
}

// EnvConfig describes the environment the configs run in.
type EnvConfig struct {
	ToolSearch    bool `toml:"tool_search"`
	MetaTools     bool `toml:"meta_tools"`
	TargetWindows bool `toml:"windows"`
}

// DefaultConfig is Paseo's budget and no overrides.
func DefaultConfig() *Config {
	return &Config{Levels: map[string]string{}, Budget: defaultBudget()}
}

func defaultBudget() facts.BudgetConfig {
	return facts.DefaultBudget()
}

// ConfigError is a problem in .mcplint.toml, with its position.
type ConfigError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// FindConfig looks for .mcplint.toml in start and its parents.
func FindConfig(start string) string {
	dir, err := filepath.Abs(start)
	if err != nil {
		return ""
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		p := filepath.Join(dir, ConfigFileName)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// LoadConfig reads a config file. known reports whether a rule id exists,
// so a misspelt id is an error rather than a silent no-op.
func LoadConfig(p string, known func(string) bool) (*Config, error) {
	src, err := loader.ReadRegularFile(p, loader.DefaultMaxFileSize)
	if err != nil {
		return nil, &ConfigError{File: p, Msg: err.Error()}
	}
	cfg := DefaultConfig()
	cfg.Path = p
	cfg.dir = filepath.Dir(p)
	cfg.wd, _ = os.Getwd()
	f, perr := syntax.Parse(bytes.Clone(src), syntax.TOML)
	if perr != nil {
		var se *syntax.Error
		if !errors.As(perr, &se) {
			return nil, &ConfigError{File: p, Line: 1, Col: 1, Msg: perr.Error()}
		}
		pos := f.Position(se.Offset)
		return nil, &ConfigError{File: p, Line: pos.Line, Col: pos.Column, Msg: se.Error()}
	}
	cfg.file = f
	if err := checkSettingTypes(f, p); err != nil {
		return nil, err
	}
	md, err := toml.Decode(string(src), cfg)
	if err != nil {
		ce := &ConfigError{File: p, Msg: err.Error()}
		var pe toml.ParseError
		if errors.As(err, &pe) {
			ce.Line, ce.Col, ce.Msg = pe.Position.Line, pe.Position.Col, pe.Message
		}
		return nil, ce
	}
	at := func(ptr string) (int, int) {
		if n := f.Root.Lookup(ptr); n != nil {
			pos := f.Position(n.Start)
			return pos.Line, pos.Column
		}
		return 0, 0
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		ptr := syntax.Pointer(k...)
		l, c := at(ptr)
		return nil, &ConfigError{File: p, Line: l, Col: c, Msg: fmt.Sprintf("unknown setting %q", k.String())}
	}
	// What the file itself selects, before any command line adds to it
	// (Overrides reports the file's own).
	cfg.fileLint = cfg.Lint
	for _, id := range sortedKeys(cfg.Levels) {
		l, c := at(syntax.Pointer("rules", id))
		if known != nil && !known(id) {
			return nil, &ConfigError{File: p, Line: l, Col: c, Msg: unknownRule(fmt.Sprintf("unknown rule %q", id), id)}
		}
		switch cfg.Levels[id] {
		case "off", "info", "warning", "error":
		default:
			return nil, &ConfigError{File: p, Line: l, Col: c, Msg: fmt.Sprintf("rule %q: level %q: want off, info, warning or error", id, cfg.Levels[id])}
		}
	}
	for i := range cfg.Ignores {
		ig := &cfg.Ignores[i]
		ig.pointer = fmt.Sprintf("/ignore/%d", i)
		l, c := at(ig.pointer)
		switch {
		case ig.Rule == "":
			return nil, &ConfigError{File: p, Line: l, Col: c, Msg: "an [[ignore]] needs a rule"}
		case known != nil && !known(ig.Rule):
			return nil, &ConfigError{File: p, Line: l, Col: c, Msg: unknownRule(fmt.Sprintf("[[ignore]] names unknown rule %q", ig.Rule), ig.Rule)}
		case strings.TrimSpace(ig.Reason) == "":
			return nil, &ConfigError{File: p, Line: l, Col: c, Msg: fmt.Sprintf("[[ignore]] of %s needs a reason", ig.Rule)}
		case ig.Path == "" && ig.Server == "":
			return nil, &ConfigError{File: p, Line: l, Col: c, Msg: fmt.Sprintf("[[ignore]] of %s needs a path and/or a server (use [rules] to turn a rule off)", ig.Rule)}
		}
		if ig.Path != "" {
			if _, err := path.Match(strings.ReplaceAll(ig.Path, "**", "*"), ""); err != nil {
				return nil, &ConfigError{File: p, Line: l, Col: c, Msg: fmt.Sprintf("[[ignore]] path %q: %v", ig.Path, err)}
			}
		}
	}
	return cfg, nil
}

// levelFor applies [rules]: the level to report at and whether the rule
// is on at all.
func (c *Config) levelFor(rule string, def finding.Level) (finding.Level, bool) {
	if !c.Lint.selected(rule) {
		return 0, false
	}
	v, ok := c.Levels[rule]
	if !ok {
		return def, true
	}
	if v == "off" {
		return 0, false
	}
	l, err := finding.ParseLevel(v)
	if err != nil {
		return def, true
	}
	return l, true
}

// policyFacts is what the settings tell the policies.
func (c *Config) policyFacts() facts.ConfigFact {
	return facts.ConfigFact{
		Budget:        c.Budget,
		AllowHosts:    orEmpty(c.Allow.Hosts),
		DenyHosts:     orEmpty(c.Deny.Hosts),
		AllowPackages: orEmpty(c.Allow.Packages),
		DenyPackages:  orEmpty(c.Deny.Packages),
		AllowCommands: orEmpty(c.Allow.Commands),
		DenyCommands:  orEmpty(c.Deny.Commands),
		ToolSearch:    c.Env.ToolSearch,
		MetaTools:     c.Env.MetaTools,
		TargetWindows: c.Env.TargetWindows,
	}
}

// applyIgnores drops ignored findings: [[ignore]] entries of the config
// file and `mcplint-ignore RULE: reason` comments on the finding's line or
// the line above. An ignore that matched nothing is reported.
func (c *Config) applyIgnores(ws *loader.Workspace, fs []finding.Finding, used []bool) []finding.Finding {
	docs := map[string]*loader.Document{}
	for _, d := range ws.Documents {
		docs[d.Path] = d
	}
	inline := map[*inlineIgnore]bool{}
	directives := map[string][]*inlineIgnore{}
	for _, d := range ws.Documents {
		if ds := inlineIgnores(d); len(ds) > 0 {
			directives[d.Path] = ds
		}
	}
	// A directive written above a server's key (or on its line) covers
	// the whole entry.
	for _, s := range ws.Servers {
		if s.Doc == nil || s.Doc.File == nil || s.Node == nil || len(directives[s.Doc.Path]) == 0 {
			continue
		}
		keyLine := s.Doc.File.Position(s.KeyStart).Line
		for _, dir := range directives[s.Doc.Path] {
			if dir.line == keyLine || dir.line == keyLine-1 {
				dir.servers = append(dir.servers, [2]int{min(s.KeyStart, s.Node.Start), max(s.Node.End, s.KeyEnd)})
			}
		}
	}
	out := fs[:0]
	var extra []finding.Finding
	for _, f := range fs {
		if c.ignoredByConfig(f, used) {
			continue
		}
		if dir := matchInline(directives[f.File], f); dir != nil {
			inline[dir] = true
			continue
		}
		out = append(out, f)
	}
	for _, file := range sortedKeys(directives) {
		for _, dir := range directives[file] {
			if inline[dir] {
				continue
			}
			d := docs[file]
			msg := fmt.Sprintf("mcplint-ignore %s matches no finding on this line, the next or in the server entry it stands above%s", strings.Join(dir.rules, ", "), unknownInline(dir.rules))
			if dir.reason == "" {
				msg = fmt.Sprintf("mcplint-ignore %s has no reason (write `mcplint-ignore RULE: why`), so it is not applied", strings.Join(dir.rules, ", "))
			}
			extra = append(extra, finding.Finding{Rule: "config/unused-ignore", Level: finding.Warning, Message: msg,
				File: file, Client: d.Client, Tier: string(d.Tier),
				Range: finding.Range{Start: d.File.Position(dir.start), End: d.File.Position(dir.end)}})
		}
	}
	if lvl, on := c.levelFor("config/unused-ignore", finding.Warning); on {
		for i := range extra {
			extra[i].Level = lvl
		}
		out = append(out, extra...)
	}
	return out
}

// unusedConfigIgnores reports the [[ignore]] entries that matched nothing.
// Which ones matched is tracked per check (used), never in the config,
// which every check of a process shares (the language server runs many).
func (c *Config) unusedConfigIgnores(used []bool) []finding.Finding {
	lvl, on := c.levelFor("config/unused-ignore", finding.Warning)
	if !on {
		return nil
	}
	var out []finding.Finding
	for i := range c.Ignores {
		if used[i] {
			continue
		}
		f := c.unusedConfigIgnore(&c.Ignores[i])
		f.Level = lvl
		out = append(out, f)
	}
	return out
}

func (c *Config) ignoredByConfig(f finding.Finding, used []bool) bool {
	hit := false
	for i := range c.Ignores {
		ig := &c.Ignores[i]
		if ig.Rule != f.Rule {
			continue
		}
		if ig.Server != "" && ig.Server != f.Server {
			continue
		}
		if ig.Path != "" && !globMatch(ig.Path, c.relToConfig(f.File)) {
			continue
		}
		used[i] = true
		hit = true
	}
	return hit
}

// relToConfig makes a finding's path relative to the config file's folder,
// where ignore globs are written.
func (c *Config) relToConfig(file string) string {
	if c.dir == "" {
		return file
	}
	abs := file
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(c.wd, file)
	}
	if rel, err := filepath.Rel(c.dir, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(file)
}

func (c *Config) unusedConfigIgnore(ig *Ignore) finding.Finding {
	f := finding.Finding{Rule: "config/unused-ignore", Level: finding.Warning, File: c.display(),
		Message: fmt.Sprintf("this [[ignore]] of %s matches no finding; remove it", ig.Rule), Pointer: ig.pointer}
	if c.file != nil {
		if n := c.file.Root.Lookup(ig.pointer); n != nil {
			f.Range = finding.Range{Start: c.file.Position(n.Start), End: c.file.Position(n.Start)}
		}
	}
	return f
}

func (c *Config) display() string {
	if c.wd != "" {
		if rel, err := filepath.Rel(c.wd, c.Path); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(c.Path)
}

// globMatch matches slash paths; "**" matches any number of folders.
func globMatch(pattern, name string) bool {
	if !strings.Contains(pattern, "**") {
		ok, _ := path.Match(pattern, name)
		return ok
	}
	head, tail, _ := strings.Cut(pattern, "**")
	tail = strings.TrimPrefix(tail, "/")
	if head != "" {
		if !strings.HasPrefix(name, head) {
			ok, _ := path.Match(strings.TrimSuffix(head, "/"), firstSegments(name, strings.Count(head, "/")))
			if !ok {
				return false
			}
		}
		name = dropSegments(name, strings.Count(head, "/"))
	}
	if tail == "" {
		return true
	}
	segs := strings.Split(name, "/")
	for i := range segs {
		if globMatch(tail, strings.Join(segs[i:], "/")) {
			return true
		}
	}
	return false
}

func firstSegments(name string, n int) string {
	segs := strings.Split(name, "/")
	if n > len(segs) {
		n = len(segs)
	}
	return strings.Join(segs[:n], "/")
}

func dropSegments(name string, n int) string {
	segs := strings.Split(name, "/")
	if n > len(segs) {
		return ""
	}
	return strings.Join(segs[n:], "/")
}

// inlineIgnore is a `mcplint-ignore RULE[, RULE]: reason` comment.
type inlineIgnore struct {
	line       int
	rules      []string
	reason     string
	start, end int
	// servers are the byte spans of the server entries whose key is on
	// the directive's line or the next: the directive covers every
	// finding inside them.
	servers [][2]int
}

// inlineIgnores finds the directives in a document's comments (JSONC //
// and /* */, TOML and YAML #).
func inlineIgnores(d *loader.Document) []*inlineIgnore {
	if d.File == nil || !bytes.Contains(d.File.Src, []byte("mcplint-ignore")) {
		return nil
	}
	var out []*inlineIgnore
	src := d.File.Src
	for off := 0; ; {
		i := bytes.Index(src[off:], []byte("mcplint-ignore"))
		if i < 0 {
			break
		}
		start := off + i
		lineEnd := bytes.IndexByte(src[start:], '\n')
		if lineEnd < 0 {
			lineEnd = len(src) - start
		}
		text := string(src[start+len("mcplint-ignore") : start+lineEnd])
		text = strings.TrimSuffix(strings.TrimSpace(text), "*/")
		off = start + lineEnd
		if !inComment(src, start, d.Format) {
			continue
		}
		ids, reason, _ := strings.Cut(text, ":")
		dir := &inlineIgnore{line: d.File.Position(start).Line, reason: strings.TrimSpace(reason), start: start, end: start + lineEnd}
		dir.rules = append(dir.rules, strings.FieldsFunc(ids, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })...)
		sort.Strings(dir.rules)
		if len(dir.rules) > 0 {
			out = append(out, dir)
		}
	}
	return out
}

// inComment reports whether offset sits after a comment marker on its line.
func inComment(src []byte, off int, format syntax.Format) bool {
	lineStart := bytes.LastIndexByte(src[:off], '\n') + 1
	before := string(src[lineStart:off])
	switch format {
	case syntax.JSONC, syntax.JSON:
		return strings.Contains(before, "//") || strings.Contains(before, "/*")
	case syntax.TOML, syntax.YAML:
		return strings.Contains(before, "#")
	}
	return false
}

func matchInline(dirs []*inlineIgnore, f finding.Finding) *inlineIgnore {
	for _, d := range dirs {
		if d.reason == "" {
			continue
		}
		if d.line != f.Range.Start.Line && d.line != f.Range.Start.Line-1 && !inServer(d, f) {
			continue
		}
		for _, r := range d.rules {
			if r == f.Rule {
				return d
			}
		}
	}
	return nil
}

// inServer says whether f lies in a server entry the directive covers.
func inServer(d *inlineIgnore, f finding.Finding) bool {
	for _, sp := range d.servers {
		if off := f.Range.Start.Offset; off >= sp[0] && off <= sp[1] {
			return true
		}
	}
	return false
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// unknownRule ends an unknown-rule error with the rule meant, when one is
// close, or with where the rules are listed.
func unknownRule(msg, id string) string {
	if dm := didYouMean(id, builtinIDs()); dm != "" {
		return msg + dm
	}
	return msg + " (mcplint rules lists them)"
}

// unknownInline names the ids of an inline ignore that are no rule, with
// the rule each most likely meant.
func unknownInline(ids []string) string {
	known := map[string]bool{}
	for _, k := range builtinIDs() {
		known[k] = true
	}
	var parts []string
	for _, id := range ids {
		if known[id] || strings.HasPrefix(id, "custom/") {
			continue
		}
		if dm := didYouMean(id, builtinIDs()); dm != "" {
			parts = append(parts, fmt.Sprintf("%q is no rule%s", id, dm))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}
