# METADATA
# title: Hidden characters in names or descriptions
# description: |
#   Text that people read and models act on holds characters nobody
#   sees: bidi controls (U+202E RIGHT-TO-LEFT OVERRIDE and the like),
#   which make text display in another order than it is read;
#   zero-width characters (U+200B, U+200C, U+200D, U+2060, U+FEFF, soft
#   hyphens), which hide inside words and make look-alike names; Unicode
#   tag characters (U+E0000–U+E007F), which spell text a model reads but
#   no screen shows; stray variation selectors; and control characters
#   (escape sequences rewrite a terminal; a line break or tab in a name
#   fakes another line). Paseo shows names, publishers, descriptions and
#   labels without them and refuses a catalogue entry that holds a
#   control character. The finding says which characters and where
#   (character positions count from 1), shows the place with each one
#   written as ‹U+XXXX›, and decodes what tag characters spell (masked
#   when it is a secret). Checked: every string of a registry or
#   catalogue entry, a client config's server names, descriptions and
#   titles, and the tools and parameters of tool snapshots. Emoji joiners,
#   variation selectors after emoji, joiners in scripts that need them
#   and subdivision flags are not reported. Remove the characters.
# custom:
#   level: error
#   source: Paseo (names, publishers, descriptions and labels are shown without bidi controls, zero-width or control characters; a control character is refused); peers (Unicode tag smuggling)
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 7.0
package mcplint.rules.text["hidden-characters"]

import data.mcplint.lib

# In a server's own strings.
report contains f if {
	some s in lib.servers("text")
	some t in s.text
	t.kind == "hidden"
	f := place(lib.at(s, t.pointer, message(t)), t)
}

# In a tool snapshot's tools.
report contains f if {
	some d in lib.documents("registry")
	some t in d.registry.text
	t.kind == "hidden"
	f := place(lib.on_doc(d, t.pointer, message(t)), t)
}

# place points at the hidden characters themselves when Go found them in
# the file, else at the value; a server name is a key.
place(f, t) := object.union(f, {"offset": t.offset, "end": t.end}) if {
	t.offset != null
} else := object.union(f, {"key": true}) if {
	t.key
} else := f

message(t) := sprintf("%s hides %s; %s: remove them", [t.field, t.message, why(t)])

why(t) := "a model reads the text tag characters spell, and no screen shows it" if {
	"tag" in t.classes
} else := "bidi controls make the text display in another order than it is read" if {
	"bidi" in t.classes
} else := "control characters can rewrite a terminal or fake a line, and Paseo refuses them" if {
	"control" in t.classes
} else := "zero-width characters hide inside words and make look-alike names" if {
	"zero-width" in t.classes
} else := "variation selectors outside emoji can carry hidden data"
