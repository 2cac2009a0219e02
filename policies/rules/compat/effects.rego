# METADATA
# title: Tools will be treated as writes
# description: |
#   super-pi decides whether an MCP tool needs a prompt from the tool's
#   own readOnlyHint annotation: a tool the server marks readOnlyHint:
#   true gets the effect net_read and runs without a prompt under
#   accept-edits and in plan mode; every other tool gets net_write and
#   needs auto mode, an answer to a prompt, permissions.allowTools or
#   dangerouslySkipPermissions. With a tool snapshot (mcplint probe
#   records each tool's annotations) the note names the tools that will
#   prompt, and those marked destructiveHint (the default when a tool is
#   not read-only) or openWorldHint, which deserve the most care before
#   you allow them; a server whose tools are all read-only gets no note.
#   Without a snapshot the note is given once per super-pi server that
#   runs: expect a prompt for each of its tools unless the server
#   annotates them, and allow the ones you trust with
#   permissions.allowTools.
# custom:
#   level: info
#   source: 'super-pi (effects ["net_read"] for readOnlyHint: true, else ["net_write"]; SuperPi.Plugins.Permissions)'
#   fixable: false
#   tags: [compatibility, permissions]
#   precision: medium
package mcplint.rules.compat.effects

import data.mcplint.lib

report contains lib.on_server(s, msg) if {
	some s in lib.servers("client/super-pi")
	s.client == "super-pi"
	lib.runs(s)
	not annotated(s)
	not no_tools(s)
	msg := sprintf("super-pi treats every tool of %q as net_write unless the server marks it readOnlyHint: true, so each call prompts (in accept-edits and plan mode too); allow trusted tools with permissions.allowTools (\"mcp__%s__<tool>\")", [s.name, s.name])
}

report contains lib.on_server(s, msg) if {
	some s in lib.servers("client/super-pi")
	s.client == "super-pi"
	lib.runs(s)
	annotated(s)
	writes := [h.name | some h in s.tools.hints; not h.read_only]
	count(writes) > 0
	msg := sprintf("super-pi treats %d of the %d tools of %q as net_write, since the server does not mark them readOnlyHint: true, so each call prompts (in accept-edits and plan mode too): %s%s; allow the ones you trust with permissions.allowTools (\"mcp__%s__<tool>\")", [
		count(writes), count(s.tools.hints), s.name, list(writes), care(s), s.name,
	])
}

# annotated: a snapshot lists the server's tools with their hints.
annotated(s) if {
	s.tools.known
	count(s.tools.hints) > 0
}

# A tool snapshot that lists no tools: nothing to prompt for.
no_tools(s) if {
	s.tools.known
	count(s.tools.names) == 0
}

list(names) := concat(", ", names) if {
	count(names) <= 8
} else := sprintf("%s and %d more", [concat(", ", array.slice(names, 0, 8)), count(names) - 8])

care(s) := sprintf("; destructive: %s", [list(d)]) if {
	d := [h.name | some h in s.tools.hints; not h.read_only; h.destructive; h.annotated]
	count(d) > 0
} else := ""
