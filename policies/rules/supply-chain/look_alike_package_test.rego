package mcplint.rules["supply-chain"]["look-alike-package"]

server(look) := {"index": 0, "doc": 0, "name": "gh", "pointer": "/mcpServers/gh", "runner": {"package": "@model-context-protocol/server-github", "package_pointer": "/mcpServers/gh/args/1", "look_alike": look}}

test_look_alike_is_reported_at_the_package if {
	r := report with input as {"servers": [server("@modelcontextprotocol/server-github")]}
	r == {{"doc": 0, "server": 0, "pointer": "/mcpServers/gh/args/1", "message": "@model-context-protocol/server-github is not a package mcplint knows, and its name is close to @modelcontextprotocol/server-github, a well-known MCP server's: check the name against the server's documentation and write the real package (a look-alike runs with this server's credentials)"}}
}

test_no_look_alike_passes if {
	count(report) == 0 with input as {"servers": [server("")]}
}
