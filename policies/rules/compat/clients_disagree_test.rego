package mcplint.rules.compat["clients-disagree"]

srv(i, client, name, d) := {
	"index": i, "doc": i, "name": name, "client": client, "pointer": sprintf("/mcpServers/%s", [name]),
	"trust": {"client_name": client}, "runner": {"package_pointer": sprintf("/mcpServers/%s/args/1", [name])}, "disagrees": d,
}

test_version_disagreement_is_at_the_package if {
	servers := [srv(0, "Cursor", "acme", []), srv(1, "Claude Code", "acme", [{"other": 0, "what": "version", "mine": "@acme/mcp@1.3.1", "theirs": "@acme/mcp@1.2.0"}])]
	r := report with input as {"servers": servers, "index": {"disagrees": [1]}}
	r == {{"doc": 1, "server": 1, "pointer": "/mcpServers/acme/args/1", "message": `Claude Code runs "acme" with version "@acme/mcp@1.3.1", but Cursor runs it (acme) with version "@acme/mcp@1.2.0": make the copies the same`}}
}

test_env_disagreement_is_at_the_server if {
	servers := [srv(0, "Cursor", "acme", []), srv(1, "Claude Code", "acme", [{"other": 0, "what": "env", "mine": "", "theirs": "ACME_TOKEN"}])]
	r := report with input as {"servers": servers, "index": {"disagrees": [1]}}
	r == {{"doc": 1, "message": "Claude Code runs \"acme\" with env none, but Cursor runs it (acme) with env \"ACME_TOKEN\": make the copies the same", "pointer": "/mcpServers/acme", "server": 1}}
}

test_agreeing_copies_pass if {
	count(report) == 0 with input as {"servers": [srv(0, "Cursor", "acme", [])], "index": {"disagrees": []}}
}
