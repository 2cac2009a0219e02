package mcplint.rules.compat["docker-stdin"]

srv(args) := {
	"index": 0, "doc": 0, "name": "db", "tier": "project", "transport": "stdio", "pointer": "/mcpServers/db",
	"runner": {"ecosystem": "oci", "runner": "docker run", "registry": false, "package": "mcp/postgres", "package_pointer": sprintf("/mcpServers/db/args/%d", [count(args) - 1])},
	"args": [{"index": i, "value": v, "pointer": sprintf("/mcpServers/db/args/%d", [i])} | some i, v in args],
}

test_no_stdin if {
	r := report with input as {"servers": [srv(["run", "--rm", "mcp/postgres"])], "index": {"runner": [0]}}
	r == {{"doc": 0, "message": "docker run starts mcp/postgres without -i, so the container's standard input is closed and the server never reads a request: write -i before the image (\"run\", \"-i\", …)", "pointer": "/mcpServers/db/args/2", "server": 0}}
}

test_interactive_forms_pass if {
	every args in [["run", "-i", "--rm", "mcp/postgres"], ["run", "-it", "mcp/postgres"], ["run", "--interactive", "mcp/postgres"], ["run", "--rm", "-ti", "mcp/postgres"]] {
		count(report) == 0 with input as {"servers": [srv(args)], "index": {"runner": [0]}}
	}
}

# An -i after the image is the container's own argument, not docker's.
test_flag_after_the_image_does_not_count if {
	s := srv(["run", "--rm", "mcp/postgres", "-i"])
	s2 := object.union(s, {"runner": object.union(s.runner, {"package_pointer": "/mcpServers/db/args/2"})})
	count(report) == 1 with input as {"servers": [s2], "index": {"runner": [0]}}
}
