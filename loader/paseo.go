package loader

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
)

// Paseo's built-in server (seeds/001, "Paseo tools"): the daemon runs its
// own MCP server, paseo, and with daemon.mcp.injectIntoAgents on it adds
// it to every agent it starts: 39 tools, plus 22 browser_* tools when
// browser tools are on (61 in all, Paseo 0.9.1). mcp.enabled false (the
// --no-mcp flag) turns the server off. The seed names those keys; where
// the browser switch and disabledTools sit in config.json it does not
// say, so mcplint reads daemon.mcp.browserTools (default on) and
// disabledTools beside injectIntoAgents (docs/seeds/paseo.md).
const (
	paseoTools        = 39
	paseoBrowserTools = 22
)

// paseoProviders are the clients of the agents Paseo starts (providers
// claude and codex).
var paseoProviders = []string{"claude-code", "codex"}

func paseoBuiltin(doc *Document, root *syntax.Node) []*Server {
	mcp := root.Get("daemon").Get("mcp")
	ptr := "/daemon/mcp"
	if mcp == nil {
		mcp, ptr = root.Get("mcp"), "/mcp"
	}
	inject := mcp.Member("injectIntoAgents")
	if inject == nil {
		return nil
	}
	if on, ok := inject.Value.BoolValue(); !ok || !on {
		return nil
	}
	if on, ok := mcp.Get("enabled").BoolValue(); ok && !on {
		return nil
	}
	browser := true
	if b, ok := mcp.Get("browserTools").BoolValue(); ok {
		browser = b
	}
	var names []string
	for i := 1; i <= paseoTools; i++ {
		names = append(names, "paseo_"+strconv.Itoa(i))
	}
	if browser {
		for i := 1; i <= paseoBrowserTools; i++ {
			names = append(names, "browser_"+strconv.Itoa(i))
		}
	}
	off := map[string]bool{}
	for _, t := range strings1(mcp.Get("disabledTools")) {
		off[t] = true
	}
	var out []*Server
	for _, c := range paseoProviders {
		s := &Server{Name: "paseo", Client: c, Tier: TierAgent, Transport: "builtin", Enabled: true, Builtin: "paseo",
			Doc: doc, Pointer: ptr + "/injectIntoAgents", KeyStart: inject.KeyStart, KeyEnd: inject.KeyEnd}
		ts := &ToolSet{Server: "paseo", Doc: doc, Pointer: ptr + "/injectIntoAgents"}
		for i, name := range names {
			if off[name] {
				continue
			}
			ts.Tools = append(ts.Tools, Tool{Name: name, Pointer: ptr + "/injectIntoAgents#" + strconv.Itoa(i)})
		}
		s.Tools = ts
		out = append(out, s)
	}
	return out
}

// paseoAgentPattern is one of the Paseo daemon's agent records, written
// after every plugin's agent.create hook ran: the servers the agent was
// started with. The seed gives its place, not its shape; mcplint reads
// {"provider": "claude"|"codex", "cwd": "<project dir>", "mcpServers":
// {name: entry}} (docs/seeds/paseo.md).
var paseoAgentPattern = pattern{segs: []string{"*.json"}, client: "claude-code", tier: TierAgent, kind: KindState, dialect: dPaseoAgent, format: syntax.JSON, variant: "paseo-agent"}

// walkPaseoAgents finds the agent records under $PASEO_HOME/agents.
func walkPaseoAgents(dir string, add func(candidate)) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".json") {
			add(candidate{abs: p, pat: &paseoAgentPattern})
		}
		return nil
	})
}

var paseoProvider = map[string]string{"claude": "claude-code", "codex": "codex"}

// paseoAgent reads the servers of an agent record that works in a linted
// project.
func (nz *normaliser) paseoAgent(doc *Document, root *syntax.Node) []*Server {
	prov, _ := root.Get("provider").Str()
	client, ok := paseoProvider[prov]
	if !ok {
		return nil
	}
	cwd, _ := root.Get("cwd").Str()
	dir, ok := nz.projects[cleanProjectKey(cwd)]
	if !ok {
		return nil
	}
	out := serverMapAt(doc, root.Get("mcpServers"), "/mcpServers")
	for _, s := range out {
		s.Client, s.Tier, s.Project, s.Builtin = client, TierAgent, dir, "paseo-agent"
	}
	return out
}

// dropExplained leaves out a server of an agent record that the agent's
// own configs (or Paseo's built-in server) define by name: only the ones
// nothing else explains were added by a hook.
func dropExplained(servers []*Server) []*Server {
	type key struct{ client, project, name string }
	defined := map[key]bool{}
	for _, s := range servers {
		if s.Builtin != "paseo-agent" {
			defined[key{s.Client, s.Project, s.Name}] = true
		}
	}
	out := servers[:0]
	for _, s := range servers {
		if s.Builtin == "paseo-agent" && (defined[key{s.Client, s.Project, s.Name}] || defined[key{s.Client, "", s.Name}]) {
			continue
		}
		out = append(out, s)
	}
	return out
}
