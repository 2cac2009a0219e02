package mcplint.rules.budget["tool-count"]

cfg := {"budget": {"tools_warn": 40, "tools_max": 80, "tools_per_server": 5, "servers_warn": 8, "servers_max": 16}, "tool_search": false, "meta_tools": false}

srv(i, client, extra) := object.union(
	{
		"index": i, "doc": 0, "name": sprintf("s%02d", [i]), "client": client, "tier": "project", "project": "/p",
		"state": "enabled", "transport": "stdio", "pointer": sprintf("/mcpServers/s%02d", [i]),
		"tools": {"known": false, "count": 0}, "trust": {"client_name": client},
	},
	extra,
)

many(client, n) := [srv(i, client, {}) | some i in numbers.range(1, n)]

# A guess alone does not warn: eight servers at five tools each is left to
# budget/server-count.
test_eight_estimated_servers_do_not_warn if {
	count(report) == 0 with input as {"config": cfg, "documents": [], "servers": many("claude-code", 8), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 8))}
}

# Past the error line a guess still reports, where the server count says
# less (its lines raised here).
test_estimate_past_the_error_line if {
	loose := object.union(cfg, {"budget": {"servers_max": 30}})
	r := report with input as {"config": loose, "documents": [], "servers": many("claude-code", 16), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 16))}
	r == {{"doc": 0, "key": true, "level": "error", "message": "claude-code loads ~80 tools in this project (16 servers at 5 tools each, estimated): over budget (80 tools), and all their definitions are sent with the first prompt; switch off the servers or tools this project does not use; the count is an estimate: give real counts with a tool snapshot (.mcplint/tools/*.json in the project, or --tools FILE)", "pointer": "/mcpServers", "server": -1}}
}

# "The worse of the two checks wins": where both say over budget, the
# server count reports and the tool count does not repeat it.
test_agreeing_checks_report_once if {
	count(report) == 0 with input as {"config": cfg, "documents": [], "servers": many("claude-code", 16), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 16))}
}

test_known_counts if {
	s := [srv(1, "claude-code", {"tools": {"known": true, "count": 61}}), srv(2, "claude-code", {}), srv(3, "claude-code", {"tools": {"known": true, "count": 20}})]
	r := report with input as {"config": cfg, "documents": [], "servers": s, "groups": data.mcplint.rules.budget["server-count"].groups_of(s)}
	r == {{"doc": 0, "key": true, "level": "error", "message": "claude-code loads ~86 tools in this project (81 known, 1 server at 5 each estimated): over budget (80 tools), and all their definitions are sent with the first prompt; switch off the servers or tools this project does not use; the count is an estimate: give real counts with a tool snapshot (.mcplint/tools/*.json in the project, or --tools FILE)", "pointer": "/mcpServers", "server": -1}}
}

test_all_known if {
	s := [srv(1, "claude-code", {"tools": {"known": true, "count": 45}})]
	r := report with input as {"config": cfg, "documents": [], "servers": s, "groups": data.mcplint.rules.budget["server-count"].groups_of(s)}
	r == {{"doc": 0, "key": true, "level": "warning", "message": "claude-code loads ~45 tools in this project (45 known from tool snapshots): getting heavy (from 40 tools), and all their definitions are sent with the first prompt; switch off the servers or tools this project does not use", "pointer": "/mcpServers", "server": -1}}
}

test_below_the_line if {
	count(report) == 0 with input as {"config": cfg, "documents": [], "servers": many("claude-code", 7), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 7))}
}

test_cursor_stops_at_40 if {
	count(report) == 0 with input as {"config": cfg, "documents": [], "servers": many("cursor", 8), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("cursor", 8))}
	r := report with input as {"config": cfg, "documents": [], "servers": many("cursor", 9), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("cursor", 9))}
	r == {{"doc": 0, "key": true, "level": "error", "message": "cursor loads ~45 tools in this project (9 servers at 5 tools each, estimated): getting heavy (from 40 tools), and all their definitions are sent with the first prompt; Cursor stops at 40 tools, and some models ignore more; switch off the servers or tools this project does not use; the count is an estimate: give real counts with a tool snapshot (.mcplint/tools/*.json in the project, or --tools FILE)", "pointer": "/mcpServers", "server": -1}}
}

