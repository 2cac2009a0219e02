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
