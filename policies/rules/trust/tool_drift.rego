# METADATA
# title: Tool definition differs from its pin
# description: |
#   mcplint probe records what each server offers in
#   .mcplint/tools/NAME.json and pins a SHA-256 of every tool's definition
#   (name, title, description, input and output schema, annotations) and
#   of the server's instructions in .mcplint/pins.json, committed with the
#   project. A tool whose recorded definition no longer matches its pin
#   changed after it was approved: the "rug pull", where a server that was
#   reviewed while harmless later tells the model to read ~/.ssh or to
#   send data elsewhere, or quietly widens what a tool does. A tool the
#   pinned server did not offer before, a pinned tool that is gone and
#   changed instructions are reported too, and so is a pinned server
#   whose snapshot was deleted. The finding names the parts
#   that changed (description, a parameter, annotations); mcplint probe
#   prints the old and the new text. Read the change, and when it is what
#   you expect, pin it with mcplint probe --update and commit both files.
# custom:
#   level: error
#   source: peers (tool pinning, rug pull); oceancode mcp_hashes
#   fixable: false
#   tags: [security]
#   precision: very-high
#   security_severity: 7.5
package mcplint.rules.trust["tool-drift"]

import data.mcplint.lib

report contains f if {
	some d in lib.documents("snapshot")
	d.snapshot != null
	some x in d.snapshot.drift
	f := object.union(lib.on_doc(d, x.pointer, message(x, d)), extra(x, d))
}

# A pinned server whose snapshot is gone cannot be compared.
report contains f if {
	some d in lib.documents("snapshot")
	d.kind == "tool-pins"
	d.snapshot != null
	some n in d.snapshot.unrecorded
	msg := sprintf("server %q is pinned here, but no snapshot in .mcplint/tools records it: its tools cannot be compared with their pins, and a deleted snapshot hides a change; run mcplint probe to record it again, or remove its pins if the server is gone", [n])
	f := object.union(lib.on_doc(d, sprintf("/servers/%s", [escape(n)]), msg), {"key": true, "level": "warning"})
}

message(x, d) := sprintf("tool %q of server %q differs from its pin in %s: %s changed since it was approved (pinned %s…, now %s…); a changed definition is how a rug pull looks: read the change (mcplint probe shows the old and new text), then pin it with mcplint probe --update", [
	x.tool, x.server, d.snapshot.pins_path, concat(", ", x.parts), short(x.pinned), short(x.current),
]) if {
	x.kind == "changed"
} else := sprintf("tool %q of server %q is not pinned in %s: the server offers it since its tools were approved; review it, then pin it with mcplint probe --update", [
	x.tool, x.server, d.snapshot.pins_path,
]) if {
	x.kind == "new"
} else := sprintf("pinned tool %q of server %q is no longer offered: the snapshot does not list it; if it was removed on purpose, drop its pin with mcplint probe --update", [
	x.tool, x.server,
]) if {
	x.kind == "removed"
} else := sprintf("the instructions of server %q differ from their pin in %s: the server sends them to the model with every session; review them, then pin them with mcplint probe --update", [
	x.server, d.snapshot.pins_path,
])

short(h) := substring(h, 0, 19) if {
	h != ""
} else := "none"

extra(x, d) := {"level": "warning", "related": related(x, d)} if {
	x.kind == "removed"
} else := {"related": related(x, d)}

# related points at the pin.
related(x, d) := [{
	"doc": p.index,
	"pointer": pointer(x),
	"key": true,
	"message": "the pin recorded when it was approved",
} |
	some p in input.documents
	p.path == d.snapshot.pins_path
	x.kind != "new"
]

pointer(x) := sprintf("/servers/%s/tools/%s", [escape(x.server), escape(x.tool)]) if {
	x.kind != "instructions"
} else := sprintf("/servers/%s/instructions", [escape(x.server)])

escape(t) := replace(replace(t, "~", "~0"), "/", "~1")
