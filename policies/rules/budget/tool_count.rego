# METADATA
# title: Too many tools load together
# description: |
#   Counts the tools one client loads in one project, from the same
#   servers budget/server-count counts: a server's known number of tools
#   (from a tool snapshot) or else [budget] tools_per_server (five) each.
#   Paseo calls about 40 tools "getting heavy" and 80 "over budget"
#   ([budget] tools_warn and tools_max), and some clients have hard
#   limits: Cursor stops at 40 tools and warns that some models ignore
#   more, VS Code and GitHub Copilot send at most 128 tools with a
#   request, Windsurf's Cascade takes 100 across all servers, and
#   oceancode replaces the flat tool list with two meta-tools
#   (search_tool, use_tool) past 128 tools, or from 64 with
#   OC_MCP_META_TOOLS=1 ([env] meta_tools). Paseo's own server counts
#   with its real number of tools (61, or 39 without browser tools) when
#   $PASEO_HOME/config.json has daemon.mcp.injectIntoAgents on. Switch
#   off the servers, or
#   the tools (Codex disabled_tools, Gemini excludeTools, Roo
#   disabledTools), this project does not use. With tool search on
#   ([env] tool_search) Claude Code and super-pi load definitions when
#   needed, so the finding is info and says "deferred".
# custom:
#   level: warning
#   source: Paseo (Context-budget warning, 40 tools getting heavy, 80 over budget; Cursor's 40-tool stop); oceancode meta-dispatch past 128 tools; super-pi deferred exposure
#   fixable: false
#   tags: [performance]
#   precision: medium
package mcplint.rules.budget["tool-count"]

import data.mcplint.rules.budget["server-count"] as sc

import data.mcplint.lib

budget := input.config.budget

# candidates are the groups that can reach a line: one with enough
# servers at the estimate (without a known tool count the total is
# exactly members × tools_per_server), or one with a known tool count (a
# tool snapshot). The others cannot report, so they are never looked at
# server by server.
candidates contains sc.group(g) if {
	per := budget.tools_per_server
	some g in input.groups
	count(g.members) * per >= least
}

candidates contains sc.group(g) if {
	any_known
	some g in input.groups
	some i in g.members
	input.servers[i].tools.known
}

# any_known: some server's tool count is known (evaluated once).
any_known if {
	some s in lib.servers("known_tools")
	s.tools.known
}

# least is the smallest total that can report for any client: the warning
# line, or one over the lowest client cap.
least := min(array.concat([budget.tools_warn], [m | some c in sc.tool_caps; m := c.max + 1]))

total(g) := sc.total(g)

known(g) := [s | some s in g.members; s.tools.known]

# estimate says how the total was reached.
estimate(g) := sprintf("%s at %d tools each, estimated", [servers(count(g.members)), budget.tools_per_server]) if {
	count(known(g)) == 0
} else := sprintf("%d known from tool snapshots", [total(g)]) if {
	count(known(g)) == count(g.members)
} else := sprintf("%d known, %s at %d each estimated", [
	sum([s.tools.count | some s in known(g)]), servers(count(g.members) - count(known(g))), budget.tools_per_server,
])

# paseo_note counts the tools of Paseo's own server, which the Paseo
# daemon adds to every agent it starts.
paseo_note(g) := sprintf("; %d of them the Paseo daemon's built-in tools, which it adds to every agent", [n]) if {
	n := sum([s.tools.count | some s in g.members; object.get(s, "builtin", "") == "paseo"])
	n > 0
} else := ""

servers(1) := "1 server"

servers(n) := sprintf("%d servers", [n]) if n != 1

# over_cap is the client's own limit on the tools it sends with a
# request, when the group is past it (kept beside the server count,
# whose verdict it joins).
over_cap(g) := sc.over_cap(g)

# own_say is true where the tool count has something the server count
# does not: the worse verdict ("the worse of the two checks wins"), a
# client's own tool limit, or oceancode's meta-tools.
own_say(g) if sc.tool_rank(g) > sc.server_rank(g)

own_say(g) if over_cap(g)

own_say(g) if meta_note(g) != ""

# oceancode reads Claude Code's files; a trust file says it is in use.
# Past 128 connected tools oceancode always swaps in its meta-tools;
# OC_MCP_META_TOOLS=1 does it from 64 tools up.
meta_note(g) := sprintf("; oceancode replaces them with its search_tool and use_tool meta-tools %s", [meta_text]) if {
	g.client == "claude-code"
	trust_file_read
	meta_reached(total(g))
} else := ""

# Once per evaluation, not once per group: a monorepo has thousands of
# groups and documents.
trust_file_read if {
	some d in input.documents
	d.kind == "trust-file"
}

meta_reached(n) if {
	input.config.meta_tools
	n >= 64
}

meta_reached(n) if n > 128

meta_text := "from 64 tools (OC_MCP_META_TOOLS=1)" if input.config.meta_tools

meta_text := "past 128 tools" if not input.config.meta_tools

report contains sc.finding(g, "info", msg) if {
	some g in candidates
	sc.deferred(g)
	total(g) >= budget.tools_warn
	sc.tool_rank(g) > sc.server_rank(g)
	msg := sprintf("%s loads ~%d tools %s (%s), deferred: tool search%s loads their definitions when needed, so they cost little context up front", [
		sc.client_name(g), total(g), sc.where(g), estimate(g), sc.deferred_note(g),
	])
}

report contains sc.finding(g, level(g), msg) if {
	some g in candidates
	not sc.deferred(g)
	not guess_below_error(g)
	own_say(g)
	reasons := [r | some r in [threshold(g, budget), cap_text(g)]; r != ""]
	count(reasons) > 0
	msg := sprintf("%s loads ~%d tools %s (%s%s): %s; switch off the servers or tools this project does not use%s%s", [
		sc.client_name(g), total(g), sc.where(g), estimate(g), paseo_note(g), concat("; ", reasons), meta_note(g), estimate_note(g),
	])
}

# A count guessed for every server is too weak to warn on (the server
# count rule still does); past the error line it is still worth a look.
guess_below_error(g) if {
	count(known(g)) == 0
	total(g) < budget.tools_max
	not over_cap(g)
}

estimate_note(g) := "; the count is an estimate: give real counts with a tool snapshot (.mcplint/tools/*.json in the project, or --tools FILE)" if {
	count(known(g)) < count(g.members)
} else := ""

threshold(g, b) := sprintf("over budget (%d tools), and all their definitions are sent with the first prompt", [b.tools_max]) if {
	total(g) >= b.tools_max
} else := sprintf("getting heavy (from %d tools), and all their definitions are sent with the first prompt", [b.tools_warn]) if {
	total(g) >= b.tools_warn
} else := ""

cap_text(g) := over_cap(g).text if {
	over_cap(g)
} else := ""

level(g) := "error" if {
	total(g) >= budget.tools_max
} else := "error" if {
	over_cap(g)
} else := "warning"
