package mcplint.rules.schema["url-without-type"]

docs := [{"index": 0, "client_name": "Claude Code"}, {"index": 1, "client_name": "Cline"}, {"index": 2, "client_name": "Roo Code"}]

srv(doc, client, fields) := {
	"index": doc, "doc": doc, "name": "docs", "client": client, "tier": "project", "pointer": "/mcpServers/docs",
	"command": null, "fields": fields,
	"url": {"value": "https://docs.example.com/mcp", "pointer": "/mcpServers/docs/url", "key": "url", "length": 28},
}

url_field := {"key": "url", "pointer": "/mcpServers/docs/url", "kind": "string", "value": "https://docs.example.com/mcp"}

type_field := {"key": "type", "pointer": "/mcpServers/docs/type", "kind": "string", "value": "http"}

test_claude_code_skips_an_untyped_url if {
	r := report with input as {"documents": docs, "servers": [srv(0, "claude-code", [url_field])]}
	r == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/docs", "key": true,
		"message": "Claude Code skips \"docs\": it has a \"url\" but no \"type\"; add \"type\": \"http\" (or \"sse\" for an SSE server)",
		"fix": {"kind": "add-member", "pointer": "/mcpServers/docs", "value": "type=\"http\""},
	}}
}

test_cline_reads_it_as_sse_warning if {
	report == {{"doc": 1, "fix": {"kind": "add-member", "pointer": "/mcpServers/docs", "value": "type=\"streamableHttp\""}, "key": true, "level": "warning", "message": "Cline reads the untyped url of \"docs\" as SSE, the deprecated transport: add \"type\": \"streamableHttp\" for a Streamable HTTP server, or \"type\": \"sse\" to keep SSE", "pointer": "/mcpServers/docs", "server": 1}} with input as {"documents": docs, "servers": [srv(1, "cline", [url_field])]}
}

test_roo_word if {
	report == {{"doc": 2, "fix": {"kind": "add-member", "pointer": "/mcpServers/docs", "value": "type=\"streamable-http\""}, "key": true, "level": "warning", "message": "Roo Code reads the untyped url of \"docs\" as SSE, the deprecated transport: add \"type\": \"streamable-http\" for a Streamable HTTP server, or \"type\": \"sse\" to keep SSE", "pointer": "/mcpServers/docs", "server": 2}} with input as {"documents": docs, "servers": [srv(2, "roo", [url_field])]}
}

test_typed_urls_pass if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, "claude-code", [url_field, type_field]),
		srv(1, "cline", [url_field, object.union(type_field, {"key": "transportType"})]),
	]}
}

test_other_clients_and_commands_pass if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, "cursor", [url_field]),
		object.union(srv(0, "claude-code", [url_field]), {"command": {"value": "npx", "pointer": "/mcpServers/docs/command", "kind": "string", "base": "npx"}}),
		object.union(srv(0, "claude-code", [url_field]), {"tier": "library"}),
	]}
}

test_empty_url_is_not_configured if {
	s := srv(0, "claude-code", [url_field])
	count(report) == 0 with input as {"documents": docs, "servers": [object.union(s, {"url": object.union(s.url, {"length": 0})})]}
}

# "transport": "http" is another client's key for the type: the finding
# says to rename it, and renames it when its value is a word the client
# reads (schema/unknown-field leaves the key, one problem one finding).
test_misnamed_transport_key_is_renamed if {
	transport := object.union(type_field, {"key": "transport", "pointer": "/mcpServers/docs/transport"})
	report == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/docs", "key": true,
		"message": "Claude Code skips \"docs\": it has a \"url\" but no \"type\"; it does not read \"transport\": rename it to \"type\"",
		"fix": {"kind": "rename-key", "pointer": "/mcpServers/docs/transport", "value": "type"},
	}} with input as {"documents": docs, "servers": [srv(0, "claude-code", [url_field, transport])]}
}

test_misnamed_transport_key_with_a_foreign_word_gets_no_fix if {
	transport := object.union(type_field, {"key": "transport_type", "pointer": "/mcpServers/docs/transport_type", "value": "streamableHttp"})
	report == {{
		"doc": 2, "server": 2, "pointer": "/mcpServers/docs", "key": true, "level": "warning",
		"message": "Roo Code reads the untyped url of \"docs\" as SSE, the deprecated transport: it does not read \"transport_type\": replace it with \"type\": \"streamable-http\" (or \"sse\" for an SSE server)",
	}} with input as {"documents": docs, "servers": [srv(2, "roo", [url_field, transport])]}
}
