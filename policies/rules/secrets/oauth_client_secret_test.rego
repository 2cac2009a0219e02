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
	findings("codex", true) == {{"doc": 0, "message": "an OAuth client secret is stored in this file; Codex's [mcp_servers.gmail.oauth] table takes client_id only: remove the secret (Codex keeps OAuth tokens in its own credential store)", "pointer": "/mcpServers/gmail/oauth/clientSecret", "server": 0}}
}

test_clients_that_read_one_get_a_reference if {
	findings("cursor", true) == {{"doc": 0, "message": "an OAuth client secret is stored in this file: write \"CLIENT_SECRET\": \"${env:GMAIL_CLIENT_SECRET}\" and set GMAIL_CLIENT_SECRET in the environment Cursor starts from", "pointer": "/mcpServers/gmail/oauth/clientSecret", "server": 0}}
	findings("gemini", true) == {{"doc": 0, "message": "an OAuth client secret is stored in this file: write \"clientSecret\": \"${GMAIL_CLIENT_SECRET}\" and set GMAIL_CLIENT_SECRET in the environment Gemini CLI starts from", "pointer": "/mcpServers/gmail/oauth/clientSecret", "server": 0}}
	findings("opencode", true) == {{"doc": 0, "message": "an OAuth client secret is stored in this file: write \"clientSecret\": \"{env:GMAIL_CLIENT_SECRET}\" and set GMAIL_CLIENT_SECRET in the environment OpenCode starts from", "pointer": "/mcpServers/gmail/oauth/clientSecret", "server": 0}}
	findings("vscode", true) == {{"doc": 0, "message": "an OAuth client secret is stored in this file; VS Code's oauth block takes clientId only and asks for the secret, keeping it in its secret storage: remove it", "pointer": "/mcpServers/gmail/oauth/clientSecret", "server": 0}}
	findings("kimi", true) == {{"doc": 0, "message": "an OAuth client secret is stored in this file; Some Client does not need it there: remove it and keep the secret in the client's secure store", "pointer": "/mcpServers/gmail/oauth/clientSecret", "server": 0}}
}

test_no_secret_no_finding if {
	count(findings("claude-code", false)) == 0
	count(report) == 0 with input as {"documents": docs, "servers": [{"index": 0, "doc": 0, "pointer": "/p", "oauth": null}]}
}
