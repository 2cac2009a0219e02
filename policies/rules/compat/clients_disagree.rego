# METADATA
# title: Clients run the same server differently
# description: |
#   The same server (the same package, or the same address) is
#   configured for two clients in one project, and the copies differ in
#   the version, the arguments after the package or the names of the
#   env entries: people on Cursor and on Claude Code run different
#   servers while the repository looks like it configures one. Make the
#   copies the same, or say in the one that differs why.
# custom:
#   level: warning
#   source: 'ctxlint consistency checks across client configs, in every client dialect mcplint reads'
#   fixable: false
#   tags: [consistency]
#   precision: high
package mcplint.rules.compat["clients-disagree"]

import data.mcplint.lib

report contains lib.at(s, pointer(s, d), msg) if {
	some s in lib.servers("disagrees")
	some d in s.disagrees
	o := input.servers[d.other]
	msg := sprintf("%s runs %q with %s %s, but %s runs it (%s) with %s %s: make the copies the same", [
		s.trust.client_name, s.name, d.what, shown(d.mine), o.trust.client_name, o.name, d.what, shown(d.theirs),
	])
}

pointer(s, d) := s.runner.package_pointer if {
	d.what == "version"
} else := s.pointer

shown("") := "none"

shown(v) := sprintf("%q", [v]) if v != ""
