package loader

import (
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
)

// state collects what clients keep outside server entries: approvals,
// enable/disable lists and trust pins. It is applied after every document
// is read (state.go).
type state struct {
	// homeGiven: --home names the user's folder, so a trust file that was
	// not read is not there.
	homeGiven bool
	claude    map[string]*claudeProject // by project folder
	trust     map[string]*trustProject  // oceancode trust.json, by project folder
	trustDoc  *Document
	// oceancode: oceancode's view applies (trust file read, or a file
	// read with --client oceancode).
	oceancode bool
	// claudeJSONOff is, per project folder, each name ~/.claude.json
	// switches off (disabledMcpServers, disabledMcpjsonServers) and where:
	// oceancode holds those disabled at every tier.
	claudeJSONOff map[string]map[string]string
	// claudeEnv are the env blocks of Claude Code's settings files, for
	// the keys that decide tool search.
	claudeEnv []envLayer
	geminiOff map[string]string // lowercased name -> where it was switched off
	// geminiMCP is each Gemini settings file's mcp.allowed / mcp.excluded,
	// by project folder ("" for the user's settings).
	geminiMCP map[string]*geminiMCP
}

// geminiMCP is Gemini CLI's global mcp.allowed and mcp.excluded lists: a
// server not allowed (when a list is given) or excluded is not connected.
// Each name maps to the file that lists it.
type geminiMCP struct {
	allowed    map[string]string
	hasAllowed bool
	allowedSrc string
	excluded   map[string]string
}

// claudeProject is Claude Code's enable/disable state for one project
// folder ("" for the user's and managed settings, which apply to every
// project). Each list maps a server name to the display path of the first
// file that names it, so a reason cites the file that said so.
type claudeProject struct {
	disabledServers map[string]string
	disabledMcpjson map[string]string
	enabledMcpjson  map[string]string
	// enableAllProject is the display path of the file that set
	// enableAllProjectMcpServers: true ("" when none did).
	enableAllProject string
}

type trustProject struct {
	source   string
	repo     bool
	mcp      map[string]bool
	hashes   map[string]string
	disabled map[string]bool
	enabled  map[string]bool
}

func newState() *state {
	return &state{claudeJSONOff: map[string]map[string]string{}, claude: map[string]*claudeProject{}, trust: map[string]*trustProject{}, geminiOff: map[string]string{}, geminiMCP: map[string]*geminiMCP{}}
}

// normaliser reads one document's servers. projects maps every linted
// project folder (cleaned, absolute) to itself, for files keyed by path.
type normaliser struct {
	projects map[string]string
}

func (nz *normaliser) servers(doc *Document, d dialect) ([]*Server, func(*state)) {
	root := doc.File.Root
	if root == nil {
		return nil, nil
	}
	switch d {
	case dMCPServers:
		if doc.Client == "gemini" {
			return serverMap(doc, root, "mcpServers"), geminiSettings(doc, root)
		}
		return serverMap(doc, root, "mcpServers"), nil
	case dVSCode:
		return serverMap(doc, root, "servers"), nil
	case dVSCodeSettings:
		if mcp := root.Get("mcp"); mcp != nil {
			return serverMapAt(doc, mcp.Get("servers"), "/mcp/servers"), nil
		}
	case dCodexTOML:
		return serverMap(doc, root, "mcp_servers"), nil
	case dOpenCode:
		return serverMap(doc, root, "mcp"), nil
	case dServerMap:
		return serverMapAt(doc, root, ""), nil
	case dZed:
		return serverMap(doc, root, "context_servers"), nil
	case dGoose:
		return serverMap(doc, root, "extensions"), nil
	case dContinue:
		return serverList(doc, root.Get("mcpServers"), "/mcpServers"), nil
	case dAmazonQAgent:
		return serverMap(doc, root, "mcpServers"), nil
	case dClaudeJSON:
		return nz.claudeJSON(doc, root)
	case dClaudeSettings:
		return nz.claudeSettings(doc, root)
	case dRegistryServer:
		return []*Server{registryServer(doc, root, "")}, nil
	case dRegistryList:
		return registryList(doc, root), nil
	case dTeamCatalogue:
		return teamCatalogue(doc, root), nil
	case dTrustFile:
		return nil, nz.trustFile(doc, root)
	case dGeminiEnablement:
		return nil, geminiEnablement(doc, root)
	case dPaseoConfig:
		return paseoBuiltin(doc, root), nil
	case dPaseoAgent:
		return nz.paseoAgent(doc, root), nil
	case dAIRouting:
		return nil, aiRouting(doc, root)
	}
	return nil, nil
}

func serverMap(doc *Document, root *syntax.Node, key string) []*Server {
	return serverMapAt(doc, root.Get(key), syntax.Pointer(key))
}

