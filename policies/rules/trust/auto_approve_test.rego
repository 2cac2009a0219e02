package mcplint.rules.trust["auto-approve"]

srv(client, name, trust) := {
	"index": 0, "doc": 0, "name": name, "client": client, "pointer": "/mcpServers/x",
	"trust": object.union(
		{
			"client_name": client, "auto_approve_items": [], "trust_all": false, "trust_pointer": "",
			"approval_mode": "", "approval_mode_pointer": "", "tool_approvals": [],
		},
		trust,
	),
}

item(key, i, tool, every_tool, writes) := {"tool": tool, "pointer": sprintf("/mcpServers/x/%s/%d", [key, i]), "all": every_tool, "writes": writes}

test_roo_star_and_write_tool if {
	r := report with input as {"documents": [], "servers": [srv("roo", "github", {"client_name": "Roo Code", "auto_approve_items": [
		item("alwaysAllow", 0, "get_issue", false, false),
		item("alwaysAllow", 1, "create_issue", false, true),
		item("alwaysAllow", 2, "*", true, true),
	]})]}
	count(r) == 2
	some f1 in r
	f1.pointer == "/mcpServers/x/alwaysAllow/1"
	contains(f1.message, `alwaysAllow lets Roo Code call "create_issue" of "github" without asking, and it changes things: remove it from alwaysAllow`)
	some f2 in r
	f2.pointer == "/mcpServers/x/alwaysAllow/2"
	contains(f2.message, `alwaysAllow: ["*"] lets Roo Code call every tool of "github"`)
}

test_cline_auto_approve_key if {
	r := report with input as {"documents": [], "servers": [srv("cline", "fs", {"client_name": "Cline", "auto_approve_items": [item("autoApprove", 0, "write_file", false, true)]})]}
	some f in r
	contains(f.message, "autoApprove lets Cline call \"write_file\"")
}

test_read_only_list_and_other_clients_pass if {
	count(report) == 0 with input as {"documents": [], "servers": [
		srv("roo", "a", {"auto_approve_items": [item("alwaysAllow", 0, "list_files", false, false)]}),
		# Claude Code does not read alwaysAllow (schema/unknown-field says so)
		srv("claude-code", "b", {"auto_approve_items": [item("alwaysAllow", 0, "*", true, true)]}),
	]}
}

test_gemini_trust if {
	count(report) == 0 with input as {"documents": [], "servers": [srv("cline", "db", {"trust_all": true})]}
	r := report with input as {"documents": [], "servers": [srv("gemini", "db", {"trust_all": true, "trust_pointer": "/mcpServers/x/trust"})]}
	some f in r
	f.pointer == "/mcpServers/x/trust"
	contains(f.message, `"trust": true makes Gemini CLI skip every confirmation for the tools of "db"`)
}

test_codex_modes if {
	r := report with input as {"documents": [], "servers": [srv("codex", "linear", {
		"approval_mode": "approve", "approval_mode_pointer": "/mcp_servers/linear/default_tools_approval_mode",
		"tool_approvals": [
			{"tool": "search_issues", "mode": "approve", "pointer": "/t/1", "writes": false},
			{"tool": "create_issue", "mode": "approve", "pointer": "/t/2", "writes": true},
			{"tool": "delete_issue", "mode": "prompt", "pointer": "/t/3", "writes": true},
		],
	})]}
	count(r) == 2
	some f1 in r
	f1.pointer == "/mcp_servers/linear/default_tools_approval_mode"
	contains(f1.message, `default_tools_approval_mode = "approve" makes Codex call every tool of "linear" without asking`)
	some f2 in r
	f2.pointer == "/t/2"
	contains(f2.message, `"create_issue" of "linear"`)
}

test_codex_auto_and_prompt_pass if {
	count(report) == 0 with input as {"documents": [], "servers": [
		srv("codex", "a", {"approval_mode": "auto"}),
		srv("codex", "b", {"approval_mode": "prompt"}),
	]}
}

doc(tier, settings) := {"index": 3, "tier": tier, "client": "claude-code", "path": ".claude/settings.json", "settings": settings}

test_document_switches if {
	r := report with input as {"servers": [], "documents": [doc("user", [
		{"key": "dangerouslySkipPermissions", "pointer": "/dangerouslySkipPermissions", "value": "true"},
		{"key": "permissions.defaultMode", "pointer": "/permissions/defaultMode", "value": "bypassPermissions"},
	])]}
	count(r) == 2
	some f in r
	f.doc == 3
	f.server == -1
	f.key == true
	f.pointer == "/dangerouslySkipPermissions"
}

test_enable_all_only_in_committed_file if {
	count(report) == 0 with input as {"servers": [], "documents": [doc("project", [{"key": "enableAllProjectMcpServers", "pointer": "/e", "value": "false"}])]}
	on := [{"key": "enableAllProjectMcpServers", "pointer": "/enableAllProjectMcpServers", "value": "true"}]
	count(report) == 0 with input as {"servers": [], "documents": [doc("local", on), doc("user", on)]}
	r := report with input as {"servers": [], "documents": [doc("project", on)]}
	count(r) == 1
	some f in r
	contains(f.message, "enableAllProjectMcpServers: true in .claude/settings.json, which is committed")
}

test_switches_off_pass if {
	count(report) == 0 with input as {"servers": [], "documents": [doc("user", [
		{"key": "dangerouslySkipPermissions", "pointer": "/d", "value": "false"},
		{"key": "permissions.defaultMode", "pointer": "/p", "value": "acceptEdits"},
	])]}
}

test_write_tools_of_one_server_give_one_finding if {
	r := report with input as {"documents": [], "servers": [srv("kiro", "render", {"client_name": "Kiro", "auto_approve_items": [
		item("autoApprove", 0, "list_services", false, false),
		item("autoApprove", 1, "create_web_service", false, true),
		item("autoApprove", 2, "update_environment_variables", false, true),
	]})]}
	count(r) == 1
	some f in r
	f.pointer == "/mcpServers/x/autoApprove/1"
	contains(f.message, `autoApprove lets Kiro call "create_web_service", "update_environment_variables" of "render" without asking, and they change things: remove them from autoApprove`)
}

codex_doc(tier, value) := {"index": 0, "tier": tier, "client": "codex", "path": ".codex/config.toml", "settings": [
	{"key": "approval_policy", "pointer": "/approval_policy", "value": value},
]}

test_codex_project_never_asks if {
	count(report) == 0 with input as {"servers": [], "documents": [codex_doc("project", "on-request")]}
	count(report) == 0 with input as {"servers": [], "documents": [codex_doc("user", "never")]}
	r := report with input as {"servers": [], "documents": [codex_doc("project", "never")]}
	count(r) == 1
	some f in r
	startswith(f.message, `approval_policy = "never" in .codex/config.toml, which is committed`)
}
