package mcplint.rules.compat["wrong-format-for-client"]

doc(over) := object.union(
	{"index": 0, "path": ".mcp.json", "kind": "client-config", "client": "claude-code", "client_name": "Claude Code", "format": "json", "servers_key": "mcpServers"},
	over,
)

test_json_with_codex_keys if {
	r := report with input as {"documents": [doc({"path": "codex-servers.json", "client": "codex", "client_name": "Codex", "servers_key": "mcp_servers"})]}
	r == {{
		"doc": 0, "server": -1, "pointer": "",
		"message": "Codex reads MCP servers only from TOML (config.toml), so this JSON file is never read: write each server as a [mcp_servers.<name>] table in ~/.codex/config.toml or the project's .codex/config.toml",
	}}
}

test_grok_yaml if {
	report == {{"doc": 0, "message": "Grok Build reads MCP servers only from TOML (config.toml), so this YAML file is never read: write each server as a [mcp_servers.<name>] table in ~/.grok/config.toml or the project's .grok/config.toml", "pointer": "", "server": -1}} with input as {"documents": [doc({"client": "grok", "client_name": "Grok Build", "format": "yaml"})]}
}

test_json_file_in_the_codex_folder if {
	r := report with input as {"documents": [doc({"path": "app/.codex/mcp.json"})]}
	r == {{
		"doc": 0, "server": -1, "pointer": "",
		"message": "Codex does not read mcp.json: it reads MCP servers only from .codex/config.toml, as [mcp_servers.<name>] tables (command = \"npx\", args = [\"-y\", \"<package>\"])",
	}}
}

test_yaml_for_a_json_client if {
	report == {{"doc": 0, "message": "Claude Code reads its configuration as JSON, so this YAML file is never read: write it as JSON ({\"mcpServers\": {…}})", "pointer": "", "server": -1}} with input as {"documents": [doc({"path": "mcp.yaml", "format": "yaml"})]}
}

test_right_formats_pass if {
	count(report) == 0 with input as {"documents": [
		doc({}),
		doc({"path": ".codex/config.toml", "client": "codex", "client_name": "Codex", "format": "toml"}),
		doc({"path": ".grok/config.toml", "client": "grok", "client_name": "Grok Build", "format": "toml"}),
		doc({"path": ".continue/mcpServers/x.yaml", "client": "continue", "format": "yaml"}),
		doc({"path": "home/.config/goose/config.yaml", "client": "goose", "format": "yaml"}),
		doc({"path": ".vscode/mcp.json", "client": "vscode", "format": "jsonc"}),
		doc({"path": ".codex/mcp.json", "kind": "settings"}),
	]}
}
