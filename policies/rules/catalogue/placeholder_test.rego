package mcplint.rules.catalogue.placeholder

team(extra) := {"index": 0, "doc": 0, "name": "wiki", "pointer": "/0", "catalogue": object.union(
	{"kind": "team", "placeholders": [], "dollars": [], "literals": [], "inputs": []},
	extra,
)}

library(extra) := object.union(team(extra), {"catalogue": object.union(team(extra).catalogue, {"kind": "library"})})

ph(name, extra) := object.union({"name": name, "pointer": "/0/headers/Authorization", "field": "headers", "key": "Authorization", "declared": false, "case_of": "", "template": false}, extra)

one(s) := f if {
	rs := report with input as {"servers": [s]}
	count(rs) == 1
	some f in rs
}

test_undeclared_placeholder_in_a_team_entry if {
	f := one(team({"placeholders": [ph("WIKI_TOKEN", {})]}))
	f == {"doc": 0, "message": "{WIKI_TOKEN} in header Authorization is not declared: Paseo refuses an entry with an undeclared placeholder; add {\"id\": \"WIKI_TOKEN\", \"label\": \"…\", \"secret\": true} to the entry's \"inputs\"", "pointer": "/0/headers/Authorization", "server": 0}
}

test_undeclared_placeholder_in_a_library_points_at_variables if {
	f := one(library({"placeholders": [ph("CRM_TOKEN", {})]}))
	f == {"doc": 0, "message": "{CRM_TOKEN} in header Authorization is not declared: Paseo refuses an entry with an undeclared placeholder; declare \"CRM_TOKEN\" in the \"variables\" of the same header, argument or environment variable ({\"description\": \"…\", \"isSecret\": true})", "pointer": "/0/headers/Authorization", "server": 0}
}

test_case_differs if {
	f := one(team({"placeholders": [ph("workspace", {"case_of": "WORKSPACE", "field": "args", "key": ""})]}))
	f == {"doc": 0, "message": "{workspace} in the arguments is not declared, but \"inputs\" declares WORKSPACE, which differs in case: write {WORKSPACE}", "pointer": "/0/headers/Authorization", "server": 0}
}

test_declared_and_per_org_placeholders_pass if {
	count(report) == 0 with input as {"servers": [team({"placeholders": [
		ph("WIKI_TOKEN", {"declared": true}),
		ph("subdomain", {"template": true, "field": "url", "key": ""}),
	]})]}
}

test_dollar_reference_is_refused if {
	f := one(team({"dollars": [{"text": "${TRACKER_TOKEN}", "name": "TRACKER_TOKEN", "pointer": "/0/env/TRACKER_TOKEN", "field": "env", "key": "TRACKER_TOKEN"}]}))
	f == {"doc": 0, "message": "${TRACKER_TOKEN} in env TRACKER_TOKEN is a ${…} reference, which Paseo refuses in a catalogue: nothing expands it, so it would be sent as written; write {TRACKER_TOKEN} instead and add {\"id\": \"TRACKER_TOKEN\", \"label\": \"…\", \"secret\": true} to the entry's \"inputs\"", "pointer": "/0/env/TRACKER_TOKEN", "server": 0}
}

test_dollar_in_an_input_default if {
	f := one(team({"dollars": [{"text": "${HOME}", "name": "HOME", "pointer": "/0/inputs/0/default", "field": "inputs", "key": "DIR"}]}))
	f == {"doc": 0, "message": "${HOME} in the default of input DIR is a ${…} reference, which Paseo refuses in a catalogue: nothing expands it, so it would be sent as written; an input's default is stored in the catalogue for everyone: remove it and let each user fill the input in", "pointer": "/0/inputs/0/default", "server": 0}
}

test_stored_value_under_a_credential_name if {
	f := one(team({"literals": [{"key": "Authorization", "value": "Bearer abc", "pointer": "/0/headers/Authorization", "field": "headers"}]}))
	f == {"doc": 0, "message": "header Authorization holds a stored value (Bearer abc) where Paseo wants a placeholder: a catalogue never holds a value; write \"Bearer {TOKEN}\" and add {\"id\": \"TOKEN\", \"label\": \"…\", \"secret\": true} to the entry's \"inputs\"", "pointer": "/0/headers/Authorization", "server": 0}
}

test_stored_env_value_suggests_the_env_name if {
	f := one(team({"literals": [{"key": "api_key", "value": "YOUR_KEY", "pointer": "/0/env/api_key", "field": "env"}]}))
	f == {"doc": 0, "message": "env api_key holds a stored value (YOUR_KEY) where Paseo wants a placeholder: a catalogue never holds a value; write \"{API_KEY}\" and add {\"id\": \"API_KEY\", \"label\": \"…\", \"secret\": true} to the entry's \"inputs\"", "pointer": "/0/env/api_key", "server": 0}
}

test_non_catalogue_servers_are_ignored if {
	count(report) == 0 with input as {"servers": [{"index": 0, "doc": 0, "name": "x", "pointer": "/mcpServers/x", "catalogue": null}]}
}
