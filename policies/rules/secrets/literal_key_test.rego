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

# key is one detected credential with the advice Go works out for it
# (facts/advice.go; its Go tests cover the names, references and fixes):
# an env GITHUB_TOKEN of server github unless extra says otherwise.
key(extra) := object.union(
	{
		"field": "env", "key": "GITHUB_TOKEN", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "where": "env GITHUB_TOKEN",
		"value": "ghp_…****", "secret": ghp, "var": "GITHUB_TOKEN", "ref": "", "rewritten": "", "default_ref": "", "fix": null,
	},
	extra,
)

with_keys(doc, client, keys) := server(doc, client, {"literal_keys": keys})

findings(s) := rs if {
	rs := report with input as {"documents": docs, "servers": [s]}
}

to_ref(ref) := {"ref": ref, "rewritten": ref, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}}

test_env_key_claude_code if {
	rs := findings(with_keys(0, "claude-code", [key(to_ref("${GITHUB_TOKEN}"))]))
	count(rs) == 1
	some f in rs
	f.pointer == "/mcpServers/github/env/GITHUB_TOKEN"
	f.message == `GitHub personal access token (ghp_…****) is written in env GITHUB_TOKEN: write "${GITHUB_TOKEN}" instead and set GITHUB_TOKEN in the environment Claude Code starts from`
	f.fix == {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}
}

test_each_client_gets_its_own_advice if {
	some c in findings(with_keys(1, "cursor", [key(to_ref("${env:GITHUB_TOKEN}"))]))
	contains(c.message, `write "${env:GITHUB_TOKEN}" instead and set GITHUB_TOKEN in the environment Cursor starts from`)
	codex_fix := {"kind": "codex-env", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}
	some x in findings(with_keys(2, "codex", [key({"fix": codex_fix})]))
	contains(x.message, `env_vars = ["GITHUB_TOKEN"]`)
	x.fix == codex_fix
	some d in findings(with_keys(4, "claude-desktop", [key({})]))
	contains(d.message, "Claude Desktop expands no variables")
	not d.fix
	some m in findings(with_keys(5, "claude-code", [key({})]))
	contains(m.message, "managedMcpServers expands no variables")
	some p in findings(with_keys(6, "super-pi", [key({})]))
	contains(p.message, "super-pi expands ${NAME} only in header values")
}

test_header_with_a_reference if {
	k := key({
		"field": "headers", "key": "Authorization", "where": "header Authorization", "value": "Bearer ghp_…****",
		"ref": "${GITHUB_TOKEN}", "rewritten": "Bearer ${GITHUB_TOKEN}",
	})
	some f in findings(with_keys(0, "claude-code", [k]))
	contains(f.message, `is written in header Authorization: write "Bearer ${GITHUB_TOKEN}" instead`)
}

test_codex_bearer_header if {
	k := key({"field": "headers", "key": "Authorization", "where": "header Authorization", "value": "Bearer ghp_…****"})
	some f in findings(with_keys(2, "codex", [k]))
	contains(f.message, `bearer_token_env_var = "GITHUB_TOKEN"`)
}

test_codex_other_header if {
	k := key({"field": "headers", "key": "X-Api-Key", "where": "header X-Api-Key", "var": "GITHUB_API_KEY"})
	some f in findings(with_keys(2, "codex", [k]))
	contains(f.message, `env_http_headers = { "X-Api-Key" = "GITHUB_API_KEY" }`)
}

test_codex_argument if {
	k := key({"field": "args", "key": "api-key", "where": "args[1]", "var": "GITHUB_API_KEY"})
	some f in findings(with_keys(2, "codex", [k]))
	contains(f.message, `is written in args[1]: Codex expands no variables in args, so have the server read GITHUB_API_KEY from its environment and pass it with env_vars = ["GITHUB_API_KEY"]`)
}

