package facts

import (
	"sort"

	"github.com/mcplint/mcplint/loader"
)

// GroupFact is a set of servers one client loads together in one project:
// the project's own definitions and the home tiers' (which load in every
// project). Only servers that start count: not shadowed, disabled, held
// untrusted or without a transport, and never library entries. Working
// the groups out in Go keeps the budget rules linear in the number of
// servers.
type GroupFact struct {
	Client string `json:"client"`
	// Project is the project folder, or "" for a client with only
	// home-tier servers.
	Project string `json:"project"`
	// Members are server indexes, the project's own first.
	Members []int `json:"members"`
	// ToolSearch is "on" or "off" for Claude Code: on by default, off where
	// the env of its settings files (settings.json, settings.local.json,
	// managed settings) switches it off; "" for other clients
	// (config.tool_search then applies). ToolSearchBy names the source.
	ToolSearch   string `json:"tool_search"`
	ToolSearchBy string `json:"tool_search_by"`
	// Flow is the lethal trifecta across the group's servers (null when
	// the group has none).
	Flow *FlowFact `json:"flow"`
	// CodeFlow is a pair of the group's servers, one reading content
	// someone else wrote and another running code (null when none).
	CodeFlow *CodeFlowFact `json:"code_flow"`
}

// counted says whether a server starts and so costs context.
func counted(s *loader.Server) bool {
	// A file met by its content (a catalogue or example named on the
	// command line) is not loaded by any client from where it lies.
	return s.Tier != loader.TierLibrary && s.Tier != loader.TierCopy && s.State() == "enabled" && s.Transport != "unknown" && (s.Doc == nil || !s.Doc.Sniffed)
}

func buildGroups(ws *loader.Workspace) []GroupFact {
	type key struct{ client, project string }
	own := map[key][]int{}
	home := map[string][]int{}
	for i, s := range ws.Servers {
		if !counted(s) {
			continue
		}
		if s.Project == "" {
			home[s.Client] = append(home[s.Client], i)
			continue
		}
		k := key{s.Client, s.Project}
		own[k] = append(own[k], i)
	}
	var out []GroupFact
	hasProject := map[string]bool{}
	for k, members := range own {
		hasProject[k.client] = true
		out = append(out, GroupFact{Client: k.client, Project: k.project, Members: append(append([]int{}, members...), home[k.client]...)})
	}
	for client, members := range home {
		if !hasProject[client] {
			out = append(out, GroupFact{Client: client, Members: members})
		}
	}
	// Paseo's built-in server joins the agents of a client the user has
	// servers for; alone it says nothing about that client.
	kept := out[:0]
	for _, g := range out {
		for _, i := range g.Members {
			if ws.Servers[i].Builtin == "" {
				kept = append(kept, g)
				break
			}
		}
	}
	out = kept
	for i := range out {
		g := &out[i]
		if g.Client != "claude-code" {
			continue
		}
		ts, ok := ws.ToolSearch[g.Project]
		if !ok {
			ts = ws.ToolSearch[""]
		}
		if ts.On == "" || (ws.Oceancode && ts.By == loader.DefaultToolSearch) {
			// Claude Code's MCP tool search is on by default; oceancode,
			// which reads the same files, has no tool search (it swaps in
			// meta-tools instead), so there [env] tool_search applies.
			ts = loader.ToolSearch{On: "on", By: loader.DefaultToolSearch}
			if ws.Oceancode {
				ts = loader.ToolSearch{}
			}
		}
		g.ToolSearch, g.ToolSearchBy = ts.On, ts.By
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Client != out[j].Client {
			return out[i].Client < out[j].Client
		}
		return out[i].Project < out[j].Project
	})
	return out
}
