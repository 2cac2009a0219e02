package loader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
	"strings"
)

// applyState folds the state clients keep outside entries into each
// server: Claude Code's per-project lists, oceancode's trust.json and
// Gemini's enablement file.
func applyState(ws *Workspace, st *state) {
	for _, s := range ws.Servers {
		switch s.Client {
		case "claude-code":
			applyClaude(s, st)
			if st.oceancode {
				applyOceancodeTrust(s, st)
			}
		case "gemini":
			if src, ok := st.geminiOff[strings.ToLower(strings.TrimSpace(s.Name))]; ok {
				s.Enabled, s.DisabledBy = false, "switched off in "+src
			}
			applyGeminiMCP(s, st)
		}
	}
}

// applyGeminiMCP holds a Gemini server that the settings' mcp.excluded
// names, or that mcp.allowed leaves out (excluded wins). The user's
// settings apply to every project, a project's to its own servers.
func applyGeminiMCP(s *Server, st *state) {
	if !s.Enabled || len(st.geminiMCP) == 0 {
		return
	}
	dirs := projectsOf(s, st.geminiMCP)
	if s.Project != "" {
		dirs = append(dirs, "")
	}
	allowedSrc := ""
	allowed := false
	for _, dir := range dirs {
		g := st.geminiMCP[dir]
		if g == nil {
			continue
		}
		if src, ok := g.excluded[s.Name]; ok {
			s.Enabled, s.DisabledBy = false, "excluded by mcp.excluded in "+src
			return
		}
		if g.hasAllowed {
			if allowedSrc == "" {
				allowedSrc = g.allowedSrc
			}
			if _, ok := g.allowed[s.Name]; ok {
				allowed = true
			}
		}
	}
	if allowedSrc != "" && !allowed {
		s.Enabled, s.DisabledBy = false, "not in mcp.allowed in "+allowedSrc
	}
}

