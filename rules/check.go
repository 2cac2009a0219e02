package rules

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// Check evaluates every policy over the workspace and returns the
// findings after levels and ignores from cfg, sorted.
func (e *Engine) Check(ctx context.Context, ws *loader.Workspace, cfg *Config) ([]finding.Finding, error) {
	if cfg == nil {
		cfg = DefaultConfig()
	}
	used := make([]bool, len(cfg.Ignores))
	out, err := e.check(ctx, ws, cfg, used)
	if err != nil {
		return nil, err
	}
	out = append(out, cfg.unusedConfigIgnores(used)...)
	finding.Sort(out)
	return dedupe(out), nil
}

// check evaluates one workspace; used collects which config ignores
// matched, so a caller checking part by part reports unused ones once.
func (e *Engine) check(ctx context.Context, ws *loader.Workspace, cfg *Config, used []bool) ([]finding.Finding, error) {
	in := facts.Build(ws, cfg.policyFacts())
	value := facts.Value(&in)
	// Only the ids of hidden names are needed after evaluation: the facts
	// in Go (a tenth of the live heap of a large file) must not stay live,
	// and be marked by every collection, while the policies run.
	hidden := in.Hidden
	in = facts.Input{}
	raws, err := e.eval(ctx, value)
	if err != nil {
		return nil, err
	}
	out := make([]finding.Finding, 0, len(raws))
	moves := map[int]fix.CodexMove{}
	movers := map[int]*loader.Server{}
	for _, r := range raws {
		restorePointers(hidden, &r)
		f, ok := e.toFinding(ws, r)
		if !ok {
			continue
		}
		var srv *loader.Server
		if r.Server >= 0 && r.Server < len(ws.Servers) {
			srv = ws.Servers[r.Server]
		}
		if srv != nil && srv.Unread && !readsWithoutShape(f.Rule) {
			continue // derived from a shape the client never reads
		}
		level, on := cfg.levelFor(f.Rule, f.Level)
		if !on {
			continue
		}
		f.Level = level
		if srv != nil && switchedOff(srv) && f.Level > finding.Warning {
			// A switched-off server cannot break a run: at most a warning.
			f.Level = finding.Warning
		}
		if r.Fix != nil && strings.HasPrefix(r.Fix.Kind, facts.CodexKindPrefix) && r.Server >= 0 && r.Server < len(ws.Servers) {
			moves[len(out)] = fix.CodexMove{Kind: r.Fix.Kind, Pointer: r.Fix.Pointer, VarName: r.Fix.Value}
			movers[len(out)] = ws.Servers[r.Server]
		}
		out = append(out, f)
	}
	fix.Codex(ws, out, moves, movers)
	out = cfg.applyIgnores(ws, out, used)
	maskFindings(out)
	return dropContext(ws, out), nil
}

// readsWithoutShape reports whether a rule's findings on a server stand
// even when the client does not read the entry: a secret written in it is
// committed all the same.
func readsWithoutShape(rule string) bool {
	return strings.HasPrefix(rule, "secrets/literal-key") || strings.HasPrefix(rule, "text/")
}

// switchedOff reports whether the client really leaves the server off: an
// entry switch counts only in a client that reads one (Claude Code,
// Claude Desktop, Cursor and VS Code keep the switch outside the file).
func switchedOff(s *loader.Server) bool {
	if s.Enabled || s.Unread {
		return !s.Enabled
	}
	if strings.HasSuffix(s.DisabledBy, "in the entry") {
		switch s.Client {
		case "claude-code", "claude-desktop", "cursor", "vscode", "copilot-cli":
			return false
		}
	}
	return true
}

// Totals counts what a check read.
type Totals struct {
	Files   int
	Servers int
	// Assumed notes, for each file named on the command line whose client
	// was worked out from its content, which client it was read as and why.
	Assumed []string
}

// AssumedNotes says which client each file met by its content was read
// as, and why ("configs/x.mcp.json: read as Windsurf's config (its
// entries use "serverUrl", Windsurf's key)").
func AssumedNotes(ws *loader.Workspace) []string {
	var out []string
	for _, d := range ws.Documents {
		if !d.Sniffed || d.Assumed == "" || d.Context {
			continue
		}
		client := loader.ClientName(d.Client) + "'s config"
		if d.Unsure {
			client = "a generic mcpServers config, checked with Claude Code's fields and with advice for any client"
		}
		out = append(out, fmt.Sprintf("%s: read as %s (%s); --client NAME names the client", secret.Display(d.Path), client, d.Assumed))
	}
	return out
}

