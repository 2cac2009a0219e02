package mcplint.rules.secrets["literal-key"]

docs := [
	{"index": 0, "kind": "client-config", "client": "claude-code", "client_name": "Claude Code"},
	{"index": 1, "kind": "client-config", "client": "cursor", "client_name": "Cursor"},
	{"index": 2, "kind": "client-config", "client": "codex", "client_name": "Codex"},
	{"index": 3, "kind": "client-config", "client": "opencode", "client_name": "OpenCode"},
	{"index": 4, "kind": "client-config", "client": "claude-desktop", "client_name": "Claude Desktop"},
	{"index": 5, "kind": "settings", "client": "claude-code", "client_name": "Claude Code"},
	{"index": 6, "kind": "client-config", "client": "super-pi", "client_name": "super-pi"},
]

ghp := {"detector": "github-pat", "description": "GitHub personal access token", "masked": "ghp_…****"}

server(doc, client, extra) := object.union(
	{
		"index": 0, "doc": doc, "name": "github", "client": client, "pointer": "/mcpServers/github",
		"transport": "stdio", "env": [], "headers": [], "args": [], "url": null,
	},
	extra,
)

pair(p, key, value, secrets, refs) := {"key": key, "value": value, "pointer": sprintf("%s/%s", [p, key]), "kind": "string", "refs": refs, "secrets": secrets}

findings(s) := rs if {
	rs := report with input as {"documents": docs, "servers": [s]}
}

env_key(doc, client) := server(doc, client, {"env": [pair("/mcpServers/github/env", "GITHUB_TOKEN", "ghp_…****", [ghp], [])]})

test_env_key_claude_code if {
	rs := findings(env_key(0, "claude-code"))
	count(rs) == 1
	some f in rs
	f.pointer == "/mcpServers/github/env/GITHUB_TOKEN"
	f.message == `GitHub personal access token (ghp_…****) is written in env GITHUB_TOKEN: write "${GITHUB_TOKEN}" instead and set GITHUB_TOKEN in the environment Claude Code starts from`
	f.fix == {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}
}

test_each_client_gets_its_own_syntax if {
	some c in findings(env_key(1, "cursor"))
	contains(c.message, `write "${env:GITHUB_TOKEN}"`)
	some o in findings(env_key(3, "opencode"))
	contains(o.message, `write "{env:GITHUB_TOKEN}"`)
	some x in findings(env_key(2, "codex"))
	contains(x.message, `env_vars = ["GITHUB_TOKEN"]`)
	x.fix == {"kind": "codex-env", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}
	some d in findings(env_key(4, "claude-desktop"))
	contains(d.message, "Claude Desktop expands no variables")
	not d.fix
	some m in findings(env_key(5, "claude-code"))
	contains(m.message, "managedMcpServers expands no variables")
	some p in findings(env_key(6, "super-pi"))
	contains(p.message, "super-pi expands ${NAME} only in header values")
}

test_header_keeps_the_scheme_and_names_a_server_variable if {
	s := server(0, "claude-code", {"headers": [pair("/mcpServers/github/headers", "Authorization", "Bearer ghp_…****", [ghp], [])]})
	some f in findings(s)
	contains(f.message, `write "Bearer ${GITHUB_TOKEN}" instead`)
	contains(f.message, "is written in header Authorization")
}

test_super_pi_header_is_expanded if {
	s := server(6, "super-pi", {"headers": [pair("/mcpServers/github/headers", "X-Api-Key", "ghp_…****", [ghp], [])]})
	some f in findings(s)
	contains(f.message, `write "${GITHUB_API_KEY}" instead`)
}

test_codex_bearer_header if {
	s := server(2, "codex", {"headers": [pair("/mcp_servers/github/http_headers", "Authorization", "Bearer ghp_…****", [ghp], [])]})
	some f in findings(s)
	contains(f.message, `bearer_token_env_var = "GITHUB_TOKEN"`)
}

test_codex_other_header if {
	s := server(2, "codex", {"headers": [pair("/mcp_servers/github/http_headers", "X-Api-Key", "ghp_…****", [ghp], [])]})
	some f in findings(s)
	contains(f.message, `env_http_headers = { "X-Api-Key" = "GITHUB_API_KEY" }`)
}

test_argument_after_a_flag if {
	s := server(0, "claude-code", {"args": [
		{"index": 0, "value": "--api-key", "pointer": "/mcpServers/github/args/0", "refs": [], "secrets": []},
		{"index": 1, "value": "ghp_…****", "pointer": "/mcpServers/github/args/1", "refs": [], "secrets": [ghp]},
	]})
	some f in findings(s)
	f.pointer == "/mcpServers/github/args/1"
	contains(f.message, "is written in args[1]")
	contains(f.message, `write "${GITHUB_API_KEY}"`)
}

test_connection_string_password if {
	d := {"detector": "connection-string", "description": "Password in database connection string", "masked": "****"}
	s := server(0, "claude-code", {"name": "db", "args": [{"index": 0, "value": "postgres://app:****@db:5432/app", "pointer": "/mcpServers/db/args/0", "refs": [], "secrets": [d]}]})
	some f in findings(s)
	contains(f.message, `write "postgres://app:${DB_PASSWORD}@db:5432/app" instead`)
}

