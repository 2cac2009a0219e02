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
		"index": 0, "doc": doc, "name": "github", "client": client, "pointer": "/mcpServers/github", "tier": "user",
		"transport": "stdio", "env": [], "headers": [], "args": [], "url": null,
	},
	extra,
)

# key is one detected credential with the advice Go works out for it
# (facts/advice.go; its Go tests cover the names, references, words and
# fixes): an env GITHUB_TOKEN of server github unless extra says otherwise.
key(extra) := object.union(
	{
		"field": "env", "key": "GITHUB_TOKEN", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "where": "env GITHUB_TOKEN",
		"value": "ghp_…****", "secret": ghp, "var": "GITHUB_TOKEN", "ref": "${GITHUB_TOKEN}",
		"instead": `write "${GITHUB_TOKEN}" instead and set GITHUB_TOKEN in the environment Claude Code starts from`,
		"fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"},
	},
	extra,
)

with_keys(doc, client, keys) := server(doc, client, {"literal_keys": keys})

findings(s) := rs if {
	rs := report with input as {"documents": docs, "servers": [s]}
}

test_env_key_claude_code if {
	findings(with_keys(0, "claude-code", [key({})])) == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/github/env/GITHUB_TOKEN",
		"message": `GitHub personal access token (ghp_…****) is written in env GITHUB_TOKEN: write "${GITHUB_TOKEN}" instead and set GITHUB_TOKEN in the environment Claude Code starts from`,
		"fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"},
	}}
}

test_without_a_fix if {
	findings(with_keys(4, "claude-desktop", [key({"ref": "", "fix": null, "instead": "Claude Desktop expands no variables"})])) == {{"doc": 4, "fix": null, "message": "GitHub personal access token (ghp_…****) is written in env GITHUB_TOKEN: Claude Desktop expands no variables", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "server": 0}}
}

test_each_key_is_a_finding if {
	h := key({"field": "headers", "key": "Authorization", "where": "header Authorization", "pointer": "/mcpServers/github/headers/Authorization"})
	rs := findings(with_keys(0, "claude-code", [key({}), h]))
	rs == {
		{"doc": 0, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}, "message": "GitHub personal access token (ghp_…****) is written in env GITHUB_TOKEN: write \"${GITHUB_TOKEN}\" instead and set GITHUB_TOKEN in the environment Claude Code starts from", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "server": 0},
		{"doc": 0, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}, "message": "GitHub personal access token (ghp_…****) is written in header Authorization: write \"${GITHUB_TOKEN}\" instead and set GITHUB_TOKEN in the environment Claude Code starts from", "pointer": "/mcpServers/github/headers/Authorization", "server": 0},
	}
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
		"secret": d, "var": "ALERTS_WEBHOOK_URL", "ref": "${ALERTS_WEBHOOK_URL}", "fix": null,
		"instead": `write "${ALERTS_WEBHOOK_URL}" instead and set ALERTS_WEBHOOK_URL in the environment Claude Code starts from`,
	})
	findings(with_keys(0, "claude-code", [k])) == {{"doc": 0, "fix": null, "message": "Slack incoming webhook URL (****) is written in the address: write \"${ALERTS_WEBHOOK_URL}\" instead and set ALERTS_WEBHOOK_URL in the environment Claude Code starts from", "pointer": "/mcpServers/alerts/url", "server": 0}}
}

test_a_server_without_keys_passes if {
	count(findings(server(0, "claude-code", {"literal_keys": null}))) == 0
	count(findings(server(0, "claude-code", {"literal_keys": []}))) == 0
}

test_committed_keys_are_to_be_rotated if {
	s := object.union(with_keys(0, "claude-code", [key({})]), {"tier": "project"})
	findings(s) == {{"doc": 0, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"}, "message": "GitHub personal access token (ghp_…****) is written in env GITHUB_TOKEN: write \"${GITHUB_TOKEN}\" instead and set GITHUB_TOKEN in the environment Claude Code starts from; then rotate the key: once committed it stays readable in the history, so it is compromised even after the fix", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "server": 0}}
}

# A team catalogue entry (tier library): Paseo refuses a literal key, an
# error (no level of its own).
test_catalogue_entry_is_an_error if {
	d := array.concat(docs, [{"index": 7, "kind": "team-catalogue", "client": "paseo", "client_name": "Paseo"}])
	k := key({"pointer": "/0/env/GITHUB_TOKEN", "instead": `write "{GITHUB_TOKEN}" and declare GITHUB_TOKEN as a secret input ("secret": true), so each user fills it in`})
	s := object.union(with_keys(7, "paseo", [k]), {"tier": "library", "pointer": "/0"})
	rs := report with input as {"documents": d, "servers": [s]}
	rs == {{
		"doc": 7, "server": 0, "pointer": "/0/env/GITHUB_TOKEN",
		"message": `GitHub personal access token (ghp_…****) is written in env GITHUB_TOKEN: write "{GITHUB_TOKEN}" and declare GITHUB_TOKEN as a secret input ("secret": true), so each user fills it in`,
		"fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/github/env/GITHUB_TOKEN", "value": "GITHUB_TOKEN"},
	}}
}

test_catalogue_input_default if {
	s := object.union(server(0, "paseo", {}), {"tier": "library", "pointer": "/0", "catalogue": {"inputs": [
		{"id": "GITHUB_TOKEN", "default_pointer": "/0/inputs/0/default", "default_secrets": [ghp]},
		{"id": "REGION", "default_pointer": "/0/inputs/1/default", "default_secrets": []},
	]}})
	rs := findings(s)
	rs == {{"doc": 0, "message": "GitHub personal access token (ghp_…****) is written as the default of input GITHUB_TOKEN: a catalogue never holds a stored value; remove the default so each user fills the input in", "pointer": "/0/inputs/0/default", "server": 0}}
}
