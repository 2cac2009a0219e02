package mcplint.rules.text["hidden-characters"]

hidden(t) := object.union(
	{
		"kind": "hidden", "pointer": "/servers/0/server/description", "key": false, "offset": null, "end": null,
		"field": "description", "message": "U+202E RIGHT-TO-LEFT OVERRIDE at character 12: \"Reads files‹U+202E›fdp.exe\"",
		"classes": ["bidi"], "count": 1, "decoded": "", "secret": false,
	},
	t,
)

srv(ts) := {"index": 0, "doc": 0, "pointer": "/servers/0/server", "text": ts}

test_bidi_in_a_description if {
	r := report with input as {"servers": [srv([hidden({})])], "documents": []}
	r == {{"doc": 0, "server": 0, "pointer": "/servers/0/server/description", "message": "description hides U+202E RIGHT-TO-LEFT OVERRIDE at character 12: \"Reads files‹U+202E›fdp.exe\"; bidi controls make the text display in another order than it is read: remove them"}}
}

test_exact_span_when_known if {
	r := report with input as {"servers": [srv([hidden({"offset": 40, "end": 43})])], "documents": []}
	r == {{"doc": 0, "end": 43, "message": "description hides U+202E RIGHT-TO-LEFT OVERRIDE at character 12: \"Reads files‹U+202E›fdp.exe\"; bidi controls make the text display in another order than it is read: remove them", "offset": 40, "pointer": "/servers/0/server/description", "server": 0}}
}

test_tag_characters_say_what_they_spell if {
	r := report with input as {"servers": [srv([hidden({"classes": ["tag"], "message": "5 Unicode tag characters at characters 9–13, which spell \"hello\": \"x\""})])], "documents": []}
	r == {{"doc": 0, "message": "description hides 5 Unicode tag characters at characters 9–13, which spell \"hello\": \"x\"; a model reads the text tag characters spell, and no screen shows it: remove them", "pointer": "/servers/0/server/description", "server": 0}}
}

test_server_name_is_a_key if {
	r := report with input as {"servers": [srv([hidden({"key": true, "field": "the server name", "classes": ["zero-width"]})])], "documents": []}
	r == {{"doc": 0, "key": true, "message": "the server name hides U+202E RIGHT-TO-LEFT OVERRIDE at character 12: \"Reads files‹U+202E›fdp.exe\"; zero-width characters hide inside words and make look-alike names: remove them", "pointer": "/servers/0/server/description", "server": 0}}
}

test_tool_snapshot_findings_are_on_the_document if {
	t := hidden({"field": "the description of tool \"search\"", "pointer": "/tools/0/description"})
	r := report with input as {"servers": [], "documents": [{"index": 3, "registry": {"text": [t]}}]}
	r == {{"doc": 3, "message": "the description of tool \"search\" hides U+202E RIGHT-TO-LEFT OVERRIDE at character 12: \"Reads files‹U+202E›fdp.exe\"; bidi controls make the text display in another order than it is read: remove them", "pointer": "/tools/0/description", "server": -1}}
}

test_injections_are_not_this_rule if {
	count(report) == 0 with input as {"servers": [srv([hidden({"kind": "injection"})])], "documents": []}
}
