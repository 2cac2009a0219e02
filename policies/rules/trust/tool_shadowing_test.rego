package mcplint.rules.trust["tool-shadowing"]

snap(clashes) := {"index": 0, "path": ".mcplint/tools/mail.json", "kind": "tool-snapshot", "snapshot": {"pinned": false, "pins_path": "", "drift": [], "names": [], "clashes": clashes}}

test_same_name if {
	r := report with input as {
		"documents": [snap([{
			"server": "mail2", "tool": "send_email", "pointer": "/tools/0", "kind": "same-name",
			"other": "mail", "other_client": "Claude Code", "other_tool": "send_email", "other_doc": 1, "other_pointer": "/tools/3",
		}])],
		"servers": [],
	}
	r == {{"doc": 0, "message": "tool \"send_email\" of server \"mail2\" has the same name as a tool of server \"mail\" (Claude Code): clients that show tools by name give the model two \"send_email\", and it may call the wrong server's; keep one of the servers, or disable the tool in one of them", "pointer": "/tools/0", "related": [{"doc": 1, "message": "tool \"send_email\" of server \"mail\"", "pointer": "/tools/3"}], "server": -1}}
}

test_mention if {
	r := report with input as {
		"documents": [snap([{
			"server": "notes", "tool": "add", "pointer": "/tools/1", "kind": "mention",
			"other": "mail", "other_client": "Claude Code", "other_tool": "send_email", "other_doc": -1, "other_pointer": "",
		}])],
		"servers": [],
	}
	r == {{"doc": 0, "message": "the description of tool \"add\" of server \"notes\" names tool \"send_email\" of server \"mail\": text about another server's tools steers how the model uses them (cross-server shadowing); a tool should describe only itself", "pointer": "/tools/1", "related": [], "server": -1}}
}

test_no_clash_passes if {
	count(report) == 0 with input as {"documents": [snap([])], "servers": []}
}
