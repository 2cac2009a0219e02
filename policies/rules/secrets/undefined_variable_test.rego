package mcplint.rules.secrets["undefined-variable"]

docs := [
	{"index": 0, "kind": "client-config", "client": "claude-code", "client_name": "Claude Code"},
	{"index": 1, "kind": "client-config", "client": "super-pi", "client_name": "super-pi"},
	{"index": 2, "kind": "client-config", "client": "opencode", "client_name": "OpenCode"},
	{"index": 3, "kind": "client-config", "client": "cursor", "client_name": "Cursor"},
]

ref(syntax, name, set, extra) := object.union({"syntax": syntax, "name": name, "has_default": false, "expanded": true, "set": set}, extra)

server(doc, client, refs) := {
	"index": 0, "doc": doc, "name": "acme", "client": client, "pointer": "/mcpServers/acme", "transport": "stdio",
	"env": [{"key": "TOKEN", "value": "v", "pointer": "/mcpServers/acme/env/TOKEN", "kind": "string", "refs": refs, "secrets": []}],
	"headers": [], "args": [], "url": null,
}

findings(doc, client, refs) := rs if {
	rs := report with input as {"documents": docs, "servers": [server(doc, client, refs)]}
}

test_unset_variable_per_client if {
	rs := findings(0, "claude-code", [ref("dollar-brace", "TOKEN", false, {})])
	rs == {{"doc": 0, "message": "TOKEN is not set, so Claude Code sends the literal text ${TOKEN} (and warns at start): set TOKEN in the environment Claude Code starts from, or give it a default, ${TOKEN:-…}", "pointer": "/mcpServers/acme/env/TOKEN", "server": 0}}
	findings(1, "super-pi", [ref("dollar-brace", "TOKEN", false, {})]) == {{"doc": 1, "message": "TOKEN is not set, and super-pi fails this server with {:missing_env, [\"TOKEN\"]}: set TOKEN in the environment super-pi starts from", "pointer": "/mcpServers/acme/env/TOKEN", "server": 0}}
	findings(2, "opencode", [ref("opencode", "TOKEN", false, {})]) == {{"doc": 2, "message": "TOKEN is not set, so OpenCode replaces {env:TOKEN} with an empty string: set TOKEN in the environment OpenCode starts from", "pointer": "/mcpServers/acme/env/TOKEN", "server": 0}}
	findings(3, "cursor", [ref("env-colon", "TOKEN", false, {})]) == {{"doc": 3, "message": "TOKEN is not set, so Cursor cannot fill in ${env:TOKEN}: set TOKEN in the environment Cursor starts from", "pointer": "/mcpServers/acme/env/TOKEN", "server": 0}}
}

test_set_unknown_defaulted_or_unexpanded_pass if {
	count(findings(0, "claude-code", [ref("dollar-brace", "TOKEN", true, {})])) == 0
	count(findings(0, "claude-code", [ref("dollar-brace", "TOKEN", null, {})])) == 0
	count(findings(0, "claude-code", [ref("dollar-brace", "TOKEN", false, {"has_default": true})])) == 0
	count(findings(0, "claude-code", [ref("env-colon", "TOKEN", false, {"expanded": false})])) == 0
}

test_undeclared_vscode_input if {
	count(findings(0, "vscode", [ref("input", "github_pat", true, {})])) == 0
	rs := findings(0, "vscode", [ref("input", "github_pat", false, {})])
	rs == {{"doc": 0, "message": "${input:github_pat} names no input of this file, so VS Code stops at an undefined input variable and does not start \"acme\": add {\"id\": \"github_pat\", \"type\": \"promptString\", \"password\": true} to \"inputs\", or use the id of the input meant", "pointer": "/mcpServers/acme/env/TOKEN", "server": 0}}
}
