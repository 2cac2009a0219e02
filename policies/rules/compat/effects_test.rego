package mcplint.rules.compat.effects

srv(client, state) := {"index": 0, "doc": 0, "name": "github", "client": client, "state": state, "pointer": "/mcpServers/github", "tools": {"count": 5, "known": false, "names": []}}

test_running_super_pi_server if {
	r := report with input as {"servers": [srv("super-pi", "enabled")]}
	r == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/github", "key": true,
		"message": "super-pi treats every tool of \"github\" as net_write unless the server marks it readOnlyHint: true, so each call prompts (in accept-edits and plan mode too); allow trusted tools with permissions.allowTools (\"mcp__github__<tool>\")",
	}}
}

test_disabled_super_pi_server_is_skipped if {
	count(report) == 0 with input as {"servers": [srv("super-pi", "disabled"), srv("super-pi", "shadowed")]}
}

test_other_clients_are_skipped if {
	count(report) == 0 with input as {"servers": [srv("claude-code", "enabled"), srv("cursor", "enabled")]}
}

test_known_tools_still_prompt if {
	report == {{"doc": 0, "key": true, "message": "super-pi treats every tool of \"github\" as net_write unless the server marks it readOnlyHint: true, so each call prompts (in accept-edits and plan mode too); allow trusted tools with permissions.allowTools (\"mcp__github__<tool>\")", "pointer": "/mcpServers/github", "server": 0}} with input as {"servers": [object.union(srv("super-pi", "enabled"), {"tools": {"count": 2, "known": true, "names": ["get_issue", "create_issue"]}})]}
}

test_a_server_with_no_tools_is_skipped if {
	count(report) == 0 with input as {"servers": [object.union(srv("super-pi", "enabled"), {"tools": {"count": 0, "known": true, "names": []}})]}
}

hinted := object.union(srv("super-pi", "enabled"), {"tools": {"count": 3, "known": true, "names": ["get_issue", "create_issue", "delete_repo"], "hints": [
	{"name": "get_issue", "read_only": true, "destructive": true, "open_world": true, "annotated": true},
	{"name": "create_issue", "read_only": false, "destructive": false, "open_world": true, "annotated": true},
	{"name": "delete_repo", "read_only": false, "destructive": true, "open_world": true, "annotated": true},
]}})

test_hints_name_the_tools_that_prompt if {
	r := report with input as {"servers": [hinted]}
	r == {{"doc": 0, "key": true, "message": "super-pi treats 2 of the 3 tools of \"github\" as net_write, since the server does not mark them readOnlyHint: true, so each call prompts (in accept-edits and plan mode too): create_issue, delete_repo; destructive: delete_repo; allow the ones you trust with permissions.allowTools (\"mcp__github__<tool>\")", "pointer": "/mcpServers/github", "server": 0}}
}

test_all_read_only_gives_no_note if {
	ro := object.union(hinted, {"tools": {"count": 1, "known": true, "names": ["get_issue"], "hints": [
		{"name": "get_issue", "read_only": true, "destructive": true, "open_world": true, "annotated": true},
	]}})
	count(report) == 0 with input as {"servers": [ro]}
}
