# METADATA
# title: Catalogue entry Paseo cannot read as written
# description: |
#   Checks the shape of Paseo libraries and team catalogues.
#
#   A team catalogue (Paseo 0.12.0: a list of entries, or {"entries":
#   […]}) is strict, and Paseo refuses an entry that fails it: every entry
#   is an object with an "id" and a "transport" of "http" (with "url" and
#   "headers") or "stdio" (with "command", "args" and "env"), and no field
#   of the other transport; "auth" is "oauth", "header", "env" or "none";
#   "headers" and "env" map names to strings, "args" is a list of
#   strings; "inputs" is a list of {"id", "label", "secret", "required",
#   "default"} whose ids are the {ID} placeholders' names (letters, digits
#   and _). A key Paseo does not read is a warning.
#
#   A library is the MCP Registry's list shape, {"servers": [{"server":
#   <server.json>, "_meta": {…}}], "metadata": {"count": N}}. The gallery's
#   curation in _meta["io.github.itsjustanks/mcp-gallery"] is optional:
#   "id", "displayName", "category", "publisher", "iconUrl", "auth"
#   ("oauth", "token" or "none"), "docsUrl", "verifiedAt" and "setup". A
#   curation field that does not fit (another type, an auth word Paseo
#   does not know, an icon or docs link that is not https, an icon over
#   2048 characters, a verifiedAt that is no date) is ignored on its own,
#   so it is a warning: the card falls back to server.json.
#
#   Categories are the gallery filter's names: developer, data, docs,
#   productivity, design, crm, support, marketing, analytics, payments,
#   automation. Paseo maps the older words (database → data,
#   documentation → docs, observability and ai → developer, websites →
#   design; reported as info with the name to write) and shows anything
#   else under Other (a warning).
#
#   The server.json inside a library item is checked by
#   schema/registry-document; setup blocks by catalogue/setup.
# custom:
#   level: error
#   source: 'Paseo ("Add from catalogue": the library shape and its gallery curation; the 0.12.0 team file shape, "transport is http … or stdio …; auth is oauth, header, env or none"; categories and the older words)'
#   fixable: false
#   tags: [correctness]
#   precision: very-high
package mcplint.rules.schema.catalogue

import data.mcplint.lib

gallery := ["developer", "data", "docs", "productivity", "design", "crm", "support", "marketing", "analytics", "payments", "automation"]

team_auth := {"oauth", "header", "env", "none"}

library_auth := {"oauth", "token", "none"}

# team_fields are the keys of a 0.12.0 entry and the type of each scalar
# one (nested ones are checked in Go: rules/facts_catalogue.go).
team_fields := {
	"id": "string", "name": "string", "publisher": "string", "description": "string",
	"category": "string", "transport": "string", "url": "string", "auth": "string",
	"docs": "string", "headers": "", "command": "", "args": "", "env": "",
	"inputs": "", "setup": "",
}

input_fields := {"id": "string", "label": "string", "description": "string", "secret": "boolean", "required": "boolean", "default": "string", "envVar": "string"}

curation_fields := {
	"id": "string", "displayName": "string", "category": "string", "publisher": "string",
	"iconUrl": "string", "auth": "string", "docsUrl": "string", "verifiedAt": "string", "setup": "",
}

http_only := {"url", "headers"}

stdio_only := {"command", "args", "env"}

# Document shape.
report contains level(lib.on_doc(d, p.pointer, p.message), p.level) if {
	some d in lib.documents("catalogue")
	some p in d.catalogue.problems
}

# Nested values of the wrong type (worked out in Go).
report contains level(lib.at(s, p.pointer, p.message), p.level) if {
	some s in lib.servers("catalogue")
	s.catalogue != null
	some p in s.catalogue.problems
}

# --- team entries ---

report contains lib.at(s, c.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	c.entry_kind != "object"
	msg := sprintf("this entry is %s, not an object: Paseo refuses it; write {\"id\": …, \"name\": …, \"transport\": \"http\" or \"stdio\", …}", [article(c.entry_kind)])
}

report contains lib.on_server(s, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	c.entry_kind == "object"
	some k in ["id", "transport"]
	not has(c, k)
	msg := sprintf("entry %s has no %q: Paseo refuses an entry without one; %s", [label(s), k, missing_hint(k)])
}

