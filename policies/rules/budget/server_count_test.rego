package mcplint.rules.budget["server-count"]

cfg := {"budget": {"servers_warn": 8, "servers_max": 16, "tools_per_server": 5}, "tool_search": false}

srv(i, client, tier, project, doc, extra) := object.union(
	{
		"index": i, "doc": doc, "name": sprintf("s%02d", [i]), "client": client, "tier": tier, "project": project,
		"state": "enabled", "transport": "stdio", "pointer": sprintf("/mcpServers/s%02d", [i]),
		"tools": {"known": false, "count": 0}, "trust": {"client_name": "Claude Code"},
	},
	extra,
)

# groups_of mirrors the grouping Go does (rules/facts_groups.go): the
# enabled servers of a client per project, with its home-tier servers.
counted(s) if {
	s.tier != "library"
	s.state == "enabled"
	s.transport != "unknown"
}

groups_of(servers) := [g |
	some c in {s.client | some s in servers; counted(s)}
	ps := {s.project | some s in servers; s.client == c; counted(s); s.project != ""}
	some p in projects_or_home(ps)
	g := {"client": c, "project": p, "members": [j | some j, s in servers; s.client == c; counted(s); s.project in {p, ""}]}
]

projects_or_home(ps) := ps if count(ps) > 0

projects_or_home(ps) := {""} if count(ps) == 0

# n project servers in doc 0 and m user servers in doc 1
servers(n, m) := array.concat(
	[srv(i, "claude-code", "project", "/p", 0, {}) | some i in numbers.range(1, n); i >= 1; i <= n],
	[srv(i, "claude-code", "user", "", 1, {}) | some i in numbers.range(n + 1, n + m); i > n; i <= n + m],
)

test_warning_at_eight_with_user_level_names if {
	r := report with input as {"config": cfg, "servers": servers(5, 3), "groups": groups_of(servers(5, 3))}
	r == {{"doc": 0, "key": true, "level": "warning", "message": "Claude Code loads 8 servers in this project (getting heavy; the warning line is 8): every one sends its tool definitions (~40 tools) with the first prompt; switch off the ones this project does not use; the 3 user-level ones load in every project, so move the ones only one project needs into its config: s06, s07, s08", "pointer": "/mcpServers", "server": -1}}
}

test_seven_is_fine if {
	count(report) == 0 with input as {"config": cfg, "servers": servers(4, 3), "groups": groups_of(servers(4, 3))}
}

test_error_at_sixteen if {
	r := report with input as {"config": cfg, "servers": servers(6, 10), "groups": groups_of(servers(6, 10))}
	r == {{"doc": 0, "key": true, "level": "error", "message": "Claude Code loads 16 servers in this project (over budget; the budget is 16): every one sends its tool definitions (~80 tools) with the first prompt; switch off the ones this project does not use; the 10 user-level ones load in every project, so move the ones only one project needs into its config: s07, s08, s09, s10, s11, s12, s13, s14 and 2 more", "pointer": "/mcpServers", "server": -1}}
}

test_home_only_group if {
	r := report with input as {"config": cfg, "servers": servers(0, 9), "groups": groups_of(servers(0, 9))}
	r == {{"doc": 1, "key": true, "level": "warning", "message": "Claude Code loads 9 servers in every project (getting heavy; the warning line is 8): every one sends its tool definitions (~45 tools) with the first prompt; switch off the ones this project does not use", "pointer": "/mcpServers", "server": -1}}
}

test_held_copies_are_not_counted if {
	held := [
		srv(20, "claude-code", "project", "/p", 0, {"state": "disabled"}),
		srv(21, "claude-code", "project", "/p", 0, {"state": "shadowed"}),
		srv(22, "claude-code", "project", "/p", 0, {"state": "untrusted"}),
		srv(23, "claude-code", "project", "/p", 0, {"transport": "unknown"}),
		srv(24, "claude-code", "library", "", 0, {}),
	]
	count(report) == 0 with input as {"config": cfg, "servers": array.concat(servers(4, 3), held), "groups": groups_of(array.concat(servers(4, 3), held))}
}

test_clients_and_projects_are_separate if {
	mixed := array.flatten([
		[srv(i, "claude-code", "project", "/p", 0, {}) | some i in numbers.range(1, 4)],
		[srv(i, "cursor", "project", "/p", 2, {}) | some i in numbers.range(5, 8)],
		[srv(i, "claude-code", "project", "/q", 3, {}) | some i in numbers.range(9, 12)],
	])
	count(report) == 0 with input as {"config": cfg, "servers": mixed, "groups": groups_of(mixed)}
}

