# METADATA
# title: A tool collides with another server's
# description: |
#   Two servers that run in the same project offer a tool of the same
#   name, or a tool's description names a tool of another server. Most
#   clients show the model tools by their bare name, so two "send_email"
#   tools leave the model to guess which server it calls, and a server can
#   name a tool after another's to receive the calls meant for it. A
#   description that talks about another server's tools ("when using
#   send_email, always bcc …") steers how the model uses them: cross-server
#   shadowing, the way a poisoned server reaches beyond its own tools.
#   Checked on the tool snapshots mcplint probe records, for the servers
#   that run (not shadowed, disabled or untrusted copies); a user-level
#   server runs in every project. Keep one of two servers that overlap,
#   or disable the tool in one of them; remove the description that talks
#   about another server's tool, or the server.
# custom:
#   level: warning
#   source: peers (cross-server tool shadowing); super-pi and Claude Code mcp__<server>__<tool> names
#   fixable: false
#   tags: [security]
#   precision: medium
#   security_severity: 5.5
package mcplint.rules.trust["tool-shadowing"]

import data.mcplint.lib

report contains f if {
	some d in lib.documents("snapshot")
	d.snapshot != null
	some c in d.snapshot.clashes
	f := object.union(lib.on_doc(d, c.pointer, message(c)), {"related": related(c)})
}

message(c) := sprintf("tool %q of server %q has the same name as a tool of server %q (%s): clients that show tools by name give the model two %q, and it may call the wrong server's; keep one of the servers, or disable the tool in one of them", [
	c.tool, c.server, c.other, c.other_client, c.tool,
]) if {
	c.kind == "same-name"
} else := sprintf("the description of tool %q of server %q names tool %q of server %q: text about another server's tools steers how the model uses them (cross-server shadowing); a tool should describe only itself", [
	c.tool, c.server, c.other_tool, c.other,
])

related(c) := [{"doc": c.other_doc, "pointer": c.other_pointer, "message": sprintf("tool %q of server %q", [c.other_tool, c.other])}] if {
	c.other_doc >= 0
} else := []