// projectsOf lists the project folders a definition applies to: its own,
// or every project that has state recorded when it lives in the home tier.
func projectsOf[T any](s *Server, m map[string]T) []string {
	if s.Project != "" {
		return []string{s.Project}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func applyClaude(s *Server, st *state) {
	dirs := projectsOf(s, st.claude)
	if s.Project != "" {
		// The user's and managed settings apply to every project.
		dirs = append(dirs, "")
	}
	for _, dir := range dirs {
		cp := st.claude[dir]
		if cp == nil {
			continue
		}
		if src, ok := cp.disabledServers[s.Name]; ok {
			s.Enabled, s.DisabledBy = false, "disabledMcpServers in "+src
			return
		}
		if src, ok := cp.disabledMcpjson[s.Name]; ok && s.Tier == TierProject {
			s.Enabled, s.DisabledBy = false, "disabledMcpjsonServers in "+src
			return
		}
	}
	if s.Tier != TierProject {
		return
	}
	for _, dir := range dirs {
		cp := st.claude[dir]
		if cp == nil {
			continue
		}
		if src, ok := cp.enabledMcpjson[s.Name]; ok {
			s.Approved, s.ApprovedBy = true, "enabledMcpjsonServers in "+src
			return
		}
		if cp.enableAllProject != "" {
			s.Approved, s.ApprovedBy = true, "enableAllProjectMcpServers in "+cp.enableAllProject
			return
		}
	}
}

// applyOceancodeTrust models oceancode: project and plugin servers are held
// untrusted until the repo or the server is trusted, and held again when
// the trusted command or URL no longer matches its pin. disabled_mcp holds
// a name at every tier; enabled_mcp beats an entry's enabled: false.
func applyOceancodeTrust(s *Server, st *state) {
	// A server Claude Code switched off for the project in ~/.claude.json
	// is held disabled at every tier.
	for _, dir := range projectsOf(s, st.claudeJSONOff) {
		if src, ok := st.claudeJSONOff[dir][s.Name]; ok {
			s.Enabled, s.DisabledBy = false, src+" (oceancode holds it at every tier)"
			break
		}
	}
	for _, dir := range projectsOf(s, st.trust) {
		tp := st.trust[dir]
		if tp == nil {
			continue
		}
		if tp.enabled[s.Name] && !s.Enabled && strings.HasPrefix(s.DisabledBy, "enabled: false") {
			s.Enabled, s.DisabledBy = true, ""
		}
		if tp.disabled[s.Name] && !tp.enabled[s.Name] {
			s.Enabled, s.DisabledBy = false, "disabled_mcp in "+tp.source
		}
	}
	if s.Tier != TierProject && s.Tier != TierPlugin {
		return
	}
	tp := st.trust[s.Project]
	if s.Tier == TierPlugin && s.Project == "" {
		// A plugin's server applies to every project; trust.json keeps
		// its trust under each project's path.
		for _, dir := range projectsOf(s, st.trust) {
			if st.trust[dir] != nil {
				tp = st.trust[dir]
				break
			}
		}
	}
	if tp == nil {
		if st.trustDoc == nil {
			s.Untrusted, s.UntrustedBy = true, "no ~/.oceancode/trust.json was read (pass --home), so nothing is trusted yet"
			if st.homeGiven {
				s.Untrusted, s.UntrustedBy = true, "the --home folder has no .oceancode/trust.json, so nothing is trusted yet"
			}
			return
		}
		s.Untrusted, s.UntrustedBy = true, "the project is not trusted in "+st.trustDoc.Path
		return
	}
	// trust repo on covers the repository's own servers, not a plugin's.
	trusted := tp.repo && s.Tier == TierProject
	if v, ok := tp.mcp[s.Name]; ok {
		trusted = v
	}
	if !trusted {
		s.Untrusted, s.UntrustedBy = true, "not trusted in "+tp.source
		return
	}
	pin, ok := tp.hashes[s.Name]
	if ok {
		s.PinnedHash, s.PinSource = pin, tp.source
	}
	if ok && pin != PinHash(s) {
		what := "command"
		if s.Transport != "stdio" {
			what = "URL"
		}
		s.Untrusted, s.UntrustedBy = true, "its "+what+" no longer matches the pin in "+tp.source
	}
}

// PinHash is oceancode's trust pin: "sha256:" + hex SHA-256 of the compact
// JSON array [command, args…] for a stdio server, of the URL for a remote.
func PinHash(s *Server) string {
	var payload []byte
	if s.Transport == "stdio" || (s.URL == "" && s.Command != "") {
		if b, ok := plainArgv(s.Command, s.Args); ok {
			sum := sha256.Sum256(b)
			return "sha256:" + hex.EncodeToString(sum[:])
		}
		argv := append([]string{s.Command}, s.Args...)
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(argv)
		payload = bytes.TrimRight(buf.Bytes(), "\n")
	} else {
		payload = []byte(s.URL)
	}
	sum := sha256.Sum256(payload)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// plainArgv writes [command, args…] as compact JSON when every string is
// printable ASCII without a quote or a backslash, which JSON writes as it
// is (the encoder's reflection costs more than the hash).
func plainArgv(command string, args []string) ([]byte, bool) {
	n := len(command) + 4
	for _, a := range args {
		n += len(a) + 3
	}
	b := make([]byte, 0, n)
	b = append(b, '[')
	for i := -1; i < len(args); i++ {
		v := command
		if i >= 0 {
			v = args[i]
			b = append(b, ',')
		}
		for j := 0; j < len(v); j++ {
			if c := v[j]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
				return nil, false
			}
		}
		b = append(b, '"')
		b = append(b, v...)
		b = append(b, '"')
	}
	return append(b, ']'), true
}

// resolveShadowing decides, for each name defined more than once for one
// client and project, which copy runs. Copies are ranked by the client's
// tier precedence (a later duplicate key in one file beats an earlier
// one); the first copy that may run wins (oceancode: when the winner is
// held untrusted or disabled the next copy runs), and every copy ranked
// below it is shadowed by it.
func resolveShadowing(ws *Workspace) {
	type key struct{ client, project, name string }
	groups := map[key][]*Server{}
	var order []key
	addTo := func(k key, s *Server) {
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], s)
	}
	// Project-scoped copies first, so home copies can join their groups.
	projectsByName := map[key][]string{}
	for _, s := range ws.Servers {
		c := Clients[s.Client]
		if c == nil || s.Tier == TierLibrary || s.Tier == TierCopy || s.Project == "" || s.Unread {
			continue
		}
		k := key{s.Client, s.Project, s.Name}
		if _, ok := groups[k]; !ok {
			nk := key{s.Client, "", s.Name}
			projectsByName[nk] = append(projectsByName[nk], s.Project)
		}
		addTo(k, s)
	}
	for _, s := range ws.Servers {
		c := Clients[s.Client]
		if c == nil || s.Tier == TierLibrary || s.Tier == TierCopy || s.Project != "" || s.Unread {
			continue
		}
		projects := projectsByName[key{s.Client, "", s.Name}]
		if len(projects) == 0 || len(c.Precedence) == 0 {
			addTo(key{s.Client, "", s.Name}, s)
			continue
		}
		for _, p := range projects {
			addTo(key{s.Client, p, s.Name}, s)
		}
	}
	for _, k := range order {
		copies := groups[k]
		if len(copies) < 2 {
			continue
		}
		c := Clients[k.client]
		ranked := rankCopies(c, copies)
		for _, set := range ranked {
			if len(set) < 2 {
				continue
			}
			// A client that merges fields makes one server of every copy:
			// the top copy's switch is the merged server's, so a held top
			// copy does not let a lower one run.
			win := 0
			if !c.FieldMerge {
				win = -1
				for i, s := range set {
					if s.Enabled && !s.Untrusted {
						win = i
						break
					}
				}
				if win < 0 {
					// No copy may run: none takes the name from another,
					// each reads its own state (disabled or untrusted).
					continue
				}
			}
			w := set[win]
			for _, s := range set[win+1:] {
				if s.ShadowedBy == nil && s != w {
					s.ShadowedBy = w
					w.Shadows = append(w.Shadows, s)
				}
			}
			if c.FieldMerge {
				mergeFields(w, set[win+1:])
			}
		}
	}
}

