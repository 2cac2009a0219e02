package mcplint.rules.trust["pin-drift"]

docs := [
	{"index": 0, "path": ".mcp.json", "kind": "client-config"},
	{"index": 1, "path": "home/.oceancode/trust.json", "kind": "trust-file"},
]

stdio := {
	"index": 0, "doc": 0, "name": "deploy", "tier": "project", "project": "/src/app",
	"transport": "stdio", "pointer": "/mcpServers/deploy",
	"command": {"pointer": "/mcpServers/deploy/command"}, "url": null,
	"pin": {
		"drift": true, "source": "home/.oceancode/trust.json",
		"pinned": "sha256:1111111111111111111111", "hash": "sha256:2222222222222222222222",
	},
}

test_changed_command if {
	r := report with input as {"documents": docs, "servers": [stdio]}
	r == {{"doc": 0, "message": "the command of \"deploy\" changed after it was trusted: it no longer matches its pin in home/.oceancode/trust.json (pinned sha256:111111111111…, now sha256:222222222222…), so oceancode holds it untrusted again; review the change, then re-approve it with oceancode trust mcp deploy on", "pointer": "/mcpServers/deploy/command", "related": [{"doc": 1, "key": true, "message": "the pin recorded for \"deploy\" when it was trusted", "pointer": "/projects/~1src~1app/mcp_hashes/deploy"}], "server": 0}}
}

test_changed_url if {
	remote := object.union(stdio, {"transport": "http", "command": null, "url": {"pointer": "/mcpServers/deploy/url"}, "pin": {"pinned": ""}})
	r := report with input as {"documents": docs, "servers": [remote]}
	r == {{"doc": 0, "message": "the URL of \"deploy\" changed after it was trusted: it no longer matches its pin in home/.oceancode/trust.json, so oceancode holds it untrusted again; review the change, then re-approve it with oceancode trust mcp deploy on", "pointer": "/mcpServers/deploy/url", "related": [{"doc": 1, "key": true, "message": "the pin recorded for \"deploy\" when it was trusted", "pointer": "/projects/~1src~1app/mcp_hashes/deploy"}], "server": 0}}
}

test_no_drift_or_user_tier_pass if {
	count(report) == 0 with input as {"documents": docs, "servers": [object.union(stdio, {"pin": {"drift": false}})]}
	count(report) == 0 with input as {"documents": docs, "servers": [object.union(stdio, {"tier": "user"})]}
}

test_plugin_tier if {
	report == {{"doc": 0, "message": "the command of \"deploy\" changed after it was trusted: it no longer matches its pin in home/.oceancode/trust.json (pinned sha256:111111111111…, now sha256:222222222222…), so oceancode holds it untrusted again; review the change, then re-approve it with oceancode trust mcp deploy on", "pointer": "/mcpServers/deploy/command", "related": [{"doc": 1, "key": true, "message": "the pin recorded for \"deploy\" when it was trusted", "pointer": "/projects/~1src~1app/mcp_hashes/deploy"}], "server": 0}} with input as {"documents": docs, "servers": [object.union(stdio, {"tier": "plugin"})]}
}
