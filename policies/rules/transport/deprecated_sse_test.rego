package mcplint.rules.transport["deprecated-sse"]

srv(client, typ, transport) := {
	"index": 0, "doc": 0, "name": "events", "client": client, "tier": "project", "type": typ,
	"transport": transport, "pointer": "/mcpServers/events",
	"url": {"pointer": "/mcpServers/events/url", "valid": true},
}

test_explicit_sse_points_at_type if {
	r := report with input as {"servers": [srv("claude-code", "sse", "sse")]}
	r == {{"doc": 0, "message": "\"events\" uses the SSE transport, deprecated by the MCP specification in favour of Streamable HTTP: use the server's Streamable HTTP endpoint (often /mcp where this one is /sse) with \"type\": \"http\"", "pointer": "/mcpServers/events/type", "server": 0}}
}

test_cline_untyped_url_points_at_url if {
	r := report with input as {"servers": [srv("cline", "", "sse")]}
	r == {{"doc": 0, "message": "Cline reads \"events\" as SSE because its url has no \"type\"; SSE is deprecated in favour of Streamable HTTP: use its Streamable HTTP endpoint with \"type\": \"streamableHttp\"", "pointer": "/mcpServers/events/url", "server": 0}}
}

test_roo_and_gemini_wording if {
	r1 := report with input as {"servers": [srv("roo", "", "sse")]}
	r1 == {{"doc": 0, "message": "Roo Code reads \"events\" as SSE because its url has no \"type\"; SSE is deprecated in favour of Streamable HTTP: use its Streamable HTTP endpoint with \"type\": \"streamable-http\"", "pointer": "/mcpServers/events/url", "server": 0}}
	r2 := report with input as {"servers": [srv("gemini", "sse", "sse")]}
	r2 == {{"doc": 0, "message": "\"events\" uses the SSE transport, deprecated by the MCP specification in favour of Streamable HTTP: use the server's Streamable HTTP endpoint with \"type\": \"http\" (or leave \"type\" out: Gemini CLI tries Streamable HTTP first)", "pointer": "/mcpServers/events/type", "server": 0}}
}

test_goose_never_connects if {
	r := report with input as {"servers": [object.union(srv("goose", "sse", "sse"), {"pointer": "/extensions/events", "url": {"pointer": "/extensions/events/uri"}})]}
	r == {{"doc": 0, "message": "Goose no longer supports SSE extensions, so \"events\" never connects: use the server's Streamable HTTP endpoint with type: streamable_http and uri", "pointer": "/extensions/events/type", "server": 0}}
}

test_registry_remote if {
	r := report with input as {"servers": [object.union(srv("registry", "", "sse"), {"pointer": "", "url": {"pointer": "/remotes/0/url"}})]}
	r == {{"doc": 0, "message": "\"events\" uses the SSE transport, deprecated by the MCP specification in favour of Streamable HTTP: publish the Streamable HTTP endpoint as a remote of type \"streamable-http\"", "pointer": "/remotes/0/url", "server": 0}}
}

test_http_and_stdio_pass if {
	count(report) == 0 with input as {"servers": [
		srv("claude-code", "http", "http"),
		srv("cline", "streamableHttp", "http"),
		object.union(srv("claude-code", "", "stdio"), {"url": null}),
	]}
}

# No type, but the path says SSE.
test_sse_by_path if {
	s := {
		"index": 0, "doc": 0, "name": "events", "client": "cursor", "transport": "http", "type": "", "pointer": "/mcpServers/events",
		"url": {"valid": true, "path": "/sse", "pointer": "/mcpServers/events/url"},
	}
	count(report) == 0 with input as {"servers": [object.union(s, {"type": "http"})], "index": {"sse_path": [0], "transport/sse": []}}
	count(report) == 0 with input as {"servers": [object.union(s, {"url": {"valid": true, "path": "/mcp", "pointer": "/p"}})], "index": {"sse_path": [0], "transport/sse": []}}
	r := report with input as {"servers": [s], "index": {"sse_path": [0], "transport/sse": []}}
	r == {{"doc": 0, "message": "\"events\" points at /sse, a legacy SSE endpoint by its path: SSE is deprecated in favour of Streamable HTTP; use the server's Streamable HTTP endpoint (often /mcp where this one is /sse)", "pointer": "/mcpServers/events/url", "server": 0}}
}

