package mcplint.rules.schema["ambiguous-transport"]

docs := [
	{"index": 0, "client_name": "super-pi"},
	{"index": 1, "client_name": "Codex"},
	{"index": 2, "client_name": "Gemini CLI"},
	{"index": 3, "client_name": "Claude Desktop"},
]

srv(doc, client, transport, name) := {
	"index": doc, "doc": doc, "name": name, "client": client, "tier": "user", "transport": transport,
	"pointer": concat("/", ["", "mcpServers", name]),
	"command": {"value": "npx", "pointer": concat("/", ["", "mcpServers", name, "command"]), "kind": "string", "base": "npx"},
	"url": {"value": "http://localhost:7400/mcp", "pointer": concat("/", ["", "mcpServers", name, "url"]), "key": "url", "length": 25},
}

test_super_pi_runs_the_command if {
	r := report with input as {"documents": docs, "servers": [srv(0, "super-pi", "stdio", "local-search")]}
	r == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/local-search/url", "key": true,
		"message": "super-pi runs the command of \"local-search\" and ignores its \"url\": remove \"url\" (or remove \"command\" if the remote server is the one you want)",
	}}
}

test_codex_refuses_the_entry_as_an_error if {
	s := object.union(srv(1, "codex", "stdio", "docs"), {"pointer": "/mcp_servers/docs"})
	r := report with input as {"documents": docs, "servers": [s]}
	r == {{"doc": 1, "key": true, "level": "error", "message": "Codex refuses [mcp_servers.docs]: it has both command and url; keep command for a local server or url for a remote one", "pointer": "/mcp_servers/docs", "server": 1}}
}

test_codex_quotes_dotted_names if {
	s := object.union(srv(1, "codex", "stdio", "my.server"), {"pointer": "/mcp_servers/my.server"})
	report == {{"doc": 1, "key": true, "level": "error", "message": "Codex refuses [mcp_servers.\"my.server\"]: it has both command and url; keep command for a local server or url for a remote one", "pointer": "/mcp_servers/my.server", "server": 1}} with input as {"documents": docs, "servers": [s]}
}

test_gemini_uses_the_url if {
	report == {{"doc": 2, "message": "Gemini CLI connects to the url of \"dev\" and ignores its command: remove the command (or the url if the local server is the one you want)", "pointer": "/mcpServers/dev/command", "server": 2}} with input as {"documents": docs, "servers": [srv(2, "gemini", "sse", "dev")]}
}

test_one_transport_is_fine if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		object.union(srv(0, "super-pi", "stdio", "a"), {"url": null}),
		object.union(srv(0, "super-pi", "http", "b"), {"command": null}),
	]}
}

test_empty_url_is_not_an_address if {
	s := srv(0, "super-pi", "stdio", "a")
	count(report) == 0 with input as {"documents": docs, "servers": [object.union(s, {"url": object.union(s.url, {"length": 0})})]}
}

test_library_and_stdio_only_clients_are_skipped if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		object.union(srv(0, "registry", "stdio", "a"), {"tier": "library"}),
		srv(3, "claude-desktop", "stdio", "b"),
	]}
}

test_unknown_transport_names_both if {
	report == {{"doc": 0, "key": true, "message": "\"x\" has both a command and a url: keep only the one you mean", "pointer": "/mcpServers/x", "server": 0}} with input as {"documents": docs, "servers": [srv(0, "claude-code", "unknown", "x")]}
}