func serverMapAt(doc *Document, m *syntax.Node, ptr string) []*Server {
	if m == nil {
		return nil
	}
	if m.Kind == syntax.Array {
		// Servers given as a list where the client wants a map: the client
		// reads none of them (schema/wrong-root-key says so). They are kept
		// so a secret written in them is still found, marked unread.
		out := serverList(doc, m, ptr)
		for _, s := range out {
			s.Unread, s.Enabled = true, false
			s.DisabledBy = "the servers are written as a list, which this client does not read"
		}
		return out
	}
	if m.Kind != syntax.Object {
		return nil
	}
	out := make([]*Server, 0, len(m.Members))
	for _, mem := range m.Members {
		s := entry(doc, mem.Key, ptr+"/"+syntax.EscapePointerToken(mem.Key), mem.KeyStart, mem.KeyEnd, mem.Value)
		out = append(out, s)
	}
	return out
}

// serverList reads list-shaped configs (Continue) where each item names
// itself with a "name" field.
func serverList(doc *Document, list *syntax.Node, ptr string) []*Server {
	if list == nil || list.Kind != syntax.Array {
		return nil
	}
	out := make([]*Server, 0, len(list.Items))
	for i, it := range list.Items {
		p := ptr + "/" + strconv.Itoa(i)
		name, ks, ke := "", it.Start, it.End
		if m := it.Member("name"); m != nil {
			name, _ = m.Value.Str()
			ks, ke = m.Value.Start, m.Value.End
		}
		out = append(out, entry(doc, name, p, ks, ke, it))
	}
	return out
}

// claudeJSON reads ~/.claude.json: the top-level mcpServers are the user
// tier; projects["<abs path>"].mcpServers are the local tier of that
// project, together with its approval and enable/disable lists.
func (nz *normaliser) claudeJSON(doc *Document, root *syntax.Node) ([]*Server, func(*state)) {
	out := serverMap(doc, root, "mcpServers")
	projects := root.Get("projects")
	if projects == nil || projects.Kind != syntax.Object {
		return out, nil
	}
	type pstate struct {
		dir string
		cp  *claudeProject
	}
	var states []pstate
	for _, pm := range projects.Members {
		dir, ok := nz.projects[cleanProjectKey(pm.Key)]
		if !ok || pm.Value.Kind != syntax.Object {
			continue
		}
		base := "/projects/" + syntax.EscapePointerToken(pm.Key)
		for _, s := range serverMapAt(doc, pm.Value.Get("mcpServers"), base+"/mcpServers") {
			s.Tier, s.Project = TierLocal, dir
			out = append(out, s)
		}
		cp := &claudeProject{
			disabledServers: setFrom(pm.Value.Get("disabledMcpServers"), doc.Path),
			disabledMcpjson: setFrom(pm.Value.Get("disabledMcpjsonServers"), doc.Path),
			enabledMcpjson:  setFrom(pm.Value.Get("enabledMcpjsonServers"), doc.Path),
		}
		if on, _ := pm.Value.Get("enableAllProjectMcpServers").BoolValue(); on {
			cp.enableAllProject = doc.Path
		}
		states = append(states, pstate{dir, cp})
	}
	return out, func(st *state) {
		for _, p := range states {
			st.claudeProject(p.dir).merge(p.cp)
			off := st.claudeJSONOff[p.dir]
			if off == nil {
				off = map[string]string{}
				st.claudeJSONOff[p.dir] = off
			}
			for name, src := range p.cp.disabledServers {
				if _, ok := off[name]; !ok {
					off[name] = "disabledMcpServers in " + src
				}
			}
			for name, src := range p.cp.disabledMcpjson {
				if _, ok := off[name]; !ok {
					off[name] = "disabledMcpjsonServers in " + src
				}
			}
		}
	}
}

// claudeSettings reads Claude Code settings files: managedMcpServers (in
// managed settings only) and the .mcp.json approval lists.
func (nz *normaliser) claudeSettings(doc *Document, root *syntax.Node) ([]*Server, func(*state)) {
	var out []*Server
	if doc.Tier == TierManaged {
		out = append(out, serverMap(doc, root, "managedMcpServers")...)
	}
	cp := &claudeProject{
		disabledMcpjson: setFrom(root.Get("disabledMcpjsonServers"), doc.Path),
		enabledMcpjson:  setFrom(root.Get("enabledMcpjsonServers"), doc.Path),
	}
	if on, _ := root.Get("enableAllProjectMcpServers").BoolValue(); on {
		cp.enableAllProject = doc.Path
	}
	dir := doc.ProjectDir // "" for user and managed settings: every project
	env := settingsEnv(root.Get("env"), toolSearchKeys)
	return out, func(st *state) {
		st.claudeProject(dir).merge(cp)
		if len(env) > 0 {
			st.claudeEnv = append(st.claudeEnv, envLayer{dir: dir, tier: doc.Tier, path: doc.Path, vals: env})
		}
	}
}

// toolSearchKeys are the env keys of Claude Code's settings that decide
// whether MCP tool search is on.
var toolSearchKeys = []string{
	"ENABLE_TOOL_SEARCH", "CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS", "ANTHROPIC_BASE_URL",
	"CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_MANTLE", "CLAUDE_CODE_USE_ANTHROPIC_AWS", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY",
}

