# METADATA
# title: Tools approved without asking
# description: |
#   A setting lets an agent call a server's tools without asking you
#   first, including tools that change things: Cline's autoApprove or
#   Roo Code's / Kilo Code's alwaysAllow listing "*" or a tool that
#   writes (create_issue, delete_file, browser_click, run_query …), Kiro's
#   autoApprove likewise, Gemini CLI's "trust": true (every confirmation
#   of that server skipped), Codex's default_tools_approval_mode or a
#   tool's approval_mode = "approve" (Codex calls without asking;
#   "auto" still asks for tools that are not read-only),
#   dangerouslySkipPermissions: true or permissions.defaultMode
#   "bypassPermissions" (nothing asks at all), and
#   enableAllProjectMcpServers: true in a committed settings file (every
#   server this repository's .mcp.json defines, now or later, is approved
#   for everyone who opens it), and approval_policy = "never" in a
#   committed .codex/config.toml (Codex runs commands and MCP tool calls
#   without asking for everyone who trusts the project), and MCP tools
#   that change things (or a whole server, mcp__<server>) in the
#   permissions.allow of a committed .claude/settings.json. The approval prompt is what stops a
#   prompt-injected instruction from acting: keep auto-approval to tools
#   that only read (or that change only the server's own store on this
#   machine, such as the memory server's knowledge graph, which
#   mcplint's records mark), and approve project servers by name
#   (enabledMcpjsonServers) in your own settings.local.json.
# custom:
#   level: warning
#   source: super-pi permissions (a tool without readOnlyHint needs a prompt; dangerouslySkipPermissions skips all); clients.md approval fields
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 6.5
package mcplint.rules.trust["auto-approve"]

import data.mcplint.lib

allow_list_clients := {"cline", "roo", "kilo", "kiro"}

# autoApprove / alwaysAllow: everything.
report contains lib.at(s, it.pointer, msg) if {
	some s in lib.servers("trust")
	s.client in allow_list_clients
	some it in s.trust.auto_approve_items
	it.all
	not only_own_store(s)
	msg := sprintf(`%s: ["*"] lets %s call every tool of %q without asking, including the ones that change things: list only the tools that read`, [allow_list_key(it), s.trust.client_name, s.name])
}

# autoApprove / alwaysAllow: the tools that change things, one finding
# per server and list, at the first of them (one problem, one finding).
report contains lib.at(s, writes[0].pointer, msg) if {
	some s in lib.servers("trust")
	s.client in allow_list_clients
	some key in {allow_list_key(it) | some it in s.trust.auto_approve_items}
	writes := [it |
		some it in s.trust.auto_approve_items
		not it.all
		it.writes
		not it.tool in own_store(s)
		allow_list_key(it) == key
	]
	count(writes) > 0
	msg := approves_writes(s, key, [it.tool | some it in writes])
}

# Gemini CLI trust: true.
report contains lib.at(s, s.trust.trust_pointer, msg) if {
	some s in lib.servers("trust")
	s.client == "gemini"
	s.trust.trust_all
	msg := sprintf(`"trust": true makes Gemini CLI skip every confirmation for the tools of %q: remove it, and limit what the server offers with "includeTools" if you want fewer prompts`, [s.name])
}

# Codex: the server's default.
report contains lib.at(s, s.trust.approval_mode_pointer, msg) if {
	some s in lib.servers("trust")
	s.client == "codex"
	s.trust.approval_mode == "approve"
	msg := sprintf(`default_tools_approval_mode = "approve" makes Codex call every tool of %q without asking: use "auto" (asks for tools that are not read-only) or "prompt", and approve single read-only tools with tools.<tool>.approval_mode`, [s.name])
}

# Codex: one tool that changes things.
report contains lib.at(s, t.pointer, msg) if {
	some s in lib.servers("trust")
	s.client == "codex"
	some t in s.trust.tool_approvals
	t.mode == "approve"
	t.writes
	msg := sprintf(`approval_mode = "approve" makes Codex call %q of %q without asking, and it changes things: use "auto" or "prompt"`, [t.tool, s.name])
}

