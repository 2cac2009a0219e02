package mcplint.rules.compat["oauth-unsupported"]

srv(client, name, fields) := {"index": 0, "doc": 0, "name": name, "client": client, "pointer": concat("/", ["", "mcpServers", name]), "fields": fields}

oauth(name) := {"key": "oauth", "pointer": concat("/", ["", "mcpServers", name, "oauth"]), "kind": "object", "value": ""}

test_super_pi_oauth_is_reported_on_the_key if {
	r := report with input as {"servers": [srv("super-pi", "linear", [oauth("linear")])]}
	r == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/linear/oauth", "key": true,
		"message": "super-pi does not support OAuth: \"oauth\" is ignored and \"linear\" connects without signing in; send a token instead with \"headers\": {\"Authorization\": \"Bearer ${LINEAR_TOKEN}\"} and set LINEAR_TOKEN where super-pi starts",
	}}
}

test_cursor_style_auth_and_odd_names if {
	report == {{"doc": 0, "key": true, "message": "super-pi does not support OAuth: \"auth\" is ignored and \"acme.docs-v2\" connects without signing in; send a token instead with \"headers\": {\"Authorization\": \"Bearer ${ACME_DOCS_V2_TOKEN}\"} and set ACME_DOCS_V2_TOKEN where super-pi starts", "pointer": "/mcpServers/acme.docs-v2/oauth", "server": 0}} with input as {"servers": [srv("super-pi", "acme.docs-v2", [object.union(oauth("acme.docs-v2"), {"key": "auth"})])]}
}

test_other_clients_support_oauth if {
	count(report) == 0 with input as {"servers": [srv("claude-code", "linear", [oauth("linear")]), srv("codex", "linear", [oauth("linear")])]}
}

test_super_pi_without_oauth if {
	count(report) == 0 with input as {"servers": [srv("super-pi", "github", [{"key": "url", "pointer": "/mcpServers/github/url", "kind": "string", "value": "https://x"}])]}
}
