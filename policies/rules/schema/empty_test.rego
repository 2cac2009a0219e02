package mcplint.rules.schema.empty

doc(over) := object.union(
	{
		"index": 0, "path": ".cursor/mcp.json", "kind": "client-config", "client": "cursor", "format": "json", "variant": "",
		"parse_ok": true, "server_count": 0, "servers_key": "mcpServers", "servers_kind": "object",
		"root_keys": [{"key": "mcpServers", "pointer": "/mcpServers", "kind": "object", "value": ""}],
	},
	over,
)

input_with(docs, servers) := {"documents": docs, "servers": servers, "loader_findings": []}

test_empty_servers_object if {
	r := report with input as input_with([doc({})], [])
	r == {{"doc": 0, "server": -1, "pointer": "/mcpServers", "message": "no servers are defined here: the \"mcpServers\" object is empty; add servers or delete the file"}}
}

test_empty_toml_table_and_yaml_list if {
	report == {{"doc": 0, "message": "no servers are defined here: the \"mcp_servers\" table is empty; add servers or delete the file", "pointer": "/mcp_servers", "server": -1}} with input as input_with([doc({"path": ".codex/config.toml", "format": "toml", "servers_key": "mcp_servers"})], [])
	report == {{"doc": 0, "message": "no servers are defined here: the \"mcpServers\" list is empty; add servers or delete the file", "pointer": "/mcpServers", "server": -1}} with input as input_with([doc({"servers_kind": "array", "format": "yaml"})], [])
}

test_empty_file if {
	r := report with input as input_with([doc({"root_keys": [], "servers_kind": "missing"})], [])
	r == {{"doc": 0, "server": -1, "pointer": "", "message": "the file is empty and defines no servers: add servers or delete it"}}
}

test_general_settings_file_without_servers_key_is_fine if {
	count(report) == 0 with input as input_with([doc({"servers_kind": "missing", "root_keys": [{"key": "model", "pointer": "/model", "kind": "string", "value": "x"}]})], [])
}

test_files_with_servers_exclusive_and_claude_json_are_fine if {
	count(report) == 0 with input as input_with(
		[
			doc({"server_count": 2}),
			doc({"variant": "exclusive", "path": "managed-mcp.json"}),
			doc({"path": "home/.claude.json", "client": "claude-code"}),
			doc({"parse_ok": false}),
			doc({"kind": "settings"}),
		],
		[],
	)
}

test_loader_empty_finding_is_reemitted if {
	r := report with input as {"documents": [], "servers": [], "loader_findings": [
		{"rule": "schema/empty", "level": "info", "message": "no MCP server definitions found", "doc": 0, "offset": 0, "end": 0},
		{"rule": "schema/encoding", "level": "warning", "message": "BOM", "doc": 0, "offset": 0, "end": 3},
	]}
	r == {{"doc": 0, "server": -1, "offset": 0, "end": 0, "message": "no MCP server definitions found", "level": "info"}}
}

srv(fields, env) := {"index": 0, "doc": 0, "name": "git", "pointer": "/mcpServers/git", "fields": fields, "env": env}

env_field := {"key": "env", "pointer": "/mcpServers/git/env", "kind": "object", "value": ""}

# An empty env, environment or envs block is harmless (fix writes them for
# Codex, clients ignore them): never a finding.
test_empty_env_blocks_are_not_reported if {
	count(report) == 0 with input as input_with([], [
		srv([env_field], []),
		object.union(srv([object.union(env_field, {"key": "environment"})], []), {"index": 1}),
		object.union(srv([object.union(env_field, {"key": "envs"})], []), {"index": 2}),
		object.union(srv([object.union(env_field, {"kind": "null"})], []), {"index": 3}),
	])
}
