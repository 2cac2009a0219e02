# METADATA
# title: Library address Paseo refuses
# description: |
#   Paseo subscribes to libraries by address or file. An https address
#   ending in .json is read as one document; any other address is a
#   registry, searched through {address}/v0.1/servers; a path on the host
#   (absolute, or starting with ~/) is a private library. Paseo refuses
#   plain http except from this machine (localhost, 127.0.0.1, [::1]) and
#   an address with a user name, a password or a key in its query. A
#   private library takes a header name; its value is set in Paseo's
#   panel, write-only, and never stored in a file.
#
#   mcplint also reports an address that will not read as either shape:
#   a registry address with a query or fragment (Paseo appends
#   /v0.1/servers to it), one that already ends in /v0.1/servers, a file
#   that is not .json (.yaml, .txt, .html), and a relative path.
#
#   Where addresses are read: Paseo keeps its subscriptions in its own
#   plugin settings, whose shape the seed does not give, so mcplint reads
#   library addresses from the root key "libraries" of a library or team
#   catalogue document ({"entries": […], "libraries": […]} or
#   {"servers": […], "libraries": […]}): each item is an address or path
#   string, or {"address": "…", "header": "X-Team-Key"} for a private
#   address. A team shares the list of libraries it subscribes to there.
# custom:
#   level: error
#   source: 'Paseo ("Where a library lives": an https address ending in .json is one document, any other address a registry, a path on the host a private library; "Plain http is read only from this machine"; "An address with a user name, a password or a key in its query is refused"; the header value is set in the panel, write-only)'
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 6.5
package mcplint.rules.catalogue["library-address"]

import data.mcplint.lib

report contains lib.on_doc(d, d.catalogue.libraries_pointer, msg) if {
	some d in lib.documents("catalogue")
	d.catalogue.libraries_pointer != ""
	d.catalogue.libraries_kind != "array"
	msg := sprintf("\"libraries\" is %s: write a list of addresses, e.g. [\"https://example.com/team-mcp.json\"]", [d.catalogue.libraries_kind])
}

report contains lib.on_doc(d, l.pointer, msg) if {
	some d in lib.documents("catalogue")
	some l in d.catalogue.libraries
	msg := problem(l)
}

report contains lib.on_doc(d, l.header_value_pointer, msg) if {
	some d in lib.documents("catalogue")
	some l in d.catalogue.libraries
	l.header_value_pointer != ""
	msg := "a library's header value is never stored in a file: Paseo keeps it write-only in its panel (team-auth.json, 0600) and sends it only to that site; remove it and set it in Paseo"
}

problem(l) := sprintf("this library is %s, not an address: write an https address or an absolute path", [article(l.item_kind)]) if {
	not l.item_kind in {"string", "object"}
} else := `this library has no address: write {"address": "https://…", "header": "X-Team-Key"}` if {
	l.item_kind == "object"
	l.read == ""
	l.address == ""
} else := sprintf("%s is a relative path: Paseo reads a private library only from an absolute path or one starting with ~/", [l.address]) if {
	l.read == "relative"
} else := sprintf("%s is plain http, which Paseo reads only from this machine: use https://%s", [l.address, rest(l.address)]) if {
	l.scheme == "http"
	not l.loopback
} else := sprintf("%s is not an https address: Paseo reads libraries over https (plain http only from localhost)", [l.address]) if {
	l.valid
	l.read in {"document", "registry"}
	not l.scheme in {"https", "http"}
} else := sprintf("%s carries a password: Paseo refuses it; for a private library give a header name and set its value in Paseo's panel", [l.address]) if {
	l.has_password
} else := sprintf("%s carries a user name: Paseo refuses it; for a private library give a header name and set its value in Paseo's panel", [l.address]) if {
	l.has_user
} else := sprintf("%s carries a key in its query (%s): Paseo refuses it; for a private library give a header name and set its value in Paseo's panel", [l.address, concat(", ", l.secret_query_keys)]) if {
	count(l.secret_query_keys) > 0
} else := sprintf("%s already ends in the registry API's path: Paseo appends /v0.1/servers itself, so write the registry's base address", [l.address]) if {
	l.api_path
} else := sprintf("%s is a %s file, which Paseo cannot read: a library document is JSON and its address ends in .json", [l.address, l.extension]) if {
	l.read in {"registry", "path"}
	l.extension != ""
	l.extension != ".json"
	file_like(l.extension)
} else := sprintf("%s is read as a registry, and a registry address takes no query or fragment: Paseo appends /v0.1/servers to it; for one document use an address ending in .json", [l.address]) if {
	l.read == "registry"
	l.has_query
} else := sprintf("%s is read as a registry, and a registry address takes no query or fragment: Paseo appends /v0.1/servers to it; for one document use an address ending in .json", [l.address]) if {
	l.read == "registry"
	l.has_fragment
} else := sprintf("%s is not an address: write an https address or an absolute path", [l.address]) if {
	l.read in {"document", "registry"}
	not l.valid
}

file_like(e) if e in {".yaml", ".yml", ".toml", ".txt", ".html", ".htm", ".md", ".xml", ".csv", ".js", ".ts", ".zip", ".gz"}

rest(a) := substring(a, 7, -1) if startswith(lower(a), "http://")

else := a

article(k) := concat(" ", ["an", k]) if k in {"object", "array"}

else := k if k == "null"

else := concat(" ", ["a", k])
