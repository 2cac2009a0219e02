package mcplint.rules.secrets["oauth-client-secret"]

docs := [{"index": 0, "kind": "client-config", "client": "x", "client_name": "Some Client"}]

server(client, has) := {
	"index": 0, "doc": 0, "name": "gmail", "client": client, "pointer": "/mcpServers/gmail",
	"oauth": {"pointer": "/mcpServers/gmail/oauth", "client_id": "id", "has_secret": has, "secret_pointer": "/mcpServers/gmail/oauth/clientSecret", "disabled": false},
}

findings(client, has) := rs if {
	rs := report with input as {"documents": docs, "servers": [server(client, has)]}
}

test_claude_code_keeps_it_in_its_store if {
	rs := findings("claude-code", true)
	rs == {{"doc": 0, "message": "an OAuth client secret is stored in this file; Claude Code never reads it from a file but from its secure store (macOS Keychain or ~/.claude/.credentials.json): remove it and add the server with claude mcp add-json --client-secret, which stores it there", "pointer": "/mcpServers/gmail/oauth/clientSecret", "server": 0}}
}

test_codex_has_no_secret_field if {
	some f in findings("codex", true)
	contains(f.message, "[mcp_servers.gmail.oauth] table takes client_id only")
}

test_clients_that_read_one_get_a_reference if {
	some c in findings("cursor", true)
	contains(c.message, `"CLIENT_SECRET": "${env:GMAIL_CLIENT_SECRET}"`)
	some g in findings("gemini", true)
	contains(g.message, `"clientSecret": "${GMAIL_CLIENT_SECRET}"`)
	some o in findings("opencode", true)
	contains(o.message, `"clientSecret": "{env:GMAIL_CLIENT_SECRET}"`)
	some v in findings("vscode", true)
	contains(v.message, "secret storage")
	some x in findings("kimi", true)
	contains(x.message, "; Some Client does not need it there")
}

test_no_secret_no_finding if {
	count(findings("claude-code", false)) == 0
	count(report) == 0 with input as {"documents": docs, "servers": [{"index": 0, "doc": 0, "pointer": "/p", "oauth": null}]}
}
