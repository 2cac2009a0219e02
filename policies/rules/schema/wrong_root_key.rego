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
#   that holds them. When the file has both keys, only the servers missing
#   under the right one are lost, and a block whose servers are all there
#   too changes nothing (an info that says to remove the copy). A
#   .mcp.json holding "servers" is Visual Studio's solution file (VS
#   Code's format), which works there: an info that Claude Code loads
#   nothing from it.
# custom:
#   level: error
#   source: 'clients.md (each client''s top-level key, §1 and §18)'
#   fixable: true
#   tags: [correctness]
#   precision: high
package mcplint.rules.schema["wrong-root-key"]

import data.mcplint.lib

report contains with_level(with_fix(object.union(lib.on_doc(d, p.pointer, p.message), {"key": p.on_key}), p), p) if {
	some d in lib.documents("problems")
	some p in d.problems
	p.kind == "wrong-root-key"
}

# A block under the wrong key whose servers are all under the right one
# too changes nothing (an info); Go sets the level.
with_level(f, p) := lib.with_level(f, p.level) if p.level != ""

else := f

with_fix(f, p) := object.union(f, {"fix": p.fix}) if p.fix != null

else := f