test_client_cap_alone_is_an_error if {
	# thresholds raised above VS Code's limit: the cap still applies
	high := object.union(cfg, {"budget": {"tools_warn": 500, "tools_max": 900}})
	count(report) == 0 with input as {"config": high, "documents": [], "servers": many("vscode", 25), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("vscode", 25))}
	r := report with input as {"config": high, "documents": [], "servers": many("vscode", 26), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("vscode", 26))}
	r == {{"doc": 0, "key": true, "level": "error", "message": "vscode loads ~130 tools in this project (26 servers at 5 tools each, estimated): VS Code sends at most 128 tools with a request; switch off the servers or tools this project does not use; the count is an estimate: give real counts with a tool snapshot (.mcplint/tools/*.json in the project, or --tools FILE)", "pointer": "/mcpServers", "server": -1}}
}

test_deferred_with_tool_search if {
	s := [srv(1, "claude-code", {"tools": {"known": true, "count": 90}}), srv(2, "claude-code", {})]
	r := report with input as {"config": object.union(cfg, {"tool_search": true}), "documents": [], "servers": s, "groups": data.mcplint.rules.budget["server-count"].groups_of(s)}
	r == {{"doc": 0, "key": true, "level": "info", "message": "claude-code loads ~95 tools in this project (90 known, 1 server at 5 each estimated), deferred: tool search loads their definitions when needed, so they cost little context up front", "pointer": "/mcpServers", "server": -1}}
}

# Twenty servers at the estimate: the server count's info says it.
test_deferred_estimate_left_to_the_server_count if {
	count(report) == 0 with input as {"config": object.union(cfg, {"tool_search": true}), "documents": [], "servers": many("claude-code", 20), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 20))}
}

test_oceancode_meta_tools if {
	docs := [{"index": 5, "kind": "trust-file", "path": "t.json"}]
	r := report with input as {"config": cfg, "documents": docs, "servers": many("claude-code", 26), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 26))}
	r == {{"doc": 0, "key": true, "level": "error", "message": "claude-code loads ~130 tools in this project (26 servers at 5 tools each, estimated): over budget (80 tools), and all their definitions are sent with the first prompt; switch off the servers or tools this project does not use; oceancode replaces them with its search_tool and use_tool meta-tools past 128 tools; the count is an estimate: give real counts with a tool snapshot (.mcplint/tools/*.json in the project, or --tools FILE)", "pointer": "/mcpServers", "server": -1}}
	r2 := report with input as {"config": object.union(cfg, {"meta_tools": true}), "documents": docs, "servers": many("claude-code", 16), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 16))}
	r2 == {{"doc": 0, "key": true, "level": "error", "message": "claude-code loads ~80 tools in this project (16 servers at 5 tools each, estimated): over budget (80 tools), and all their definitions are sent with the first prompt; switch off the servers or tools this project does not use; oceancode replaces them with its search_tool and use_tool meta-tools from 64 tools (OC_MCP_META_TOOLS=1); the count is an estimate: give real counts with a tool snapshot (.mcplint/tools/*.json in the project, or --tools FILE)", "pointer": "/mcpServers", "server": -1}}
	r3 := report with input as {"config": cfg, "documents": docs, "servers": many("claude-code", 16), "groups": data.mcplint.rules.budget["server-count"].groups_of(many("claude-code", 16))}
	r3 == set()

	# exactly 128 tools: not past 128
	r4 := report with input as {"config": cfg, "documents": docs, "servers": many("claude-code", 25), "groups": data.mcplint.rules.budget["server-count"].groups_of(array.concat(many("claude-code", 25), []))}
	r4 == set()
}
