package mcplint.rules.trust["pin-scope"]

trust_doc := {"index": 1, "kind": "trust-file", "path": "home/.oceancode/trust.json"}

srv(env, headers) := {
	"index": 0, "doc": 0, "name": "github", "client": "claude-code", "tier": "project",
	"untrusted": false, "transport": "stdio", "url": null, "pointer": "/mcpServers/github",
	"env": [{"key": k, "pointer": sprintf("/mcpServers/github/env/%s", [k])} | some k in env],
	"headers": [{"key": k, "pointer": sprintf("/mcpServers/github/headers/%s", [k])} | some k in headers],
}

test_env_of_trusted_stdio_server if {
	r := report with input as {"documents": [trust_doc], "servers": [srv(["GITHUB_TOKEN", "GITHUB_API_URL"], [])]}
	r == {{"doc": 0, "key": true, "message": "oceancode pins only the command of \"github\": its env (GITHUB_TOKEN, GITHUB_API_URL) can change with a later checkout without a new approval; review changes to them like changes to the command", "pointer": "/mcpServers/github/env", "server": 0}}
}

test_headers_of_remote if {
	s := object.union(srv([], ["Authorization", "X-Tenant"]), {"transport": "http", "url": {"pointer": "/u"}})
	r := report with input as {"documents": [trust_doc], "servers": [s]}
	r == {{"doc": 0, "key": true, "message": "oceancode pins only the URL of \"github\": its headers (Authorization, X-Tenant) can change with a later checkout without a new approval; review changes to them like changes to the URL", "pointer": "/mcpServers/github/headers", "server": 0}}
}

test_both if {
	r := report with input as {"documents": [trust_doc], "servers": [srv(["A"], ["B"])]}
	r == {{"doc": 0, "key": true, "message": "oceancode pins only the command of \"github\": its env (A) and headers (B) can change with a later checkout without a new approval; review changes to them like changes to the command", "pointer": "/mcpServers/github/env", "server": 0}}
}

test_not_reported if {
	# no trust file: nothing is pinned
	count(report) == 0 with input as {"documents": [], "servers": [srv(["A"], [])]}

	# held untrusted: not pinned yet
	count(report) == 0 with input as {"documents": [trust_doc], "servers": [object.union(srv(["A"], []), {"untrusted": true})]}

	# the user's own server is never pinned
	count(report) == 0 with input as {"documents": [trust_doc], "servers": [object.union(srv(["A"], []), {"tier": "user"})]}

	# nothing unpinned to say
	count(report) == 0 with input as {"documents": [trust_doc], "servers": [srv([], [])]}
}