test_known_tool_counts_and_thresholds_from_config if {
	s := array.concat(servers(2, 0), [srv(3, "claude-code", "project", "/p", 0, {"tools": {"known": true, "count": 61}})])
	r := report with input as {"config": {"budget": {"servers_warn": 3, "servers_max": 4, "tools_per_server": 5}, "tool_search": false}, "servers": s, "groups": groups_of(s)}
	r == {{"doc": 0, "key": true, "level": "warning", "message": "Claude Code loads 3 servers in this project (getting heavy; the warning line is 3): every one sends its tool definitions (~71 tools) with the first prompt; switch off the ones this project does not use", "pointer": "/mcpServers", "server": -1}}
}

test_tool_search_defers if {
	r := report with input as {"config": object.union(cfg, {"tool_search": true}), "servers": servers(10, 10), "groups": groups_of(servers(10, 10))}
	r == {{"doc": 0, "key": true, "level": "info", "message": "Claude Code loads 20 servers in this project, but tool search is on, so their tool definitions are deferred (loaded when needed) rather than sent with the first prompt", "pointer": "/mcpServers", "server": -1}}
}

test_tool_search_is_per_client if {
	cur := [srv(i, "cursor", "project", "/p", 0, {"trust": {"client_name": "Cursor"}}) | some i in numbers.range(1, 8)]
	r := report with input as {"config": object.union(cfg, {"tool_search": true}), "servers": cur, "groups": groups_of(cur)}
	r == {{"doc": 0, "key": true, "level": "warning", "message": "Cursor loads 8 servers in this project (getting heavy; the warning line is 8): every one sends its tool definitions (~40 tools) with the first prompt; switch off the ones this project does not use", "pointer": "/mcpServers", "server": -1}}
}

test_anchor_prefers_the_committed_project_file if {
	s := array.concat(
		[srv(i, "claude-code", "local", "/p", 0, {"pointer": sprintf("/projects/~1p/mcpServers/s%02d", [i])}) | some i in numbers.range(1, 4)],
		[srv(i, "claude-code", "project", "/p", 2, {}) | some i in numbers.range(5, 8)],
	)
	r := report with input as {"config": cfg, "servers": s, "groups": groups_of(s)}
	r == {{"doc": 2, "key": true, "level": "warning", "message": "Claude Code loads 8 servers in this project (getting heavy; the warning line is 8): every one sends its tool definitions (~40 tools) with the first prompt; switch off the ones this project does not use", "pointer": "/mcpServers", "server": -1}}
}

test_one_user_level_server if {
	r := report with input as {"config": cfg, "servers": servers(7, 1), "groups": groups_of(servers(7, 1))}
	r == {{"doc": 0, "key": true, "level": "warning", "message": "Claude Code loads 8 servers in this project (getting heavy; the warning line is 8): every one sends its tool definitions (~40 tools) with the first prompt; switch off the ones this project does not use; the user-level one, s08, loads in every project: move it into the config of the project that needs it", "pointer": "/mcpServers", "server": -1}}
}

# "The worse of the two checks wins": nine servers are getting heavy, but
# one of them has 61 known tools, so the tool count (over budget) reports
# and the server count does not repeat the lesser verdict.
test_worse_tool_count_wins if {
	s := array.concat(servers(8, 0), [srv(9, "claude-code", "project", "/p", 0, {"tools": {"known": true, "count": 61}})])
	tcfg := object.union(cfg, {"budget": {"tools_warn": 40, "tools_max": 80}})
	count(report) == 0 with input as {"config": tcfg, "servers": s, "groups": groups_of(s)}
}

# Paseo's built-in server is added by the daemon, not held in a user-level
# config, so it is not among the servers to move into a project.
test_builtin_server_is_not_moved if {
	s := array.concat(servers(8, 0), [srv(9, "claude-code", "agent", "", 2, {"name": "paseo", "builtin": "paseo"})])
	r := report with input as {"config": cfg, "servers": s, "groups": groups_of(s)}
	r == {{"doc": 0, "key": true, "level": "warning", "message": "Claude Code loads 9 servers in this project (getting heavy; the warning line is 8): every one sends its tool definitions (~45 tools) with the first prompt; switch off the ones this project does not use; counted with them: Paseo's built-in server (0 tools)", "pointer": "/mcpServers", "server": -1}}
}
