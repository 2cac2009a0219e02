# METADATA
# title: Instructions aimed at the model in a description
# description: |
#   A description is shown to people and sent to the model with every
#   request, so a line addressed to the model rides along unseen by the
#   person who approved the server. Tool poisoning uses exactly that:
#   <IMPORTANT> or <system> tags, "ignore previous instructions", "do not
#   tell the user", "without asking for confirmation", "before using any
#   other tool", asking for ~/.ssh/id_rsa or mcp.json, chat-template
#   markup that forges a system turn, or HTML comments that are hidden
#   when the description is rendered. Checked: descriptions, titles,
#   display names, labels and setup text of registry and catalogue
#   entries, a client config entry's description and title, tool and
#   parameter descriptions of tool snapshots, and the text hidden tag
#   characters spell. A description should say what the server or tool
#   does; remove text that tells the model what to do or hide.
# custom:
#   level: warning
#   source: peers (tool poisoning, prompt injection in tool descriptions)
#   fixable: false
#   tags: [security]
#   precision: medium
#   security_severity: 6.0
package mcplint.rules.text["prompt-injection"]

import data.mcplint.lib

report contains f if {
	some s in lib.servers("text")
	some t in s.text
	t.kind == "injection"
	f := place(lib.at(s, t.pointer, message(t)), t)
}

report contains f if {
	some d in lib.documents("registry")
	some t in d.registry.text
	t.kind == "injection"
	f := place(lib.on_doc(d, t.pointer, message(t)), t)
}

place(f, t) := object.union(f, {"offset": t.offset, "end": t.end}) if {
	t.offset != null
} else := f

message(t) := sprintf("%s hides text aimed at the model, %q (%s): the model reads it with every request and nobody sees it; a description should say what the server or tool does", [t.field, t.message, t.why]) if {
	t.hidden
} else := sprintf("%s addresses the model, %q (%s): the model reads it with every request, unseen by whoever approved the server; a description should say what the server or tool does", [t.field, t.message, t.why])
