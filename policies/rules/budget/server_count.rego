# METADATA
# title: Too many servers load together
# description: |
#   Without tool search, every server a client loads sends all its tool
#   definitions with the agent's first prompt, before any work is done.
#   Paseo warns at 8 servers that load together for one client and
#   project ("getting heavy", about 40 tools at five per server) and
#   flags 16 or more as "over budget" (about 80 tools, well over 100K
#   tokens, the range where agents fail with "Prompt is too long").
#   Counted are the servers that actually start: the project's, the
#   local ones, and the user-level ones, which load in every project of
#   that client; switched-off, held and shadowed copies are not counted,
#   and a name defined at two tiers counts once. The thresholds are
#   [budget] servers_warn and servers_max in .mcplint.toml. Switch off
#   the servers this project does not use, or move user-level servers
#   that only one project needs into that project's config. With tool
#   search on, definitions load on demand, so the finding is info and
#   says "deferred". Claude Code's MCP tool search is on by default; its
#   budget warning comes only where a source switches it off. [env]
#   tool_search = true stands in for super-pi's mcp_tool_exposure:
#   :deferred. Claude Code's own settings decide for its servers (the env
#   of ~/.claude/settings.json, .claude/settings.json,
#   .claude/settings.local.json and managed settings; the highest wins,
#   an empty value cancels a lower one):
#
#   | Source | Tool search |
#   |---|---|
#   | nothing set | on (Claude Code's default) |
#   | ENABLE_TOOL_SEARCH=false | off |
#   | CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS=1 | off, even with ENABLE_TOOL_SEARCH=true or auto |
#   | ANTHROPIC_BASE_URL not api.anthropic.com (a gateway) | off, unless ENABLE_TOOL_SEARCH=true |
#   | managed ENABLE_TOOL_SEARCH="force" | on, under the betas flag and through a gateway |
#   | managed settings order | managed-settings.json, then managed-settings.d/*.json alphabetically (hidden files skipped); the later wins |
#   | a cloud provider (CLAUDE_CODE_USE_BEDROCK, _MANTLE, _ANTHROPIC_AWS, _VERTEX, _FOUNDRY) | force has no effect |
#   | AI Router routes Paseo's claude agents ($PASEO_HOME/plugin-settings/ai-router/routing.json, version 1, routeAgents on) | off: a routed session gets ANTHROPIC_BASE_URL and CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS=1, below every settings file; a managed force keeps it on |
#
#   oceancode, which reads the same files, has no tool search: [env]
#   tool_search applies to it.
# custom:
#   level: warning
#   source: Paseo ("Context-budget warning", 8 servers getting heavy, 16 over budget)
#   fixable: false
#   tags: [performance]
#   precision: medium
package mcplint.rules.budget["server-count"]

# The groups are the sets of servers one client loads together in one
# project: the project's own and the home tiers' (worked out in Go:
# input.groups). group(g) is one of them with its members as servers; the
# reports make it only for the groups over a line, not for every group of
# a monorepo.
group(g) := {"client": g.client, "project": g.project, "members": [input.servers[i] | some i in g.members], "tool_search": object.get(g, "tool_search", ""), "tool_search_by": object.get(g, "tool_search_by", "")}

# tools is a server's tool count: known, or the estimate per server.
tools(s) := s.tools.count if {
	s.tools.known
} else := input.config.budget.tools_per_server

# deferred is true for a group whose tool search is on: Claude Code's
# settings files say so, or they say nothing and [env] tool_search is on.
deferred(g) if g.tool_search == "on"

deferred(g) if {
	object.get(g, "tool_search", "") == ""
	input.config.tool_search
	g.client in {"claude-code", "super-pi"}
}

# agent_note names the servers a Paseo agent was started with that no
# config explains (another plugin's hook added them; the daemon's agent
# record lists them), and Paseo's built-in server.
agent_note(g) := sprintf("; counted with them: %s", [concat(", ", names)]) if {
	names := [label(s) | some s in g.members; object.get(s, "builtin", "") != ""]
	count(names) > 0
} else := ""

label(s) := sprintf("%s (added to the Paseo agent by a plugin, %s)", [s.name, input.documents[s.doc].path]) if s.builtin == "paseo-agent"

label(s) := sprintf("Paseo's built-in server (%d tools)", [s.tools.count]) if s.builtin == "paseo"

# deferred_note says where tool search was found on, and off_note where a
# settings file turns it off.
deferred_note(g) := sprintf(" (%s)", [g.tool_search_by]) if {
	g.tool_search == "on"
} else := ""

off_note(g) := sprintf("; tool search is off here (%s)", [g.tool_search_by]) if {
	g.tool_search == "off"
} else := ""

