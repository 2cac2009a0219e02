# METADATA
# title: Config with no servers or an empty block
# description: |
#   A configuration that defines nothing: a file (or its servers key)
#   with no servers in it, a file given by name that has none of the keys
#   any client reads. Nothing breaks, but it is usually a leftover or a
#   half-finished edit: remove the file, or add the servers you meant to.
#   An empty "env" (or "environment", "headers") block in a server entry
#   is not reported: it is harmless, and tools write such blocks. An empty
#   managed-mcp.json "mcpServers" is left alone, since there it is how an
#   administrator switches MCP off, and so is ~/.claude.json, which Claude
#   Code writes itself.
# custom:
#   level: info
#   source: 'clients.md (what each client reads)'
#   fixable: false
#   tags: [hygiene]
#   precision: very-high
package mcplint.rules.schema.empty

import data.mcplint.lib

# judged are the documents without servers that a client reads as a
# config of its own (worked out once for both reports).
judged contains d if {
	some d in input.documents
	d.server_count == 0
	d.kind == "client-config"
	d.parse_ok
	d.variant != "exclusive"
	not endswith(d.path, ".claude.json")
}

# A file named explicitly that no client would read (from the loader).
report contains {"doc": f.doc, "server": -1, "offset": f.offset, "end": f.end, "message": f.message, "level": f.level} if {
	some f in input.loader_findings
	f.rule == "schema/empty"
}

# The servers key is there and holds nothing.
report contains lib.on_doc(d, pointer, msg) if {
	some d in judged
	d.servers_kind in {"object", "array"}
	pointer := servers_pointer(d)
	msg := sprintf("no servers are defined here: the %s is empty; add servers or delete the file", [what(d)])
}

# The file itself is empty.
report contains lib.on_doc(d, "", msg) if {
	some d in judged
	d.servers_kind == "missing"
	count(d.root_keys) == 0
	msg := "the file is empty and defines no servers: add servers or delete it"
}

servers_pointer(d) := concat("", ["/", d.servers_key]) if d.servers_key != ""

else := ""

what(d) := sprintf("%q %s", [d.servers_key, shape(d)]) if d.servers_key != ""

else := "server map"

shape(d) := "list" if {
	d.servers_kind == "array"
} else := "table" if {
	d.format == "toml"
} else := "object"
