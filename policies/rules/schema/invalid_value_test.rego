package mcplint.rules.schema["invalid-value"]

server(problems) := {"index": 1, "doc": 0, "pointer": "/mcpServers/sentry", "field_problems": problems}

bad_type := {
	"kind": "invalid-value", "key": "type", "pointer": "/mcpServers/sentry/type", "want": "http", "on_key": false, "level": "",
	"message": "Claude Code does not know \"type\": \"streamableHttp\": write \"type\": \"http\"",
}

test_points_at_the_value if {
	r := report with input as {"servers": [server([bad_type])]}
	r == {{"doc": 0, "server": 1, "pointer": "/mcpServers/sentry/type", "message": "Claude Code does not know \"type\": \"streamableHttp\": write \"type\": \"http\""}}
}

test_on_key_points_at_the_key if {
	p := object.union(bad_type, {"key": "args", "pointer": "/mcp_servers/figma/args", "on_key": true, "level": "error"})
	r := report with input as {"servers": [server([p])]}
	r == {{"doc": 0, "key": true, "level": "error", "message": "Claude Code does not know \"type\": \"streamableHttp\": write \"type\": \"http\"", "pointer": "/mcp_servers/figma/args", "server": 1}}
}

test_server_pointer_on_key_names_the_server if {
	p := object.union(bad_type, {"pointer": "/mcp/jira", "on_key": true})
	report == {{"doc": 0, "key": true, "message": "Claude Code does not know \"type\": \"streamableHttp\": write \"type\": \"http\"", "pointer": "/mcp/jira", "server": 1}} with input as {"servers": [object.union(server([p]), {"pointer": "/mcp/jira"})]}
}

test_only_invalid_values if {
	count(report) == 0 with input as {"servers": [server([
		object.union(bad_type, {"kind": "unknown-field"}),
		object.union(bad_type, {"kind": "limits"}),
	])]}
}

test_the_clients_spelling_is_the_fix if {
	fix := {"kind": "replace-string", "pointer": "/mcpServers/sentry/type", "value": "http"}
	report == {{"doc": 0, "fix": {"kind": "replace-string", "pointer": "/mcpServers/sentry/type", "value": "http"}, "message": "Claude Code does not know \"type\": \"streamableHttp\": write \"type\": \"http\"", "pointer": "/mcpServers/sentry/type", "server": 1}} with input as {"servers": [server([object.union(bad_type, {"fix": fix})])]}
}
