package mcplint.rules.trust["next-copy-runs"]

docs := [{"index": 0, "path": ".mcp.json"}, {"index": 1, "path": "home/.claude.json"}]

srv(i, doc, tier, rank, state, def, extra) := object.union(
	{
		"index": i, "doc": doc, "name": "github", "client": "claude-code", "tier": tier,
		"project": "/p", "pointer": "/mcpServers/github", "state": state, "shadowed_by": -1,
		"untrusted_by": "", "disabled_by": "", "pin": {"definition": def},
		"trust": {"tier_rank": rank, "field_merge": false, "client_name": "Claude Code"},
	},
	extra,
)

test_untrusted_project_copy_lets_user_copy_run if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 2, "untrusted", "a", {"untrusted_by": "not trusted in home/.oceancode/trust.json"}),
		srv(1, 1, "user", 3, "enabled", "b", {"project": ""}),
	]}
	r == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/github", "key": true,
		"message": "\"github\" here (project tier) is held untrusted (not trusted in home/.oceancode/trust.json), so oceancode runs the user copy in home/.claude.json in its place: to turn \"github\" off, switch off every copy; to run this one, trust it (oceancode trust mcp github on)",
		"related": [{"doc": 1, "key": true, "message": "the user copy of \"github\", which runs instead", "pointer": "/mcpServers/github"}],
	}}
}

test_disabled_copy if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 2, "disabled", "a", {"disabled_by": "disabledMcpjsonServers in .claude/settings.local.json"}),
		srv(1, 1, "user", 3, "enabled", "b", {"project": ""}),
	]}
	r == {{"doc": 0, "key": true, "message": "\"github\" here (project tier) is switched off (disabledMcpjsonServers in .claude/settings.local.json), so Claude Code runs the user copy in home/.claude.json in its place: to turn \"github\" off, switch off or remove every copy; to run this one, switch it back on", "pointer": "/mcpServers/github", "related": [{"doc": 1, "key": true, "message": "the user copy of \"github\", which runs instead", "pointer": "/mcpServers/github"}], "server": 0}}
}

test_oceancode_disabled_mcp if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 2, "disabled", "a", {"disabled_by": "disabled_mcp in home/.oceancode/trust.json"}),
		srv(1, 1, "user", 3, "enabled", "b", {"project": ""}),
	]}
	r == {{"doc": 0, "key": true, "message": "\"github\" here (project tier) is switched off (disabled_mcp in home/.oceancode/trust.json), so oceancode runs the user copy in home/.claude.json in its place: to turn \"github\" off, switch off or remove every copy; to run this one, switch it back on", "pointer": "/mcpServers/github", "related": [{"doc": 1, "key": true, "message": "the user copy of \"github\", which runs instead", "pointer": "/mcpServers/github"}], "server": 0}}
}

test_same_definition_is_info if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 2, "untrusted", "same", {"untrusted_by": "not trusted in home/.oceancode/trust.json"}),
		srv(1, 1, "user", 3, "enabled", "same", {"project": ""}),
	]}
	r == {{"doc": 0, "key": true, "level": "info", "message": "\"github\" here (project tier) is held untrusted (not trusted in home/.oceancode/trust.json), so oceancode runs the user copy in home/.claude.json in its place; it is the same server, so nothing changes, but remove one of the two", "pointer": "/mcpServers/github", "related": [{"doc": 1, "key": true, "message": "the user copy of \"github\", which runs instead", "pointer": "/mcpServers/github"}], "server": 0}}
}

test_lower_copy_held_is_not_reported if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 2, "enabled", "a", {}),
		srv(1, 1, "user", 3, "disabled", "b", {"project": ""}),
	]}
}

test_every_copy_held if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 2, "disabled", "a", {}),
		srv(1, 1, "user", 3, "disabled", "b", {"project": ""}),
	]}
}

test_other_project_does_not_count if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 2, "untrusted", "a", {}),
		srv(1, 1, "local", 1, "enabled", "b", {"project": "/other"}),
		srv(2, 1, "local", 3, "enabled", "b", {"project": "/other", "name": "gitlab"}),
	]}
}

test_field_merge_and_unranked_clients if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, 0, "project", 1, "disabled", "a", {"trust": {"tier_rank": 1, "field_merge": true}}),
		srv(1, 1, "user", 2, "enabled", "b", {"project": ""}),
	]}
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, 0, "project", -1, "disabled", "a", {}),
		srv(1, 1, "project", -1, "enabled", "b", {}),
	]}
}