test_literal_default_of_a_reference if {
	fix := {"kind": "value-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}
	k := key({"value": "${GITHUB_TOKEN:-ghp_…****}", "ref": "${GITHUB_TOKEN}", "rewritten": "${GITHUB_TOKEN:-${GITHUB_TOKEN}}", "default_ref": "GITHUB_TOKEN", "fix": fix})
	some f in findings(with_keys(0, "claude-code", [k]))
	contains(f.message, `the default of ${GITHUB_TOKEN:-…} is literal text stored in the file: drop it, write "${GITHUB_TOKEN}" and set GITHUB_TOKEN where Claude Code starts`)
	f.fix == fix
}

test_no_client_known if {
	d := array.concat(docs, [{"index": 7, "kind": "client-config", "client": "claude-code", "client_name": "Claude Code", "client_unsure": true}])
	s := with_keys(7, "claude-code", [key({"ref": "${GITHUB_TOKEN}", "rewritten": "${GITHUB_TOKEN}"})])
	some f in report with input as {"documents": d, "servers": [s]}
	contains(f.message, "nothing says which client this file is for (name it with --client)")
	not f.fix
}

test_url_credentials_are_left_to_url_credentials if {
	q := {"detector": "google-api-key", "description": "Google API key", "masked": "AIza…****"}
	u := {"detector": "url-password", "description": "Password in URL", "masked": "****"}
	url := {"field": "url", "key": "", "pointer": "/mcpServers/maps/url", "where": "the address", "value": "https://me:****@maps.example.com/mcp?key=AIza…****"}
	count(findings(with_keys(0, "claude-code", [key(object.union(url, {"secret": u})), key(object.union(url, {"secret": q}))]))) == 0
}

test_a_token_in_the_url_path_is_reported if {
	d := {"detector": "slack-webhook", "description": "Slack incoming webhook URL", "masked": "****"}
	k := key({
		"field": "url", "key": "", "pointer": "/mcpServers/alerts/url", "where": "the address", "value": "https://hooks.slack.com/services/****",
		"secret": d, "var": "ALERTS_WEBHOOK_URL", "ref": "${ALERTS_WEBHOOK_URL}", "rewritten": "${ALERTS_WEBHOOK_URL}",
	})
	some f in findings(with_keys(0, "claude-code", [k]))
	contains(f.message, `write "${ALERTS_WEBHOOK_URL}" instead`)
	not f.fix
}

test_a_server_without_keys_passes if {
	count(findings(server(0, "claude-code", {"literal_keys": null}))) == 0
	count(findings(server(0, "claude-code", {"literal_keys": []}))) == 0
}

test_committed_keys_are_to_be_rotated if {
	s := object.union(with_keys(0, "claude-code", [key(to_ref("${GITHUB_TOKEN}"))]), {"tier": "project"})
	some f in findings(s)
	endswith(f.message, "; then rotate the key: once committed it stays readable in the history, so it is compromised even after the fix")
}

# A team catalogue entry (tier library): Paseo refuses a literal key, an
# error with the placeholder to write instead.
test_catalogue_entry_asks_for_a_declared_input if {
	d := array.concat(docs, [{"index": 7, "kind": "team-catalogue", "client": "paseo", "client_name": "Paseo"}])
	k := key({"pointer": "/0/env/GITHUB_TOKEN", "ref": "{GITHUB_TOKEN}", "rewritten": "{GITHUB_TOKEN}"})
	s := object.union(with_keys(7, "paseo", [k]), {"tier": "library", "pointer": "/0"})
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
	dotted := [key({"key": "GITHUB.TOKEN", "where": "env GITHUB.TOKEN", "pointer": "/mcpServers/github/env/GITHUB.TOKEN"})]
	some x in findings(with_keys(2, "codex", dotted))
	contains(x.message, "Codex passes a variable on only under its own name, and GITHUB.TOKEN cannot name one")
	contains(x.message, "env_vars")
	not x.fix
	some g in findings(with_keys(2, "goose", dotted))
	contains(g.message, "list it in env_keys")
	not contains(g.message, "GITHUB_GITHUB")
}
