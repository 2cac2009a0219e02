# METADATA
# title: Registry server.json fails its schema
# description: |
#   An official MCP Registry server.json (alone, in a registry list
#   {"servers": [{"server": …}]} or in a seed array) is checked against
#   the JSON Schema its $schema names: 2025-07-09, 2025-09-29 or
#   2025-12-11, or the newest when $schema is absent. Each error points
#   at the value that fails and says what was expected: a description
#   over 100 characters, a name that is not reverse-DNS
#   (io.github.user/weather), a package without registryType, identifier
#   or transport, version "latest", a transport type that is not stdio,
#   streamable-http or sse. The registry refuses to publish such a
#   server and clients that validate skip it.
#
#   A document written in the newest version's shape under an older
#   $schema (registryType where its version says registry_type) is one
#   error at $schema, not one per renamed field.
#   An older schema version is a warning that says what to change to move
#   to the newest (2025-07-09 used snake_case names: registry_type is now
#   registryType), or an info when the newest asks nothing more of the
#   entry than its own version does (it passes as it is, or fails only
#   where its own version fails, which is reported apart).
#   Every published version (2025-07-09, 2025-09-16, 2025-09-29,
#   2025-10-11, 2025-10-17, 2025-12-11) is known: each entry is checked
#   against its own version's schema, or, for the three mcplint does not
#   carry, against the next carried one less what the registry's
#   changelog says the older version still allowed. A $schema that names
#   a version the registry has not published is a warning (the entry is checked against the newest), and the 2025-05
#   seed shape (version_detail, registry_name), which no registry client
#   reads any more, is reported as the legacy shape.
# custom:
#   level: error
#   source: MCP Registry (server.json schemas 2025-07-09, 2025-09-29, 2025-12-11)
#   fixable: false
#   tags: [correctness]
#   precision: very-high
package mcplint.rules.schema["registry-document"]

import data.mcplint.lib

# Go lists each issue of an entry (s.registry.issues), so only what fails
# is looked at.
report contains finding(s, s.registry, x) if {
	some s in lib.servers("registry")
	some x in s.registry.issues
}

# The 2025-05 seed shape.
report contains lib.with_level(f, "warning") if {
	some d in input.documents
	d.registry.legacy
	f := {"doc": d.index, "server": -1, "pointer": d.registry.legacy_pointer, "key": d.registry.legacy_pointer != "", "message": legacy_message(d)}
}

# A schema error, at the value (or the member name) that fails; Go wrote
# the message with the version checked against.
finding(s, _, x) := {"doc": s.doc, "server": s.index, "pointer": x.pointer, "key": x.key, "message": x.message} if {
	x.kind == "schema"
}

# An older schema version whose entry fails the newest: what to change.
finding(s, r, x) := lib.with_level(lib.at(s, x.pointer, msg), "warning") if {
	x.kind == "deprecated"
	msg := sprintf("$schema names server.json %s, an older schema version (the newest is %s): %s", [r.declared, r.newest, r.migration])
}

# An older published version where the newest asks nothing more (the
# entry passes it, or fails it only where its own version fails, which is
# reported apart): a note that only $schema is behind.
finding(s, r, x) := lib.with_level(lib.at(s, x.pointer, msg), "info") if {
	x.kind == "older"
	msg := sprintf("$schema names server.json %s, an older published version; %s, so only $schema needs %s", [r.declared, older_note(s, r.newest), schema_url(r.newest)])
}

# A version or address mcplint does not know.
finding(s, r, x) := lib.with_level(lib.at(s, x.pointer, unknown_message(r)), "warning") if {
	x.kind == "unknown"
}

unknown_message(r) := sprintf("$schema names server.json %s, a version the MCP Registry has not published (it published 2025-07-09, 2025-09-16, 2025-09-29, 2025-10-11, 2025-10-17 and %s): the entry was checked against %s; use https://static.modelcontextprotocol.io/schemas/%s/server.schema.json unless a newer version is out", [r.declared, r.newest, r.newest, r.newest]) if {
	r.declared != ""
} else := sprintf("$schema %q is not an MCP Registry server.json schema address: the entry was checked against %s; write https://static.modelcontextprotocol.io/schemas/%s/server.schema.json", [r.schema, r.newest, r.newest])

legacy_message(d) := sprintf("this is the legacy registry shape of the 2025-05 seed (%s with version_detail and snake_case packages: registry_name, name, environment_variables), which no registry client reads any more: re-export it as server.json entries of %s (version instead of version_detail; packages with registryType, identifier, version and transport)", [entries(d.server_count), d.registry.newest])

entries(1) := "1 entry"

entries(n) := sprintf("%d entries", [n]) if n != 1

schema_url(v) := sprintf("https://static.modelcontextprotocol.io/schemas/%s/server.schema.json", [v])

# older_note: the entry passes the newest, or fails it only where its own
# version fails too.
older_note(s, newest) := sprintf("%s asks nothing more of the entry than its own version does (whose errors are reported apart)", [newest]) if {
	some x in s.registry.issues
	x.kind == "schema"
} else := sprintf("the entry passes %s as it is", [newest])
