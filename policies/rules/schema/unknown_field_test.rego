package mcplint.rules.schema["unknown-field"]

server(problems) := {"index": 0, "doc": 2, "pointer": "/mcpServers/github", "field_problems": problems}

environment := {
	"kind": "unknown-field", "key": "environment", "pointer": "/mcpServers/github/environment", "want": "env", "on_key": true, "level": "",
	"message": "Claude Code does not read \"environment\": rename it to \"env\"",
}

test_points_at_the_key_with_the_suggestion if {
	r := report with input as {"servers": [server([environment])]}
	r == {{"doc": 2, "server": 0, "pointer": "/mcpServers/github/environment", "key": true, "message": "Claude Code does not read \"environment\": rename it to \"env\""}}
}

test_codex_problems_keep_their_error_level if {
	p := object.union(environment, {"key": "type", "pointer": "/mcp_servers/github/type", "level": "error", "message": "Codex does not accept \"type\""})
	report == {{"doc": 2, "key": true, "level": "error", "message": "Codex does not accept \"type\"", "pointer": "/mcp_servers/github/type", "server": 0}} with input as {"servers": [server([p])]}
}

test_default_level_has_no_override if {
	report == {{"doc": 2, "key": true, "message": "Claude Code does not read \"environment\": rename it to \"env\"", "pointer": "/mcpServers/github/environment", "server": 0}} with input as {"servers": [server([environment])]}
}

test_other_problems_are_not_unknown_fields if {
	count(report) == 0 with input as {"servers": [server([
		object.union(environment, {"kind": "invalid-value"}),
		object.union(environment, {"kind": "missing-transport"}),
	])]}
}

test_clean_entry if {
	count(report) == 0 with input as {"servers": [server([])]}
}

test_a_rename_carries_its_fix if {
	fix := {"kind": "rename-key", "pointer": "/mcpServers/github/environment", "value": "env"}
	report == {{"doc": 2, "fix": {"kind": "rename-key", "pointer": "/mcpServers/github/environment", "value": "env"}, "key": true, "message": "Claude Code does not read \"environment\": rename it to \"env\"", "pointer": "/mcpServers/github/environment", "server": 0}} with input as {"servers": [server([object.union(environment, {"fix": fix})])]}
}

test_no_fix_without_a_rename if {
	report == {{"doc": 2, "key": true, "message": "Claude Code does not read \"environment\": rename it to \"env\"", "pointer": "/mcpServers/github/environment", "server": 0}} with input as {"servers": [server([object.union(environment, {"fix": null})])]}
}
