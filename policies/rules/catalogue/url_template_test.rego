package mcplint.rules.catalogue["url-template"]

tmpl(extra) := object.union(
	{
		"value": "https://{subdomain}.zendesk.com/api/mcp", "pointer": "/0/setup/urlTemplate", "kind": "string",
		"count": 1, "others": [], "placement": "host-label", "scheme": "https", "host": "{subdomain}.zendesk.com",
		"own_address": true, "server_address": "https://{subdomain}.zendesk.com/api/mcp",
	},
	extra,
)

srv(t, kind) := {"index": 0, "doc": 0, "name": "zendesk", "pointer": "/0", "catalogue": {"kind": "team", "setup": {"setup_kind": kind, "url_template": t}}}

msg(extra) := m if {
	rs := report with input as {"servers": [srv(tmpl(extra), "per-org")]}
	count(rs) == 1
	some f in rs
	object.remove(f, ["message"]) == {"doc": 0, "server": 0, "pointer": "/0/setup/urlTemplate"}
	m := f.message
}

test_good_templates_pass if {
	count(report) == 0 with input as {"servers": [
		srv(tmpl({}), "per-org"),
		srv(tmpl({"value": "https://mcp.example.com/{org}/mcp", "placement": "path-segment"}), "per-org"),
	]}
}

test_one_finding_per_problem if {
	msg({"count": 0, "placement": ""}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp has no {subdomain} or {org}: write the one place where the organisation goes, e.g. https://{subdomain}.zendesk.com/api/mcp"
	msg({"others": ["{tenant}"]}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp has {tenant}, which Paseo does not fill in: write {subdomain} or {org}"
	msg({"count": 2}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp has 2 placeholders: Paseo takes exactly one {subdomain} or {org}"
	msg({"scheme": "http"}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp is not https: write https://{subdomain}.zendesk.com"
	msg({"scheme": ""}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp is not an address: write the server's https address with the organisation replaced, e.g. https://{subdomain}.zendesk.com/api/mcp"
	msg({"placement": "inside-host", "host": "{subdomain}-eu.zendesk.com"}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp has its placeholder inside a host label: it must be the whole first label, as in https://{subdomain}.zendesk.com"
	msg({"placement": "inside-path"}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp has its placeholder inside a path segment: it must be one whole segment, as in /{org}/"
	msg({"placement": "query"}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp has its placeholder in the query: put it in the host's first label or a whole path segment"
	msg({"own_address": false, "server_address": "https://mcp.other.example.com/mcp"}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp is not the server's own address (https://mcp.other.example.com/mcp): Paseo refuses an address whose host isn't the template's; make the template the entry's address with the organisation replaced"
	msg({"own_address": false, "server_address": ""}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp belongs to a server with no address of its own: a per-org entry is a remote server"
}

test_several_problems_give_one_finding if {
	msg({"count": 2, "scheme": "http", "own_address": false}) == "urlTemplate https://{subdomain}.zendesk.com/api/mcp has 2 placeholders: Paseo takes exactly one {subdomain} or {org}"
}

test_templates_of_other_kinds_are_left_to_setup if {
	count(report) == 0 with input as {"servers": [srv(tmpl({"count": 0}), "byo-oauth")]}
}
