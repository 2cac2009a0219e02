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
	some f in r
	f.offset == 40
	f.end == 43
}

test_tag_characters_say_what_they_spell if {
	r := report with input as {"servers": [srv([hidden({"classes": ["tag"], "message": "5 Unicode tag characters at characters 9–13, which spell \"hello\": \"x\""})])], "documents": []}
	some f in r
	contains(f.message, `which spell "hello"`)
	contains(f.message, "a model reads the text tag characters spell")
}

test_server_name_is_a_key if {
	r := report with input as {"servers": [srv([hidden({"key": true, "field": "the server name", "classes": ["zero-width"]})])], "documents": []}
	some f in r
	f.key
}

test_tool_snapshot_findings_are_on_the_document if {
	t := hidden({"field": "the description of tool \"search\"", "pointer": "/tools/0/description"})
	r := report with input as {"servers": [], "documents": [{"index": 3, "registry": {"text": [t]}}]}
	some f in r
	f.doc == 3
	f.server == -1
	f.pointer == "/tools/0/description"
}

test_injections_are_not_this_rule if {
	count(report) == 0 with input as {"servers": [srv([hidden({"kind": "injection"})])], "documents": []}
}
