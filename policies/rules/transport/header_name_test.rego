package mcplint.rules.transport["header-name"]

srv(keys) := {
	"index": 0, "doc": 0, "name": "api", "client": "claude-code", "pointer": "/mcpServers/api",
	"headers": [{"key": k, "key_shape": shape(k), "pointer": sprintf("/mcpServers/api/headers/%s", [k])} | some k in keys],
}

# shape is what facts.headerShape measures in Go on the real name.
shape(k) := {
	"empty": trim_space(k) == "",
	"padded": padded(k),
	"bad": sort({c | some c in split(k, ""); not regex.match(token_char, c)}),
	"dot": contains(k, "."),
}

default padded(_) := false

padded(k) if {
	trim_space(k) != k
	regex.match(token, trim_space(k))
}

# token_char and token are RFC 9110's header name characters; the class
# has a backtick, so they cannot be raw strings.
token_char := "^[!#$%&'*+\\-.^_`|~0-9A-Za-z]$"

token := "^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$"

# A secret-like name reaches the policy as its id: the finding is about
# the real name's ".", not the id's "‹" and "›", and it suggests no
# spelling, which would show the name.
hidden(k) := {"servers": [object.union(srv([]), {"headers": [{"key": "‹id-481a0a02c37d›", "key_shape": shape(k), "pointer": "/mcpServers/api/headers/x"}]})]}

test_hidden_name_is_judged_by_its_shape if {
	count(report) == 0 with input as hidden("sk-live-4eC39HqLyjWDarjtT1zdp7dc")
	r := report with input as hidden("sk-live-4eC39HqLyjWDarjtT1zdp7dc.work")
	r == {{"doc": 0, "key": true, "message": "header name \"‹id-481a0a02c37d›\" has a \".\", which Paseo refuses and proxies such as nginx drop: rename it with letters, digits and \"-\" only", "pointer": "/mcpServers/api/headers/x", "server": 0}}
}

test_dot_is_reported_on_the_key if {
	r := report with input as {"servers": [srv(["x.api.key"])]}
	r == {{"doc": 0, "key": true, "message": "header name \"x.api.key\" has a \".\", which Paseo refuses and proxies such as nginx drop: write \"x-api-key\"", "pointer": "/mcpServers/api/headers/x.api.key", "server": 0}}
}

test_space_and_colon if {
	r := report with input as {"servers": [srv(["X Api:Key"])]}
	r == {{"doc": 0, "key": true, "message": "header name \"X Api:Key\" has a \":\" and a space, which is not allowed in a header name: write \"X-Api-Key\"", "pointer": "/mcpServers/api/headers/X Api:Key", "server": 0}}
}

test_non_ascii if {
	r := report with input as {"servers": [srv(["X-Clé"])]}
	r == {{"doc": 0, "key": true, "message": "header name \"X-Clé\" has \"é\", which is not allowed in a header name: write \"X-Cl\"", "pointer": "/mcpServers/api/headers/X-Clé", "server": 0}}
}

test_surrounding_space if {
	r := report with input as {"servers": [srv([" Authorization"])]}
	r == {{"doc": 0, "key": true, "message": "header name \" Authorization\" has a space at its start or end: write \"Authorization\"", "pointer": "/mcpServers/api/headers/ Authorization", "server": 0}}
}

test_empty if {
	r := report with input as {"servers": [srv([""])]}
	r == {{"doc": 0, "key": true, "message": "header name \"\" is empty: give the header a name", "pointer": "/mcpServers/api/headers/", "server": 0}}
}

test_valid_names_pass if {
	count(report) == 0 with input as {"servers": [srv(["Authorization", "X-Api-Key", "x_tenant", "Accept", "X-Custom!#$%&'*+^`|~1"])]}
}

test_no_headers if {
	count(report) == 0 with input as {"servers": [{"index": 0, "doc": 0, "pointer": "/p", "headers": []}]}
}

# A team catalogue entry (tier library): Paseo refuses a header name with
# a ".", reported at the rule's level (error).
test_library_entry_is_reported_at_the_rule_level if {
	s := object.union(srv(["x.api.key"]), {"tier": "library", "client": "paseo", "pointer": "/0"})
	r := report with input as {"servers": [s]}
	r == {{"doc": 0, "key": true, "message": "header name \"x.api.key\" has a \".\", which Paseo refuses and proxies such as nginx drop: write \"x-api-key\"", "pointer": "/mcpServers/api/headers/x.api.key", "server": 0}}
}