// CheckPlan checks a plan part by part (loader.Plan.Split), so memory
// follows the size of a part rather than of the whole monorepo. It
// drains the plan (loader.Plan.Drain): a plan is checked once. Every
// part holds whole projects and the shared home-tier files, so each
// cross-file rule sees what it would see in one evaluation; findings in
// the shared files, met once per part, are reported once. Each finding
// carries its masked source line, since the files are not kept, and the
// findings of a part are packed (pack.go) until the check ends.
func (e *Engine) CheckPlan(ctx context.Context, plan *loader.Plan, cfg *Config, maxFiles int) ([]finding.Finding, Totals, error) {
	return e.checkPlan(ctx, plan, cfg, maxFiles, true)
}

// CheckPlanBare is CheckPlan for a report that never quotes a finding's
// line (JSON, SARIF, GitHub annotations): the findings carry no Source,
// so no file with a finding is masked a second time to give its lines
// (a sixth of what a findings-heavy monorepo's check allocated).
func (e *Engine) CheckPlanBare(ctx context.Context, plan *loader.Plan, cfg *Config, maxFiles int) ([]finding.Finding, Totals, error) {
	return e.checkPlan(ctx, plan, cfg, maxFiles, false)
}

func (e *Engine) checkPlan(ctx context.Context, plan *loader.Plan, cfg *Config, maxFiles int, source bool) ([]finding.Finding, Totals, error) {
	if cfg == nil {
		cfg = DefaultConfig()
	}
	used := make([]bool, len(cfg.Ignores))
	seen := map[string]bool{}
	var tot Totals
	var parts []packed
	total := 0
	strs := interner{}
	var pk packer
	i := -1
	for part := range plan.Drain(maxFiles) {
		i++
		ws, err := part.Load()
		if err != nil {
			return nil, tot, err
		}
		fs, err := e.check(ctx, ws, cfg, used)
		if err != nil {
			return nil, tot, err
		}
		if i > 0 {
			// A shared file's findings come from the first part, which
			// holds the first projects, as one check would relate a home
			// copy to the first project that shadows it.
			fs = dropShared(ws, fs)
		}
		for _, d := range ws.Documents {
			if !seen[d.Path] {
				seen[d.Path] = true
				tot.Files++
				tot.Servers += len(d.Servers)
				if d.Sniffed && d.Assumed != "" && !d.Context {
					tot.Assumed = append(tot.Assumed, AssumedNotes(&loader.Workspace{Documents: []*loader.Document{d}})...)
				}
			}
		}
		if source {
			attachSource(ws, fs)
		}
		p, err := pk.pack(fs)
		if err != nil {
			return nil, tot, err
		}
		parts = append(parts, p)
		total += p.n
	}
	all := make([]finding.Finding, 0, total)
	u := unpacker{in: strs}
	for i := range parts {
		var err error
		if all, err = u.unpack(all, parts[i]); err != nil {
			return nil, tot, err
		}
		parts[i] = packed{} // its bytes are garbage once unpacked
	}
	all = append(all, cfg.unusedConfigIgnores(used)...)
	finding.Sort(all)
	return dedupe(all), tot, nil
}

// attachSource stores the masked first line of each finding in it.
func attachSource(ws *loader.Workspace, fs []finding.Finding) {
	docs := map[string]*loader.Document{}
	for _, d := range ws.Documents {
		docs[d.Path] = d
	}
	masked := map[string][]string{}
	for i := range fs {
		d := docs[fs[i].File]
		if d == nil || d.File == nil {
			continue
		}
		lines, ok := masked[d.Path]
		if !ok {
			lines = facts.ExcerptLines(d)
			masked[d.Path] = lines
		}
		if n := fs[i].Range.Start.Line; n >= 1 && n <= len(lines) {
			fs[i].Source = lines[n-1]
		}
	}
}

