# METADATA
# title: Servers that together can leak private data
# description: |
#   One client loads, in one project, a server that reads content someone
#   else wrote (a web page, an issue, an email), a server that reads the
#   user's private data (files, a database, a private repository) and a
#   server that sends data out (a request, a comment, a message). Text
#   in the first can tell the agent to read the second and send it
#   through the third: Simon Willison's "lethal trifecta". The servers
#   are those the client really runs (after tiers, shadowing, disabled
#   and untrusted copies), classified from mcplint's records of
#   well-known servers (`knowledge/servers/*.toml`, extended by a
#   project's `.mcplint/knowledge/*.toml`; the tool lists of the servers
#   installable from npm are read by `mcplint probe` at pinned versions,
#   `knowledge/probed/*.json`, and a test fails when a server changes
#   them) and the project's tool
#   snapshots (`.mcplint/tools/*.json`: annotations and names). A set
#   that one server completes on its own is that server's design and is
#   not reported here; servers mcplint knows nothing of are counted as
#   unknown, never as safe. The finding is at the server that completes
#   the set. While the client asks the user before the outbound tool runs
#   (Claude Code, Claude Desktop, Cursor, VS Code, Gemini CLI, Zed, Cline,
#   Roo Code, Kilo Code, Kiro, Amazon Q, Copilot CLI, Junie, Kimi and
#   Continue do by default) the send needs the user's yes, and the
#   finding is an info that says to keep it that way. When nothing asks
#   (a client that runs MCP tools unasked by default, such as OpenCode,
#   Goose or Windsurf as far as is known; Gemini's "trust": true; the tool
#   or "*" in the entry's autoApprove or alwaysAllow; the tool or its
#   server in the permissions.allow of a Claude Code settings file) it is
#   a warning, or an error when one of the three servers can also run
#   code. Approvals kept in a client's UI are not seen. Keep the outbound
#   tools asking (Claude Code: `permissions.ask` in
#   `.claude/settings.json`), or split the servers across projects.
#
#   | | mcplint | agent-scan (W015–W020) | mcp-audit (TOXIC-001..007) |
#   |---|---|---|---|
#   | needs | the committed config | a live scan and Snyk's API | the config, `--connect` for tools |
#   | untrusted content | records, snapshot hints and names | W015/W016 | NETWORK_IN tags |
#   | private data | records, snapshot names | W017 sensitive, W018 workspace | FILE_READ, DATABASE, SECRETS |
#   | outbound | records, open-world hints, names | part of the flow | NETWORK_OUT |
#   | destructive | records, destructive hints | W019, W020 | SHELL_EXEC pairs |
#   | across servers | yes, per client and project, after shadowing | yes | pairs and paths |
#   | one server alone | not reported | reported | reported |
# custom:
#   level: warning
#   source: 'Simon Willison, "The lethal trifecta for AI agents" (2025); agent-scan toxic flows W015–W020'
#   fixable: false
#   tags: [security]
#   precision: medium
#   security_severity: 7.0
package mcplint.rules.flow["lethal-trifecta"]

import data.mcplint.lib

report contains lib.with_level(lib.on_server(s, msg), level(g.flow)) if {
	some g in input.groups
	g.flow != null
	s := input.servers[g.flow.at]
	msg := sprintf("%s loads %s (%s reads content others write), %s (%s reads private data) and %s (%s sends data out) together%s: text in the first can make the agent read the second and send it through the third; %s", [
		s.trust.client_name,
		label(g.flow.untrusted), g.flow.untrusted.tool,
		label(g.flow.private), g.flow.private.tool,
		label(g.flow.outbound), g.flow.outbound.tool,
		code_note(g.flow),
		advice(s, g.flow),
	])
}

label(step) := sprintf("%q", [input.servers[step.server].name])

# level: while the client asks before the outbound tool runs, the user
# sees the send and the flow needs their yes (an info); when nothing asks
# (the client runs tools unasked, or the file approves the tool), a
# warning, or an error when a server of the flow can also run code.
level(f) := "info" if f.unattended == ""

else := "error" if count(f.code_execution) > 0

else := "warning"

code_note(f) := sprintf(", and %q can also run code (%s)", [input.servers[f.code_execution[0].server].name, f.code_execution[0].tool]) if {
	count(f.code_execution) > 0
} else := ""

advice(s, f) := sprintf("%s asks before %s runs, and that question is what stops it: keep %s unapproved, or keep these servers in separate projects", [s.trust.client_name, f.outbound.tool, f.outbound.tool]) if {
	f.unattended == ""
} else := sprintf("%s, so nothing stops it: %s", [f.unattended, unattended_advice(s, f.outbound)])

unattended_advice(s, out) := sprintf(`ask before %s runs: add "mcp__%s__%s" to "permissions.ask" in .claude/settings.json, or keep these servers in separate projects`, [out.tool, input.servers[out.server].name, out.tool]) if {
	s.client == "claude-code"
} else := sprintf("remove %s from the approved tools so %s asks before it runs, or keep these servers in separate projects", [out.tool, s.trust.client_name]) if {
	s.client in {"vscode", "cursor", "windsurf", "cline", "roo", "kilo", "kiro", "gemini"}
} else := "keep these servers in separate projects, or remove the one this project does not need"
