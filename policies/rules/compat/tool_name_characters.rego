# METADATA
# title: Tool name with characters model APIs refuse
# description: |
#   Clients pass each MCP tool to the model under a function name, which
#   model APIs accept only with letters, digits, "_" and "-" (and at most
#   64 characters: budget/tool-name-length). Claude Code and super-pi
#   send mcp__<server>__<tool>. A tool named "files.read", "read file" or
#   "créer" makes the request fail, or the client drops or rewrites the
#   tool, and permission rules written with the real name stop matching.
#   The MCP specification allows "." in tool names, so a server can list
#   such tools without noticing. Checked on the tool snapshots mcplint
#   probe records. Ask the server's maintainers to rename the tool, or
#   disable it in the client.
# custom:
#   level: warning
#   source: super-pi tool naming (mcp__<server>__<tool>); clients.md (function names [A-Za-z0-9_-], 64 characters)
#   fixable: false
#   tags: [compatibility]
#   precision: high
package mcplint.rules.compat["tool-name-characters"]

import data.mcplint.lib

report contains lib.on_doc(d, sprintf("%s/name", [n.pointer]), msg) if {
	some d in lib.documents("snapshot")
	d.snapshot != null
	some n in d.snapshot.names
	count(n.bad) > 0
	msg := sprintf("tool name %q of server %q has %s that model APIs refuse in a tool name (%s): as %s the request fails or the client drops the tool; tool names may use letters, digits, _ and -", [
		n.tool, n.server, characters(n.bad), concat(", ", n.bad), n.full,
	])
}

characters(bad) := "a character" if {
	count(bad) == 1
} else := "characters"
