package loader

import (
	"sort"
	"strings"
)

// envLayer is the env block of one Claude Code settings file.
type envLayer struct {
	dir    string // project folder; "" for user and managed settings
	tier   Tier
	path   string
	router bool   // AI Router's routing, below every settings file
	where  string // how a message names the source; "in <path>" if empty
	vals   map[string]string
}

// source names where a layer's values come from in a message.
func (l envLayer) source() string {
	if l.where != "" {
		return l.where
	}
	return "in " + l.path
}

// ToolSearch is whether Claude Code's MCP tool search is on for a
// project, as its settings files say: On is "on", "off" or "" (the files
// do not say), By names the setting that decides.
type ToolSearch struct {
	On string
	By string
}

// settingsRank orders the sources from lowest to highest precedence: AI
// Router's routing, then the settings files user, project, local and
// managed (Paseo's "Sources, later ones winning"; Claude Code's settings
// precedence: "local beats project beats user", managed above
// everything).
func settingsRank(l envLayer) int {
	if l.router {
		return 0
	}
	switch l.tier {
	case TierUser:
		return 1
	case TierProject:
		return 2
	case TierLocal:
		return 3
	case TierManaged:
		return 4
	}
	return -1
}

// DefaultToolSearch names Claude Code's default: "Claude Code's MCP tool
// search is on by default".
const DefaultToolSearch = "on by default in Claude Code"

// cloudProviders are the switches of Claude Code's cloud providers, on
// which a managed ENABLE_TOOL_SEARCH="force" has no effect (Paseo: "On a
// cloud provider (Bedrock, Mantle, Claude Platform on AWS, Agent
// Platform, Foundry) force has no effect").
var cloudProviders = []struct{ key, name string }{
	{"CLAUDE_CODE_USE_BEDROCK", "Bedrock"},
	{"CLAUDE_CODE_USE_MANTLE", "Mantle"},
	{"CLAUDE_CODE_USE_ANTHROPIC_AWS", "Claude Platform on AWS"},
	{"CLAUDE_CODE_USE_VERTEX", "Agent Platform"},
	{"CLAUDE_CODE_USE_FOUNDRY", "Foundry"},
}

// managedOrder sorts managed settings files: managed-settings.json first,
// then every managed-settings.d/*.json alphabetically, the later winning.
func managedOrder(p string) (int, string) {
	p = strings.ReplaceAll(p, "\\", "/")
	if strings.Contains(p, "/managed-settings.d/") || strings.HasPrefix(p, "managed-settings.d/") {
		return 1, p[strings.LastIndex(p, "/")+1:]
	}
	return 0, p
}

// toolSearchFor works out tool search for one project folder from the
// settings files that apply to it. Claude Code's tool search is on by
// default; a source switches it off: ENABLE_TOOL_SEARCH=false, the betas
// flag (CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS) or a gateway (an
// ANTHROPIC_BASE_URL that is not Anthropic's, unless ENABLE_TOOL_SEARCH
// is true). A value there "overwrites the same variable exported in your
// shell, and when more than one settings file sets a variable, the
// highest-precedence one applies"; an empty value cancels one set lower
// down. Only a managed ENABLE_TOOL_SEARCH="force" keeps tool search on
// under the betas flag and through a gateway, and not on a cloud
// provider; a true or auto counts only where the betas flag is not set.
func toolSearchFor(layers []envLayer, dir string) ToolSearch {
	var own []envLayer
	for _, l := range layers {
		if (l.dir == "" || l.dir == dir) && settingsRank(l) >= 0 {
			own = append(own, l)
		}
	}
	sort.SliceStable(own, func(i, j int) bool {
		ri, rj := settingsRank(own[i]), settingsRank(own[j])
		if ri != rj {
			return ri < rj
		}
		gi, ni := managedOrder(own[i].path)
		gj, nj := managedOrder(own[j].path)
		if gi != gj {
			return gi < gj
		}
		return ni < nj // managed-settings.d: alphabetical, later wins
	})
	type val struct{ v, src string }
	eff := map[string]val{}
	forced := ""
	for _, l := range own {
		keys := make([]string, 0, len(l.vals))
		for k := range l.vals {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := strings.TrimSpace(l.vals[k])
			if v == "" {
				delete(eff, k)
				if k == "ENABLE_TOOL_SEARCH" && l.tier == TierManaged {
					forced = ""
				}
				continue
			}
			eff[k] = val{v, l.source()}
			if k == "ENABLE_TOOL_SEARCH" {
				forced = ""
				if l.tier == TierManaged && v == "force" {
					forced = l.source()
				}
			}
		}
	}
	cloud := ""
	for _, c := range cloudProviders {
		if v, ok := eff[c.key]; ok && !isOff(v.v) {
			cloud = c.name + " (" + c.key + " " + v.src + ")"
			break
		}
	}
	forceNote := ""
	if forced != "" {
		if cloud == "" {
			return ToolSearch{On: "on", By: "ENABLE_TOOL_SEARCH=force " + forced}
		}
		forceNote = "; ENABLE_TOOL_SEARCH=force " + forced + " has no effect on a cloud provider: " + cloud
	}
	betas, betasSet := eff["CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS"]
	if betasSet && isOff(betas.v) {
		betasSet = false
	}
	gateway, gatewaySet := eff["ANTHROPIC_BASE_URL"]
	if gatewaySet && firstParty(gateway.v) {
		gatewaySet = false
	}
	ts, tsSet := eff["ENABLE_TOOL_SEARCH"]
	switch {
	case tsSet && isOff(ts.v):
		return ToolSearch{On: "off", By: "ENABLE_TOOL_SEARCH=" + ts.v + " " + ts.src + forceNote}
	case betasSet:
		return ToolSearch{On: "off", By: "CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS " + betas.src + " (only a managed ENABLE_TOOL_SEARCH=force keeps tool search on under it)" + forceNote}
	case gatewaySet && !tsSet:
		return ToolSearch{On: "off", By: "ANTHROPIC_BASE_URL " + gateway.src + ": a gateway, through which tool search is off unless ENABLE_TOOL_SEARCH is true or a managed ENABLE_TOOL_SEARCH=force" + forceNote}
	case tsSet:
		return ToolSearch{On: "on", By: "ENABLE_TOOL_SEARCH=" + ts.v + " " + ts.src}
	}
	return ToolSearch{On: "on", By: DefaultToolSearch}
}

// firstParty is true for an ANTHROPIC_BASE_URL that is Anthropic's own
// API, which is no gateway.
func firstParty(u string) bool {
	u = strings.ToLower(strings.TrimSpace(u))
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	host := u
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	return host == "api.anthropic.com"
}

func isOff(v string) bool {
	switch strings.ToLower(v) {
	case "false", "0", "off", "no":
		return true
	}
	return false
}
