# METADATA
# title: Server name that clients reject or mangle
# description: |
#   A server's name becomes part of every tool name the model sees:
#   mcp__<server>__<tool> in Claude Code and super-pi, <server>.<tool> in
#   Codex. Model APIs accept only letters, digits, "_" and "-" in a tool
#   name, so a name with a ".", a space, a "/" or any other character is
#   rejected (claude mcp add refuses it) or rewritten by the client, and
#   permission rules written with the real name no longer match. A name
#   with "__" makes mcp__a__b__tool ambiguous: the client, and rules such
#   as mcp__a__*, can no longer tell the server from the tool. Use letters,
#   digits and "-" ("github-work", not "github.work" or "github__work").
#   This is an error in the clients that refuse such a name or build
#   permission rules from it (Claude Code, Codex, super-pi, oceancode);
#   in the others (Cursor, Windsurf, Kiro …), which take the name as
#   written, it is an info for when the entry is copied to one of them.
#   VS Code, which writes registry names such as io.github.org/server
#   itself, and Continue, whose names are labels, are not checked;
#   neither are registry and catalogue documents, whose names are ids.
# custom:
#   level: error
#   source: super-pi tool naming (mcp__<server>__<tool>); clients.md (Claude Code names are [A-Za-z0-9_-])
#   fixable: false
#   tags: [correctness]
#   precision: high
package mcplint.rules.budget["server-name"]

import data.mcplint.lib

report contains level(s, lib.on_server(s, msg)) if {
	some s in lib.servers("odd_name")
	s.tier != "library"
	not s.client in {"vscode", "continue"}
	s.name != ""
	problems := [p | some p in [separator(s), characters(s)]; p != ""]
	count(problems) > 0
	msg := sprintf("server name %q %s%s: %s", [s.name, concat(", and ", problems), elsewhere(s), advice(s.name)])
}

# strict are the clients that refuse such a name or build permission
# rules from it (mcp__<server>__<tool>, <server>.<tool>). Elsewhere the
# client shows the name and rewrites it for the model itself, so the
# entry works: a note, for when it is copied to one of these.
strict := {"claude-code", "codex", "super-pi", "oceancode"}

level(s, f) := f if s.client in strict

else := lib.with_level(f, "info")

elsewhere(s) := "" if s.client in strict

else := sprintf("; %s takes it as written, but Claude Code refuses it if the entry is copied there", [lib.doc_of(s).client_name])

advice(name) := sprintf("name it %q", [fixed(name)]) if fixed(name) != ""

# A name of no letter or digit at all ("…", "\ud800") leaves nothing to
# keep.
else := `give it a name of letters, digits and "-"`

# The name's shape is measured in Go on the real name: a secret-like name
# reaches a policy only as its id (‹id-…›), whose characters are not the
# name's.
separator(s) := `has "__", the separator of mcp__<server>__<tool>, so its tool names cannot be split back into server and tool` if {
	s.name_shape.separator
} else := ""

characters(s) := sprintf("has %s, which tool names (letters, digits, _ and -) do not allow, so clients reject or rewrite it%s", [
	describe(bad), codex_note(s, bad),
]) if {
	bad := {c | some c in s.name_shape.bad}
	count(bad) > 0
} else := ""

codex_note(s, bad) := `; Codex also names tools <server>.<tool>, so a "." makes the server's name ambiguous` if {
	s.client == "codex"
	"." in bad
} else := ""

describe(cs) := concat(" and ", sort([word(c) | some c in cs]))

word(" ") := "a space"

word(c) := sprintf("a %q", [c]) if c != " "

fixed(name) := trim(regex.replace(regex.replace(name, `[^A-Za-z0-9_-]+`, "-"), `_{2,}|-{2,}`, "-"), "-_")
