# METADATA
# title: Server told to listen on every network interface
# description: |
#   The entry starts a server that listens on 0.0.0.0 (or ::): --host
#   0.0.0.0, --bind 0.0.0.0, a docker -p 0.0.0.0:PORT:PORT publish, or
#   HOST=0.0.0.0 in its env. Most MCP servers have no authentication of
#   their own, so every machine on the same network (a café's Wi-Fi, a
#   shared office network) can call its tools, read what it reads and,
#   through an SSE or HTTP endpoint, act as the agent. A server the
#   client starts itself needs only the loopback interface: use 127.0.0.1
#   (--host 127.0.0.1, -p 127.0.0.1:PORT:PORT), or drop the flag and let
#   the client speak stdio.
# custom:
#   level: warning
#   source: MCP security best practices (local servers bind to localhost; DNS rebinding and network exposure of unauthenticated servers)
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 6.5
package mcplint.rules.transport["all-interfaces"]

import data.mcplint.lib

report contains lib.at(s, a.pointer, msg) if {
	some s in lib.servers("listen_all")
	some a in s.listen_all
	msg := sprintf("%s %s, so anyone on the same network can call its tools: listen on 127.0.0.1 instead%s", [a.value, a.why, docker_hint(a)])
}

docker_hint(a) := " (-p 127.0.0.1:PORT:PORT)" if {
	startswith(a.value, "-p ")
} else := " (-p 127.0.0.1:PORT:PORT)" if {
	startswith(a.value, "--publish ")
} else := ""
