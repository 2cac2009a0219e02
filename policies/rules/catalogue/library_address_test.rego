package mcplint.rules.catalogue["library-address"]

lib_addr(extra) := object.union(
	{
		"pointer": "/libraries/0", "item_kind": "string", "address": "https://mcp.example.com/team.json", "read": "document",
		"valid": true, "scheme": "https", "host": "mcp.example.com", "path": "/team.json", "loopback": false,
		"has_user": false, "has_password": false, "secret_query_keys": [], "has_query": false, "has_fragment": false,
		"api_path": false, "extension": ".json", "header": "", "header_pointer": "", "header_value_pointer": "",
	},
	extra,
)

doc(libs) := {"index": 0, "catalogue": {"libraries": libs, "libraries_pointer": "/libraries", "libraries_kind": "array"}}

msg(extra) := m if {
	rs := report with input as {"documents": [doc([lib_addr(extra)])]}
	count(rs) == 1
	some f in rs
	object.remove(f, ["message"]) == {"doc": 0, "server": -1, "pointer": "/libraries/0"}
	m := f.message
}

test_good_addresses_pass if {
	count(report) == 0 with input as {"documents": [doc([
		lib_addr({}),
		lib_addr({"address": "https://registry.example.com", "read": "registry", "path": "", "extension": ""}),
		lib_addr({"address": "http://localhost:8080/team.json", "scheme": "http", "host": "localhost", "loopback": true}),
		lib_addr({"address": "~/team/mcp.json", "read": "path", "valid": true, "scheme": "", "host": ""}),
		lib_addr({"item_kind": "object", "header": "X-Team-Key", "header_pointer": "/libraries/0/header"}),
	])]}
}

test_each_problem if {
	msg({"address": "http://c.example.com/team.json", "scheme": "http"}) == "http://c.example.com/team.json is plain http, which Paseo reads only from this machine: use https://c.example.com/team.json"
	msg({"has_password": true, "has_user": true}) == "https://mcp.example.com/team.json carries a password: Paseo refuses it; for a private library give a header name and set its value in Paseo's panel"
	msg({"has_user": true}) == "https://mcp.example.com/team.json carries a user name: Paseo refuses it; for a private library give a header name and set its value in Paseo's panel"
	msg({"secret_query_keys": ["token"], "has_query": true}) == "https://mcp.example.com/team.json carries a key in its query (token): Paseo refuses it; for a private library give a header name and set its value in Paseo's panel"
	msg({"read": "registry", "api_path": true, "extension": ""}) == "https://mcp.example.com/team.json already ends in the registry API's path: Paseo appends /v0.1/servers itself, so write the registry's base address"
	msg({"read": "registry", "extension": ".yaml"}) == "https://mcp.example.com/team.json is a .yaml file, which Paseo cannot read: a library document is JSON and its address ends in .json"
	msg({"read": "relative", "valid": false}) == "https://mcp.example.com/team.json is a relative path: Paseo reads a private library only from an absolute path or one starting with ~/"
	msg({"read": "registry", "has_query": true, "extension": ""}) == "https://mcp.example.com/team.json is read as a registry, and a registry address takes no query or fragment: Paseo appends /v0.1/servers to it; for one document use an address ending in .json"
	msg({"scheme": "ftp"}) == "https://mcp.example.com/team.json is not an https address: Paseo reads libraries over https (plain http only from localhost)"
	msg({"item_kind": "number"}) == "this library is a number, not an address: write an https address or an absolute path"
	msg({"item_kind": "object", "read": "", "address": ""}) == "this library has no address: write {\"address\": \"https://…\", \"header\": \"X-Team-Key\"}"
}

test_stored_header_value if {
	rs := report with input as {"documents": [doc([lib_addr({"item_kind": "object", "header": "X-Team-Key", "header_value_pointer": "/libraries/0/value"})])]}
	rs == {{"doc": 0, "message": "a library's header value is never stored in a file: Paseo keeps it write-only in its panel (team-auth.json, 0600) and sends it only to that site; remove it and set it in Paseo", "pointer": "/libraries/0/value", "server": -1}}
}

test_libraries_not_a_list if {
	rs := report with input as {"documents": [{"index": 0, "catalogue": {"libraries": [], "libraries_pointer": "/libraries", "libraries_kind": "string"}}]}
	rs == {{"doc": 0, "message": "\"libraries\" is string: write a list of addresses, e.g. [\"https://example.com/team-mcp.json\"]", "pointer": "/libraries", "server": -1}}
}

test_documents_without_catalogue_facts if {
	count(report) == 0 with input as {"documents": [{"index": 0, "catalogue": null}]}
}
