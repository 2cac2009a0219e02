package mcplint.rules.compat["windows-npx"]

srv(client, cmd, base, args) := {
	"index": 0, "doc": 0, "name": "playwright", "client": client, "tier": "project", "transport": "stdio",
	"pointer": "/mcpServers/playwright",
	"command": {"value": cmd, "pointer": "/mcpServers/playwright/command", "kind": "string", "base": base},
	"args": [{"index": i, "value": a, "pointer": sprintf("/mcpServers/playwright/args/%d", [i])} | some i, a in args],
}

windows := {"target_windows": true}

test_npx_on_windows_is_wrapped if {
	r := report with input as {"config": windows, "servers": [srv("claude-code", "npx", "npx", ["-y", "@playwright/mcp@0.0.41"])]}
	r == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/playwright/command",
		"message": "on Windows Claude Code cannot start \"npx\" directly (it is a batch script): write \"command\": \"cmd\", \"args\": [\"/c\", \"npx\", \"-y\", \"@playwright/mcp@0.0.41\"]",
	}}
}

test_long_argument_lists_are_shortened if {
	report == {{"doc": 0, "message": "on Windows Claude Desktop cannot start \"npx.cmd\" directly (it is a batch script): write \"command\": \"cmd\", \"args\": [\"/c\", \"npx.cmd\", \"-y\", \"pkg@1.0.0\", \"--a\", …]", "pointer": "/mcpServers/playwright/command", "server": 0}} with input as {"config": windows, "servers": [srv("claude-desktop", "npx.cmd", "npx", ["-y", "pkg@1.0.0", "--a", "--b", "--c"])]}
}

test_not_targeting_windows if {
	count(report) == 0 with input as {"config": {"target_windows": false}, "servers": [srv("claude-code", "npx", "npx", ["-y", "x"])]}
}

test_already_wrapped_or_not_npx if {
	count(report) == 0 with input as {"config": windows, "servers": [
		srv("claude-code", "cmd", "cmd", ["/c", "npx", "-y", "x"]),
		srv("claude-code", "uvx", "uvx", ["mcp-server-time==0.6.2"]),
	]}
}

test_other_clients_and_array_commands if {
	s := srv("claude-code", "npx", "npx", [])
	count(report) == 0 with input as {"config": windows, "servers": [
		srv("cursor", "npx", "npx", ["-y", "x"]),
		object.union(s, {"command": object.union(s.command, {"kind": "array"})}),
		object.union(s, {"transport": "http"}),
	]}
}
