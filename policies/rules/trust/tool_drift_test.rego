package mcplint.rules.trust["tool-drift"]

snap(drift) := {"index": 0, "path": ".mcplint/tools/notes.json", "kind": "tool-snapshot", "snapshot": {"pinned": true, "pins_path": ".mcplint/pins.json", "drift": drift, "names": [], "clashes": []}}

pins := {"index": 1, "path": ".mcplint/pins.json", "kind": "tool-pins", "snapshot": null}

changed := {
	"server": "notes", "tool": "notes_sync", "kind": "changed", "parts": ["description", "inputSchema.properties.mode (added)"], "pointer": "/tools/0",
	"pinned": "sha256:1111111111111111111111", "current": "sha256:2222222222222222222222",
}

test_changed_tool if {
	r := report with input as {"documents": [snap([changed]), pins], "servers": []}
	r == {{"doc": 0, "message": "tool \"notes_sync\" of server \"notes\" differs from its pin in .mcplint/pins.json: description, inputSchema.properties.mode (added) changed since it was approved (pinned sha256:111111111111…, now sha256:222222222222…); a changed definition is how a rug pull looks: read the change (mcplint probe shows the old and new text), then pin it with mcplint probe --update", "pointer": "/tools/0", "related": [{"doc": 1, "key": true, "message": "the pin recorded when it was approved", "pointer": "/servers/notes/tools/notes_sync"}], "server": -1}}
}

test_new_removed_and_instructions if {
	r := report with input as {
		"documents": [
			snap([
				{"server": "notes", "tool": "notes_export", "kind": "new", "parts": [], "pointer": "/tools/2", "pinned": "", "current": "sha256:3"},
				{"server": "notes", "tool": "notes_old", "kind": "removed", "parts": [], "pointer": "/tools", "pinned": "sha256:4", "current": ""},
				{"server": "notes", "tool": "", "kind": "instructions", "parts": [], "pointer": "/instructions", "pinned": "sha256:5", "current": "sha256:6"},
			]),
			pins,
		],
		"servers": [],
	}
	r == {
		{
			"doc": 0, "server": -1, "pointer": "/tools/2",
			"message": "tool \"notes_export\" of server \"notes\" is not pinned in .mcplint/pins.json: the server offers it since its tools were approved; review it, then pin it with mcplint probe --update",
			"related": [],
		},
		{
			"doc": 0, "server": -1, "pointer": "/tools", "level": "warning",
			"message": "pinned tool \"notes_old\" of server \"notes\" is no longer offered: the snapshot does not list it; if it was removed on purpose, drop its pin with mcplint probe --update",
			"related": [{"doc": 1, "key": true, "message": "the pin recorded when it was approved", "pointer": "/servers/notes/tools/notes_old"}],
		},
		{
			"doc": 0, "server": -1, "pointer": "/instructions",
			"message": "the instructions of server \"notes\" differ from their pin in .mcplint/pins.json: the server sends them to the model with every session; review them, then pin them with mcplint probe --update",
			"related": [{"doc": 1, "key": true, "message": "the pin recorded when it was approved", "pointer": "/servers/notes/instructions"}],
		},
	}
}

test_no_drift_passes if {
	count(report) == 0 with input as {"documents": [snap([]), pins], "servers": []}
}

test_pinned_server_without_snapshot if {
	p := object.union(pins, {"snapshot": {"pinned": false, "pins_path": "", "drift": [], "names": [], "clashes": [], "unrecorded": ["notes"]}})
	r := report with input as {"documents": [p], "servers": []}
	r == {{"doc": 1, "key": true, "level": "warning", "message": "server \"notes\" is pinned here, but no snapshot in .mcplint/tools records it: its tools cannot be compared with their pins, and a deleted snapshot hides a change; run mcplint probe to record it again, or remove its pins if the server is gone", "pointer": "/servers/notes", "server": -1}}
}
