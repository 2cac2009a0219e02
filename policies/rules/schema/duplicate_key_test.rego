package mcplint.rules.schema["duplicate-key"]

test_reports_loader_duplicate_keys if {
	r := report with input as {"loader_findings": [
		{"rule": "schema/duplicate-key", "level": "warning", "message": "key \"A\" is written again", "doc": 0, "offset": 7, "end": 10},
		{"rule": "schema/parse-error", "level": "error", "message": "x", "doc": 1, "offset": 0, "end": 1},
	]}
	r == {{"doc": 0, "server": -1, "offset": 7, "end": 10, "message": "key \"A\" is written again"}}
}
