package mcplint.rules.schema["missing-transport"]

server(problems) := {"index": 4, "doc": 1, "pointer": "/mcpServers/figma", "field_problems": problems}

missing := {
	"kind": "missing-transport", "key": "", "pointer": "/mcpServers/figma", "want": "\"command\" or \"url\"", "on_key": true, "level": "",
	"message": "Claude Code cannot start \"figma\": it has no \"command\" or \"url\" (\"serverUrl\" is not one of its keys); rename \"serverUrl\" to \"url\"",
}

test_reports_on_the_server_name if {
	r := report with input as {"servers": [server([missing])]}
	r == {{"doc": 1, "server": 4, "pointer": "/mcpServers/figma", "key": true, "message": missing.message}}
}

test_other_kinds_do_not_fire if {
	count(report) == 0 with input as {"servers": [server([object.union(missing, {"kind": "unknown-field"})])]}
}

test_entries_with_a_transport_pass if {
	count(report) == 0 with input as {"servers": [server([]), object.union(server([]), {"index": 5})]}
}

test_rename_fix_is_passed_on if {
	fix := {"kind": "rename-key", "pointer": "/mcpServers/figma/serverUrl", "value": "url"}
	report == {{"doc": 1, "fix": {"kind": "rename-key", "pointer": "/mcpServers/figma/serverUrl", "value": "url"}, "key": true, "message": "Claude Code cannot start \"figma\": it has no \"command\" or \"url\" (\"serverUrl\" is not one of its keys); rename \"serverUrl\" to \"url\"", "pointer": "/mcpServers/figma", "server": 4}} with input as {"servers": [server([object.union(missing, {"fix": fix})])]}
}
