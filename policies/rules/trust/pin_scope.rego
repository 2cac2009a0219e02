# METADATA
# title: Pin does not cover env and headers
# description: |
#   oceancode's trust pin is a hash of a server's command and arguments
#   (stdio) or of its URL (remote) only: "Environment and headers are not
#   pinned." This trusted project or plugin server also has env or
#   headers, and those can change with any later checkout without a new
#   approval: a changed variable can point the same program at another
#   host, turn on a debug or write mode, or send a different secret
#   reference to the server. Review changes to these entries in code
#   review as you would a change to the command, and keep values that
#   only you should decide in your own config rather than the committed
#   file.
# custom:
#   level: info
#   source: oceancode ("Environment and headers are not pinned")
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 2.0
package mcplint.rules.trust["pin-scope"]

import data.mcplint.lib

report contains lib.at_key(s, block(s), msg) if {
	trust_file_read
	some s in lib.servers("env_or_headers")
	s.client == "claude-code"
	s.tier in {"project", "plugin"}
	not s.untrusted
	parts := [p | some p in [part("env", s.env), part("headers", s.headers)]; p != ""]
	count(parts) > 0
	msg := sprintf("oceancode pins only the %s of %q: its %s can change with a later checkout without a new approval; review changes to them like changes to the %s", [
		pinned(s), s.name, concat(" and ", parts), pinned(s),
	])
}

# trust_file_read: the run read an oceancode trust.json (evaluated once,
# not once per server).
trust_file_read if {
	some d in lib.documents("kind/trust-file")
	d.kind == "trust-file"
}

part(_, pairs) := "" if count(pairs) == 0

part(label, pairs) := sprintf("%s (%s)", [label, concat(", ", [p.key | some p in pairs])]) if count(pairs) > 0

pinned(s) := "URL" if {
	s.transport != "stdio"
	s.url != null
} else := "command"

# block is the env (or, without env, the headers) member of the entry.
block(s) := parent(s.env[0].pointer) if {
	count(s.env) > 0
} else := parent(s.headers[0].pointer)

parent(p) := regex.replace(p, `/[^/]*$`, "")
