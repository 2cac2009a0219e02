package mcplint.rules["supply-chain"]["reserved-env"]

server(keys) := {"index": 0, "doc": 0, "name": "x", "pointer": "/mcpServers/x", "env": [
{"key": k, "value": "v", "pointer": sprintf("/mcpServers/x/env/%s", [k]), "refs": [], "secrets": []} | some k in keys]}

findings(keys) := rs if {
	rs := report with input as {"servers": [server(keys)]}
}

test_reserved_names_are_reported_on_the_key if {
	keys := [
		"AWS_ENDPOINT_URL", "AWS_SECRET_ACCESS_KEY", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "CLAUDE_CODE_USE_BEDROCK",
		"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "NO_PROXY", "ALL_PROXY", "MCP_CLIENT_SECRET", "MCP_TIMEOUT",
		"MCP_TOOL_TIMEOUT", "MAX_MCP_OUTPUT_TOKENS",
	]
	messages := {
		"AWS_ENDPOINT_URL": "AWS_ENDPOINT_URL is a name the host reserves for its AWS credentials and settings: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"AWS_SECRET_ACCESS_KEY": "AWS_SECRET_ACCESS_KEY is a name the host reserves for its AWS credentials and settings: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"ANTHROPIC_API_KEY": "ANTHROPIC_API_KEY is a name the host reserves for the agent's own Anthropic API key, endpoint and settings: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"ANTHROPIC_BASE_URL": "ANTHROPIC_BASE_URL is a name the host reserves for the agent's own Anthropic API key, endpoint and settings: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"CLAUDE_CODE_USE_BEDROCK": "CLAUDE_CODE_USE_BEDROCK is a name the host reserves for Claude Code's own switches: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"HTTPS_PROXY": "HTTPS_PROXY is a name the host reserves for the proxy all its traffic goes through: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"https_proxy": "https_proxy is a name the host reserves for the proxy all its traffic goes through: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"HTTP_PROXY": "HTTP_PROXY is a name the host reserves for the proxy all its traffic goes through: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"NO_PROXY": "NO_PROXY is a name the host reserves for the proxy all its traffic goes through: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"ALL_PROXY": "ALL_PROXY is a name the host reserves for the proxy all its traffic goes through: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"MCP_CLIENT_SECRET": "MCP_CLIENT_SECRET is a name the host reserves for the OAuth client secret Claude Code stores in its keychain: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"MCP_TIMEOUT": "MCP_TIMEOUT is a name the host reserves for Claude Code's MCP limits: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"MCP_TOOL_TIMEOUT": "MCP_TOOL_TIMEOUT is a name the host reserves for Claude Code's MCP limits: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
		"MAX_MCP_OUTPUT_TOKENS": "MAX_MCP_OUTPUT_TOKENS is a name the host reserves for Claude Code's MCP limits: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one",
	}
	count(messages) == count(keys)
	findings(keys) == {{"doc": 0, "server": 0, "pointer": sprintf("/mcpServers/x/env/%s", [k]), "key": true, "message": m} | some k, m in messages}
}

test_message if {
	findings(["HTTPS_PROXY"]) == {{"doc": 0, "key": true, "message": "HTTPS_PROXY is a name the host reserves for the proxy all its traffic goes through: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one", "pointer": "/mcpServers/x/env/HTTPS_PROXY", "server": 0}}
}

test_own_names_pass if {
	count(findings(["GATEWAY_CLIENT_SECRET", "MY_AWS_REGION", "AWSOME", "PROXY_URL", "MCP_SERVER_PORT", "CLAUDE_PROJECT_DIR"])) == 0
}

# Paseo refuses these names in a catalogue entry: an error there.
test_library_entry_is_an_error if {
	s := object.union(server(["AWS_PROFILE", "MCP_TIMEOUT"]), {"tier": "library", "client": "paseo"})
	rs := report with input as {"servers": [s]}
	rs == {
		{"doc": 0, "key": true, "level": "error", "message": "AWS_PROFILE is a name the host reserves for its AWS credentials and settings: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one", "pointer": "/mcpServers/x/env/AWS_PROFILE", "server": 0},
		{"doc": 0, "key": true, "level": "error", "message": "MCP_TIMEOUT is a name the host reserves for Claude Code's MCP limits: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one", "pointer": "/mcpServers/x/env/MCP_TIMEOUT", "server": 0},
	}
}

