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
	count(r) == 1
	some f in r
	f.pointer == "/servers/0/server/description"
	startswith(f.message, `description addresses the model, "<IMPORTANT>" (a tag that marks text as instructions for the model)`)
}

test_phrase_span if {
	r := report with input as {"servers": [srv([inj({"offset": 10, "end": 21})])], "documents": []}
	some f in r
	f.offset == 10
}

test_hidden_instruction if {
	r := report with input as {"servers": [srv([inj({"hidden": true, "message": "ignore previous instructions", "pattern": "ignore-instructions"})])], "documents": []}
	some f in r
	contains(f.message, "hides text aimed at the model")
}

test_tool_parameter_in_a_snapshot if {
	t := inj({"field": "the description of parameter \"path\" of tool \"read\"", "pointer": "/tools/1/inputSchema/properties/path/description"})
	r := report with input as {"servers": [], "documents": [{"index": 2, "registry": {"text": [t]}}]}
	some f in r
	f.doc == 2
	f.pointer == "/tools/1/inputSchema/properties/path/description"
}

test_hidden_characters_are_not_this_rule if {
	count(report) == 0 with input as {"servers": [srv([inj({"kind": "hidden"})])], "documents": []}
}
