# METADATA
# title: Servers under the wrong key
# description: |
#   Servers written under a key this client does not read, so none of
#   them load: "servers" (VS Code's key) in a Claude Code or Cursor file,
#   "mcpServers" in .vscode/mcp.json, "mcp_servers" (Codex's) or
#   "context_servers" (Zed's) anywhere else, [mcpServers.x] tables in
#   Codex's config.toml, servers given as a list where the client reads an
#   object keyed by name, and "mcpServers" in a Claude Code settings.json,
#   which takes no server definitions. A file a client keeps for MCP
#   servers alone (.mcp.json, .cursor/mcp.json, mcp_config.json …) whose
#   root holds other keys and not the servers key (a "tools" list) loads
#   nothing either, and is reported too. Rename the key to the one the
#   client reads (the message names it) or move the servers to the file
#   that holds them.
# custom:
#   level: error
#   source: 'clients.md (each client''s top-level key, §1 and §18)'
#   fixable: true
#   tags: [correctness]
#   precision: high
package mcplint.rules.schema["wrong-root-key"]

import data.mcplint.lib

report contains with_fix(object.union(lib.on_doc(d, p.pointer, p.message), {"key": p.on_key}), p) if {
	some d in lib.documents("problems")
	some p in d.problems
	p.kind == "wrong-root-key"
}

with_fix(f, p) := object.union(f, {"fix": p.fix}) if p.fix != null

else := f
