package mcplint.rules.catalogue["env-name"]

entry(inputs) := {"index": 0, "doc": 0, "name": "CI bridge", "pointer": "/0", "catalogue": {"kind": "team", "id": "ci-bridge", "inputs": inputs}}

inp(id, env_var) := {"id": id, "id_pointer": "/0/inputs/0/id", "env_var": env_var, "env_var_pointer": ptr(env_var)}

ptr("") := ""

ptr(v) := "/0/inputs/0/envVar" if v != ""

findings(inputs) := rs if {
	rs := report with input as {"servers": [entry(inputs)]}
}

# A team input's variable is MCP_TEAM__<ID>__<HASH6>__<INPUT>: no id can
# clash with a name Claude Code uses.
test_team_input_ids_are_not_refused if {
	count(findings([inp("MCP_CLIENT_SECRET", ""), inp("MCP_TIMEOUT", ""), inp("ENABLE_TOOL_SEARCH", ""), inp("MCP_TEAM__OTHER__abc123__TOKEN", ""), inp("ACME_TOKEN", "")])) == 0
}

test_env_var_is_ignored if {
	rs := findings([inp("NOTES_TOKEN", "NOTES_TOKEN")])
	rs == {{"doc": 0, "message": "envVar NOTES_TOKEN is ignored: Paseo names the variable itself (MCP_TEAM__CI_BRIDGE__<HASH6>__NOTES_TOKEN), so remove it", "pointer": "/0/inputs/0/envVar", "server": 0}}
}

# A field Paseo ignores is at most a warning (the rule's level), whatever
# it names; the message says when it names a host variable.
test_env_var_asking_for_a_host_variable_is_still_the_warning if {
	got := {v: findings([inp("KEY", v)]) | some v in ["ANTHROPIC_API_KEY", "AWS_SECRET_ACCESS_KEY", "HTTPS_PROXY", "MCP_CLIENT_SECRET"]}
	got == {
		"ANTHROPIC_API_KEY": {{"doc": 0, "message": "envVar ANTHROPIC_API_KEY is ignored: Paseo names the variable itself (MCP_TEAM__CI_BRIDGE__<HASH6>__KEY); an entry cannot ask for the host's own cloud or Anthropic credentials this way, so remove it", "pointer": "/0/inputs/0/envVar", "server": 0}},
		"AWS_SECRET_ACCESS_KEY": {{"doc": 0, "message": "envVar AWS_SECRET_ACCESS_KEY is ignored: Paseo names the variable itself (MCP_TEAM__CI_BRIDGE__<HASH6>__KEY); an entry cannot ask for the host's own cloud or Anthropic credentials this way, so remove it", "pointer": "/0/inputs/0/envVar", "server": 0}},
		"HTTPS_PROXY": {{"doc": 0, "message": "envVar HTTPS_PROXY is ignored: Paseo names the variable itself (MCP_TEAM__CI_BRIDGE__<HASH6>__KEY); an entry cannot ask for the proxy all the host's traffic goes through this way, so remove it", "pointer": "/0/inputs/0/envVar", "server": 0}},
		"MCP_CLIENT_SECRET": {{"doc": 0, "message": "envVar MCP_CLIENT_SECRET is ignored: Paseo names the variable itself (MCP_TEAM__CI_BRIDGE__<HASH6>__KEY); an entry cannot ask for the OAuth client secret Claude Code stores this way, so remove it", "pointer": "/0/inputs/0/envVar", "server": 0}},
	}
}

test_registry_entries_name_reg if {
	report == {{"doc": 0, "message": "envVar TOKEN is ignored: Paseo names the variable itself (MCP_REG__<ID>__<HASH6>__TOKEN), so remove it", "pointer": "/0/inputs/0/envVar", "server": 0}} with input as {"servers": [{"index": 0, "doc": 0, "name": "x", "pointer": "/0", "catalogue": {"kind": "registry", "id": "x", "inputs": [inp("token", "TOKEN")]}}]}
}