# Picking a profile or region of the host's is how AWS's servers are set
# up: not reported in a configured server.
test_profile_and_region_in_a_configured_server if {
	count(findings(["AWS_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION"])) == 0
}

test_configured_server_stays_a_warning if {
	s := object.union(server(["AWS_ENDPOINT_URL"]), {"tier": "project", "client": "claude-code"})
	rs := report with input as {"servers": [s]}
	rs == {{"doc": 0, "key": true, "message": "AWS_ENDPOINT_URL is a name the host reserves for its AWS credentials and settings: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one", "pointer": "/mcpServers/x/env/AWS_ENDPOINT_URL", "server": 0}}
}

pair(k, v, refs) := {"key": k, "value": v, "pointer": sprintf("/mcpServers/x/env/%s", [k]), "is_reference": true, "refs": refs, "secrets": []}

# "X": "${X}" in a syntax the client expands passes the host's own value
# on: not reported; another name, an unexpanded syntax or a catalogue
# entry still is.
test_pass_through_of_the_same_name if {
	s := object.union(server([]), {"env": [
		pair("ANTHROPIC_API_KEY", "${ANTHROPIC_API_KEY}", [{"syntax": "${}", "name": "ANTHROPIC_API_KEY", "expanded": true}]),
		pair("AWS_ACCESS_KEY_ID", "${env:AWS_ACCESS_KEY_ID}", [{"syntax": "${env:}", "name": "AWS_ACCESS_KEY_ID", "expanded": true}]),
		pair("HTTPS_PROXY", "${CORP_PROXY}", [{"syntax": "${}", "name": "CORP_PROXY", "expanded": true}]),
		pair("ANTHROPIC_BASE_URL", "${ANTHROPIC_BASE_URL}", [{"syntax": "${}", "name": "ANTHROPIC_BASE_URL", "expanded": false}]),
	]})
	rs := report with input as {"servers": [s]}
	{f.pointer | some f in rs} == {"/mcpServers/x/env/HTTPS_PROXY", "/mcpServers/x/env/ANTHROPIC_BASE_URL"}
	lib_entry := object.union(s, {"tier": "library", "client": "paseo"})
	count(report) == 4 with input as {"servers": [lib_entry]}
}

# A registry document declaring the variable its server reads (no value)
# sets nothing of the host's; one that sets a value is still reported.
test_registry_declaration_without_value_passes if {
	decl := {"key": "ANTHROPIC_API_KEY", "value": "", "pointer": "/packages/0/environmentVariables/0/name", "is_reference": false, "refs": []}
	s := {"index": 0, "doc": 0, "name": "osint", "client": "registry", "tier": "library", "pointer": "", "env": [decl]}
	count(report) == 0 with input as {"servers": [s], "index": {"env/ANTHROPIC_API_KEY": [0]}}
	set := object.union(decl, {"value": "https://gateway.example.com", "pointer": "/packages/0/environmentVariables/0/value"})
	count(report) == 1 with input as {"servers": [object.union(s, {"env": [set]})], "index": {"env/ANTHROPIC_API_KEY": [0]}}
}

# A template's placeholder for the user's own key sets nothing yet.
test_placeholder_value_passes if {
	e := {"key": "ANTHROPIC_API_KEY", "value": "YOUR_ANTHROPIC_API_KEY_HERE", "pointer": "/mcpServers/tm/env/ANTHROPIC_API_KEY", "is_reference": false, "refs": [], "placeholder": true}
	s := {"index": 0, "doc": 0, "name": "tm", "client": "cursor", "tier": "project", "pointer": "/mcpServers/tm", "env": [e]}
	count(report) == 0 with input as {"servers": [s], "index": {"env/ANTHROPIC_API_KEY": [0]}}
	count(report) == 1 with input as {"servers": [object.union(s, {"env": [object.union(e, {"value": "https://gw.example.com", "placeholder": false})]})], "index": {"env/ANTHROPIC_API_KEY": [0]}}
}
