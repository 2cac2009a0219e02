# METADATA
# title: A held copy lets a lower copy of the server run
# description: |
#   The copy of a server that should win (the highest tier that defines
#   the name) cannot run, because it is switched off or held untrusted,
#   so the client runs the next tier's copy of that name in its place.
#   oceancode does exactly this ("only when the winning copy cannot run,
#   held untrusted or disabled, does the next copy run in its place"), and
#   so does any client that drops held copies before it picks one. A
#   project whose .mcp.json is not trusted yet therefore runs your own
#   ~/.claude.json server of the same name, and switching the project's
#   copy off does not switch the server off. If you meant to turn the
#   server off, switch off (or remove) every copy; if you meant the
#   higher copy to run, trust or enable it. The finding is on the held
#   copy and points at the one that runs; it is info when both copies
#   are the same.
# custom:
#   level: warning
#   source: oceancode ("Only when the winning copy cannot run … does the next copy run in its place")
#   fixable: false
#   tags: [security, correctness]
#   precision: high
#   security_severity: 4.0
package mcplint.rules.trust["next-copy-runs"]

import data.mcplint.lib

report contains f if {
	some [h, r] in pairs
	r.index != h.index
	r.trust.tier_rank > h.trust.tier_rank
	same_project(h, r)
	same := h.pin.definition == r.pin.definition
	base := object.union(lib.on_server(h, message(h, r, same)), {"related": [{
		"doc": r.doc, "pointer": r.pointer, "key": true,
		"message": sprintf("the %s copy of %q, which runs instead", [r.tier, r.name]),
	}]})
	f := level(base, same)
}

# stopped are the copies switched off or held untrusted whose client runs
# the next copy of the name instead.
stopped contains h if {
	some h in lib.servers("held")
	h.shadowed_by < 0
	h.state in {"disabled", "untrusted"}
	not h.trust.field_merge
	h.trust.tier_rank >= 0
}

# pairs are each stopped copy with the enabled copies of its name that
# may run in its place: those of its own project and the home ones, or
# for a home copy those of every project. The copies are gathered in one
# pass and looked up by name, so a monorepo of projects that share server
# names is not compared pair by pair.
pairs contains [h, r] if {
	some h in stopped
	h.project != ""
	some project in {h.project, ""}
	some r in running[[h.client, h.name, project]]
}

pairs contains [h, r] if {
	some h in stopped
	h.project == ""
	some r in running_anywhere[[h.client, h.name]]
}

# running are the enabled copies of the stopped names, by client, name and
# project, and running_anywhere the same by client and name (the pairs
# take the whole object once, then look names up).
running[[r.client, r.name, r.project]] contains r if {
	some r in enabled_copies
}

running_anywhere[[r.client, r.name]] contains r if {
	some r in enabled_copies
}

enabled_copies contains r if {
	names := {[h.client, h.name] | some h in stopped}
	some client in {h.client | some h in stopped}
	some r in lib.servers(concat("", ["client/", client]))
	r.state == "enabled"
	[r.client, r.name] in names
}

same_project(a, b) if a.project == b.project

same_project(a, b) if {
	a.project != b.project
	"" in {a.project, b.project}
}

level(f, true) := lib.with_level(f, "info")

level(f, false) := f

message(h, r, same) := sprintf("%q here (%s tier) is %s, so %s runs the %s copy in %s in its place%s", [
	h.name, h.tier, held(h), who(h), r.tier, input.documents[r.doc].path, advice(h, same),
])

held(h) := sprintf("held untrusted (%s)", [h.untrusted_by]) if {
	h.state == "untrusted"
} else := sprintf("switched off (%s)", [h.disabled_by])

who(h) := "oceancode" if {
	h.state == "untrusted"
} else := "oceancode" if {
	contains(h.disabled_by, "disabled_mcp")
} else := h.trust.client_name

advice(_, true) := "; it is the same server, so nothing changes, but remove one of the two"

advice(h, false) := sprintf(": to turn %q off, switch off every copy; to run this one, trust it (oceancode trust mcp %s on)", [h.name, h.name]) if {
	h.state == "untrusted"
}

advice(h, false) := sprintf(": to turn %q off, switch off or remove every copy; to run this one, switch it back on", [h.name]) if {
	h.state == "disabled"
}
