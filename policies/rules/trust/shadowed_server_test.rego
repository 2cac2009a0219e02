package mcplint.rules.trust["shadowed-server"]

docs := [{"index": 0, "path": ".mcp.json"}, {"index": 1, "path": "~/.claude.json"}]

cc := {"client_name": "Claude Code", "precedence": ["managed", "local", "project", "user", "plugin"], "field_merge": false}

codex := {"client_name": "Codex", "precedence": ["managed", "project", "user", "system"], "field_merge": true}

srv(i, doc, tier, def, by, trust) := {
	"index": i, "doc": doc, "name": "github", "tier": tier, "pointer": "/mcpServers/github",
	"project": project(tier),
	"shadowed_by": by, "pin": {"definition": def}, "trust": trust,
}

project("user") := ""

project(t) := "/p" if t != "user"

test_user_copy_held_by_project_copy if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", "aaa", -1, cc),
		srv(1, 1, "user", "bbb", 0, cc),
	]}
	r == {{"doc": 1, "key": true, "message": "\"github\" here (user tier) is not used in this project: Claude Code runs the project copy in .mcp.json instead (managed > local > project > user > plugin), and the two differ; remove or rename the copy you do not mean to run", "pointer": "/mcpServers/github", "related": [{"doc": 0, "key": true, "message": "the project copy of \"github\", which runs", "pointer": "/mcpServers/github"}], "server": 1}}
}

test_identical_copies_are_info if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", "same", -1, cc),
		srv(1, 1, "user", "same", 0, cc),
	]}
	r == {{"doc": 1, "key": true, "level": "info", "message": "\"github\" here (user tier) is not used in this project: Claude Code runs the project copy in .mcp.json instead (managed > local > project > user > plugin), which is the same server; remove one of the two", "pointer": "/mcpServers/github", "related": [{"doc": 0, "key": true, "message": "the project copy of \"github\", which runs", "pointer": "/mcpServers/github"}], "server": 1}}
}

test_duplicate_in_one_file if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", "a", 1, cc),
		srv(1, 0, "project", "b", -1, cc),
	]}
	r == {{"doc": 0, "key": true, "message": "\"github\" here (project tier) is never started: Claude Code runs the copy later in this file instead, and the two differ; remove or rename the copy you do not mean to run", "pointer": "/mcpServers/github", "related": [{"doc": 0, "key": true, "message": "the project copy of \"github\", which runs", "pointer": "/mcpServers/github"}], "server": 0}}
}

test_field_merge_wording if {
	r := report with input as {"documents": [{"index": 0, "path": ".codex/config.toml"}, {"index": 1, "path": "~/.codex/config.toml"}], "servers": [
		srv(0, 0, "project", "a", -1, codex),
		srv(1, 1, "user", "b", 0, codex),
	]}
	r == {{
		"doc": 1, "server": 1, "pointer": "/mcpServers/github", "key": true,
		"message": "Codex merges \"github\" here (user tier) into the project copy in .codex/config.toml (managed > project > user > system): every field that copy writes overrides this one, and every field it leaves out still comes from here; write the server once, or keep only the fields you mean to override",
		"related": [{"doc": 0, "key": true, "message": "the project copy of \"github\", which the merged server starts from", "pointer": "/mcpServers/github"}],
	}}
}

test_field_merge_identical_is_info if {
	r := report with input as {"documents": docs, "servers": [
		srv(0, 0, "project", "a", -1, codex),
		srv(1, 1, "user", "a", 0, codex),
	]}
	r == {{"doc": 1, "key": true, "level": "info", "message": "Codex merges \"github\" here (user tier) into the project copy in .mcp.json, and the two are the same: remove one", "pointer": "/mcpServers/github", "related": [{"doc": 0, "key": true, "message": "the project copy of \"github\", which the merged server starts from", "pointer": "/mcpServers/github"}], "server": 1}}
}

test_no_shadowing_no_finding if {
	count(report) == 0 with input as {"documents": docs, "servers": [
		srv(0, 0, "project", "a", -1, cc),
		srv(1, 1, "user", "b", -1, cc),
	]}
}

test_same_tier_other_file_names_no_tier_order if {
	r := report with input as {"documents": [{"index": 0, "path": ".agents/mcp.json"}, {"index": 1, "path": "opencode.json"}], "servers": [
		srv(0, 0, "project", "a", -1, codex),
		srv(1, 1, "project", "b", 0, codex),
	]}
	r == {{"doc": 1, "key": true, "message": "Codex merges \"github\" here (project tier) into the project copy in .agents/mcp.json: every field that copy writes overrides this one, and every field it leaves out still comes from here; write the server once, or keep only the fields you mean to override", "pointer": "/mcpServers/github", "related": [{"doc": 0, "key": true, "message": "the project copy of \"github\", which the merged server starts from", "pointer": "/mcpServers/github"}], "server": 1}}
}
