package mcplint.rules.secrets["reference-not-expanded"]

docs := [
	{"index": 0, "kind": "client-config", "client": "claude-code", "client_name": "Claude Code"},
	{"index": 1, "kind": "client-config", "client": "codex", "client_name": "Codex"},
	{"index": 2, "kind": "settings", "client": "claude-code", "client_name": "Claude Code"},
	{"index": 3, "kind": "client-config", "client": "super-pi", "client_name": "super-pi"},
	{"index": 4, "kind": "client-config", "client": "paseo", "client_name": "Paseo"},
	{"index": 5, "kind": "client-config", "client": "opencode", "client_name": "OpenCode"},
]

ref(syntax, name, expanded) := {"syntax": syntax, "name": name, "has_default": false, "expanded": expanded, "set": null}

server(doc, client, extra) := object.union(
	{
		"index": 0, "doc": doc, "name": "acme", "client": client, "pointer": "/mcpServers/acme", "transport": "stdio",
		"env": [], "headers": [], "args": [], "url": null, "shell": null,
	},
	extra,
)

env(key, value, refs) := [{"key": key, "value": value, "pointer": sprintf("/mcpServers/acme/env/%s", [key]), "kind": "string", "refs": refs, "secrets": []}]

header(key, value, refs) := [{"key": key, "value": value, "pointer": sprintf("/mcpServers/acme/headers/%s", [key]), "kind": "string", "refs": refs, "secrets": []}]

findings(s) := rs if {
	rs := report with input as {"documents": docs, "servers": [s]}
}

test_foreign_syntax_in_claude_code if {
	rs := findings(server(0, "claude-code", {"env": env("TOKEN", "${env:TOKEN}", [ref("env-colon", "TOKEN", false)])}))
	rs == {{"doc": 0, "message": "Claude Code does not expand ${env:TOKEN} in env TOKEN, so the server gets that literal text: write \"${TOKEN}\" instead", "pointer": "/mcpServers/acme/env/TOKEN", "server": 0}}
}

test_vscode_input_elsewhere if {
	s := server(5, "opencode", {"headers": header("Authorization", "Bearer ${input:api-token}", [ref("input", "api-token", false)])})
	findings(s) == {{"doc": 5, "message": "OpenCode does not expand ${input:api-token} in header Authorization, so the server gets that literal text: write \"Bearer {env:API_TOKEN}\" instead", "pointer": "/mcpServers/acme/headers/Authorization", "server": 0}}
}

test_codex_env_and_headers if {
	findings(server(1, "codex", {"env": env("GH", "${GH}", [ref("dollar-brace", "GH", false)])})) == {{"doc": 1, "message": "Codex does not expand ${GH} in env GH, so the server gets that literal text: drop the env entry and write env_vars = [\"GH\"], so Codex passes GH on from its own environment", "pointer": "/mcpServers/acme/env/GH", "server": 0}}
	findings(server(1, "codex", {"headers": header("Authorization", "Bearer ${T}", [ref("dollar-brace", "T", false)])})) == {{"doc": 1, "message": "Codex does not expand ${T} in header Authorization, so the server gets that literal text: write bearer_token_env_var = \"T\" instead of the header", "pointer": "/mcpServers/acme/headers/Authorization", "server": 0}}
	findings(server(1, "codex", {"headers": header("X-Key", "${T}", [ref("dollar-brace", "T", false)])})) == {{"doc": 1, "message": "Codex does not expand ${T} in header X-Key, so the server gets that literal text: write env_http_headers = { \"X-Key\" = \"T\" } instead of the header", "pointer": "/mcpServers/acme/headers/X-Key", "server": 0}}
}

test_managed_settings if {
	findings(server(2, "claude-code", {"headers": header("X-Team", "${TEAM}", [ref("dollar-brace", "TEAM", false)])})) == {{"doc": 2, "message": "managedMcpServers does not expand ${TEAM} in header X-Team, so the server gets that literal text: write the value itself, or move the server to managed-mcp.json, which expands ${VAR}", "pointer": "/mcpServers/acme/headers/X-Team", "server": 0}}
}

test_super_pi_env if {
	findings(server(3, "super-pi", {"env": env("T", "${T}", [ref("dollar-brace", "T", false)])})) == {{"doc": 3, "message": "super-pi does not expand ${T} in env T, so the server gets that literal text: write the value itself here (super-pi expands ${NAME} only in header values), or let the server read T from the environment super-pi starts it in", "pointer": "/mcpServers/acme/env/T", "server": 0}}
}

test_editor_variable_in_claude_code if {
	a := [{"index": 2, "value": "${workspaceFolder}/docs", "pointer": "/mcpServers/acme/args/2", "refs": [ref("editor-var", "workspaceFolder", false)], "secrets": []}]
	findings(server(0, "claude-code", {"args": a})) == {{"doc": 0, "message": "Claude Code does not expand ${workspaceFolder} in args[2], so the server gets that literal text: write \"${CLAUDE_PROJECT_DIR:-.}/docs\" (\".\" when CLAUDE_PROJECT_DIR is not set: the folder Claude Code starts the server in)", "pointer": "/mcpServers/acme/args/2", "server": 0}}
}

test_claude_code_credentials_read_empty_in_remote_headers if {
	s := server(0, "claude-code", {"transport": "http", "headers": header("x-api-key", "${ANTHROPIC_API_KEY}", [ref("dollar-brace", "ANTHROPIC_API_KEY", true)])})
	findings(s) == {{"doc": 0, "message": "Claude Code reads its own credential variable ANTHROPIC_API_KEY as empty in a remote server's url and headers, so header x-api-key gets an empty value: write \"${ACME_API_KEY}\" and set ACME_API_KEY to the key meant for this server", "pointer": "/mcpServers/acme/headers/x-api-key", "server": 0}}
}

