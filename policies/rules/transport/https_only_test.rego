package mcplint.rules.transport["https-only"]

server(url) := {"index": 0, "doc": 0, "pointer": "/mcpServers/x", "url": url}

test_plain_http_is_reported if {
	r := report with input as {"servers": [server({"valid": true, "scheme": "http", "host": "docs.example.com", "loopback": false, "pointer": "/mcpServers/x/url"})]}
	r == {{"doc": 0, "message": "http://docs.example.com is not encrypted: use https://docs.example.com (plain http is allowed only to localhost)", "pointer": "/mcpServers/x/url", "server": 0}}
}

test_ws_is_reported if {
	report == {{"doc": 0, "message": "ws://h.example.com is not encrypted: use wss://h.example.com (plain ws is allowed only to localhost)", "pointer": "/u", "server": 0}} with input as {"servers": [server({"valid": true, "scheme": "ws", "host": "h.example.com", "loopback": false, "pointer": "/u"})]}
}

test_https_and_loopback_pass if {
	count(report) == 0 with input as {"servers": [
		server({"valid": true, "scheme": "https", "host": "mcp.example.com", "loopback": false, "pointer": "/a"}),
		server({"valid": true, "scheme": "http", "host": "localhost", "loopback": true, "pointer": "/b"}),
		server({"valid": true, "scheme": "http", "host": "127.0.0.1", "loopback": true, "pointer": "/c"}),
	]}
}

test_stdio_server_has_no_url if {
	count(report) == 0 with input as {"servers": [{"index": 0, "doc": 0, "pointer": "/p", "url": null}]}
}

# A team catalogue entry (tier library): Paseo refuses it, reported at the
# rule's level (error).
test_library_entry_is_reported_at_the_rule_level if {
	s := object.union(server({"valid": true, "scheme": "http", "host": "n8n.example.com", "loopback": false, "pointer": "/0/url"}), {"tier": "library", "client": "paseo"})
	r := report with input as {"servers": [s]}
	r == {{"doc": 0, "message": "Paseo refuses this entry: its address is http://n8n.example.com, and entry addresses must be https: use https://n8n.example.com", "pointer": "/0/url", "server": 0}}
}

# A single-label name (a compose service), .internal or a private address
# is reached over a local network only.
test_local_network_hosts_pass if {
	count(report) == 0 with input as {"servers": [
		server({"valid": true, "scheme": "http", "host": "jenkins", "loopback": false, "local_network": true, "pointer": "/a"}),
		server({"valid": true, "scheme": "http", "host": "10.0.0.7", "loopback": false, "local_network": true, "pointer": "/b"}),
	]}
}

# An address a bridge connects to, given in its arguments.
test_plain_http_in_args if {
	s := {"index": 0, "doc": 0, "pointer": "/mcpServers/x", "url": null, "plain_args": [{"scheme": "http", "host": "tools.example.com", "pointer": "/mcpServers/x/args/2", "value": "http://tools.example.com/mcp"}]}
	r := report with input as {"servers": [s], "index": {"plain_args": [0]}}
	r == {{"doc": 0, "message": "the bridge connects to http://tools.example.com in clear text: use https://tools.example.com (plain http is allowed only to localhost and local-network hosts)", "pointer": "/mcpServers/x/args/2", "server": 0}}
}
