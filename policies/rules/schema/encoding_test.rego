package mcplint.rules.schema.encoding

findings := [
	{"rule": "schema/encoding", "level": "error", "message": "invalid UTF-8 (byte 0xFF)", "doc": 0, "offset": 12, "end": 13},
	{"rule": "schema/encoding", "level": "warning", "message": "the file starts with a UTF-8 byte order mark", "doc": 1, "offset": 0, "end": 3},
	{"rule": "schema/parse-error", "level": "error", "message": "JSON does not parse", "doc": 2, "offset": 4, "end": 5},
	{"rule": "schema/unreadable", "level": "error", "message": "cannot read the file", "doc": 3, "offset": 0, "end": 1},
]

test_reemits_encoding_findings_with_their_level if {
	r := report with input as {"loader_findings": findings}
	r == {
		{"doc": 0, "server": -1, "offset": 12, "end": 13, "message": "invalid UTF-8 (byte 0xFF)", "level": "error"},
		{
			"doc": 1, "server": -1, "offset": 0, "end": 3, "message": "the file starts with a UTF-8 byte order mark", "level": "warning",
			"fix": {"kind": "strip-bom", "pointer": "", "value": ""},
		},
	}
}

test_invalid_utf8_has_no_fix if {
	report == {{"doc": 0, "end": 13, "level": "error", "message": "invalid UTF-8 (byte 0xFF)", "offset": 12, "server": -1}} with input as {"loader_findings": [findings[0]]}
}

test_bom_stays_a_warning if {
	report == {{"doc": 1, "end": 3, "fix": {"kind": "strip-bom", "pointer": "", "value": ""}, "level": "warning", "message": "the file starts with a UTF-8 byte order mark", "offset": 0, "server": -1}} with input as {"loader_findings": [findings[1]]}
}

test_other_loader_findings_are_not_encoding if {
	count(report) == 0 with input as {"loader_findings": [findings[2], findings[3]]}
}

test_nothing_without_loader_findings if {
	count(report) == 0 with input as {"loader_findings": []}
}
