package mcplint.secrets

test_snake if {
	snake("exa") == "EXA"
	snake("exaApiKey") == "EXA_API_KEY"
	snake("x-api-key") == "X_API_KEY"
	snake("--api-key") == "API_KEY"
	snake("io.github.acme/mcp server") == "IO_GITHUB_ACME_MCP_SERVER"
}

test_env_name if {
	env_name("github", "TOKEN") == "GITHUB_TOKEN"
	env_name("github", "GITHUB_TOKEN") == "GITHUB_TOKEN"
	env_name("claude-proxy", "api-key") == "CLAUDE_PROXY_API_KEY"
	env_name("1password", "TOKEN") == "MCP_1PASSWORD_TOKEN"
}

test_form_per_client if {
	docs := [{"index": 0, "kind": "client-config"}, {"index": 1, "kind": "settings"}]
	form({"client": "claude-code", "doc": 0}, "env", "V") == "${V}" with input as {"documents": docs}
	not form({"client": "claude-code", "doc": 1}, "env", "V") with input as {"documents": docs}
	form({"client": "cursor", "doc": 0}, "args", "V") == "${env:V}"
	form({"client": "vscode", "doc": 0}, "args", "V") == "${env:V}"
	form({"client": "opencode", "doc": 0}, "env", "V") == "{env:V}"
	form({"client": "continue", "doc": 0}, "env", "V") == "${{ secrets.V }}"
	form({"client": "super-pi", "doc": 0}, "headers", "V") == "${V}"
	not form({"client": "super-pi", "doc": 0}, "env", "V")
	not form({"client": "codex", "doc": 0}, "env", "V")
	not form({"client": "claude-desktop", "doc": 0}, "env", "V")
}

test_var_name_and_written if {
	var_name({"syntax": "env-colon", "name": "GH"}) == "GH"
	var_name({"syntax": "input", "name": "api-token"}) == "API_TOKEN"
	var_name({"syntax": "continue", "name": "secrets.GH_TOKEN"}) == "GH_TOKEN"
	var_name({"syntax": "opencode", "name": "./key.txt"}) == ""
	written({"syntax": "dollar", "name": "HOME"}) == "$HOME"
	written({"syntax": "input", "name": "t"}) == "${input:t}"
	written({"syntax": "opencode", "name": "T"}) == "{env:T}"
	written({"syntax": "opencode", "name": "./k"}) == "{file:./k}"
}

test_fields_cover_env_headers_args_url if {
	s := {
		"env": [{"key": "E", "pointer": "/e", "value": "v", "refs": [], "secrets": []}],
		"headers": [{"key": "H", "pointer": "/h", "value": "v", "refs": [], "secrets": []}],
		"args": [
			{"index": 0, "pointer": "/a0", "value": "--token", "refs": [], "secrets": []},
			{"index": 1, "pointer": "/a1", "value": "v", "refs": [], "secrets": []},
			{"index": 2, "pointer": "/a2", "value": "API_KEY=v", "refs": [], "secrets": []},
		],
		"url": {"pointer": "/u", "value": "https://x", "refs": [], "secrets": []},
	}
	want := [
		{"field": "env", "key": "E", "pointer": "/e", "refs": [], "secrets": [], "value": "v", "where": "env E"},
		{"field": "headers", "key": "H", "pointer": "/h", "refs": [], "secrets": [], "value": "v", "where": "header H"},
		{"field": "args", "key": "", "pointer": "/a0", "refs": [], "secrets": [], "value": "--token", "where": "args[0]"},
		{"field": "args", "key": "token", "pointer": "/a1", "refs": [], "secrets": [], "value": "v", "where": "args[1]"},
		{"field": "args", "key": "API_KEY", "pointer": "/a2", "refs": [], "secrets": [], "value": "API_KEY=v", "where": "args[2]"},
	]
	fields(s) == array.concat(want, [{"field": "url", "key": "", "pointer": "/u", "refs": [], "secrets": [], "value": "https://x", "where": "the address"}])
	fields(object.union(s, {"url": null})) == want
}
