# METADATA
# title: File in a format its client does not read
# description: |
#   A configuration written in a format its client never reads, so its
#   servers never load: JSON (or YAML) with Codex's or Grok Build's
#   "mcp_servers" (both read only TOML, from config.toml), a JSON file
#   such as .codex/mcp.json in Codex's folder, or YAML or TOML with a
#   JSON client's keys ("mcpServers" in a .yaml file for Claude Code).
#   Rewrite the servers in the client's format and file: for Codex,
#   [mcp_servers.<name>] tables in ~/.codex/config.toml or the project's
#   .codex/config.toml; for the JSON clients, their JSON file.
# custom:
#   level: error
#   source: 'clients.md (file formats per client: Codex and Grok Build read TOML only)'
#   fixable: false
#   tags: [compatibility]
#   precision: high
package mcplint.rules.compat["wrong-format-for-client"]

import data.mcplint.lib

toml_clients := {"codex": "Codex", "grok": "Grok Build"}

# Clients that read both JSON and YAML (or only YAML).
yaml_clients := {"continue", "goose"}

# The folders Codex and Grok Build read their config.toml from.
folders := {".codex": "Codex", ".grok": "Grok Build"}

# A file with Codex's or Grok Build's keys that is not TOML.
report contains lib.on_doc(d, "", msg) if {
	some client, name in toml_clients
	some d in lib.documents(concat("", ["client/", client]))
	d.client == client
	d.format != "toml"
	msg := sprintf("%s reads MCP servers only from TOML (config.toml), so this %s file is never read: write each server as a [mcp_servers.<name>] table in %s", [name, upper(d.format), config_path(d.client)])
}

# A file in Codex's or Grok Build's folder that is not one they read (the
# path is split only when it names the folder at all).
report contains lib.on_doc(d, "", msg) if {
	some dir, name in folders
	some d in input.documents
	contains(d.path, dir)
	d.kind == "client-config"
	not toml_clients[d.client]
	parts := split(d.path, "/")
	count(parts) >= 2
	parts[count(parts) - 2] == dir
	msg := sprintf("%s does not read %s: it reads MCP servers only from %s/config.toml, as [mcp_servers.<name>] tables (command = \"npx\", args = [\"-y\", \"<package>\"])", [name, file_name(d.path), dir])
}

# A JSON client's file written as YAML or TOML.
report contains lib.on_doc(d, "", msg) if {
	some format in ["yaml", "toml"]
	some d in lib.documents(concat("", ["format/", format]))
	d.format in {"yaml", "toml"}
	d.kind == "client-config"
	not toml_clients[d.client]
	not d.client in yaml_clients
	msg := sprintf("%s reads its configuration as JSON, so this %s file is never read: write it as JSON (%s)", [d.client_name, upper(d.format), json_hint(d)])
}

config_path("codex") := "~/.codex/config.toml or the project's .codex/config.toml"

config_path("grok") := "~/.grok/config.toml or the project's .grok/config.toml"

json_hint(d) := sprintf("{%q: {…}}", [d.servers_key]) if d.servers_key != ""

else := "a JSON object"

file_name(p) := parts[count(parts) - 1] if parts := split(p, "/")
