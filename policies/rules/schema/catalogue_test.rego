package mcplint.rules.schema.catalogue

fld(p, k, kind, v) := {"key": k, "pointer": sprintf("%s/%s", [p, k]), "kind": kind, "value": v}

team(fields, extra) := {"index": 0, "doc": 0, "name": "team-n8n", "pointer": "/0", "catalogue": object.union(
	{
		"kind": "team", "pointer": "/0", "entry_kind": "object", "fields": fields, "problems": [], "inputs": [],
		"transport": tr(fields), "auth": val(fields, "auth"), "category": null, "curation": null,
	},
	extra,
)}

tr(fields) := val(fields, "transport")

val(fields, k) := {"value": f.value, "pointer": f.pointer, "kind": f.kind} if {
	some f in fields
	f.key == k
} else := null

http_fields := [
	fld("/0", "id", "string", "team-n8n"), fld("/0", "name", "string", "Team n8n"),
	fld("/0", "transport", "string", "http"), fld("/0", "url", "string", "https://n8n.example.com/mcp"),
	fld("/0", "headers", "object", ""), fld("/0", "auth", "string", "header"),
]

findings(s) := rs if {
	rs := report with input as {"documents": [], "servers": [s]}
}

one(s) := f if {
	rs := findings(s)
	count(rs) == 1
	some f in rs
}

test_good_entry_passes if {
	count(findings(team(http_fields, {}))) == 0
}

test_unknown_transport if {
	fs := [f | some f in http_fields; f.key != "transport"]
	f := one(team(array.concat(fs, [fld("/0", "transport", "string", "streamable-http")]), {}))
	f == {"doc": 0, "message": "transport \"streamable-http\" is not one Paseo reads: write \"http\" (Paseo's word for a remote server, Streamable HTTP or SSE)", "pointer": "/0/transport", "server": 0}
}

test_unknown_auth if {
	fs := [f | some f in http_fields; f.key != "auth"]
	f := one(team(array.concat(fs, [fld("/0", "auth", "string", "token")]), {}))
	f == {"doc": 0, "message": "auth \"token\" is not one of oauth, header, env or none: Paseo refuses the entry; a key sent in a header is \"header\"", "pointer": "/0/auth", "server": 0}
}

test_missing_id_and_transport if {
	fs := [f | some f in http_fields; not f.key in {"id", "transport"}]
	rs := findings(team(fs, {}))
	rs == {
		{"doc": 0, "key": true, "message": "entry \"team-n8n\" has no \"id\": Paseo refuses an entry without one; write a short unique \"id\" such as \"team-n8n\" (Paseo names the entry's variables after it)", "pointer": "/0", "server": 0},
		{"doc": 0, "key": true, "message": "entry \"team-n8n\" has no \"transport\": Paseo refuses an entry without one; write \"transport\": \"http\" for a remote server or \"stdio\" for a command", "pointer": "/0", "server": 0},
	}
}

test_http_without_url_and_with_a_command if {
	fs := array.concat([f | some f in http_fields; f.key != "url"], [fld("/0", "command", "string", "x")])
	rs := findings(team(fs, {}))
	rs == {
		{"doc": 0, "key": true, "message": "\"command\" belongs to a stdio entry, and this one has \"transport\": \"http\": Paseo refuses the entry; remove it, or make a separate stdio entry", "pointer": "/0/command", "server": 0},
		{"doc": 0, "key": true, "message": "entry \"team-n8n\" has \"transport\": \"http\" and no \"url\": Paseo refuses it; write the server's https address in \"url\"", "pointer": "/0", "server": 0},
	}
}

test_wrong_scalar_type if {
	fs := array.concat([f | some f in http_fields; f.key != "name"], [fld("/0", "name", "number", "3")])
	f := one(team(fs, {}))
	f == {"doc": 0, "message": "\"name\" is a number, where Paseo reads a string: Paseo refuses the entry", "pointer": "/0/name", "server": 0}
}

test_unknown_field_is_a_warning if {
	f := one(team(array.concat(http_fields, [fld("/0", "tags", "array", "")]), {}))
	f == {"doc": 0, "key": true, "level": "warning", "message": "Paseo's team catalogue has no field \"tags\", so it is ignored: the entry fields are args, auth, category, command, description, docs, env, headers, id, inputs, name, publisher, setup, transport, url", "pointer": "/0/tags", "server": 0}
}

test_entry_not_an_object if {
	f := one(team([], {"entry_kind": "string", "transport": null, "auth": null}))
	f == {"doc": 0, "message": "this entry is a string, not an object: Paseo refuses it; write {\"id\": …, \"name\": …, \"transport\": \"http\" or \"stdio\", …}", "pointer": "/0", "server": 0}
}

test_go_problems_are_reported if {
	f := one(team(http_fields, {"problems": [{"kind": "type", "key": "args", "pointer": "/0/args/1", "on_key": false, "level": "", "message": "args is a number here"}]}))
	f == {"doc": 0, "message": "args is a number here", "pointer": "/0/args/1", "server": 0}
}