# Claude Code's permissions.allow in a committed settings file: MCP tools
# that change things (or a whole server) run without asking for everyone
# who opens the project; one finding per file, at the first.
report contains lib.on_doc(d, writes[0].pointer, msg) if {
	some d in lib.documents("settings")
	d.client == "claude-code"
	d.tier == "project"
	writes := [a | some a in d.allowed_tools; a.writes]
	count(writes) > 0
	msg := sprintf(`permissions.allow in %s, which is committed, lets Claude Code run %s without asking anyone who opens the project, and %s: allow only tools that read there, and keep the others in "ask" or in your own .claude/settings.local.json`, [d.path, concat(", ", [allowed_name(a) | some a in writes]), changes(writes)])
}

# Document-level switches.
report contains object.union(lib.on_doc(d, st.pointer, msg), {"key": true}) if {
	some d in lib.documents("settings")
	some st in d.settings
	st.key == "dangerouslySkipPermissions"
	st.value == "true"
	msg := "dangerouslySkipPermissions: true runs every tool, MCP tools included, without asking: remove it and allow single read-only tools instead (permissions.allowTools in super-pi, permissions.allow in Claude Code)"
}

report contains object.union(lib.on_doc(d, st.pointer, msg), {"key": true}) if {
	some d in lib.documents("settings")
	some st in d.settings
	st.key == "permissions.defaultMode"
	st.value == "bypassPermissions"
	msg := `permissions.defaultMode "bypassPermissions" runs every tool, MCP tools included, without asking: use "default" or "acceptEdits" and allow single tools in permissions.allow`
}

report contains object.union(lib.on_doc(d, st.pointer, msg), {"key": true}) if {
	some d in lib.documents("settings")
	some st in d.settings
	d.tier == "project"
	d.client == "claude-code"
	st.key == "enableAllProjectMcpServers"
	st.value == "true"
	msg := sprintf(`enableAllProjectMcpServers: true in %s, which is committed, approves every server this repository's .mcp.json defines, now or later, for everyone who opens it: remove it and approve servers by name in "enabledMcpjsonServers" in your own .claude/settings.local.json`, [d.path])
}

# Codex: a committed project config that turns every approval off.
report contains object.union(lib.on_doc(d, st.pointer, msg), {"key": true}) if {
	some d in lib.documents("settings")
	d.client == "codex"
	d.tier == "project"
	some st in d.settings
	st.key == "approval_policy"
	st.value == "never"
	msg := sprintf(`approval_policy = "never" in %s, which is committed, makes Codex run every command and MCP tool call without asking, for everyone who trusts this project: remove it and keep approval settings in your own ~/.codex/config.toml`, [d.path])
}

allow_list_key(it) := "alwaysAllow" if {
	contains(it.pointer, "/alwaysAllow/")
} else := "autoApprove"

approves_writes(s, key, tools) := sprintf("%s lets %s call %q of %q without asking, and it changes things: remove it from %s so you are asked first", [key, s.trust.client_name, tools[0], s.name, key]) if {
	count(tools) == 1
} else := sprintf("%s lets %s call %s of %q without asking, and they change things: remove them from %s so you are asked first", [key, s.trust.client_name, concat(", ", [sprintf("%q", [t]) | some t in tools]), s.name, key])

# allowed_name names one permissions.allow rule for a message.
allowed_name(a) := sprintf("every tool of %q", [a.server]) if a.tool == ""

else := sprintf("%s of %q", [a.tool, a.server])

changes(writes) := "it changes things" if count(writes) == 1

else := "they change things"

# own_store: the tools mcplint's record of the server says change only
# the server's own store on this machine (a memory server's graph).
own_store(s) := {t | some t in s.capability.classes["own-store"]}

# only_own_store: every tool of the server that changes, sends or runs
# anything changes only its own store.
only_own_store(s) if {
	count(own_store(s)) > 0
	every c in ["destructive", "outbound", "code-execution"] {
		every t in object.get(s.capability.classes, c, []) {
			t in own_store(s)
		}
	}
}
