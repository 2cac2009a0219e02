package mcplint.rules.text["prompt-injection"]

inj(t) := object.union(
	{
		"kind": "injection", "pointer": "/servers/0/server/description", "key": false, "offset": null, "end": null,
		"field": "description", "message": "<IMPORTANT>", "why": "a tag that marks text as instructions for the model",
		"hidden": false, "pattern": "model-tag",
	},
	t,
)

srv(ts) := {"index": 0, "doc": 0, "pointer": "/servers/0/server", "text": ts}

test_important_tag if {
	r := report with input as {"servers": [srv([inj({})])], "documents": []}
	r == {{"doc": 0, "message": "description addresses the model, \"<IMPORTANT>\" (a tag that marks text as instructions for the model): the model reads it with every request, unseen by whoever approved the server; a description should say what the server or tool does", "pointer": "/servers/0/server/description", "server": 0}}
}

test_phrase_span if {
	r := report with input as {"servers": [srv([inj({"offset": 10, "end": 21})])], "documents": []}
	r == {{"doc": 0, "end": 21, "message": "description addresses the model, \"<IMPORTANT>\" (a tag that marks text as instructions for the model): the model reads it with every request, unseen by whoever approved the server; a description should say what the server or tool does", "offset": 10, "pointer": "/servers/0/server/description", "server": 0}}
}

test_hidden_instruction if {
	r := report with input as {"servers": [srv([inj({"hidden": true, "message": "ignore previous instructions", "pattern": "ignore-instructions"})])], "documents": []}
	r == {{"doc": 0, "message": "description hides text aimed at the model, \"ignore previous instructions\" (a tag that marks text as instructions for the model): the model reads it with every request and nobody sees it; a description should say what the server or tool does", "pointer": "/servers/0/server/description", "server": 0}}
}

test_tool_parameter_in_a_snapshot if {
	t := inj({"field": "the description of parameter \"path\" of tool \"read\"", "pointer": "/tools/1/inputSchema/properties/path/description"})
	r := report with input as {"servers": [], "documents": [{"index": 2, "registry": {"text": [t]}}]}
	r == {{"doc": 2, "message": "the description of parameter \"path\" of tool \"read\" addresses the model, \"<IMPORTANT>\" (a tag that marks text as instructions for the model): the model reads it with every request, unseen by whoever approved the server; a description should say what the server or tool does", "pointer": "/tools/1/inputSchema/properties/path/description", "server": -1}}
}

test_hidden_characters_are_not_this_rule if {
	count(report) == 0 with input as {"servers": [srv([inj({"kind": "hidden"})])], "documents": []}
}