report contains lib.at(s, f.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	some f in c.fields
	want := team_fields[f.key]
	want != ""
	f.kind != want
	msg := sprintf("%q is %s, where Paseo reads a %s: Paseo refuses the entry", [f.key, article(f.kind), want])
}

report contains lib.at(s, t.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	t := c.transport
	t != null
	t.kind == "string"
	not t.value in {"http", "stdio"}
	msg := sprintf("transport %q is not one Paseo reads: write %s", [t.value, transport_hint(t.value)])
}

report contains lib.on_server(s, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	c.transport.value == "http"
	not has(c, "url")
	msg := sprintf("entry %s has \"transport\": \"http\" and no \"url\": Paseo refuses it; write the server's https address in \"url\"", [label(s)])
}

report contains lib.on_server(s, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	c.transport.value == "stdio"
	not has(c, "command")
	msg := sprintf("entry %s has \"transport\": \"stdio\" and no \"command\": Paseo refuses it; write the program to run in \"command\" (and its arguments in \"args\")", [label(s)])
}

report contains lib.at_key(s, f.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	c.transport.value == "http"
	some f in c.fields
	f.key in stdio_only
	msg := sprintf("%q belongs to a stdio entry, and this one has \"transport\": \"http\": Paseo refuses the entry; remove it, or make a separate stdio entry", [f.key])
}

report contains lib.at_key(s, f.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	c.transport.value == "stdio"
	some f in c.fields
	f.key in http_only
	msg := sprintf("%q belongs to an http entry, and this one has \"transport\": \"stdio\": Paseo refuses the entry; remove it, or make a separate http entry", [f.key])
}

report contains lib.at(s, a.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	a := c.auth
	a != null
	a.kind == "string"
	not a.value in team_auth
	msg := sprintf("auth %q is not one of oauth, header, env or none: Paseo refuses the entry; %s", [a.value, team_auth_hint(a.value)])
}

report contains lib.with_level(lib.at_key(s, f.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	some f in c.fields
	not team_fields[f.key]
	msg := sprintf("Paseo's team catalogue has no field %q, so it is ignored: the entry fields are %s", [f.key, concat(", ", sort(object.keys(team_fields)))])
}

# Inputs.
report contains lib.at(s, i.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	some i in c.inputs
	i.kind != "object"
	msg := sprintf("this input is %s: write {\"id\": \"NAME\", \"label\": \"…\"}", [article(i.kind)])
}

report contains lib.at(s, i.pointer, `this input has no "id": write the name its {ID} placeholder uses, e.g. "id": "API_TOKEN"`) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	some i in c.inputs
	i.kind == "object"
	not has_field(i.fields, "id")
}

report contains lib.at(s, i.id_pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	some i in c.inputs
	i.id_pointer != ""
	not regex.match(`^[A-Za-z_][A-Za-z0-9_]*$`, i.id)
	msg := sprintf("input id %q cannot be a placeholder: {ID} names are letters, digits and _ (for example %q)", [i.id, upper_snake(i.id)])
}

report contains lib.at(s, f.pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	some i in c.inputs
	some f in i.fields
	want := input_fields[f.key]
	f.kind != want
	msg := sprintf("the input's %q is %s, where Paseo reads a %s", [f.key, article(f.kind), want])
}