// rankCopies orders copies by precedence. Clients without a precedence
// keep separate collections, so only duplicates within one file compete.
func rankCopies(c *Client, copies []*Server) [][]*Server {
	less := func(a, b *Server) bool {
		if len(c.Precedence) > 0 {
			ra, _ := c.rank(a.Tier)
			rb, _ := c.rank(b.Tier)
			if ra != rb {
				return ra < rb
			}
		}
		if da, db := docRank(a.Doc), docRank(b.Doc); da != db {
			return da < db
		}
		if a.Doc.Path != b.Doc.Path {
			return a.Doc.Path < b.Doc.Path
		}
		return a.KeyStart > b.KeyStart // last duplicate key wins
	}
	if len(c.Precedence) == 0 {
		byFile := map[string][]*Server{}
		var files []string
		for _, s := range copies {
			if _, ok := byFile[s.Doc.Path]; !ok {
				files = append(files, s.Doc.Path)
			}
			byFile[s.Doc.Path] = append(byFile[s.Doc.Path], s)
		}
		out := make([][]*Server, 0, len(files))
		for _, f := range files {
			set := byFile[f]
			sort.SliceStable(set, func(i, j int) bool { return less(set[i], set[j]) })
			out = append(out, set)
		}
		return out
	}
	var ranked []*Server
	for _, s := range copies {
		if _, ok := c.rank(s.Tier); ok {
			ranked = append(ranked, s)
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return less(ranked[i], ranked[j]) })
	return [][]*Server{ranked}
}

