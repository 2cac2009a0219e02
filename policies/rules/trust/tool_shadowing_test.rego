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
	count(r) == 1
	some f in r
	f.pointer == "/tools/0"
	contains(f.message, `tool "send_email" of server "mail2" has the same name as a tool of server "mail" (Claude Code)`)
	f.related == [{"doc": 1, "pointer": "/tools/3", "message": `tool "send_email" of server "mail"`}]
}

test_mention if {
	r := report with input as {
		"documents": [snap([{
			"server": "notes", "tool": "add", "pointer": "/tools/1", "kind": "mention",
			"other": "mail", "other_client": "Claude Code", "other_tool": "send_email", "other_doc": -1, "other_pointer": "",
		}])],
		"servers": [],
	}
	some f in r
	contains(f.message, `the description of tool "add" of server "notes" names tool "send_email" of server "mail"`)
	f.related == []
}

test_no_clash_passes if {
	count(report) == 0 with input as {"documents": [snap([])], "servers": []}
}
