package mcplint.rules["supply-chain"]["runner-env"]

server(keys) := {"index": 0, "doc": 0, "name": "x", "pointer": "/mcpServers/x", "env": [
{"key": k, "value": "v", "pointer": sprintf("/mcpServers/x/env/%s", [k]), "refs": [], "secrets": []} | some k in keys]}

findings(keys) := rs if {
	rs := report with input as {"servers": [server(keys)]}
}

test_every_listed_name_is_reported if {
	keys := [
		"NODE_OPTIONS", "NPM_CONFIG_REGISTRY", "npm_config_userconfig", "UV_INDEX_URL", "UV_EXTRA_INDEX_URL",
		"PIP_INDEX_URL", "PYTHONSTARTUP", "PATH", "Path", "LD_PRELOAD", "LD_LIBRARY_PATH",
		"DYLD_INSERT_LIBRARIES", "HOME", "SHELL",
	]
	messages := {
		"NODE_OPTIONS": "NODE_OPTIONS in env makes Node.js load code (--require, --import) before the package starts: remove it; pass what the server needs as its own arguments or variables",
		"NPM_CONFIG_REGISTRY": "NPM_CONFIG_REGISTRY in env changes npm's settings, such as the registry npx installs from and the scripts it runs: remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry",
		"npm_config_userconfig": "npm_config_userconfig in env changes npm's settings, such as the registry npx installs from and the scripts it runs: remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry",
		"UV_INDEX_URL": "UV_INDEX_URL in env changes uv's settings, such as the index uvx installs from: remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry",
		"UV_EXTRA_INDEX_URL": "UV_EXTRA_INDEX_URL in env changes uv's settings, such as the index uvx installs from: remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry",
		"PIP_INDEX_URL": "PIP_INDEX_URL in env changes pip's settings, such as the index packages come from: remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry",
		"PYTHONSTARTUP": "PYTHONSTARTUP in env changes which code Python loads when it starts: remove it; pass what the server needs as its own arguments or variables",
		"PATH": "PATH in env changes which program the command (npx, uvx, node, python) resolves to: remove it and write the program's absolute path in \"command\" instead",
		"Path": "Path in env changes which program the command (npx, uvx, node, python) resolves to: remove it and write the program's absolute path in \"command\" instead",
		"LD_PRELOAD": "LD_PRELOAD in env makes the dynamic linker load other libraries into every process the server starts: remove it; pass what the server needs as its own arguments or variables",
		"LD_LIBRARY_PATH": "LD_LIBRARY_PATH in env makes the dynamic linker load other libraries into every process the server starts: remove it; pass what the server needs as its own arguments or variables",
		"DYLD_INSERT_LIBRARIES": "DYLD_INSERT_LIBRARIES in env makes the macOS dynamic linker load other libraries into every process the server starts: remove it; pass what the server needs as its own arguments or variables",
		"HOME": "HOME in env moves the home folder, and with it the .npmrc, pip and uv configuration the runner reads: remove it; pass what the server needs as its own arguments or variables",
		"SHELL": "SHELL in env changes the shell the runner uses for package scripts: remove it; pass what the server needs as its own arguments or variables",
	}
	count(messages) == count(keys)
	findings(keys) == {{"doc": 0, "server": 0, "pointer": sprintf("/mcpServers/x/env/%s", [k]), "key": true, "message": m} | some k, m in messages}
}

test_message_names_the_variable_and_what_to_do if {
	findings(["PATH"]) == {{"doc": 0, "key": true, "message": "PATH in env changes which program the command (npx, uvx, node, python) resolves to: remove it and write the program's absolute path in \"command\" instead", "pointer": "/mcpServers/x/env/PATH", "server": 0}}
}

test_index_settings_point_at_the_user_config if {
	findings(["UV_INDEX_URL"]) == {{"doc": 0, "key": true, "message": "UV_INDEX_URL in env changes uv's settings, such as the index uvx installs from: remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry", "pointer": "/mcpServers/x/env/UV_INDEX_URL", "server": 0}}
}

test_ordinary_names_pass if {
	count(findings([
		"GITHUB_TOKEN", "NODE_ENV", "PATHS_ALLOWED", "HOMEPAGE_URL", "SHELL_HISTORY_DIR", "MY_PATH",
		"UVICORN_PORT", "PIPELINE_ID", "NPM_TOKEN", "LD", "XDG_CONFIG_HOME",
	])) == 0
}

