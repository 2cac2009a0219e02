package loader

import (
	"sort"
	"strings"
)

// envLayer is the env block of one Claude Code settings file.
type envLayer struct {
	dir  string // project folder; "" for user and managed settings
	tier Tier
	path string
	vals map[string]string
}

// ToolSearch is whether Claude Code's MCP tool search is on for a
// project, as its settings files say: On is "on", "off" or "" (the files
// do not say), By names the setting that decides.
type ToolSearch struct {
	On string
	By string
}

// settingsRank orders settings files from lowest to highest precedence:
// user, project, local, managed (settings precedence; "local beats
// project beats user", managed above everything).
func settingsRank(t Tier) int {
	switch t {
	case TierUser:
		return 0
	case TierProject:
		return 1
	case TierLocal:
		return 2
	case TierManaged:
		return 3
	}
	return -1
}

// toolSearchFor works out tool search for one project folder from the
// settings files that apply to it. A value there "overwrites the same
// variable exported in your shell, and when more than one settings file
// sets a variable, the highest-precedence one applies"; an empty value
// cancels one set lower down. Only a managed ENABLE_TOOL_SEARCH="force"
// keeps tool search on under CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS; a
// true or auto counts only where that flag is not set.
func toolSearchFor(layers []envLayer, dir string) ToolSearch {
	var own []envLayer
	for _, l := range layers {
		if (l.dir == "" || l.dir == dir) && settingsRank(l.tier) >= 0 {
			own = append(own, l)
		}
	}
	sort.SliceStable(own, func(i, j int) bool {
		ri, rj := settingsRank(own[i].tier), settingsRank(own[j].tier)
		if ri != rj {
			return ri < rj
		}
		return own[i].path < own[j].path // managed-settings.d: alphabetical, later wins
	})
	type val struct{ v, src string }
	eff := map[string]val{}
	forced := ""
	for _, l := range own {
		for k, v := range l.vals {
			v = strings.TrimSpace(v)
			if v == "" {
				delete(eff, k)
				if k == "ENABLE_TOOL_SEARCH" && l.tier == TierManaged {
					forced = ""
				}
				continue
			}
			eff[k] = val{v, l.path}
			if k == "ENABLE_TOOL_SEARCH" {
				forced = ""
				if l.tier == TierManaged && v == "force" {
					forced = l.path
				}
			}
		}
	}
	if forced != "" {
		return ToolSearch{On: "on", By: "ENABLE_TOOL_SEARCH=force in " + forced}
	}
	betas, betasSet := eff["CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS"]
	if betasSet && (betas.v == "0" || strings.EqualFold(betas.v, "false")) {
		betasSet = false
	}
	ts, tsSet := eff["ENABLE_TOOL_SEARCH"]
	switch {
	case tsSet && isOff(ts.v):
		return ToolSearch{On: "off", By: "ENABLE_TOOL_SEARCH=" + ts.v + " in " + ts.src}
	case betasSet:
		return ToolSearch{On: "off", By: "CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS in " + betas.src + " (only a managed ENABLE_TOOL_SEARCH=force keeps tool search on under it)"}
	case tsSet:
		return ToolSearch{On: "on", By: "ENABLE_TOOL_SEARCH=" + ts.v + " in " + ts.src}
	}
	return ToolSearch{}
}

func isOff(v string) bool {
	switch strings.ToLower(v) {
	case "false", "0", "off", "no":
		return true
	}
	return false
}
