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
	some f in r
	contains(f.message, `has a ".", which`)
	not contains(f.message, `"‹"`)
}

test_dot if {
	r := report with input as {"servers": [srv("codex", "github.work")]}
	count(r) == 1
	some f in r
	f.key == true
	f.pointer == "/mcpServers/github.work"
	contains(f.message, `server name "github.work" has a ".", which tool names (letters, digits, _ and -) do not allow`)
	contains(f.message, "Codex also names tools <server>.<tool>")
	r2 := report with input as {"servers": [srv("claude-code", "github.work")]}
	some f2 in r2
	not contains(f2.message, "Codex")
	contains(f.message, `name it "github-work"`)
}

test_double_underscore if {
	r := report with input as {"servers": [srv("claude-code", "github__work")]}
	some f in r
	contains(f.message, `has "__", the separator of mcp__<server>__<tool>`)
	contains(f.message, `name it "github-work"`)
	not contains(f.message, "do not allow")
}

test_space_and_slash if {
	r := report with input as {"servers": [srv("cursor", "My Team/Docs")]}
	some f in r
	contains(f.message, `has a "/" and a space`)
	contains(f.message, `name it "My-Team-Docs"`)
}

test_both_problems if {
	r := report with input as {"servers": [srv("super-pi", "a__b.c")]}
	some f in r
	contains(f.message, "so its tool names cannot be split back into server and tool, and has a \".\"")
	contains(f.message, `name it "a-b-c"`)
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
	r := report with input as {"servers": [srv("cursor", "…?")]}
	some f in r
	contains(f.message, `give it a name of letters, digits and "-"`)
	not contains(f.message, `name it ""`)
}
