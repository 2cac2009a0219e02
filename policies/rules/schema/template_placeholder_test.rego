package mcplint.rules.schema["template-placeholder"]

srv(templates) := {"index": 0, "doc": 0, "name": "fs", "pointer": "/mcpServers/fs", "templates": templates}

arg(i, v) := {"value": v, "pointer": sprintf("/mcpServers/fs/args/%d", [i]), "where": "arg", "why": "a \"path/to\" placeholder"}

test_command_placeholder_is_an_error if {
	cmd := {"value": "<path-to-uv>", "pointer": "/mcpServers/fs/command", "where": "command", "why": "a <placeholder>"}
	r := report with input as {"servers": [srv([cmd, arg(1, "/path/to/x")])]}
	r == {{"doc": 0, "server": 0, "pointer": "/mcpServers/fs/command", "message": "\"fs\" starts \"<path-to-uv>\", a <placeholder> left from a template: no such program exists, so the server cannot start; write the program's real path (or its name, when it is on PATH)"}}
}

test_argument_placeholders_are_one_warning if {
	r := report with input as {"servers": [srv([arg(1, "/path/to/allowed/files"), arg(2, "/path/to/other")])]}
	r == {{"doc": 0, "server": 0, "pointer": "/mcpServers/fs/args/1", "level": "warning", "message": "\"fs\" is given \"/path/to/allowed/files\", a \"path/to\" placeholder left from a template (and 1 more: /path/to/other): the server gets a path that does not exist; write the real path, relative to the project or with a variable the client expands"}}
}

test_no_templates_no_finding if {
	count(report) == 0 with input as {"servers": [srv([])]}
}