# anchor is the document and servers key a group's finding is put on: a
# project's own config for a project group (its committed file first),
# else the first home document.
anchor(g) := at(d, own) if {
	g.project != ""
	own := [s | some s in g.members; s.project == g.project]
	d := min([s.doc | some s in own; s.tier == "project"])
} else := at(d, own) if {
	g.project != ""
	own := [s | some s in g.members; s.project == g.project]
	d := min([s.doc | some s in own])
} else := at(d, g.members) if {
	d := min([s.doc | some s in g.members])
}

at(d, servers) := {"doc": d, "pointer": min({container(s.pointer) | some s in servers; s.doc == d})}

# container is the pointer of the map or list a server entry sits in.
container(p) := regex.replace(p, `/[^/]*$`, "")

where(g) := "in this project" if g.project != ""

where(g) := "in every project" if g.project == ""

# home lists the user-level servers of a group: the ones that can move
# into the one project that needs them (not Paseo's built-in server,
# which the daemon adds and no config holds).
home(g) := sort([s.name | some s in g.members; s.project == ""; object.get(s, "builtin", "") == ""])

home_note(g) := sprintf("; the user-level one, %s, loads in every project: move it into the config of the project that needs it", [names[0]]) if {
	g.project != ""
	names := home(g)
	count(names) == 1
} else := sprintf("; the %d user-level ones load in every project, so move the ones only one project needs into its config: %s", [count(names), list(names)]) if {
	g.project != ""
	names := home(g)
	count(names) > 1
} else := ""

list(names) := concat(", ", names) if {
	count(names) <= 8
} else := sprintf("%s and %d more", [concat(", ", array.slice(names, 0, 8)), count(names) - 8])

client_name(g) := g.members[0].trust.client_name

# finding is on the key of the servers map (or list) of the group's anchor
# document.
finding(g, level, msg) := {"doc": a.doc, "server": -1, "pointer": a.pointer, "key": true, "message": msg, "level": level} if {
	a := anchor(g)
}

# large are the groups at or over the warning line (counted once).
large contains raw if {
	line := input.config.budget.servers_warn
	some raw in input.groups
	count(raw.members) >= line
}

# "The worse of the two checks wins" (Paseo): the server count and the
# tool count (budget/tool-count) give one verdict, 0 below the warning
# line, 1 getting heavy, 2 over budget (or past a client's own tool
# limit). Each rule reports only where its check is the worse one; where
# they agree, the server count does.
server_rank(g) := 2 if {
	count(g.members) >= input.config.budget.servers_max
} else := 1 if {
	count(g.members) >= input.config.budget.servers_warn
} else := 0

tool_rank(g) := 2 if {
	total(g) >= input.config.budget.tools_max
} else := 2 if {
	over_cap(g)
} else := 1 if {
	total(g) >= input.config.budget.tools_warn
} else := 0

total(g) := sum([tools(s) | some s in g.members])

# tool_caps are the clients' own limits on the tools sent with a request.
tool_caps := {
	"cursor": {"max": 40, "text": "Cursor stops at 40 tools, and some models ignore more"},
	"vscode": {"max": 128, "text": "VS Code sends at most 128 tools with a request"},
	"copilot-cli": {"max": 128, "text": "GitHub Copilot sends at most 128 tools with a request"},
	"windsurf": {"max": 100, "text": "Windsurf's Cascade takes at most 100 tools across servers"},
}

over_cap(g) := c if {
	c := tool_caps[g.client]
	total(g) > c.max
}

report contains finding(g, "info", msg) if {
	some raw in large
	deferred(raw)
	n := count(raw.members)
	g := group(raw)
	server_rank(g) >= tool_rank(g)
	msg := sprintf("%s loads %d servers %s, but tool search is on%s, so their tool definitions are deferred (loaded when needed) rather than sent with the first prompt", [client_name(g), n, where(g), deferred_note(g)])
}

report contains finding(g, level, msg) if {
	some raw in large
	not deferred(raw)
	n := count(raw.members)
	g := group(raw)
	server_rank(g) >= tool_rank(g)
	level := level_of(n)
	t := sum([tools(s) | some s in g.members])
	msg := sprintf("%s loads %d servers %s (%s; %s is %d): every one sends its tool definitions (~%d tools) with the first prompt; switch off the ones this project does not use%s%s%s", [
		client_name(g), n, where(g), verdict(n), limit_name(n), limit(n), t, home_note(g), off_note(g), agent_note(g),
	])
}

level_of(n) := "error" if n >= input.config.budget.servers_max

level_of(n) := "warning" if n < input.config.budget.servers_max

verdict(n) := "over budget" if n >= input.config.budget.servers_max

verdict(n) := "getting heavy" if n < input.config.budget.servers_max

limit_name(n) := "the budget" if n >= input.config.budget.servers_max

limit_name(n) := "the warning line" if n < input.config.budget.servers_max

limit(n) := input.config.budget.servers_max if n >= input.config.budget.servers_max

limit(n) := input.config.budget.servers_warn if n < input.config.budget.servers_max
