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
	r == {
		{"doc": 0, "message": "alwaysAllow lets Roo Code call \"create_issue\" of \"github\" without asking, and it changes things: remove it from alwaysAllow so you are asked first", "pointer": "/mcpServers/x/alwaysAllow/1", "server": 0},
		{"doc": 0, "message": "alwaysAllow: [\"*\"] lets Roo Code call every tool of \"github\" without asking, including the ones that change things: list only the tools that read", "pointer": "/mcpServers/x/alwaysAllow/2", "server": 0},
	}
}

test_cline_auto_approve_key if {
	r := report with input as {"documents": [], "servers": [srv("cline", "fs", {"client_name": "Cline", "auto_approve_items": [item("autoApprove", 0, "write_file", false, true)]})]}
	r == {{"doc": 0, "message": "autoApprove lets Cline call \"write_file\" of \"fs\" without asking, and it changes things: remove it from autoApprove so you are asked first", "pointer": "/mcpServers/x/autoApprove/0", "server": 0}}
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
	r == {{"doc": 0, "message": "\"trust\": true makes Gemini CLI skip every confirmation for the tools of \"db\": remove it, and limit what the server offers with \"includeTools\" if you want fewer prompts", "pointer": "/mcpServers/x/trust", "server": 0}}
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
	r == {
		{"doc": 0, "message": "approval_mode = \"approve\" makes Codex call \"create_issue\" of \"linear\" without asking, and it changes things: use \"auto\" or \"prompt\"", "pointer": "/t/2", "server": 0},
		{"doc": 0, "message": "default_tools_approval_mode = \"approve\" makes Codex call every tool of \"linear\" without asking: use \"auto\" (asks for tools that are not read-only) or \"prompt\", and approve single read-only tools with tools.<tool>.approval_mode", "pointer": "/mcp_servers/linear/default_tools_approval_mode", "server": 0},
	}
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
	r == {
		{"doc": 3, "key": true, "message": "dangerouslySkipPermissions: true runs every tool, MCP tools included, without asking: remove it and allow single read-only tools instead (permissions.allowTools in super-pi, permissions.allow in Claude Code)", "pointer": "/dangerouslySkipPermissions", "server": -1},
		{"doc": 3, "key": true, "message": "permissions.defaultMode \"bypassPermissions\" runs every tool, MCP tools included, without asking: use \"default\" or \"acceptEdits\" and allow single tools in permissions.allow", "pointer": "/permissions/defaultMode", "server": -1},
	}
}

test_enable_all_only_in_committed_file if {
	count(report) == 0 with input as {"servers": [], "documents": [doc("project", [{"key": "enableAllProjectMcpServers", "pointer": "/e", "value": "false"}])]}
	on := [{"key": "enableAllProjectMcpServers", "pointer": "/enableAllProjectMcpServers", "value": "true"}]
	count(report) == 0 with input as {"servers": [], "documents": [doc("local", on), doc("user", on)]}
	r := report with input as {"servers": [], "documents": [doc("project", on)]}
	r == {{"doc": 3, "key": true, "message": "enableAllProjectMcpServers: true in .claude/settings.json, which is committed, approves every server this repository's .mcp.json defines, now or later, for everyone who opens it: remove it and approve servers by name in \"enabledMcpjsonServers\" in your own .claude/settings.local.json", "pointer": "/enableAllProjectMcpServers", "server": -1}}
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
	r == {{"doc": 0, "message": "autoApprove lets Kiro call \"create_web_service\", \"update_environment_variables\" of \"render\" without asking, and they change things: remove them from autoApprove so you are asked first", "pointer": "/mcpServers/x/autoApprove/1", "server": 0}}
}

codex_doc(tier, value) := {"index": 0, "tier": tier, "client": "codex", "path": ".codex/config.toml", "settings": [
	{"key": "approval_policy", "pointer": "/approval_policy", "value": value},
]}

test_codex_project_never_asks if {
	count(report) == 0 with input as {"servers": [], "documents": [codex_doc("project", "on-request")]}
	count(report) == 0 with input as {"servers": [], "documents": [codex_doc("user", "never")]}
	r := report with input as {"servers": [], "documents": [codex_doc("project", "never")]}
	r == {{"doc": 0, "key": true, "message": "approval_policy = \"never\" in .codex/config.toml, which is committed, makes Codex run every command and MCP tool call without asking, for everyone who trusts this project: remove it and keep approval settings in your own ~/.codex/config.toml", "pointer": "/approval_policy", "server": -1}}
}

# permissions.allow in a committed Claude Code settings file: the MCP
# tools that change things (and whole servers), one finding at the first;
# read-only tools and a user's own file pass.
test_committed_permissions_allow_with_write_tools if {
	allowed := [
		{"pointer": "/permissions/allow/0", "server": "linear", "tool": "list_issues", "writes": false},
		{"pointer": "/permissions/allow/1", "server": "linear", "tool": "save_issue", "writes": true},
		{"pointer": "/permissions/allow/2", "server": "supabase", "tool": "", "writes": true},
	]
	r := report with input as {"servers": [], "documents": [object.union(doc("project", []), {"allowed_tools": allowed})]}
	r == {{"doc": 3, "server": -1, "pointer": "/permissions/allow/1", "message": "permissions.allow in .claude/settings.json, which is committed, lets Claude Code run save_issue of \"linear\", every tool of \"supabase\" without asking anyone who opens the project, and they change things: allow only tools that read there, and keep the others in \"ask\" or in your own .claude/settings.local.json"}}
	count(report) == 0 with input as {"servers": [], "documents": [object.union(doc("user", []), {"allowed_tools": allowed})]}
	count(report) == 0 with input as {"servers": [], "documents": [object.union(doc("project", []), {"allowed_tools": [allowed[0]]})]}
}

# Tools that change only the server's own store (the memory server's
# graph, by mcplint's record) are not reported; another write tool is.
test_own_store_tools_pass if {
	cap := {"classes": {"destructive": ["create_entities", "delete_entities"], "own-store": ["create_entities", "delete_entities"]}}
	s := object.union(srv("kiro", "memory", {"client_name": "Kiro", "auto_approve_items": [item("autoApprove", 0, "create_entities", false, true)]}), {"capability": cap})
	count(report) == 0 with input as {"servers": [s]}
	star := object.union(srv("kiro", "memory", {"client_name": "Kiro", "auto_approve_items": [item("autoApprove", 0, "*", true, true)]}), {"capability": cap})
	count(report) == 0 with input as {"servers": [star]}
	other := object.union(srv("kiro", "memory", {"client_name": "Kiro", "auto_approve_items": [item("autoApprove", 0, "create_issue", false, true)]}), {"capability": cap})
	count(report) == 1 with input as {"servers": [other]}
}
