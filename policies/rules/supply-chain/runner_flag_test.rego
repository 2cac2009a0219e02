package mcplint.rules["supply-chain"]["runner-flag"]

flag(f, i, why) := {"flag": f, "index": i, "pointer": sprintf("/mcpServers/x/args/%d", [i]), "why": why}

runner(extra) := object.union(
	{
		"runner": "npx", "ecosystem": "npm", "package": "acme-mcp", "version": "1.2.3", "spec": "acme-mcp@1.2.3",
		"problem": "", "local": false, "package_pointer": "/mcpServers/x/args/2", "suggestion": "",
		"registry": false, "flags": [], "privileges": [],
	},
	extra,
)

server(r) := {"index": 0, "doc": 0, "name": "x", "pointer": "/mcpServers/x", "runner": r}

test_each_flag_is_reported_where_written if {
	rs := report with input as {"servers": [server(runner({"flags": [
		flag("--registry", 0, "fetches the package from another registry"),
		flag("-p", 2, "installs the package it names instead of the one the entry shows"),
	]}))]}
	rs == {
		{"doc": 0, "message": "npx --registry fetches the package from another registry: drop it and name the package plainly with an exact version (acme-mcp@1.2.3)", "pointer": "/mcpServers/x/args/0", "server": 0},
		{"doc": 0, "message": "npx -p installs the package it names instead of the one the entry shows: drop it and name the package plainly with an exact version (acme-mcp@1.2.3)", "pointer": "/mcpServers/x/args/2", "server": 0},
	}
}

test_suggestion_wins_over_spec if {
	rs := report with input as {"servers": [server(runner({
		"runner": "uvx", "ecosystem": "pypi", "spec": "git+https://github.com/acme/mcp", "problem": "address",
		"suggestion": "mcp==X.Y.Z", "flags": [flag("--from", 0, "installs the package from an address instead of a published release")],
	}))]}
	rs == {{"doc": 0, "message": "uvx --from installs the package from an address instead of a published release: drop it and name the package plainly with an exact version (mcp==X.Y.Z)", "pointer": "/mcpServers/x/args/0", "server": 0}}
}

test_unknown_package_gets_the_generic_form if {
	rs := report with input as {"servers": [server(runner({
		"runner": "uvx", "ecosystem": "pypi", "spec": "", "package": "",
		"flags": [flag("--index-url", 0, "fetches packages from another index instead of PyPI")],
	}))]}
	rs == {{"doc": 0, "message": "uvx --index-url fetches packages from another index instead of PyPI: drop it and name the package plainly with an exact version (name==1.2.3)", "pointer": "/mcpServers/x/args/0", "server": 0}}
}

test_no_flags_no_finding if {
	count(report) == 0 with input as {"servers": [server(runner({})), {"index": 1, "doc": 0, "pointer": "/p", "runner": null}]}
}

test_registry_packages_are_left_to_registry_package if {
	count(report) == 0 with input as {"servers": [server(runner({"registry": true, "flags": [flag("-p", 0, "x")]}))]}
}

# A team catalogue entry (tier library): Paseo refuses it, reported at the
# rule's level (error).
test_library_entry_is_reported_at_the_rule_level if {
	s := object.union(server(runner({"flags": [flag("--index-url", 1, "fetches the package from another index")]})), {"tier": "library", "client": "paseo"})
	rs := report with input as {"servers": [s]}
	rs == {{"doc": 0, "message": "npx --index-url fetches the package from another index: drop it and name the package plainly with an exact version (acme-mcp@1.2.3)", "pointer": "/mcpServers/x/args/1", "server": 0}}
}

# Registry entries are supply-chain/registry-package's.
test_registry_runner_is_left_alone if {
	s := object.union(server(runner({"registry": true, "flags": [flag("--registry", 0, "x")]})), {"tier": "library", "client": "registry"})
	count(report) == 0 with input as {"servers": [s]}
}
