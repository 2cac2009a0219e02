# METADATA
# title: Remote address is not https
# description: |
#   A remote server's address must use https (or wss). Plain http and ws
#   send the session, and any token in a header, in clear text. Loopback
#   addresses (localhost, 127.0.0.1, [::1]) are allowed, since the traffic
#   never leaves the machine, and so are hosts only a local network
#   reaches: a single-label name (http://jenkins:8080, a compose service),
#   .local, .internal, .lan or a private address, except in a catalogue
#   or library entry: Paseo refuses an entry at any address but https,
#   localhost and wss included (plain http from this machine is allowed
#   only for a library's own address, see catalogue/library-address). A
#   plain-http address of a public host passed to a stdio bridge in its
#   arguments (mcp-remote http://host/…, mcp-proxy --url http://…) is
#   reported too: the bridge connects to it just the same.
# custom:
#   level: error
#   source: Paseo ("Addresses must be https"; plain http only from localhost)
#   fixable: false
#   tags: [security]
#   precision: very-high
#   security_severity: 7.5
package mcplint.rules.transport["https-only"]

import data.mcplint.lib

# lib.at's object written out: one finding for each plain address of a
# monorepo, and the helper's call was a fifth of the rule's cost.
report contains {"doc": s.doc, "server": s.index, "pointer": s.url.pointer, "message": msg} if {
	some s in lib.servers("unencrypted")
	s.url.valid
	s.url.scheme in {"http", "ws"}
	not s.url.loopback
	not s.url.local_network
	not lib.library(s)
	msg := sprintf("%s://%s is not encrypted: use %ss://%s (plain %s is allowed only to localhost)", [s.url.scheme, s.url.host, s.url.scheme, s.url.host, s.url.scheme])
}

# Paseo: "Addresses must be https" for every catalogue and library entry.
report contains lib.at(s, s.url.pointer, msg) if {
	some s in lib.servers("library")
	lib.library(s)
	s.url != null
	s.url.valid
	s.url.scheme != "https"
	msg := sprintf("Paseo refuses this entry: its address is %s://%s, and entry addresses must be https%s", [s.url.scheme, s.url.host, entry_hint(s)])
}

report contains lib.at(s, a.pointer, msg) if {
	some s in lib.servers("plain_args")
	some a in s.plain_args
	msg := sprintf("the bridge connects to %s://%s in clear text: use %ss://%s (plain %s is allowed only to localhost and local-network hosts)", [a.scheme, a.host, a.scheme, a.host, a.scheme])
}

entry_hint(s) := " (plain http from this machine is allowed only for a library's own address)" if {
	s.url.loopback
} else := sprintf(": use https://%s", [s.url.host]) if {
	s.url.scheme == "http"
} else := ""
