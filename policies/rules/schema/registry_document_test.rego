package mcplint.rules.schema["registry-document"]

entry(reg) := {"index": 2, "doc": 1, "pointer": "/servers/0/server", "registry": reg}

base := {"schema_pointer": "/servers/0/server/$schema", "declared": "2025-12-11", "version": "2025-12-11", "newest": "2025-12-11", "status": "newest", "migration": "", "issues": [], "schema": ""}

issue(kind) := {"kind": kind, "pointer": "/servers/0/server/$schema", "key": false, "message": ""}

test_schema_error_points_at_the_value if {
	reg := object.union(base, {"issues": [{"kind": "schema", "pointer": "/servers/0/server/description", "key": false, "message": "description is 113 characters long; at most 100 are allowed (server.json 2025-12-11)"}]})
	r := report with input as {"servers": [entry(reg)], "documents": []}
	r == {{"doc": 1, "server": 2, "pointer": "/servers/0/server/description", "key": false, "message": "description is 113 characters long; at most 100 are allowed (server.json 2025-12-11)"}}
}

test_field_not_allowed_points_at_the_key if {
	reg := object.union(base, {"version": "2025-09-29", "status": "deprecated", "declared": "2025-09-29", "migration": "set $schema to …", "issues": [{"kind": "schema", "pointer": "/servers/0/server/packages/0/registry_type", "key": true, "message": "\"registry_type\" is not a field of a package in this schema version (server.json 2025-09-29)"}]})
	r := report with input as {"servers": [entry(reg)], "documents": []}
	r == {{"doc": 1, "key": true, "message": "\"registry_type\" is not a field of a package in this schema version (server.json 2025-09-29)", "pointer": "/servers/0/server/packages/0/registry_type", "server": 2}}
}

test_deprecated_version_is_a_warning_with_the_migration if {
	reg := object.union(base, {"version": "2025-07-09", "status": "deprecated", "declared": "2025-07-09", "migration": "rename the snake_case fields to camelCase (registry_type → registryType)", "issues": [issue("deprecated")]})
	r := report with input as {"servers": [entry(reg)], "documents": []}
	r == {{"doc": 1, "level": "warning", "message": "$schema names server.json 2025-07-09, an older schema version (the newest is 2025-12-11): rename the snake_case fields to camelCase (registry_type → registryType)", "pointer": "/servers/0/server/$schema", "server": 2}}
}

# An older published version whose entry passes the newest: an info.
test_older_version_that_passes_the_newest_is_an_info if {
	reg := object.union(base, {"version": "2025-09-29", "status": "deprecated", "declared": "2025-09-16", "migration": "set $schema to …", "issues": [issue("older")]})
	r := report with input as {"servers": [entry(reg)], "documents": []}
	r == {{"doc": 1, "level": "info", "message": "$schema names server.json 2025-09-16, an older published version; the entry passes 2025-12-11 as it is, so only $schema needs https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "pointer": "/servers/0/server/$schema", "server": 2}}
}

# An older version whose entry fails the newest only where its own
# version fails (reported apart): an info too.
test_older_version_failing_only_where_its_own_fails_is_an_info if {
	own := {"kind": "schema", "pointer": "/servers/0/server/description", "key": false, "message": "description is 150 characters long; at most 100 are allowed (server.json 2025-10-17)"}
	reg := object.union(base, {"version": "2025-10-17", "status": "deprecated", "declared": "2025-10-17", "migration": "set $schema to …", "issues": [own, issue("older")]})
	r := report with input as {"servers": [entry(reg)], "documents": []}
	r == {
		{"doc": 1, "server": 2, "pointer": "/servers/0/server/description", "key": false, "message": own.message},
		{"doc": 1, "level": "info", "message": "$schema names server.json 2025-10-17, an older published version; 2025-12-11 asks nothing more of the entry than its own version does (whose errors are reported apart), so only $schema needs https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "pointer": "/servers/0/server/$schema", "server": 2},
	}
}

test_unknown_version_is_a_warning if {
	reg := object.union(base, {"status": "unknown", "declared": "2026-03-01", "issues": [issue("unknown")]})
	r := report with input as {"servers": [entry(reg)], "documents": []}
	r == {{"doc": 1, "level": "warning", "message": "$schema names server.json 2026-03-01, a version the MCP Registry has not published (it published 2025-07-09, 2025-09-16, 2025-09-29, 2025-10-11, 2025-10-17 and 2025-12-11): the entry was checked against 2025-12-11; use https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json unless a newer version is out", "pointer": "/servers/0/server/$schema", "server": 2}}
}

test_unknown_address_is_a_warning if {
	reg := object.union(base, {"status": "unknown", "declared": "", "schema": "https://example.com/schema.json", "issues": [issue("unknown")]})
	r := report with input as {"servers": [entry(reg)], "documents": []}
	r == {{"doc": 1, "level": "warning", "message": "$schema \"https://example.com/schema.json\" is not an MCP Registry server.json schema address: the entry was checked against 2025-12-11; write https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "pointer": "/servers/0/server/$schema", "server": 2}}
}

test_newest_and_absent_versions_pass if {
	r := report with input as {"servers": [entry(base), entry(object.union(base, {"status": "absent", "declared": ""}))], "documents": []}
	r == set()
}

test_other_servers_are_not_looked_at if {
	count(report) == 0 with input as {"servers": [{"index": 0, "doc": 0, "pointer": "/mcpServers/x", "registry": null}], "documents": []}
}

test_legacy_shape_is_reported_on_the_document if {
	r := report with input as {"servers": [], "documents": [{"index": 0, "server_count": 471, "registry": {"legacy": true, "legacy_pointer": "/0/version_detail", "newest": "2025-12-11"}}]}
	r == {{"doc": 0, "key": true, "level": "warning", "message": "this is the legacy registry shape of the 2025-05 seed (471 entries with version_detail and snake_case packages: registry_name, name, environment_variables), which no registry client reads any more: re-export it as server.json entries of 2025-12-11 (version instead of version_detail; packages with registryType, identifier, version and transport)", "pointer": "/0/version_detail", "server": -1}}
}