test_inputs if {
	inputs := [
		{"id": "", "pointer": "/0/inputs/0", "id_pointer": "", "kind": "object", "fields": [fld("/0/inputs/0", "label", "string", "x")]},
		{"id": "n8n-token", "pointer": "/0/inputs/1", "id_pointer": "/0/inputs/1/id", "kind": "object", "fields": [fld("/0/inputs/1", "id", "string", "n8n-token"), fld("/0/inputs/1", "secret", "string", "yes"), fld("/0/inputs/1", "color", "string", "red")]},
		{"id": "", "pointer": "/0/inputs/2", "id_pointer": "", "kind": "string", "fields": []},
	]
	rs := findings(team(http_fields, {"inputs": inputs}))
	rs == {
		{"doc": 0, "key": true, "level": "warning", "message": "Paseo reads no input field \"color\", so it is ignored: an input has default, description, envVar, id, label, required, secret", "pointer": "/0/inputs/1/color", "server": 0},
		{"doc": 0, "message": "input id \"n8n-token\" cannot be a placeholder: {ID} names are letters, digits and _ (for example \"N8N_TOKEN\")", "pointer": "/0/inputs/1/id", "server": 0},
		{"doc": 0, "message": "the input's \"secret\" is a string, where Paseo reads a boolean", "pointer": "/0/inputs/1/secret", "server": 0},
		{"doc": 0, "message": "this input has no \"id\": write the name its {ID} placeholder uses, e.g. \"id\": \"API_TOKEN\"", "pointer": "/0/inputs/0", "server": 0},
		{"doc": 0, "message": "this input is a string: write {\"id\": \"NAME\", \"label\": \"…\"}", "pointer": "/0/inputs/2", "server": 0},
	}
}

test_categories if {
	older := team(http_fields, {"category": {"value": "database", "pointer": "/0/category", "kind": "string", "name": "data", "known": false, "older": true}})
	f := one(older)
	f == {"doc": 0, "level": "info", "message": "category \"database\" is an older word that Paseo shows as \"data\": write \"data\"", "pointer": "/0/category", "server": 0}
	other := team(http_fields, {"category": {"value": "games", "pointer": "/0/category", "kind": "string", "name": "other", "known": false, "older": false}})
	g := one(other)
	g == {"doc": 0, "level": "warning", "message": "category \"games\" is not one of the gallery's, so the card is shown under Other: write one of developer, data, docs, productivity, design, crm, support, marketing, analytics, payments, automation", "pointer": "/0/category", "server": 0}
	known := team(http_fields, {"category": {"value": "crm", "pointer": "/0/category", "kind": "string", "name": "crm", "known": true, "older": false}})
	count(findings(known)) == 0
}

cur := "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery"

library(fields, extra) := {"index": 0, "doc": 0, "name": "com.acme/mcp", "pointer": "/servers/0/server", "catalogue": object.union(
	{
		"kind": "library", "entry_kind": "object", "fields": fields, "problems": [], "inputs": [],
		"transport": null, "auth": val(fields, "auth"), "category": null,
		"curation": {"pointer": cur, "kind": "object", "fields": fields, "links": [], "verified_at_valid": true},
	},
	extra,
)}

test_curation_problems_are_warnings if {
	fields := [fld(cur, "displayName", "number", "42"), fld(cur, "auth", "string", "header"), fld(cur, "featured", "boolean", "true")]
	rs := findings(library(fields, {}))
	rs == {
		{"doc": 0, "key": true, "level": "warning", "message": "the gallery curation has no field \"featured\", so Paseo ignores it: the fields are auth, category, displayName, docsUrl, iconUrl, id, publisher, setup, verifiedAt", "pointer": "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery/featured", "server": 0},
		{"doc": 0, "level": "warning", "message": "curation \"displayName\" is a number, where Paseo reads a string: Paseo ignores the field", "pointer": "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery/displayName", "server": 0},
		{"doc": 0, "level": "warning", "message": "curation auth \"header\" is not one of oauth, token or none, so Paseo ignores it and the card's sign-in is unclear; a key in a header or the environment is \"token\"", "pointer": "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery/auth", "server": 0},
	}
}

test_curation_links_and_date if {
	fields := [fld(cur, "iconUrl", "string", "http://x.example.com/i.png"), fld(cur, "verifiedAt", "string", "soon")]
	c := {"pointer": cur, "kind": "object", "fields": fields, "verified_at_valid": false, "links": [
		{"key": "iconUrl", "value": "http://x.example.com/i.png", "pointer": sprintf("%s/iconUrl", [cur]), "valid": true, "scheme": "http", "host": "x.example.com", "length": 26},
		{"key": "docsUrl", "value": "https://x.example.com/", "pointer": sprintf("%s/docsUrl", [cur]), "valid": true, "scheme": "https", "host": "x.example.com", "length": 3000},
	]}
	rs := findings(library(fields, {"curation": c}))
	rs == {
		{"doc": 0, "level": "warning", "message": "docsUrl is 3000 characters, over Paseo's limit of 2048, so Paseo ignores it: use a shorter address", "pointer": "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery/docsUrl", "server": 0},
		{"doc": 0, "level": "warning", "message": "iconUrl http://x.example.com/i.png is not https, so Paseo ignores it: use https://x.example.com", "pointer": "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery/iconUrl", "server": 0},
		{"doc": 0, "level": "warning", "message": "verifiedAt \"soon\" is not a date, so Paseo ignores it: write the day it was checked, e.g. \"2025-06-30\"", "pointer": "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery/verifiedAt", "server": 0},
	}
}

test_document_problems if {
	rs := report with input as {"servers": [], "documents": [{"index": 2, "catalogue": {"problems": [
		{"kind": "count", "key": "count", "pointer": "/metadata/count", "on_key": false, "level": "warning", "message": "metadata.count says 2"},
		{"kind": "not-entry", "key": "", "pointer": "/servers/1", "on_key": false, "level": "", "message": "item 2 is a string"},
	]}}]}
	rs == {
		{"doc": 2, "level": "warning", "message": "metadata.count says 2", "pointer": "/metadata/count", "server": -1},
		{"doc": 2, "message": "item 2 is a string", "pointer": "/servers/1", "server": -1},
	}
}
