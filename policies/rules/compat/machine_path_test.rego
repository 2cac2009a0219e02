package mcplint.rules.compat["machine-path"]

srv(tier, paths) := {"index": 0, "doc": 0, "name": "notes", "tier": tier, "pointer": "/mcpServers/notes", "machine_paths": paths}

docs := [{"index": 0, "path": ".cursor/mcp.json"}]

home := {"value": "/Users/dana/code/notes/dist/index.js", "pointer": "/mcpServers/notes/args/0", "why": "one user's home folder"}

test_home_folder_in_a_project_config if {
	r := report with input as {"documents": docs, "servers": [srv("project", [home])]}
	r == {{"doc": 0, "message": "\"notes\" uses /Users/dana/code/notes/dist/index.js, one user's home folder, but .cursor/mcp.json is committed with the project: use a path relative to the project or a variable the client expands, or keep the entry in your user-level config", "pointer": "/mcpServers/notes/args/0", "server": 0}}
}

test_user_config_is_that_machine_s_own if {
	count(report) == 0 with input as {"documents": docs, "servers": [srv("user", [home])]}
}

# Several paths of one server: one finding, at the first, naming the
# others; an env entry supply-chain/runner-env reports is left to it.
test_one_finding_per_server if {
	other := {"value": "C:\\Users\\dana\\notes", "pointer": "/mcpServers/notes/env/NOTES_DIR", "why": "a drive of one Windows machine"}
	ld := {"value": "/home/dana/lib", "pointer": "/mcpServers/notes/env/LD_LIBRARY_PATH", "why": "one user's home folder"}
	s := object.union(srv("project", [home, other, ld]), {"env": [
		{"key": "NOTES_DIR", "value": other.value, "pointer": other.pointer},
		{"key": "LD_LIBRARY_PATH", "value": ld.value, "pointer": ld.pointer},
	]})
	r := report with input as {"documents": docs, "servers": [s]}
	r == {{"doc": 0, "message": "\"notes\" uses /Users/dana/code/notes/dist/index.js, one user's home folder (and 1 more: C:\\Users\\dana\\notes), but .cursor/mcp.json is committed with the project: use a path relative to the project or a variable the client expands, or keep the entry in your user-level config", "pointer": "/mcpServers/notes/args/0", "server": 0}}
}

test_only_a_runner_variable_is_left_to_runner_env if {
	ld := {"value": "/home/dana/lib", "pointer": "/mcpServers/notes/env/LD_LIBRARY_PATH", "why": "one user's home folder"}
	s := object.union(srv("project", [ld]), {"env": [{"key": "LD_LIBRARY_PATH", "value": ld.value, "pointer": ld.pointer}]})
	count(report) == 0 with input as {"documents": docs, "servers": [s]}
}
