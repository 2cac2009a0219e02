package mcplint.rules.schema.limits

server(problems) := {"index": 3, "doc": 1, "pointer": "/mcpServers/x", "field_problems": problems}

test_file_over_the_cap_is_reported if {
	r := report with input as {
		"loader_findings": [{"rule": "schema/limits", "level": "error", "message": "the file is 2.0 MiB, over the 1.0 MiB that mcplint reads", "doc": 0, "offset": 0, "end": 1}],
		"servers": [], "documents": [],
	}
	r == {{"doc": 0, "server": -1, "offset": 0, "end": 1, "message": "the file is 2.0 MiB, over the 1.0 MiB that mcplint reads", "level": "error"}}
}

test_server_limits_point_at_the_value if {
	r := report with input as {"loader_findings": [], "documents": [], "servers": [server([
		{"kind": "limits", "pointer": "/mcpServers/x/args", "message": "\"x\" has 70 arguments"},
		{"kind": "unknown-field", "pointer": "/mcpServers/x/environment", "message": "not read"},
	])]}
	r == {{"doc": 1, "server": 3, "pointer": "/mcpServers/x/args", "message": "\"x\" has 70 arguments"}}
}

test_more_than_500_servers if {
	r := report with input as {"loader_findings": [], "servers": [], "documents": [
		{"index": 0, "server_count": 501, "servers_key": "servers"},
		{"index": 1, "server_count": 500, "servers_key": "mcpServers"},
		{"index": 2, "server_count": 900, "servers_key": ""},
	]}
	r == {
		{"doc": 0, "message": "this document defines 501 servers, over Paseo's limit of 500: Paseo refuses a document that large; split it into several files", "pointer": "/servers", "server": -1},
		{"doc": 2, "message": "this document defines 900 servers, over Paseo's limit of 500: Paseo refuses a document that large; split it into several files", "pointer": "", "server": -1},
	}
}

test_within_limits_is_quiet if {
	count(report) == 0 with input as {"loader_findings": [], "documents": [{"index": 0, "server_count": 12, "servers_key": "mcpServers"}], "servers": [server([])]}
}

# Catalogue entries (tier library) and documents: errors, as Paseo
# refuses them.
test_library_entry_and_document if {
	s := object.union(server([{"kind": "limits", "pointer": "/entries/0/args/3", "message": "argument 4 of \"x\" is 1,100 characters"}]), {"tier": "library", "client": "paseo"})
	r := report with input as {"loader_findings": [], "servers": [s], "documents": [{"index": 1, "server_count": 501, "servers_key": "entries"}]}
	r == {
		{"doc": 1, "message": "argument 4 of \"x\" is 1,100 characters", "pointer": "/entries/0/args/3", "server": 3},
		{"doc": 1, "message": "this document defines 501 servers, over Paseo's limit of 500: Paseo refuses a document that large; split it into several files", "pointer": "/entries", "server": -1},
	}
}

test_catalogue_over_paseos_size_cap if {
	r := report with input as {"loader_findings": [], "servers": [], "documents": [
		{"index": 0, "server_count": 3, "servers_key": "entries", "catalogue": {"size": 1048577, "max_size": 1048576}},
		{"index": 1, "server_count": 3, "servers_key": "entries", "catalogue": {"size": 1048576, "max_size": 1048576}},
		{"index": 2, "server_count": 3, "servers_key": "mcpServers", "catalogue": null},
	]}
	r == {{"doc": 0, "message": "this catalogue is 1048577 bytes, over Paseo's limit of 1 MB (1048576 bytes): Paseo refuses a document that large; split it into several files", "pointer": "", "server": -1}}
}
