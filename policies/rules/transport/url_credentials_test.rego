package mcplint.rules.transport["url-credentials"]

srv(client, name, url) := {
	"index": 0, "doc": 0, "name": name, "client": client, "tier": "project",
	"pointer": "/mcpServers/x", "url": object.union(
		{
			"valid": true, "pointer": "/mcpServers/x/url", "has_user": false, "has_password": false,
			"secret_query_keys": [], "secrets": [],
		},
		url,
	),
}

test_password_in_url if {
	r := report with input as {"servers": [srv("claude-code", "internal", {
		"value": "https://alice:****@mcp.example.com/mcp", "has_user": true, "has_password": true,
		"secrets": [{"detector": "url-password", "masked": "****"}],
	})]}
	r == {{"doc": 0, "message": "https://alice:****@mcp.example.com/mcp carries a user name and password, which logs, proxies and error messages show: remove them from the address and send \"headers\": {\"Authorization\": \"Basic ${INTERNAL_BASIC_AUTH}\"}", "pointer": "/mcpServers/x/url", "server": 0}}
}

test_user_name_only if {
	r := report with input as {"servers": [srv("cursor", "git", {"value": "https://deploy@mcp.example.com/mcp", "has_user": true})]}
	r == {{"doc": 0, "message": "https://deploy@mcp.example.com/mcp carries a user name (deploy@), which logs and proxies show and which often is a token: remove it from the address and, if the server needs it, send \"headers\": {\"Authorization\": \"Bearer ${env:GIT_TOKEN}\"}", "pointer": "/mcpServers/x/url", "server": 0}}
}

