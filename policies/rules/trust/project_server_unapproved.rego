# METADATA
# title: Project server waits for approval
# description: |
#   A server that arrives with a checkout (the project's .mcp.json) or a
#   plugin can run code on your machine, so clients do not start it on
#   their own. oceancode lists it but holds it untrusted (nothing is
#   spawned or dialed) until you trust it in ~/.oceancode/trust.json;
#   Claude Code asks before it starts a .mcp.json server that no
#   enabledMcpjsonServers list or enableAllProjectMcpServers setting
#   approves. Until then the server's tools are missing, which is easy to
#   take for a broken server. Review the entry, then trust it by name:
#   `oceancode trust mcp <name> on`, or for Claude Code approve it when
#   asked (it is then listed in enabledMcpjsonServers in
#   .claude/settings.local.json). Servers switched off or shadowed are
#   not reported, and a trusted server whose pin no longer matches is
#   trust/pin-drift. Approvals are per user, so the rule speaks only when
#   the run reads them: oceancode's trust.json, or Claude Code's
#   ~/.claude.json, ~/.claude/settings.json or .claude/settings.local.json
#   (a bare checkout in CI gets no finding). When an oceancode trust file
#   is part of the run, the project's servers are judged by it alone.
# custom:
#   level: info
#   source: oceancode ("Held until trusted"); Claude Code (.mcp.json servers need approval)
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 1.0
package mcplint.rules.trust["project-server-unapproved"]

import data.mcplint.lib

# oceancode holds it.
report contains lib.on_server(s, msg) if {
	some s in lib.servers("held")
	s.client == "claude-code"
	s.tier in {"project", "plugin"}
	s.state == "untrusted"
	not s.pin.drift
	msg := sprintf("oceancode holds %q from %s untrusted (%s): it is not started until you review it and run oceancode trust mcp %s on (or oceancode trust repo on for every server of this repository)", [
		s.name, lib.doc_of(s).path, s.untrusted_by, s.name,
	])
}

# Claude Code will ask. Approvals are each user's, so this is said only
# when the run reads that user's Claude Code state (~/.claude.json,
# ~/.claude/settings.json or the project's settings.local.json), not for a
# bare checkout. With an oceancode trust file in the run, the .mcp.json
# servers are judged by oceancode's trust (above) instead: a server it
# lets run was trusted there.
report contains lib.on_server(s, msg) if {
	user_state
	not oceancode
	some s in lib.servers("unapproved")
	s.client == "claude-code"
	s.tier == "project"
	s.state == "enabled"
	not approved(s)
	msg := sprintf(`Claude Code asks before it starts %q from %s (project servers need approval): approve it when asked, or list it in "enabledMcpjsonServers" in .claude/settings.local.json`, [
		s.name, lib.doc_of(s).path,
	])
}

user_state if {
	some d in input.documents
	d.tier in {"user", "local"}
	d.client == "claude-code"
}

oceancode if {
	some d in lib.documents("kind/trust-file")
	d.kind == "trust-file"
}

# approved: by the project's own settings files (a Go fact), or by
# enableAllProjectMcpServers in the user's, the managed or the project's
# settings documents of this run.
approved(s) if s.trust.approved

approved(s) if {
	some d in approving
	applies(d, s)
}

# approving are the Claude Code settings documents of this run that turn
# on enableAllProjectMcpServers (worked out once, not once per server).
approving contains d if {
	some d in lib.documents("settings")
	d.client == "claude-code"
	d.kind == "settings"
	some st in d.settings
	st.key == "enableAllProjectMcpServers"
	st.value == "true"
}

applies(d, _) if d.tier in {"user", "managed"}

applies(d, s) if {
	d.project != ""
	d.project == s.project
}