report contains lib.with_level(lib.at_key(s, f.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "team"
	some i in c.inputs
	some f in i.fields
	not input_fields[f.key]
	msg := sprintf("Paseo reads no input field %q, so it is ignored: an input has %s", [f.key, concat(", ", sort(object.keys(input_fields)))])
}

# --- library entries: the gallery curation ---

report contains lib.with_level(lib.at(s, cur.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "library"
	cur := c.curation
	cur != null
	cur.kind != "object"
	msg := sprintf("the gallery curation is %s, not an object, so Paseo ignores it and builds the card from server.json", [article(cur.kind)])
}

report contains lib.with_level(lib.at(s, f.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "library"
	c.curation != null
	some f in c.curation.fields
	want := curation_fields[f.key]
	want != ""
	f.kind != want
	msg := sprintf("curation %q is %s, where Paseo reads a %s: Paseo ignores the field", [f.key, article(f.kind), want])
}

report contains lib.with_level(lib.at_key(s, f.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "library"
	c.curation != null
	some f in c.curation.fields
	not curation_fields[f.key]
	msg := sprintf("the gallery curation has no field %q, so Paseo ignores it: the fields are %s", [f.key, concat(", ", sort(object.keys(curation_fields)))])
}

report contains lib.with_level(lib.at(s, a.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "library"
	c.curation != null
	a := c.auth
	a != null
	a.kind == "string"
	not a.value in library_auth
	msg := sprintf("curation auth %q is not one of oauth, token or none, so Paseo ignores it and the card's sign-in is unclear; %s", [a.value, library_auth_hint(a.value)])
}

report contains lib.with_level(lib.at(s, l.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "library"
	c.curation != null
	some l in c.curation.links
	msg := link_problem(l)
}

report contains lib.with_level(lib.at(s, f.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c.kind == "library"
	c.curation != null
	not c.curation.verified_at_valid
	some f in c.curation.fields
	f.key == "verifiedAt"
	f.kind == "string"
	msg := sprintf("verifiedAt %q is not a date, so Paseo ignores it: write the day it was checked, e.g. \"2025-06-30\"", [f.value])
}

# --- categories (team and library) ---

report contains lib.with_level(lib.at(s, cat.pointer, msg), "info") if {
	some s in lib.servers("catalogue")
	cat := s.catalogue.category
	cat.older
	msg := sprintf("category %q is an older word that Paseo shows as %q: write %q", [cat.value, cat.name, cat.name])
}

report contains lib.with_level(lib.at(s, cat.pointer, msg), "warning") if {
	some s in lib.servers("catalogue")
	cat := s.catalogue.category
	cat.kind == "string"
	not cat.known
	not cat.older
	msg := sprintf("category %q is not one of the gallery's, so the card is shown under Other: write one of %s", [cat.value, concat(", ", gallery)])
}

# --- helpers ---

has(c, k) if {
	some f in c.fields
	f.key == k
}

has_field(fs, k) if {
	some f in fs
	f.key == k
}

level(f, l) := lib.with_level(f, l) if l != ""

else := f

label(s) := sprintf("%q", [s.name]) if s.name != ""

else := "without a name"

article(k) := concat(" ", ["an", k]) if {
	k in {"object", "array"}
} else := k if {
	k == "null"
} else := concat(" ", ["a", k])

missing_hint("id") := `write a short unique "id" such as "team-n8n" (Paseo names the entry's variables after it)`

missing_hint("transport") := `write "transport": "http" for a remote server or "stdio" for a command`

transport_hint(v) := `"http" (Paseo's word for a remote server, Streamable HTTP or SSE)` if {
	lower(v) in {"streamable-http", "streamable_http", "streamablehttp", "sse", "remote", "https", "ws", "websocket"}
} else := `"stdio" (Paseo's word for a command it starts)` if {
	lower(v) in {"local", "command", "process"}
} else := `"http" (with "url" and "headers") or "stdio" (with "command", "args" and "env")`

team_auth_hint(v) := `a key sent in a header is "header"` if {
	lower(v) in {"token", "apikey", "api_key", "api-key", "bearer", "key"}
} else := `a key passed in the environment is "env"` if {
	lower(v) in {"environment", "env_var", "envvar"}
} else := `no sign-in is "none"` if {
	lower(v) in {"", "no", "false", "off"}
} else := "write the way users sign in"

library_auth_hint(v) := `a key in a header or the environment is "token"` if {
	lower(v) in {"header", "env", "apikey", "api_key", "api-key", "bearer", "key"}
} else := "write the way users sign in"

link_problem(l) := sprintf("%s %s is not https, so Paseo ignores it: use https://%s", [l.key, l.value, l.host]) if {
	l.valid
	l.scheme != "https"
} else := sprintf("%s is %d characters, over Paseo's limit of 2048, so Paseo ignores it: use a shorter address", [l.key, l.length]) if {
	l.length > 2048
} else := sprintf("%s %s is not an address, so Paseo ignores it: write an https address", [l.key, l.value]) if {
	not l.valid
}

upper_snake(x) := trim(regex.replace(upper(x), `[^A-Z0-9]+`, "_"), "_")
