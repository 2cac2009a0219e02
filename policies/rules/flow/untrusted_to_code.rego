# METADATA
# title: A server that reads others' text beside one that runs code
# description: |
#   One client loads, in one project, a server that reads content someone
#   else wrote (a web page, an issue, an email) and another server that
#   runs code or commands. Text in the first can tell the agent to run
#   commands through the second: the sharpest of agent-scan's destructive
#   toxic flows (TF002), a pair of servers beside the lethal trifecta
#   (flow/lethal-trifecta, which is reported instead where it applies).
#   Classes come from the same records and tool snapshots. A server that
#   does both on its own (a browser that can run code) is its own design
#   and is not reported, alone or beside another server that reads
#   content others write, which adds nothing to what it reads itself. Pairs
#   whose second server only changes or deletes things (an issue
#   tracker's update_issue beside a search server) are left out: nearly
#   every multi-server configuration has one. Ask before the tool that
#   runs code runs (Claude Code: `permissions.ask` in
#   `.claude/settings.json`; VS Code and Cursor: leave the tool
#   unapproved), or keep the two servers in separate projects.
#
#   | | mcplint | agent-scan | mcp-audit |
#   |---|---|---|---|
#   | pair | untrusted content + code execution, two servers | TF002: untrusted content + any destructive tool | SHELL_EXEC pairs |
#   | one server alone | not reported | reported | reported |
#   | beside the trifecta | the trifecta alone | both | both |
# custom:
#   level: warning
#   source: 'agent-scan toxic flows (TF002, destructive toxic flow)'
#   fixable: false
#   tags: [security]
#   precision: medium
#   security_severity: 7.0
package mcplint.rules.flow["untrusted-to-code"]

import data.mcplint.lib

import data.mcplint.rules.flow["lethal-trifecta"] as trifecta

report contains lib.on_server(s, msg) if {
	some g in input.groups
	g.flow == null
	f := g.code_flow
	f != null
	s := input.servers[f.at]
	msg := sprintf("%s loads %s (%s reads content others write) and %s (%s runs code) together: text in the first can make the agent run commands on this machine through the second; %s", [
		s.trust.client_name,
		trifecta.label(f.untrusted), f.untrusted.tool,
		trifecta.label(f.code), f.code.tool,
		advice(s, f.code),
	])
}

advice(s, d) := sprintf(`ask before %s runs: add "mcp__%s__%s" to "permissions.ask" in .claude/settings.json, or keep these servers in separate projects`, [d.tool, input.servers[d.server].name, d.tool]) if {
	s.client == "claude-code"
} else := sprintf("leave %s unapproved so %s asks before it runs, or keep these servers in separate projects", [d.tool, s.trust.client_name]) if {
	s.client in {"vscode", "cursor", "windsurf", "cline", "roo"}
} else := "keep these servers in separate projects, or remove the one this project does not need"
