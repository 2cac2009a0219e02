# METADATA
# title: Header name is not a valid HTTP token
# description: |
#   A header name may hold only the characters of an HTTP token: letters,
#   digits and ! # $ % & ' * + - ^ _ ` | ~ (RFC 9110). A space, a colon,
#   a slash, a non-ASCII letter or an empty name makes the request
#   invalid, and the server or a proxy rejects it or drops the header.
#   A "." is allowed by the standard but is refused by Paseo and dropped
#   by common proxies (nginx ignores such headers by default), so the
#   credential never arrives. Write the name with letters, digits and
#   "-", e.g. "X-Api-Key" rather than "x.api.key".
# custom:
#   level: error
#   source: Paseo ("a header name with a . is refused"); RFC 9110 field names
#   fixable: false
#   tags: [correctness]
#   precision: very-high
package mcplint.rules.transport["header-name"]

import data.mcplint.lib

report contains lib.at_key(s, h.pointer, msg) if {
	some s in lib.servers("odd_header")
	some h in s.headers
	problem := problem_of(h.key_shape)
	msg := sprintf("header name %q %s: %s", [h.key, problem, suggestion(h.key)])
}

# The name's shape is measured in Go on the real name (key_shape): a
# secret-like name reaches a policy only as its id (‹id-…›), whose
# characters are not the name's.
problem_of(sh) := "is empty" if {
	sh.empty
} else := "has a space at its start or end" if {
	sh.padded
} else := sprintf("has %s, which is not allowed in a header name", [describe(sh.bad)]) if {
	count(sh.bad) > 0
} else := "has a \".\", which Paseo refuses and proxies such as nginx drop" if {
	sh.dot
}

describe(cs) := concat(" and ", sort([word(c) | some c in cs]))

word(" ") := "a space"

word(":") := `a ":"`

word(c) := sprintf("%q", [c]) if not c in {" ", ":"}

suggestion(name) := "give the header a name" if {
	trim_space(name) == ""
} else := `rename it with letters, digits and "-" only` if {
	# A secret-like name: a corrected spelling would show it.
	startswith(name, "‹id-")
} else := sprintf("write %q", [fixed(name)])

# fixed replaces every run of characters that do not belong with "-".
fixed(name) := trim(regex.replace(trim_space(name), not_token_chars, "-"), "-")

# not_token_chars matches a run of characters an HTTP header name may not
# hold (RFC 9110 token); the class has a backtick, so it cannot be a raw
# string.
not_token_chars := "[^!#$%&'*+\\-^_`|~0-9A-Za-z]+"