# A catalogue entry (tier library) is refused by Paseo: an error, as
# everywhere.
test_library_entry_is_reported_at_the_rule_level if {
	s := object.union(server(["NODE_OPTIONS"]), {"tier": "library", "client": "paseo"})
	rs := report with input as {"servers": [s]}
	rs == {{"doc": 0, "key": true, "message": "NODE_OPTIONS in env makes Node.js load code (--require, --import) before the package starts: remove it; pass what the server needs as its own arguments or variables", "pointer": "/mcpServers/x/env/NODE_OPTIONS", "server": 0}}
}

# PYTHONPATH into the project's own folder: a local-development habit.
test_pythonpath_into_the_project_is_not_reported if {
	s := {"index": 0, "doc": 0, "name": "dev", "tier": "project", "pointer": "/mcpServers/dev", "env": [{"key": "PYTHONPATH", "value": "./src", "pointer": "/mcpServers/dev/env/PYTHONPATH"}]}
	count(report) == 0 with input as {"servers": [s], "index": {"env/PYTHONPATH": [0]}}
	s2 := object.union(s, {"env": [{"key": "PYTHONPATH", "value": "${workspaceFolder}/src:lib", "pointer": "/p"}]})
	count(report) == 0 with input as {"servers": [s2], "index": {"env/PYTHONPATH": [0]}}
}

# PYTHONPATH at a path of the writer's machine is their checkout:
# compat/machine-path reports the path (one problem, one finding).
test_pythonpath_at_a_machine_path_is_left_to_machine_path if {
	e := {"key": "PYTHONPATH", "value": "/workspaces/news-agents", "pointer": "/mcpServers/dev/env/PYTHONPATH"}
	s := {"index": 0, "doc": 0, "name": "dev", "tier": "project", "pointer": "/mcpServers/dev", "env": [e], "machine_paths": [{"value": e.value, "pointer": e.pointer}]}
	count(report) == 0 with input as {"servers": [s], "index": {"env/PYTHONPATH": [0]}}
	r := report with input as {"servers": [object.union(s, {"machine_paths": []})], "index": {"env/PYTHONPATH": [0]}}
	count(r) == 1
}

test_pythonpath_elsewhere_stays_an_error if {
	s := {"index": 0, "doc": 0, "name": "dev", "tier": "project", "pointer": "/mcpServers/dev", "env": [{"key": "PYTHONPATH", "value": "/opt/hooks:./src", "pointer": "/mcpServers/dev/env/PYTHONPATH"}]}
	r := report with input as {"servers": [s], "index": {"env/PYTHONPATH": [0]}}
	r == {{"doc": 0, "key": true, "message": "PYTHONPATH in env changes which code Python loads when it starts: remove it; pass what the server needs as its own arguments or variables", "pointer": "/mcpServers/dev/env/PYTHONPATH", "server": 0}}
}

test_python_variables_that_load_no_code_pass if {
	count(findings(["PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTHONIOENCODING", "PythonUtf8"])) == 0
}

test_python_variables_that_load_code_are_reported if {
	keys := ["PYTHONHOME", "PYTHONBREAKPOINT", "PYTHONWARNINGS", "PYTHONUSERBASE"]
	findings(keys) == {{
		"doc": 0, "server": 0, "pointer": sprintf("/mcpServers/x/env/%s", [k]), "key": true,
		"message": sprintf("%s in env changes which code Python loads when it starts: remove it; pass what the server needs as its own arguments or variables", [k]),
	} |
		some k in keys
	}
}

# PATH beside a command written as an absolute path: the command does
# not resolve through PATH, so the finding's reason does not hold.
test_path_beside_an_absolute_command_passes if {
	s := {"index": 0, "doc": 0, "name": "pw", "tier": "project", "pointer": "/mcpServers/pw", "command": {"value": "/opt/node/bin/npx"}, "env": [{"key": "PATH", "value": "/opt/node/bin:/usr/bin", "pointer": "/mcpServers/pw/env/PATH"}]}
	count(report) == 0 with input as {"servers": [s], "index": {"env/PATH": [0]}, "documents": []}
	w := object.union(s, {"command": {"value": "C:\\node\\npx.cmd"}})
	count(report) == 0 with input as {"servers": [w], "index": {"env/PATH": [0]}, "documents": []}
	n := object.union(s, {"command": {"value": "npx"}})
	count(report) == 1 with input as {"servers": [n], "index": {"env/PATH": [0]}, "documents": []}
}