test_literal_default_of_a_reference if {
	ref := {"syntax": "dollar-brace", "name": "GITHUB_TOKEN", "has_default": true, "expanded": true, "set": null}
	s := server(0, "claude-code", {"env": [pair("/mcpServers/github/env", "GITHUB_TOKEN", "${GITHUB_TOKEN:-ghp_…****}", [ghp], [ref])]})
	some f in findings(s)
	contains(f.message, `drop it, write "${GITHUB_TOKEN}"`)
	f.fix == {"kind": "value-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}
}

test_url_credentials_are_left_to_url_credentials if {
	q := {"detector": "google-api-key", "description": "Google API key", "masked": "AIza…****"}
	u := {"detector": "url-password", "description": "Password in URL", "masked": "****"}
	url := {"value": "https://me:****@maps.example.com/mcp?key=AIza…****", "pointer": "/mcpServers/maps/url", "refs": [], "secrets": [u, q]}
	count(findings(server(0, "claude-code", {"name": "maps", "transport": "http", "url": url}))) == 0
}

test_a_token_in_the_url_path_is_reported if {
	d := {"detector": "slack-webhook", "description": "Slack incoming webhook URL", "masked": "****"}
	url := {"value": "https://hooks.slack.com/services/****", "pointer": "/mcpServers/alerts/url", "refs": [], "secrets": [d]}
	some f in findings(server(0, "claude-code", {"name": "alerts", "transport": "http", "url": url}))
	contains(f.message, `write "${ALERTS_WEBHOOK_URL}" instead`)
	not f.fix
}

test_references_and_placeholders_pass if {
	ref := {"syntax": "dollar-brace", "name": "GITHUB_TOKEN", "has_default": false, "expanded": true, "set": null}
	s := server(0, "claude-code", {"env": [
		pair("/mcpServers/github/env", "GITHUB_TOKEN", "${GITHUB_TOKEN}", [], [ref]),
		pair("/mcpServers/github/env", "API_KEY", "YOUR_API_KEY_HERE", [], []),
	]})
	count(findings(s)) == 0
}

test_whole_value_fix_for_a_default_holding_the_key if {
	v := {"field": "env", "value": "${SLACK_BOT_TOKEN:-xoxb-…****}", "refs": [{"has_default": true, "syntax": "dollar-brace", "name": "SLACK_BOT_TOKEN"}], "secrets": [{"detector": "slack-token"}]}
	whole_value_secret(v)
	not whole_value_secret(object.union(v, {"value": "Bearer ${T:-xoxb-…****}"}))
}

test_whole_value_fix_for_a_webhook if {
	whole_value_secret({"field": "env", "value": "https://hooks.slack.com/services/****", "refs": [], "secrets": [{"detector": "slack-webhook"}]})
}

# A team catalogue entry (tier library): Paseo refuses a literal key, an
# error with the placeholder to write instead.
test_catalogue_entry_asks_for_a_declared_input if {
	d := array.concat(docs, [{"index": 7, "kind": "team-catalogue", "client": "paseo", "client_name": "Paseo"}])
	s := object.union(server(7, "paseo", {"env": [pair("/0/env", "GITHUB_TOKEN", "ghp_…****", [ghp], [])]}), {"tier": "library", "pointer": "/0"})
	rs := report with input as {"documents": d, "servers": [s]}
	count(rs) == 1
	some f in rs
	not f.level
	f.pointer == "/0/env/GITHUB_TOKEN"
	contains(f.message, `write "{GITHUB_TOKEN}" and declare GITHUB_TOKEN as a secret input`)
}

test_catalogue_input_default if {
	s := object.union(server(0, "paseo", {}), {"tier": "library", "pointer": "/0", "catalogue": {"inputs": [
		{"id": "GITHUB_TOKEN", "default_pointer": "/0/inputs/0/default", "default_secrets": [ghp]},
		{"id": "REGION", "default_pointer": "/0/inputs/1/default", "default_secrets": []},
	]}})
	rs := findings(s)
	count(rs) == 1
	some f in rs
	f.pointer == "/0/inputs/0/default"
	f.message == "GitHub personal access token (ghp_…****) is written as the default of input GITHUB_TOKEN: a catalogue never holds a stored value; remove the default so each user fills the input in"
}

# env_vars and env_keys pass a variable on under its own name: a key that
# cannot be a variable name gets no move to another name, which the server
# would not read.
test_codex_and_goose_keep_the_key_name if {
	dotted := {"env": [pair("/mcpServers/github/env", "GITHUB.TOKEN", "ghp_…****", [ghp], [])]}
	some x in findings(server(2, "codex", dotted))
	contains(x.message, "Codex passes a variable on only under its own name, and GITHUB.TOKEN cannot name one")
	contains(x.message, "env_vars")
	not x.fix
	some g in findings(server(2, "goose", dotted))
	contains(g.message, "list it in env_keys")
	not contains(g.message, "GITHUB_GITHUB")
}
