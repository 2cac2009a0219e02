package mcplint.rules.transport["localhost-in-project"]

docs := [{"index": 0, "path": ".mcp.json"}, {"index": 1, "path": "/home/u/.claude.json"}]

srv(tier, doc, client, url) := {
	"index": 0, "doc": doc, "name": "local-dev", "client": client, "tier": tier,
	"pointer": "/mcpServers/local-dev", "url": object.union({"valid": true, "pointer": "/mcpServers/local-dev/url", "port": ""}, url),
}

# A fixed port names the project's own server or stack: an info that
# says it must be running, with no advice to move it out of the project.
test_loopback_in_project_file if {
	r := report with input as {"documents": docs, "servers": [srv("project", 0, "claude-code", {"scheme": "http", "host": "localhost", "port": "8080", "loopback": true})]}
	r == {{"doc": 0, "level": "info", "message": "\"local-dev\" points at http://localhost:8080, a server on the machine that runs the client: everyone who opens the project needs it running there, so say in the README how to start it, or commit a command that starts it", "pointer": "/mcpServers/local-dev/url", "server": 0}}
}

# A port in the dynamic range was picked on one machine: a warning, and
# the entry belongs in that user's config.
test_dynamic_port_in_project_file if {
	r := report with input as {"documents": docs, "servers": [srv("project", 0, "claude-code", {"scheme": "http", "host": "127.0.0.1", "port": "58551", "loopback": true})]}
	r == {{"doc": 0, "message": "\"local-dev\" points at http://127.0.0.1:58551, a port in the dynamic range that a program picked on one machine and that differs on the next, but .mcp.json is committed with the project: move it to your local scope (claude mcp add --scope local, kept in ~/.claude.json)", "pointer": "/mcpServers/local-dev/url", "server": 0}}
}

test_ipv6_is_bracketed if {
	r := report with input as {"documents": docs, "servers": [srv("project", 0, "cursor", {"scheme": "http", "host": "::1", "port": "50000", "loopback": true})]}
	r == {{"doc": 0, "message": "\"local-dev\" points at http://[::1]:50000, a port in the dynamic range that a program picked on one machine and that differs on the next, but .mcp.json is committed with the project: move it to ~/.cursor/mcp.json", "pointer": "/mcpServers/local-dev/url", "server": 0}}
}

test_unknown_client_gets_generic_place if {
	r := report with input as {"documents": docs, "servers": [srv("project", 0, "lmstudio", {"scheme": "http", "host": "127.0.0.1", "port": "65000", "loopback": true})]}
	r == {{"doc": 0, "message": "\"local-dev\" points at http://127.0.0.1:65000, a port in the dynamic range that a program picked on one machine and that differs on the next, but .mcp.json is committed with the project: move it to your user-level config", "pointer": "/mcpServers/local-dev/url", "server": 0}}
}

test_user_and_local_tiers_pass if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv("user", 1, "claude-code", {"scheme": "http", "host": "localhost", "loopback": true}),
		srv("local", 1, "claude-code", {"scheme": "http", "host": "localhost", "loopback": true}),
	]}
}

test_remote_host_in_project_passes if {
	count(report) == 0 with input as {"documents": docs, "servers": [srv("project", 0, "claude-code", {"scheme": "https", "host": "mcp.example.com", "loopback": false})]}
}

# The repository is the MCP server under development: info, and advice
# that fits.
test_server_under_development if {
	d := [{"index": 0, "path": ".mcp.json", "develops_server": "pyproject.toml depends on mcp"}]
	r := report with input as {"documents": d, "servers": [srv("project", 0, "claude-code", {"scheme": "http", "host": "localhost", "port": "8000", "loopback": true})]}
	r == {{"doc": 0, "level": "info", "message": "\"local-dev\" points at http://localhost:8000, this machine's own server: this repository looks like the MCP server itself (pyproject.toml depends on mcp), so the entry is for developing it and is fine while you do; if it is meant for people who only use the repository, commit a command that starts the server instead", "pointer": "/mcpServers/local-dev/url", "server": 0}}
}

test_switched_off_server_passes if {
	s := object.union(srv("project", 0, "windsurf", {"scheme": "http", "host": "localhost", "port": "8100", "loopback": true}), {"state": "disabled"})
	count(report) == 0 with input as {"documents": docs, "servers": [s]}
}
