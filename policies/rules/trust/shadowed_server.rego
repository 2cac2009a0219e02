# METADATA
# title: Server name defined at several tiers
# description: |
#   One server name is defined more than once for the same client and
#   project: in the project's .mcp.json and in ~/.claude.json, say, or
#   twice in one file. The client runs only one of the copies, chosen by
#   its tier order (Claude Code: managed > local > project > user >
#   plugin; oceancode the same; Cursor and most others: project > user),
#   and holds the others: listed, never started. Editing the copy that is
#   held changes nothing, and a project can replace a server you set up
#   yourself simply by reusing its name. Clients that merge their config
#   layers (Codex, OpenCode, Zed) make one server of the copies instead,
#   field by field, so a field left out of the higher copy silently comes
#   from the lower one. The finding is on each held copy and names the one
#   that runs. When the copies are identical it is only a leftover (info):
#   remove one. Otherwise remove or rename the copy you do not mean to run.
#
#   Paseo's libraries merge by trust: "A server name is shown once, and a
#   clash goes by trust, not by the order of the list: Team first, then
#   libraries you added". A library server named like an entry of the
#   team catalogue ($PASEO_HOME/plugin-settings/paseo-mcp/catalog.json, or
#   a 0.12.0 team file), by its server.json name or the gallery
#   curation's id, is hidden and reported here.
# custom:
#   level: warning
#   source: oceancode (a name declared at two tiers runs once; local > project > user > plugin); Claude Code scope precedence; Paseo (libraries merge by trust, Team first)
#   fixable: false
#   tags: [security, correctness]
#   precision: very-high
#   security_severity: 4.0
package mcplint.rules.trust["shadowed-server"]

import data.mcplint.lib

report contains f if {
	some s in lib.servers("copies")
	s.shadowed_by >= 0
	w := input.servers[s.shadowed_by]
	same := s.pin.definition == w.pin.definition
	base := object.union(lib.on_server(s, text(s, w, same)), {"related": [{
		"doc": w.doc, "pointer": w.pointer, "key": true,
		"message": related(w),
	}]})
	f := level(base, same)
}

level(f, true) := lib.with_level(f, "info")

level(f, false) := f

related(w) := sprintf("the Team entry %q, which Paseo shows", [w.name]) if {
	w.tier == "library"
} else := sprintf("the %s copy of %q, which %s", [w.tier, w.name, runs_word(w)])

# text is the message: Paseo's merge of libraries for a library copy,
# else the client's tier order.
text(s, w, same) := msg if {
	s.tier == "library"
	msg := sprintf("%q here (a library) is hidden: Paseo shows a server name once and a clash goes by trust, Team first, then libraries you added, so the Team entry %q in %s is shown instead%s", [s.name, w.name, input.documents[w.doc].path, lib_note(same)])
} else := message(s, w, same)

lib_note(true) := ", which is the same server; remove this copy"

lib_note(false) := ", and the two differ: this library's copy never shows; rename it if it is another server"

runs_word(w) := "runs" if not w.trust.field_merge

runs_word(w) := "the merged server starts from" if w.trust.field_merge

# where names the other copy: its tier and file, or "later in this file".
where(s, w) := "the copy later in this file" if {
	s.doc == w.doc
} else := sprintf("the %s copy in %s", [w.tier, input.documents[w.doc].path])

# unused: a home copy is held only in the projects that define the name
# again.
unused(s, w) := "not used in this project" if {
	s.project == ""
	w.project != ""
} else := "never started"

order(s) := sprintf(" (%s)", [concat(" > ", s.trust.precedence)]) if {
	count(s.trust.precedence) > 0
	s.tier != input.servers[s.shadowed_by].tier
} else := ""

# who names the clients whose behaviour the message describes, with the
# verb: oceancode reads Claude Code's files and folds them the same way.
who(s) := "Claude Code and oceancode run" if {
	lib.oceancode
	s.trust.client_name == "Claude Code"
} else := sprintf("%s runs", [s.trust.client_name])

# Copies that merge field by field.
message(s, w, true) := msg if {
	s.trust.field_merge
	msg := sprintf("%s merges %q here (%s tier) into %s, and the two are the same: remove one", [s.trust.client_name, s.name, s.tier, where(s, w)])
}

message(s, w, false) := msg if {
	s.trust.field_merge
	msg := sprintf("%s merges %q here (%s tier) into %s%s: every field that copy writes overrides this one, and every field it leaves out still comes from here; write the server once, or keep only the fields you mean to override", [s.trust.client_name, s.name, s.tier, where(s, w), order(s)])
}

# Whole copies: one runs, the others are held.
message(s, w, true) := msg if {
	not s.trust.field_merge
	msg := sprintf("%q here (%s tier) is %s: %s %s instead%s, which is the same server; remove one of the two", [s.name, s.tier, unused(s, w), who(s), where(s, w), order(s)])
}

message(s, w, false) := msg if {
	not s.trust.field_merge
	msg := sprintf("%q here (%s tier) is %s: %s %s instead%s, and the two differ; remove or rename the copy you do not mean to run", [s.name, s.tier, unused(s, w), who(s), where(s, w), order(s)])
}