test_claude_code_base_url_and_stdio_env_are_fine if {
	count(findings(server(0, "claude-code", {"transport": "http", "headers": header("x-base", "${ANTHROPIC_BASE_URL}", [ref("dollar-brace", "ANTHROPIC_BASE_URL", true)])}))) == 0
	count(findings(server(0, "claude-code", {"env": env("KEY", "${ANTHROPIC_API_KEY}", [ref("dollar-brace", "ANTHROPIC_API_KEY", true)])}))) == 0
}

test_expanded_references_pass if {
	count(findings(server(0, "claude-code", {"env": env("T", "${T}", [ref("dollar-brace", "T", true)])}))) == 0
}

test_catalogues_are_left_to_catalogue_placeholder if {
	count(findings(server(4, "paseo", {"env": env("T", "${T}", [ref("dollar-brace", "T", false)])}))) == 0
}

test_templates_and_lower_case_braces_are_not_references if {
	count(findings(server(0, "claude-code", {"headers": header("X-Session", "{{session_id}}", [ref("template", "session_id", false)])}))) == 0
	count(findings(server(0, "claude-code", {"env": env("FMT", "--format={json}", [ref("catalogue-input", "json", false)])}))) == 0
	findings(server(0, "claude-code", {"headers": header("Authorization", "Bearer {N8N_TOKEN}", [ref("catalogue-input", "N8N_TOKEN", false)])})) == {{"doc": 0, "message": "Claude Code does not expand {N8N_TOKEN} in header Authorization, so the server gets that literal text: write \"Bearer ${N8N_TOKEN}\" instead", "pointer": "/mcpServers/acme/headers/Authorization", "server": 0}}
}

test_shell_scripts_expand_their_own_variables if {
	a := [{"index": 1, "value": "exec acme --home $HOME", "pointer": "/mcpServers/acme/args/1", "refs": [ref("dollar", "HOME", false)], "secrets": []}]
	sh := {"launcher": "sh -c", "pointer": "/mcpServers/acme/args/1"}
	count(findings(server(0, "claude-code", {"args": a, "shell": sh}))) == 0
}

test_continue_converts_dollar_brace_in_imported_json if {
	d := [{"index": 0, "kind": "client-config", "client": "continue", "client_name": "Continue", "variant": "json-import"}]
	s := server(0, "continue", {"headers": header("Authorization", "Bearer ${GH}", [ref("dollar-brace", "GH", false)])})
	count(report) == 0 with input as {"documents": d, "servers": [s]}
	d2 := [{"index": 0, "kind": "client-config", "client": "continue", "client_name": "Continue", "variant": ""}]
	report == {{"doc": 0, "message": "Continue does not expand ${GH} in header Authorization, so the server gets that literal text: write \"Bearer ${{ secrets.GH }}\" instead", "pointer": "/mcpServers/acme/headers/Authorization", "server": 0}} with input as {"documents": d2, "servers": [s]}
}

remote_args(values) := [{"index": i, "value": v, "pointer": sprintf("/mcpServers/acme/args/%d", [i]), "refs": refs(v), "secrets": []} |
	some i, v in values
]

refs(v) := [ref("dollar-brace", "TOKEN", false)] if contains(v, "${TOKEN}")

refs(v) := [] if not contains(v, "${TOKEN}")

# managedMcpServers expands no variable of its own, so what mcp-remote
# does with an argument decides.
test_mcp_remote_expands_its_header_values if {
	s := server(2, "claude-code", {
		"runner": {"package": "mcp-remote"},
		"args": remote_args(["-y", "mcp-remote", "https://mcp.example.com/mcp", "--header", "Authorization: Bearer ${TOKEN}"]),
	})
	count(findings(s)) == 0
}

test_mcp_remote_does_not_expand_other_arguments if {
	s := server(2, "claude-code", {
		"runner": {"package": "mcp-remote"},
		"args": remote_args(["-y", "mcp-remote", "https://mcp.example.com/mcp", "--resource", "${TOKEN}"]),
	})
	findings(s) == {{"doc": 2, "message": "managedMcpServers does not expand ${TOKEN} in args[4], so the server gets that literal text: write the value itself, or move the server to managed-mcp.json, which expands ${VAR}", "pointer": "/mcpServers/acme/args/4", "server": 0}}
}

test_1password_reference_without_op_run if {
	s := server(5, "opencode", {
		"trust": {"client_name": "OpenCode"}, "command": {"base": "npx", "value": "npx"},
		"env": env("LINEAR_API_KEY", "op://Engineering/Linear/credential", []),
	})
	findings(s) == {{
		"doc": 5, "server": 0, "pointer": "/mcpServers/acme/env/LINEAR_API_KEY",
		"message": `OpenCode does not resolve the 1Password reference in env LINEAR_API_KEY, so the server gets the text "op://…" itself: start the server through the 1Password CLI (command "op", args ["run", "--", …]), which resolves op:// references in the environment it passes on, or set LINEAR_API_KEY where OpenCode starts`,
	}}
}

test_1password_reference_through_op_run if {
	s := server(5, "opencode", {
		"trust": {"client_name": "OpenCode"}, "command": {"base": "op", "value": "op"},
		"args": [{"index": 0, "value": "run", "refs": [], "secrets": []}],
		"env": env("LINEAR_API_KEY", "op://Engineering/Linear/credential", []),
	})
	count(findings(s)) == 0
}
