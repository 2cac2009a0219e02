package mcplint.rules.budget["server-name"]

srv(client, name) := {"index": 0, "doc": 0, "name": name, "name_shape": shape(name), "client": client, "tier": "project", "pointer": sprintf("/mcpServers/%s", [name])}

# shape is what facts.nameShape measures in Go on the real name.
shape(name) := {
	"length": count(name),
	"bad": sort({c | some c in split(name, ""); not regex.match(`^[A-Za-z0-9_-]$`, c)}),
	"separator": contains(name, "__"),
}

# A secret-like name reaches the policy as its id; the id's own "‹" and
# "›" are not the name's characters.
test_hidden_name_is_judged_by_its_shape if {
	id := "‹id-481a0a02c37d›"
	count(report) == 0 with input as {"servers": [object.union(srv("claude-code", id), {"name_shape": shape("ghp_R8x2Lq9ZtV4mN7pK3sW6")})]}
	r := report with input as {"servers": [object.union(srv("claude-code", id), {"name_shape": shape("ghp_R8x2Lq9ZtV4mN7pK3sW6.x")})]}
	r == {{"doc": 0, "key": true, "message": "server name \"‹id-481a0a02c37d›\" has a \".\", which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it: name it \"id-481a0a02c37d\"", "pointer": "/mcpServers/‹id-481a0a02c37d›", "server": 0}}
}

test_dot if {
	r := report with input as {"servers": [srv("codex", "github.work")]}
	r == {{"doc": 0, "key": true, "message": "server name \"github.work\" has a \".\", which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it; Codex also names tools <server>.<tool>, so a \".\" makes the server's name ambiguous: name it \"github-work\"", "pointer": "/mcpServers/github.work", "server": 0}}
	r2 := report with input as {"servers": [srv("claude-code", "github.work")]}
	r2 == {{"doc": 0, "key": true, "message": "server name \"github.work\" has a \".\", which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it: name it \"github-work\"", "pointer": "/mcpServers/github.work", "server": 0}}
}

test_double_underscore if {
	r := report with input as {"servers": [srv("claude-code", "github__work")]}
	r == {{"doc": 0, "key": true, "message": "server name \"github__work\" has \"__\", the separator of mcp__<server>__<tool>, so its tool names cannot be split back into server and tool: name it \"github-work\"", "pointer": "/mcpServers/github__work", "server": 0}}
}

test_space_and_slash if {
	r := report with input as {"servers": [srv("claude-code", "My Team/Docs")]}
	r == {{"doc": 0, "key": true, "message": "server name \"My Team/Docs\" has a \"/\" and a space, which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it: name it \"My-Team-Docs\"", "pointer": "/mcpServers/My Team/Docs", "server": 0}}
}

# A client that takes the name as written (Cursor, Kiro …): an info for
# when the entry is copied to a client that refuses it.
test_lenient_client_gets_an_info if {
	r := report with input as {"documents": [{"index": 0, "client_name": "Cursor"}], "servers": [srv("cursor", "My Team")]}
	r == {{"doc": 0, "key": true, "level": "info", "message": "server name \"My Team\" has a space, which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it; Cursor takes it as written, but Claude Code refuses it if the entry is copied there: name it \"My-Team\"", "pointer": "/mcpServers/My Team", "server": 0}}
}

test_both_problems if {
	r := report with input as {"servers": [srv("super-pi", "a__b.c")]}
	r == {{"doc": 0, "key": true, "message": "server name \"a__b.c\" has \"__\", the separator of mcp__<server>__<tool>, so its tool names cannot be split back into server and tool, and has a \".\", which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it: name it \"a-b-c\"", "pointer": "/mcpServers/a__b.c", "server": 0}}
}

test_good_names_pass if {
	count(report) == 0 with input as {"servers": [
		srv("claude-code", "github"), srv("claude-code", "github-work"), srv("claude-code", "my_server2"),
		srv("claude-code", "A-b_C"),
	]}
}

test_skipped if {
	count(report) == 0 with input as {"servers": [
		srv("vscode", "io.github.github/github-mcp-server"),
		srv("continue", "My Docs"),
		object.union(srv("registry", "com.acme/mcp"), {"tier": "library"}),
		srv("claude-code", ""),
	]}
}

test_nothing_left_to_keep if {
	r := report with input as {"servers": [srv("claude-code", "…?")]}
	r == {{"doc": 0, "key": true, "message": "server name \"…?\" has a \"?\" and a \"…\", which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it: give it a name of letters, digits and \"-\"", "pointer": "/mcpServers/…?", "server": 0}}
}