// toFinding maps a policy result onto a span of its document.
func (e *Engine) toFinding(ws *loader.Workspace, r rawFinding) (finding.Finding, bool) {
	if r.Doc < 0 || r.Doc >= len(ws.Documents) {
		return finding.Finding{}, false
	}
	d := ws.Documents[r.Doc]
	rule := e.catalog[r.Rule]
	f := finding.Finding{Rule: r.Rule, Message: r.Message, File: d.Path, Pointer: r.Pointer, Client: d.Client, Tier: string(d.Tier)}
	if rule != nil {
		f.Level = rule.Level
	}
	if r.Level != "" {
		if l, err := finding.ParseLevel(r.Level); err == nil {
			f.Level = l
		}
	}
	if f.Level == 0 {
		f.Level = finding.Warning
	}
	var srv *loader.Server
	if r.Server >= 0 && r.Server < len(ws.Servers) {
		srv = ws.Servers[r.Server]
		f.Server, f.Client, f.Tier = srv.Name, srv.Client, string(srv.Tier)
	}
	start, end := span(d, srv, r.Pointer, r.Key)
	if r.Offset != nil {
		start, end = *r.Offset, *r.Offset
		if r.End != nil {
			end = *r.End
		}
	}
	if d.File != nil {
		f.Range = finding.Range{Start: d.File.Position(start), End: d.File.Position(end)}
	} else {
		p := syntax.Position{Line: 1, Column: 1, UTF16Column: 1, ByteColumn: 1}
		f.Range = finding.Range{Start: p, End: p}
	}
	for _, rel := range r.Related {
		if rel.Doc < 0 || rel.Doc >= len(ws.Documents) {
			continue
		}
		rd := ws.Documents[rel.Doc]
		s, e := span(rd, nil, rel.Pointer, rel.Key)
		loc := finding.Location{File: rd.Path, Pointer: rel.Pointer, Message: rel.Message}
		if rd.File != nil {
			loc.Range = finding.Range{Start: rd.File.Position(s), End: rd.File.Position(e)}
		}
		f.Related = append(f.Related, loc)
	}
	f.Fix = fix.Build(d, srv, r.Fix)
	return f, true
}

// span finds the byte range a pointer names. A server's own pointer points
// at its name; key asks for a member's key instead of its value.
func span(d *loader.Document, s *loader.Server, pointer string, key bool) (int, int) {
	if d.File == nil || d.File.Root == nil {
		return 0, 0
	}
	if s != nil && pointer == s.Pointer && (key || s.Node == nil) {
		return s.KeyStart, s.KeyEnd
	}
	// Within a server's entry, its own copy: a name written twice in one
	// object has two entries under one pointer.
	lookup := d.File.Root.Lookup
	if s != nil && s.Doc == d {
		lookup = s.Lookup
	}
	n := lookup(pointer)
	if n == nil {
		// Point at the deepest part of the pointer that exists.
		p := pointer
		for n == nil && p != "" {
			p = p[:strings.LastIndexByte(p, '/')]
			n = lookup(p)
		}
		if n == nil {
			return 0, 0
		}
		return n.Start, n.Start
	}
	if key {
		if i := strings.LastIndexByte(pointer, '/'); i >= 0 {
			parent := lookup(pointer[:i])
			if m := parent.Member(syntax.UnescapePointerToken(pointer[i+1:])); m != nil {
				return m.KeyStart, m.KeyEnd
			}
		}
	}
	return n.Start, n.End
}

// fingerprint identifies a finding across runs by its rule and place: the
// file and the JSON pointer, both as masked as every output shows them.
// Nothing of the value is in it, so an output gives no hash to test a
// guessed secret against, and a count in a message (servers, tools)
// changing does not make a baselined finding new; a baseline that
// recorded a place n times absorbs n findings there.
func fingerprint(rule, file, pointer string) string {
	h := sha256.Sum256([]byte(rule + "\x00" + file + "\x00" + pointer))
	return hex.EncodeToString(h[:8])
}

// dedupe drops findings identical in rule, place and message (a rule may
// reach one place twice through two facts).
func dedupe(fs []finding.Finding) []finding.Finding {
	out := fs[:0]
	for i, f := range fs {
		if i > 0 {
			p := out[len(out)-1]
			if p.Rule == f.Rule && p.File == f.File && p.Range.Start.Offset == f.Range.Start.Offset && p.Message == f.Message && p.Pointer == f.Pointer {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// dropContext removes findings in files that were read only as context for
// a named file (loader.Document.Context).
func dropContext(ws *loader.Workspace, fs []finding.Finding) []finding.Finding {
	ctx := map[string]bool{}
	for _, d := range ws.Documents {
		if d.Context {
			ctx[d.Path] = true
		}
	}
	if len(ctx) == 0 {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		if !ctx[f.File] {
			out = append(out, f)
		}
	}
	return out
}

// dropShared removes findings in files that belong to no project (the
// home tiers), which every part of a plan repeats.
func dropShared(ws *loader.Workspace, fs []finding.Finding) []finding.Finding {
	shared := map[string]bool{}
	for _, d := range ws.Documents {
		if d.ProjectDir == "" {
			shared[d.Path] = true
		}
	}
	out := fs[:0]
	for _, f := range fs {
		if !shared[f.File] {
			out = append(out, f)
		}
	}
	return out
}
