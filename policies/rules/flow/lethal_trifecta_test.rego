package mcplint.rules.flow["lethal-trifecta"]

srv(i, name, client) := {"index": i, "doc": 0, "name": name, "client": client, "pointer": sprintf("/mcpServers/%s", [name]), "trust": {"client_name": "Claude Code"}}

flow(code) := {
	"untrusted": {"server": 0, "tool": "fetch"},
	"private": {"server": 1, "tool": "read_file"},
	"outbound": {"server": 2, "tool": "slack_post_message"},
	"at": 2,
	"code_execution": code,
	"unknown": 0,
}

servers := [srv(0, "fetch", "claude-code"), srv(1, "fs", "claude-code"), srv(2, "slack", "claude-code")]

test_trifecta_is_a_warning_at_the_completing_server if {
	r := report with input as {"servers": servers, "groups": [{"flow": flow([])}]}
	r == {{
		"doc": 0, "server": 2, "pointer": "/mcpServers/slack", "key": true, "level": "warning",
		"message": `Claude Code loads "fetch" (fetch reads content others write), "fs" (read_file reads private data) and "slack" (slack_post_message sends data out) together: text in the first can make the agent read the second and send it through the third; ask before slack_post_message runs: add "mcp__slack__slack_post_message" to "permissions.ask" in .claude/settings.json, or keep these servers in separate projects`,
	}}
}

test_code_execution_makes_it_an_error if {
	r := report with input as {"servers": servers, "groups": [{"flow": flow([{"server": 1, "tool": "run_command"}])}]}
	r == {{"doc": 0, "key": true, "level": "error", "message": "Claude Code loads \"fetch\" (fetch reads content others write), \"fs\" (read_file reads private data) and \"slack\" (slack_post_message sends data out) together, and \"fs\" can also run code (run_command): text in the first can make the agent read the second and send it through the third; ask before slack_post_message runs: add \"mcp__slack__slack_post_message\" to \"permissions.ask\" in .claude/settings.json, or keep these servers in separate projects", "pointer": "/mcpServers/slack", "server": 2}}
}

test_no_flow_no_finding if {
	count(report) == 0 with input as {"servers": servers, "groups": [{"flow": null}]}
}
