package mcplint.rules.trust["project-server-unapproved"]

checkout := [{"index": 0, "path": ".mcp.json", "client": "claude-code", "kind": "client-config", "tier": "project", "project": "/p", "settings": []}]

# the user's ~/.claude.json is part of the run
docs := array.concat(checkout, [{"index": 2, "path": "home/.claude.json", "client": "claude-code", "kind": "client-config", "tier": "user", "project": "", "settings": []}])

srv(state, extra) := object.union(
	{
		"index": 0, "doc": 0, "name": "deploy", "client": "claude-code", "tier": "project", "project": "/p",
		"pointer": "/mcpServers/deploy", "state": state, "untrusted_by": "", "pin": {"drift": false},
		"trust": {"approved": false},
	},
	extra,
)

test_oceancode_holds_it if {
	r := report with input as {"documents": docs, "servers": [srv("untrusted", {"untrusted_by": "not trusted in home/.oceancode/trust.json"})]}
	r == {{"doc": 0, "key": true, "message": "oceancode holds \"deploy\" from .mcp.json untrusted (not trusted in home/.oceancode/trust.json): it is not started until you review it and run oceancode trust mcp deploy on (or oceancode trust repo on for every server of this repository)", "pointer": "/mcpServers/deploy", "server": 0}}
}

test_pin_drift_is_another_rule if {
	count(report) == 0 with input as {"documents": docs, "servers": [srv("untrusted", {"pin": {"drift": true}})]}
}

test_claude_code_asks if {
	r := report with input as {"documents": docs, "servers": [srv("enabled", {})]}
	r == {{"doc": 0, "key": true, "message": "Claude Code asks before it starts \"deploy\" from .mcp.json (project servers need approval): approve it when asked, or list it in \"enabledMcpjsonServers\" in .claude/settings.local.json", "pointer": "/mcpServers/deploy", "server": 0}}
}

test_approved_by_fact if {
	count(report) == 0 with input as {"documents": docs, "servers": [srv("enabled", {"trust": {"approved": true}})]}
}

settings(tier, project, value) := {
	"index": 1, "path": "s.json", "client": "claude-code", "kind": "settings", "tier": tier, "project": project,
	"settings": [{"key": "enableAllProjectMcpServers", "pointer": "/enableAllProjectMcpServers", "value": value}],
}

test_approved_by_enable_all if {
	count(report) == 0 with input as {"documents": array.concat(docs, [settings("user", "", "true")]), "servers": [srv("enabled", {})]}
	count(report) == 0 with input as {"documents": array.concat(docs, [settings("managed", "", "true")]), "servers": [srv("enabled", {})]}
	count(report) == 0 with input as {"documents": array.concat(docs, [settings("local", "/p", "true")]), "servers": [srv("enabled", {})]}
}

test_enable_all_elsewhere_does_not_approve if {
	report == {{"doc": 0, "key": true, "message": "Claude Code asks before it starts \"deploy\" from .mcp.json (project servers need approval): approve it when asked, or list it in \"enabledMcpjsonServers\" in .claude/settings.local.json", "pointer": "/mcpServers/deploy", "server": 0}} with input as {"documents": array.concat(docs, [settings("project", "/other", "true")]), "servers": [srv("enabled", {})]}
	report == {{"doc": 0, "key": true, "message": "Claude Code asks before it starts \"deploy\" from .mcp.json (project servers need approval): approve it when asked, or list it in \"enabledMcpjsonServers\" in .claude/settings.local.json", "pointer": "/mcpServers/deploy", "server": 0}} with input as {"documents": array.concat(docs, [settings("user", "", "false")]), "servers": [srv("enabled", {})]}
}

test_not_reported if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv("disabled", {}),
		srv("shadowed", {"index": 1}),
		srv("enabled", {"index": 2, "tier": "user", "project": ""}),
		srv("enabled", {"index": 3, "tier": "local"}),
		srv("enabled", {"index": 4, "client": "cursor"}),
		# Claude Code does not ask about plugin servers
		srv("enabled", {"index": 5, "tier": "plugin"}),
	]}
}

test_oceancode_trust_replaces_claude_approval if {
	trust := {"index": 1, "path": "t.json", "client": "oceancode", "kind": "trust-file", "tier": "user", "project": "", "settings": []}
	count(report) == 0 with input as {"documents": array.concat(docs, [trust]), "servers": [srv("enabled", {})]}
}

test_bare_checkout_says_nothing_about_claude_code if {
	count(report) == 0 with input as {"documents": checkout, "servers": [srv("enabled", {})]}
	local := {"index": 3, "path": ".claude/settings.local.json", "client": "claude-code", "kind": "settings", "tier": "local", "project": "/p", "settings": []}
	report == {{"doc": 0, "key": true, "message": "Claude Code asks before it starts \"deploy\" from .mcp.json (project servers need approval): approve it when asked, or list it in \"enabledMcpjsonServers\" in .claude/settings.local.json", "pointer": "/mcpServers/deploy", "server": 0}} with input as {"documents": array.concat(checkout, [local]), "servers": [srv("enabled", {})]}
}