# An SSE endpoint on this machine or the local network is a development
# server that speaks SSE: an info; Goose, which no longer connects to one,
# still gets a warning.
test_local_sse_endpoint_is_an_info if {
	local := {"pointer": "/mcpServers/events/url", "valid": true, "path": "/o/mcp/sse", "loopback": true, "local_network": false}
	r := report with input as {"servers": [object.union(srv("gemini", "", "http"), {"url": local})]}
	r == {{
		"doc": 0, "server": 0, "pointer": "/mcpServers/events/url", "level": "info",
		"message": "\"events\" points at /o/mcp/sse, a legacy SSE endpoint by its path: SSE is deprecated in favour of Streamable HTTP; use the server's Streamable HTTP endpoint (often /mcp where this one is /sse); it is a development server on this machine or the local network that speaks SSE, so this is for when it moves",
	}}
	g := report with input as {"servers": [object.union(srv("goose", "sse", "sse"), {"pointer": "/extensions/events", "url": object.union(local, {"pointer": "/extensions/events/uri"})})]}
	g == {{"doc": 0, "message": "Goose no longer supports SSE extensions, so \"events\" never connects: use the server's Streamable HTTP endpoint with type: streamable_http and uri", "pointer": "/extensions/events/type", "server": 0}}
}

# A local address whose path does not name SSE (/mcp) may be a Streamable
# HTTP endpoint the client reaches with the wrong transport: a warning.
test_local_mcp_endpoint_stays_a_warning if {
	lan := {"pointer": "/mcpServers/events/url", "valid": true, "path": "/mcp", "loopback": false, "local_network": true}
	r := report with input as {"servers": [object.union(srv("cline", "", "sse"), {"url": lan})]}
	r == {{"doc": 0, "message": "Cline reads \"events\" as SSE because its url has no \"type\"; SSE is deprecated in favour of Streamable HTTP: use its Streamable HTTP endpoint with \"type\": \"streamableHttp\"", "pointer": "/mcpServers/events/url", "server": 0}}
}

# Gemini CLI tries Streamable HTTP on an untyped url before SSE: an address
# whose path does not name SSE is not reported (it was, while Gemini read
# every url as SSE).
test_gemini_untyped_mcp_address_passes if {
	lan := {"pointer": "/mcpServers/events/url", "valid": true, "path": "/mcp", "loopback": false, "local_network": true}
	count(report) == 0 with input as {"servers": [object.union(srv("gemini", "", "http"), {"url": lan})]}
}

# An /sse address handed to mcp-remote: a warning at the argument (an
# info on this machine).
test_mcp_remote_sse_argument if {
	a := {"value": "https://mcp.neon.tech/sse", "pointer": "/mcpServers/neon/args/2", "host": "", "why": "/sse"}
	s := {"index": 0, "doc": 0, "name": "neon", "client": "cursor", "pointer": "/mcpServers/neon", "transport": "stdio", "bridge_sse": [a]}
	r := report with input as {"servers": [s]}
	r == {{"doc": 0, "server": 0, "pointer": "/mcpServers/neon/args/2", "level": "warning", "message": "\"neon\" hands mcp-remote /sse, a legacy SSE endpoint by its path: mcp-remote falls back to SSE there, which is deprecated in favour of Streamable HTTP; give it the server's Streamable HTTP endpoint (often /mcp where this one is /sse)"}}
	local := report with input as {"servers": [object.union(s, {"bridge_sse": [object.union(a, {"host": "loopback"})]})]}
	[f.level | some f in local] == ["info"]
}
