package mcplint.rules.schema["wrong-root-key"]

doc(i, problems) := {"index": i, "problems": problems}

test_reports_wrong_root_keys_on_the_key if {
	r := report with input as {"documents": [
		doc(0, [{"kind": "wrong-root-key", "pointer": "/servers", "on_key": true, "message": "Cursor reads servers from \"mcpServers\", not \"servers\""}]),
		doc(1, []),
	]}
	r == {{"doc": 0, "server": -1, "pointer": "/servers", "key": true, "message": "Cursor reads servers from \"mcpServers\", not \"servers\""}}
}

test_other_document_problems_are_not_this_rule if {
	count(report) == 0 with input as {"documents": [doc(0, [{"kind": "something-else", "pointer": "/x", "on_key": true, "message": "m"}])]}
}

test_one_finding_per_problem if {
	report == {
		{"doc": 2, "key": true, "message": "a", "pointer": "/mcp_servers", "server": -1},
		{"doc": 2, "key": true, "message": "b", "pointer": "/context_servers", "server": -1},
	} with input as {"documents": [doc(2, [
		{"kind": "wrong-root-key", "pointer": "/mcp_servers", "on_key": true, "message": "a"},
		{"kind": "wrong-root-key", "pointer": "/context_servers", "on_key": true, "message": "b"},
	])]}
}

test_rename_fix_is_passed_on if {
	fix := {"kind": "rename-key", "pointer": "/servers", "value": "mcpServers"}
	report == {{"doc": 0, "fix": {"kind": "rename-key", "pointer": "/servers", "value": "mcpServers"}, "key": true, "message": "m", "pointer": "/servers", "server": -1}} with input as {"documents": [doc(0, [{"kind": "wrong-root-key", "pointer": "/servers", "on_key": true, "message": "m", "fix": fix}])]}
}

# A copy of servers the client reads under the right key too: the level
# Go set (info) is kept.
test_level_set_by_go_is_kept if {
	report == {{"doc": 0, "key": true, "level": "info", "message": "m", "pointer": "/mcpServers", "server": -1}} with input as {"documents": [doc(0, [{"kind": "wrong-root-key", "pointer": "/mcpServers", "on_key": true, "message": "m", "level": "info"}])]}
}