// docRank orders two files of one client and tier (lower first): OpenCode
// merges a project's .agents/mcp.json after its opencode.json, so the
// former wins. Other files of one tier are ordered by path.
func docRank(d *Document) int {
	if d.Client == "opencode" && d.Variant == "agents-mcp" {
		return -1
	}
	if d.Client == "cursor" || d.Client == "opencode" {
		// oceancode's copy of another client's file loses to Claude Code's
		// own file of the same tier (.mcp.json), oceancode's native one.
		return 1
	}
	return 0
}

// oceancodeCopies are oceancode's own copies of the Cursor and OpenCode
// project servers: oceancode picks those files up as-is, holds their
// servers untrusted like a checkout's .mcp.json, and folds a same-name
// copy with Claude Code's files by tier.
func oceancodeCopies(servers []*Server) []*Server {
	var out []*Server
	for _, s := range servers {
		if s.Tier != TierProject && s.Tier != TierUser || (s.Client != "cursor" && s.Client != "opencode") || s.Via != "" {
			continue
		}
		c := *s
		c.Client, c.Via = "claude-code", s.Client
		c.Env = append([]Pair(nil), s.Env...)
		c.Headers = append([]Pair(nil), s.Headers...)
		c.Args = append([]string(nil), s.Args...)
		c.ShadowedBy, c.Shadows, c.MergedFrom = nil, nil, nil
		out = append(out, &c)
	}
	return out
}

// mergeFields folds the copies below a winner into it, field by field, as
// Codex merges its config layers (and OpenCode and Zed their settings): a
// field the winner does not write is taken from the highest copy below
// that does; env and headers tables merge key by key. lower is ordered
// from the highest copy down. MergedFrom names the nearest copy that gave
// anything that matters.
func mergeFields(w *Server, lower []*Server) {
	for _, s := range lower {
		took := false
		if w.written&fCommand == 0 && s.written&fCommand != 0 {
			w.Command = s.Command
			w.written |= fCommand
			took = true
		}
		if w.written&fArgs == 0 && s.written&fArgs != 0 {
			w.Args = s.Args
			w.written |= fArgs
			took = true
		}
		if w.written&fURL == 0 && s.written&fURL != 0 {
			w.URL = s.URL
			w.written |= fURL
			took = true
		}
		if w.written&fCwd == 0 && s.written&fCwd != 0 {
			w.Cwd = s.Cwd
			w.written |= fCwd
			took = true
		}
		if w.written&fEnabled == 0 && s.written&fEnabled != 0 {
			w.written |= fEnabled
			if !s.Enabled && w.Enabled && strings.HasSuffix(s.DisabledBy, " in the entry") {
				w.Enabled = false
				w.DisabledBy = strings.TrimSuffix(s.DisabledBy, " in the entry") + " in " + s.Doc.Path
				took = true
			}
		}
		var n int
		w.Env, n = mergePairs(w.Env, s.Env, s.Doc)
		took = took || n > 0
		w.Headers, n = mergePairs(w.Headers, s.Headers, s.Doc)
		took = took || n > 0
		if w.Transport == "unknown" && s.Transport != "unknown" && took {
			w.Transport = s.Transport
		}
		if took && w.MergedFrom == nil {
			w.MergedFrom = s
		}
	}
}

// mergePairs adds to own the pairs of lower whose keys own lacks, marked
// with the document they were written in. It returns how many it added.
func mergePairs(own, lower []Pair, doc *Document) ([]Pair, int) {
	added := 0
	for _, p := range lower {
		found := false
		for _, o := range own {
			if o.Key == p.Key {
				found = true
				break
			}
		}
		if found {
			continue
		}
		if p.Doc == nil {
			p.Doc = doc
		}
		own = append(own, p)
		added++
	}
	return own, added
}
