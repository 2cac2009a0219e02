# METADATA
# title: Key written twice in one object
# description: |
#   A JSON object that names the same key twice ("env": {"TOKEN": "…",
#   "TOKEN": "${TOKEN}"}) is read by every client with the last value
#   winning, so the earlier one is dead text: a reviewer reads it while
#   the client runs the other, and whatever it holds, a credential
#   included, stays in the file and its history although no rule on the
#   value sees it. Delete the earlier member (and rotate a key it held).
#   A server written twice is reported by trust/shadowed-server instead.
# custom:
#   level: warning
#   source: RFC 8259 (names within an object should be unique; readers keep the last); Node's JSON.parse and the clients built on it
#   fixable: false
#   tags: [correctness, security]
#   precision: very-high
package mcplint.rules.schema["duplicate-key"]

report contains {"doc": f.doc, "server": -1, "offset": f.offset, "end": f.end, "message": f.message} if {
	some f in input.loader_findings
	f.rule == "schema/duplicate-key"
}