test_query_key_from_facts if {
	r := report with input as {"servers": [srv("claude-code", "exa", {
		"value": "https://mcp.exa.ai/mcp?exaApiKey=****&debug=1",
		"secret_query_keys": ["exaApiKey"], "secrets": [{"detector": "query-key", "masked": "****"}],
	})]}
	r == {{"doc": 0, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/x/url", "value": "EXA_API_KEY"}, "message": "https://mcp.exa.ai/mcp?exaApiKey=****&debug=1 carries a credential in its query (exaApiKey=), which logs and proxies record with the address: write ${EXA_API_KEY} in its place (mcplint fix does) and set EXA_API_KEY where claude-code starts; better still, send it as a header if the server accepts one, e.g. \"headers\": {\"Authorization\": \"Bearer ${EXA_API_KEY}\"}; then rotate the key: once committed it stays readable in the history", "pointer": "/mcpServers/x/url", "server": 0}}
}

test_provider_token_in_query_is_found_by_its_mask if {
	r := report with input as {"servers": [srv("opencode", "gh", {
		"value": "https://api.example.com/mcp?key=ghp_…****&page=2",
		"secrets": [{"detector": "github-pat", "masked": "ghp_…****"}],
	})]}
	r == {{"doc": 0, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/x/url", "value": "GH_KEY"}, "message": "https://api.example.com/mcp?key=ghp_…****&page=2 carries a credential in its query (key=), which logs and proxies record with the address: write {env:GH_KEY} in its place (mcplint fix does) and set GH_KEY where opencode starts; better still, send it as a header if the server accepts one, e.g. \"headers\": {\"Authorization\": \"Bearer {env:GH_KEY}\"}; then rotate the key: once committed it stays readable in the history", "pointer": "/mcpServers/x/url", "server": 0}}
}

test_token_in_path_is_not_a_query_key if {
	count(report) == 0 with input as {"servers": [srv("claude-code", "z", {
		"value": "https://mcp.example.com/s/ghp_…****/mcp",
		"secrets": [{"detector": "github-pat", "masked": "ghp_…****"}],
	})]}
}

test_userinfo_and_query_give_two_findings if {
	r := report with input as {"servers": [srv("codex", "db", {
		"value": "https://u:****@h.example.com/?token=****", "has_user": true, "has_password": true,
		"secret_query_keys": ["token"],
	})]}
	r == {
		{"doc": 0, "message": "https://u:****@h.example.com/?token=**** carries a credential in its query (token=), which logs and proxies record with the address: codex does not expand variables in the address, so remove it from the address and send it as a header if the server accepts one, e.g. bearer_token_env_var = \"DB_TOKEN\" (or env_http_headers = { \"Authorization\" = \"DB_TOKEN\" }); then rotate the key: once committed it stays readable in the history", "pointer": "/mcpServers/x/url", "server": 0},
		{"doc": 0, "message": "https://u:****@h.example.com/?token=**** carries a user name and password, which logs, proxies and error messages show: remove them from the address and send env_http_headers = { \"Authorization\" = \"DB_BASIC_AUTH\" } (the variable holding the whole header value)", "pointer": "/mcpServers/x/url", "server": 0},
	}
}

test_clean_urls_pass if {
	count(report) == 0 with input as {"servers": [
		srv("claude-code", "a", {"value": "https://mcp.example.com/mcp?page=2&region=eu"}),
		srv("claude-code", "b", {"value": "https://mcp.example.com/mcp"}),
		{"index": 2, "doc": 0, "name": "c", "client": "claude-code", "pointer": "/c", "url": null},
	]}
}

test_invalid_url_is_left_to_other_rules if {
	count(report) == 0 with input as {"servers": [srv("claude-code", "a", {"valid": false, "value": "${URL}", "has_password": true})]}
}

test_no_expansion_client_gets_no_reference if {
	r := report with input as {"servers": [srv("cline", "a", {"value": "https://u:****@h.example.com/", "has_user": true, "has_password": true})]}
	r == {{"doc": 0, "message": "https://u:****@h.example.com/ carries a user name and password, which logs, proxies and error messages show: remove them from the address and send \"headers\": {\"Authorization\": \"Basic …\"} (this client does not expand variables, so keep that file out of version control)", "pointer": "/mcpServers/x/url", "server": 0}}
}

test_registry_and_vscode_syntax if {
	r1 := report with input as {"servers": [srv("registry", "com.acme/mcp", {"value": "https://h.example.com/?api_key=****", "secret_query_keys": ["api_key"]})]}
	r1 == {{"doc": 0, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/x/url", "value": "COM_ACME_MCP_API_KEY"}, "message": "https://h.example.com/?api_key=**** carries a credential in its query (api_key=), which logs and proxies record with the address: write {COM_ACME_MCP_API_KEY} in its place (mcplint fix does) and set COM_ACME_MCP_API_KEY where registry starts; better still, send it as a header if the server accepts one, e.g. a header {\"name\": \"Authorization\", \"value\": \"Bearer {COM_ACME_MCP_API_KEY}\", \"isSecret\": true} with COM_ACME_MCP_API_KEY declared in its \"variables\"; then rotate the key: once committed it stays readable in the history", "pointer": "/mcpServers/x/url", "server": 0}}
	r2 := report with input as {"servers": [srv("vscode", "acme", {"value": "https://h.example.com/?token=****", "secret_query_keys": ["token"]})]}
	r2 == {{"doc": 0, "fix": {"kind": "secret-to-reference", "pointer": "/mcpServers/x/url", "value": "ACME_TOKEN"}, "message": "https://h.example.com/?token=**** carries a credential in its query (token=), which logs and proxies record with the address: write ${env:ACME_TOKEN} in its place (mcplint fix does) and set ACME_TOKEN where vscode starts; better still, send it as a header if the server accepts one, e.g. \"headers\": {\"Authorization\": \"Bearer ${input:acme_token}\"} with the input declared in \"inputs\" (\"password\": true); then rotate the key: once committed it stays readable in the history", "pointer": "/mcpServers/x/url", "server": 0}}
}

test_env_name if {
	env_name("my.server", "api-key") == "MY_SERVER_API_KEY"
	env_name("x", "__") == "X"
	env_name("exa", "exaApiKey") == "EXA_API_KEY"
	env_name("Brave", "apiKey") == "BRAVE_API_KEY"
}
