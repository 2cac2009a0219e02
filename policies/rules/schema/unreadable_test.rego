package mcplint.rules.schema.unreadable

test_reemits_unreadable_findings if {
	r := report with input as {"loader_findings": [
		{"rule": "schema/unreadable", "level": "error", "message": "cannot read the file: not a regular file", "doc": 0, "offset": 0, "end": 1},
		{"rule": "schema/encoding", "level": "warning", "message": "BOM", "doc": 1, "offset": 0, "end": 3},
	]}
	r == {{"doc": 0, "server": -1, "offset": 0, "end": 1, "message": "cannot read the file: not a regular file", "level": "error"}}
}

test_each_file_is_reported if {
	report == {
		{"doc": 0, "end": 1, "level": "error", "message": "cannot read the file: permission denied", "offset": 0, "server": -1},
		{"doc": 3, "end": 1, "level": "error", "message": "cannot read the file: no such file or directory", "offset": 0, "server": -1},
	} with input as {"loader_findings": [
		{"rule": "schema/unreadable", "level": "error", "message": "cannot read the file: permission denied", "doc": 0, "offset": 0, "end": 1},
		{"rule": "schema/unreadable", "level": "error", "message": "cannot read the file: no such file or directory", "doc": 3, "offset": 0, "end": 1},
	]}
}

test_nothing_without_loader_findings if {
	count(report) == 0 with input as {"loader_findings": []}
}
