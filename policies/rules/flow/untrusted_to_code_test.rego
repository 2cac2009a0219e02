package mcplint.rules.flow["untrusted-to-code"]

srv(i, name, client, client_name) := {"index": i, "doc": 0, "name": name, "client": client, "pointer": sprintf("/mcpServers/%s", [name]), "trust": {"client_name": client_name}}

pair := {"untrusted": {"server": 0, "tool": "fetch"}, "code": {"server": 1, "tool": "run_command"}, "at": 1}

claude := [srv(0, "fetch", "claude-code", "Claude Code"), srv(1, "shell", "claude-code", "Claude Code")]

test_pair_is_reported_at_the_later_server if {
	r := report with input as {"servers": claude, "groups": [{"flow": null, "code_flow": pair}]}
	r == {{
		"doc": 0, "server": 1, "pointer": "/mcpServers/shell", "key": true,
		"message": `Claude Code loads "fetch" (fetch reads content others write) and "shell" (run_command runs code) together: text in the first can make the agent run commands on this machine through the second; ask before run_command runs: add "mcp__shell__run_command" to "permissions.ask" in .claude/settings.json, or keep these servers in separate projects`,
	}}
}

test_advice_in_the_clients_terms if {
	cursor := [srv(0, "fetch", "cursor", "Cursor"), srv(1, "shell", "cursor", "Cursor")]
	r := report with input as {"servers": cursor, "groups": [{"flow": null, "code_flow": pair}]}
	r == {{
		"doc": 0, "server": 1, "pointer": "/mcpServers/shell", "key": true,
		"message": `Cursor loads "fetch" (fetch reads content others write) and "shell" (run_command runs code) together: text in the first can make the agent run commands on this machine through the second; leave run_command unapproved so Cursor asks before it runs, or keep these servers in separate projects`,
	}}
}

# Where the lethal trifecta applies, it is reported instead.
test_the_trifecta_is_reported_instead if {
	flow := {"untrusted": {"server": 0, "tool": "fetch"}, "private": {"server": 1, "tool": "read_file"}, "outbound": {"server": 0, "tool": "fetch"}, "at": 1, "code_execution": [], "unknown": 0}
	count(report) == 0 with input as {"servers": claude, "groups": [{"flow": flow, "code_flow": pair}]}
}

test_no_pair_no_finding if {
	count(report) == 0 with input as {"servers": claude, "groups": [{"flow": null, "code_flow": null}]}
}
