package mcplint.rules.budget["tool-name-length"]

srv(client, name, tools) := {
	"index": 0, "doc": 0, "name": name, "name_shape": shape(name), "client": client, "tier": "user", "pointer": sprintf("/mcpServers/%s", [name]),
	"tools": {"names": tools, "known": count(tools) > 0, "count": count(tools)},
}

# shape is what facts.nameShape measures in Go on the real name.
shape(name) := {
	"length": count(name),
	"bad": sort({c | some c in split(name, ""); not regex.match(`^[A-Za-z0-9_-]$`, c)}),
	"separator": contains(name, "__"),
}

# The length is the real name's, not that of its id.
test_hidden_name_counts_the_real_length if {
	id := "‹id-481a0a02c37d›"
	r := report with input as {"servers": [object.union(srv("claude-code", id, []), {"name_shape": shape("abcdefghijabcdefghijabcdefghijabcdefgh")})]}
	r == {{"doc": 0, "key": true, "message": "every tool of \"‹id-481a0a02c37d›\" is named mcp__‹id-481a0a02c37d›__<tool>, which leaves only 19 characters for the tool's own name within the 64 characters model APIs accept: give the server a shorter name", "pointer": "/mcpServers/‹id-481a0a02c37d›", "server": 0}}
	count(report) == 0 with input as {"servers": [object.union(srv("claude-code", id, []), {"name_shape": shape("abcdefgh")})]}
}

test_known_long_tool_name if {
	# mcp__github-enterprise__ is 24 characters; the tool is 41: 65 in all
	tool := "list_pull_request_review_comment_threads_"
	count(tool) == 41
	r := report with input as {"servers": [srv("claude-code", "github-enterprise", [tool, "get_issue"])]}
	r == {{"doc": 0, "key": true, "message": "mcp__github-enterprise__list_pull_request_review_comment_threads_ is 65 characters, over the 64 model APIs accept: give \"github-enterprise\" a shorter name (the prefix mcp__github-enterprise__ alone takes 24)", "pointer": "/mcpServers/github-enterprise", "server": 0}}
}

test_exactly_64_passes if {
	tool := "list_pull_request_review_comment_threads"
	count(report) == 0 with input as {"servers": [srv("claude-code", "github-enterprise", [tool])]}
}

test_several_long_tools if {
	r := report with input as {"servers": [srv("super-pi", "github-enterprise", [
		"list_pull_request_review_comment_threads_a", "list_pull_request_review_comment_threads_b",
		"list_pull_request_review_comment_threads_c",
	])]}
	r == {{"doc": 0, "key": true, "message": "mcp__github-enterprise__list_pull_request_review_comment_threads_a is 66 characters, over the 64 model APIs accept (and 2 more of its tools): give \"github-enterprise\" a shorter name (the prefix mcp__github-enterprise__ alone takes 24)", "pointer": "/mcpServers/github-enterprise", "server": 0}}
}

test_long_server_name_without_known_tools if {
	# mcp__ + 36 + __ = 43: 21 left, fine; 38 characters: 19 left
	count(report) == 0 with input as {"servers": [srv("claude-code", "abcdefghijabcdefghijabcdefghijabcdef", [])]}
	r := report with input as {"servers": [srv("claude-code", "abcdefghijabcdefghijabcdefghijabcdefgh", [])]}
	r == {{"doc": 0, "key": true, "message": "every tool of \"abcdefghijabcdefghijabcdefghijabcdefgh\" is named mcp__abcdefghijabcdefghijabcdefghijabcdefgh__<tool>, which leaves only 19 characters for the tool's own name within the 64 characters model APIs accept: give the server a shorter name", "pointer": "/mcpServers/abcdefghijabcdefghijabcdefghijabcdefgh", "server": 0}}
}

test_no_room if {
	long := concat("", [x | some _ in numbers.range(1, 7); x := "abcdefghij"])
	r := report with input as {"servers": [srv("claude-code", long, [])]}
	r == {{"doc": 0, "key": true, "message": "every tool of \"abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij\" is named mcp__abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij__<tool>, which leaves no room for the tool's own name within the 64 characters model APIs accept: give the server a shorter name", "pointer": "/mcpServers/abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij", "server": 0}}
}

test_other_clients_and_libraries if {
	long := "abcdefghijabcdefghijabcdefghijabcdefghij"
	count(report) == 0 with input as {"servers": [srv("cursor", long, [])]}
	count(report) == 0 with input as {"servers": [object.union(srv("claude-code", long, []), {"tier": "library"})]}
}