// settingsEnv reads the given keys of a settings file's env object (an
// empty value is kept: it cancels one set lower down).
func settingsEnv(env *syntax.Node, keys []string) map[string]string {
	if env == nil || env.Kind != syntax.Object {
		return nil
	}
	out := map[string]string{}
	for _, k := range keys {
		if v, ok := env.Get(k).Str(); ok {
			out[k] = v
		}
	}
	return out
}

func (st *state) claudeProject(dir string) *claudeProject {
	cp := st.claude[dir]
	if cp == nil {
		cp = &claudeProject{disabledServers: map[string]string{}, disabledMcpjson: map[string]string{}, enabledMcpjson: map[string]string{}}
		st.claude[dir] = cp
	}
	return cp
}

func (cp *claudeProject) merge(o *claudeProject) {
	mergeFrom(cp.disabledServers, o.disabledServers)
	mergeFrom(cp.disabledMcpjson, o.disabledMcpjson)
	mergeFrom(cp.enabledMcpjson, o.enabledMcpjson)
	if cp.enableAllProject == "" {
		cp.enableAllProject = o.enableAllProject
	}
}

// mergeFrom adds o's names to m, keeping the first source of each.
func mergeFrom(m, o map[string]string) {
	for k, src := range o {
		if _, ok := m[k]; !ok {
			m[k] = src
		}
	}
}

// trustFile reads oceancode's ~/.oceancode/trust.json for the linted
// projects (RULES.md, "Shapes the seeds leave open").
func (nz *normaliser) trustFile(doc *Document, root *syntax.Node) func(*state) {
	projects := root.Get("projects")
	if projects == nil || projects.Kind != syntax.Object {
		return nil
	}
	found := map[string]*trustProject{}
	for _, pm := range projects.Members {
		dir, ok := nz.projects[cleanProjectKey(pm.Key)]
		if !ok || pm.Value.Kind != syntax.Object {
			continue
		}
		v := pm.Value
		tp := &trustProject{source: doc.Path, mcp: map[string]bool{}, hashes: map[string]string{},
			disabled: set(v.Get("disabled_mcp")), enabled: set(v.Get("enabled_mcp"))}
		tp.repo, _ = v.Get("repo").BoolValue()
		if m := v.Get("mcp"); m != nil && m.Kind == syntax.Object {
			for _, e := range m.Members {
				if b, ok := e.Value.BoolValue(); ok {
					tp.mcp[e.Key] = b
				}
			}
		}
		if m := v.Get("mcp_hashes"); m != nil && m.Kind == syntax.Object {
			for _, e := range m.Members {
				if h, ok := e.Value.Str(); ok {
					tp.hashes[e.Key] = h
				}
			}
		}
		found[dir] = tp
	}
	return func(st *state) {
		st.trustDoc = doc
		for dir, tp := range found {
			st.trust[dir] = tp
		}
	}
}

// geminiSettings reads the mcp.allowed and mcp.excluded lists of a Gemini
// settings file.
func geminiSettings(doc *Document, root *syntax.Node) func(*state) {
	mcp := root.Get("mcp")
	if mcp == nil || mcp.Kind != syntax.Object {
		return nil
	}
	g := &geminiMCP{allowed: setFrom(mcp.Get("allowed"), doc.Path), excluded: setFrom(mcp.Get("excluded"), doc.Path)}
	if a := mcp.Get("allowed"); a != nil && a.Kind == syntax.Array {
		g.hasAllowed, g.allowedSrc = true, doc.Path
	}
	dir := doc.ProjectDir
	return func(st *state) {
		cur := st.geminiMCP[dir]
		if cur == nil {
			cur = &geminiMCP{allowed: map[string]string{}, excluded: map[string]string{}}
			st.geminiMCP[dir] = cur
		}
		mergeFrom(cur.allowed, g.allowed)
		mergeFrom(cur.excluded, g.excluded)
		if g.hasAllowed && !cur.hasAllowed {
			cur.hasAllowed, cur.allowedSrc = true, g.allowedSrc
		}
	}
}

func geminiEnablement(doc *Document, root *syntax.Node) func(*state) {
	if root.Kind != syntax.Object {
		return nil
	}
	off := map[string]bool{}
	for _, m := range root.Members {
		if e, ok := m.Value.Get("enabled").BoolValue(); ok && !e {
			off[strings.ToLower(strings.TrimSpace(m.Key))] = true
		}
	}
	return func(st *state) {
		for k := range off {
			st.geminiOff[k] = doc.Path
		}
	}
}

// setFrom maps each string of a list to src.
func setFrom(n *syntax.Node, src string) map[string]string {
	out := map[string]string{}
	for _, s := range strings1(n) {
		out[s] = src
	}
	return out
}

func set(n *syntax.Node) map[string]bool {
	out := map[string]bool{}
	for _, s := range strings1(n) {
		out[s] = true
	}
	return out
}
