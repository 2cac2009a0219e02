package mcplint.rules.transport["deprecated-sse"]

srv(client, typ, transport) := {
	"index": 0, "doc": 0, "name": "events", "client": client, "tier": "project", "type": typ,
	"transport": transport, "pointer": "/mcpServers/events",
	"url": {"pointer": "/mcpServers/events/url", "valid": true},
}

test_explicit_sse_points_at_type if {
	r := report with input as {"servers": [srv("claude-code", "sse", "sse")]}
	count(r) == 1
	some f in r
	f.pointer == "/mcpServers/events/type"
	contains(f.message, `"events" uses the SSE transport`)
	contains(f.message, `"type": "http"`)
}

test_cline_untyped_url_points_at_url if {
	r := report with input as {"servers": [srv("cline", "", "sse")]}
	some f in r
	f.pointer == "/mcpServers/events/url"
	contains(f.message, "Cline reads \"events\" as SSE because its url has no \"type\"")
	contains(f.message, `"type": "streamableHttp"`)
}

test_roo_and_gemini_wording if {
	r1 := report with input as {"servers": [srv("roo", "", "sse")]}
	some f1 in r1
	contains(f1.message, `"type": "streamable-http"`)
	r2 := report with input as {"servers": [srv("gemini", "", "sse")]}
	some f2 in r2
	contains(f2.message, "written as \"url\"")
	contains(f2.message, `"httpUrl"`)
}

test_goose_never_connects if {
	r := report with input as {"servers": [object.union(srv("goose", "sse", "sse"), {"pointer": "/extensions/events", "url": {"pointer": "/extensions/events/uri"}})]}
	some f in r
	f.pointer == "/extensions/events/type"
	contains(f.message, `Goose no longer supports SSE extensions, so "events" never connects: use`)
	contains(f.message, "type: streamable_http")
}

test_registry_remote if {
	r := report with input as {"servers": [object.union(srv("registry", "", "sse"), {"pointer": "", "url": {"pointer": "/remotes/0/url"}})]}
	some f in r
	f.pointer == "/remotes/0/url"
	contains(f.message, `"streamable-http"`)
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
	count(r) == 1
	some f in r
	contains(f.message, "a legacy SSE endpoint by its path")
	f.pointer == "/mcpServers/events/url"
}
