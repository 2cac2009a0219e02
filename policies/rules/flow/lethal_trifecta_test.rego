package mcplint.rules.flow["lethal-trifecta"]

srv(i, name, client) := {"index": i, "doc": 0, "name": name, "client": client, "pointer": sprintf("/mcpServers/%s", [name]), "trust": {"client_name": "Claude Code"}}

flow(code, unattended) := {
	"untrusted": {"server": 0, "tool": "fetch"},
	"private": {"server": 1, "tool": "read_file"},
	"outbound": {"server": 2, "tool": "slack_post_message"},
	"at": 2,
	"code_execution": code,
	"unknown": 0,
	"unattended": unattended,
}

servers := [srv(0, "fetch", "claude-code"), srv(1, "fs", "claude-code"), srv(2, "slack", "claude-code")]

# While the client asks before the outbound tool runs, the send needs the
# user's yes: an info that says to keep it that way.
test_trifecta_is_an_info_while_the_client_asks if {
	r := report with input as {"servers": servers, "groups": [{"flow": flow([], "")}]}
	r == {{
		"doc": 0, "server": 2, "pointer": "/mcpServers/slack", "key": true, "level": "info",
		"message": `Claude Code loads "fetch" (fetch reads content others write), "fs" (read_file reads private data) and "slack" (slack_post_message sends data out) together: text in the first can make the agent read the second and send it through the third; Claude Code asks before slack_post_message runs, and that question is what stops it: keep slack_post_message unapproved, or keep these servers in separate projects`,
	}}
}

# When nothing asks, a warning at the server that completes the set.
test_trifecta_is_a_warning_when_nothing_asks if {
	r := report with input as {"servers": servers, "groups": [{"flow": flow([], "the tool is approved")}]}
	r == {{
		"doc": 0, "server": 2, "pointer": "/mcpServers/slack", "key": true, "level": "warning",
		"message": `Claude Code loads "fetch" (fetch reads content others write), "fs" (read_file reads private data) and "slack" (slack_post_message sends data out) together: text in the first can make the agent read the second and send it through the third; the tool is approved, so nothing stops it: ask before slack_post_message runs: add "mcp__slack__slack_post_message" to "permissions.ask" in .claude/settings.json, or keep these servers in separate projects`,
	}}
}

test_code_execution_makes_it_an_error if {
	oc := [object.union(x, {"client": "opencode", "trust": {"client_name": "OpenCode"}}) | some x in servers]
	r := report with input as {"servers": oc, "groups": [{"flow": flow([{"server": 1, "tool": "run_command"}], "OpenCode runs MCP tools without asking first unless its own settings say so")}]}
	r == {{"doc": 0, "key": true, "level": "error", "message": "OpenCode loads \"fetch\" (fetch reads content others write), \"fs\" (read_file reads private data) and \"slack\" (slack_post_message sends data out) together, and \"fs\" can also run code (run_command): text in the first can make the agent read the second and send it through the third; OpenCode runs MCP tools without asking first unless its own settings say so, so nothing stops it: keep these servers in separate projects, or remove the one this project does not need", "pointer": "/mcpServers/slack", "server": 2}}
	asked := report with input as {"servers": servers, "groups": [{"flow": flow([{"server": 1, "tool": "run_command"}], "")}]}
	[f.level | some f in asked] == ["info"]
}

test_no_flow_no_finding if {
	count(report) == 0 with input as {"servers": servers, "groups": [{"flow": null}]}
}
