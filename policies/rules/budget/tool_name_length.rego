# METADATA
# title: Tool names over 64 characters
# description: |
#   Claude Code and super-pi show a server's tools to the model as
#   mcp__<server>__<tool> (a Claude Code plugin's as
#   mcp__plugin_<plugin>_<server>__<tool>), and model APIs refuse a tool
#   name longer than 64 characters: the request fails, or the client
#   drops or cuts the name, and permission rules written for the full
#   name stop matching. Where the tool names are known (tool snapshots)
#   each name over 64 is reported. Without them, a server name so long
#   that mcp__<server>__ leaves fewer than 20 of the 64 characters for
#   the tool's own name is reported, since most of its tools will not
#   fit. Give the server a short name ("gh" rather than
#   "github-enterprise-internal-tools").
# custom:
#   level: warning
#   source: clients.md pitfalls (mcp__<server>__<tool> names, plugin form mcp__plugin_<p>_<s>__<t>); super-pi tool naming
#   fixable: false
#   tags: [correctness]
#   precision: high
package mcplint.rules.budget["tool-name-length"]

import data.mcplint.lib

# max_length is the longest tool name model APIs accept.
max_length := 64

# room is the least a server name should leave for the tool's own name.
room := 20

clients := {"claude-code", "super-pi"}

prefix(s) := sprintf("mcp__%s__", [s.name])

# prefix_length counts the real name (name_shape), not its id when the
# name is secret-like.
prefix_length(s) := count("mcp____") + s.name_shape.length

# Known tool names.
report contains lib.on_server(s, msg) if {
	some s in lib.servers("tools")
	s.client in clients
	s.tier != "library"
	long := sort([[n, l] | some t in s.tools.names; n := concat("", [prefix(s), t]); l := prefix_length(s) + count(t); l > max_length])
	count(long) > 0
	msg := sprintf("%s is %d characters, over the %d model APIs accept%s: give %q a shorter name (the prefix mcp__%s__ alone takes %d)", [
		long[0][0], long[0][1], max_length, others(count(long) - 1), s.name, s.name, prefix_length(s),
	])
}

# Unknown tool names: the server name alone leaves too little room.
report contains lib.on_server(s, msg) if {
	some s in lib.servers("odd_name")
	s.client in clients
	s.tier != "library"
	count(s.tools.names) == 0
	left := max_length - prefix_length(s)
	left < room
	msg := sprintf("every tool of %q is named mcp__%s__<tool>, which leaves %s for the tool's own name within the %d characters model APIs accept: give the server a shorter name", [
		s.name, s.name, chars(left), max_length,
	])
}

others(0) := ""

others(1) := " (and 1 more of its tools)"

others(n) := sprintf(" (and %d more of its tools)", [n]) if n > 1

chars(n) := "no room" if n <= 0

chars(1) := "1 character"

chars(n) := sprintf("only %d characters", [n]) if n > 1
