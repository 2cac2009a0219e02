package mcplint.rules["supply-chain"]["unpinned-package"]

runner(problem, extra) := object.union(
	{
		"runner": "npx", "ecosystem": "npm", "package": "acme-mcp", "version": "", "spec": "acme-mcp",
		"problem": problem, "local": false, "package_pointer": "/mcpServers/x/args/1",
		"suggestion": "acme-mcp@X.Y.Z", "registry": false, "flags": [], "privileges": [],
	},
	extra,
)

server(r) := {"index": 0, "doc": 0, "name": "x", "pointer": "/mcpServers/x", "runner": r}

one(r) := f if {
	rs := report with input as {"servers": [server(r)]}
	count(rs) == 1
	some f in rs
}

test_no_version if {
	f := one(runner("no-version", {}))
	f == {"doc": 0, "level": null, "message": "npx runs acme-mcp with no version, so each start can fetch a release nobody reviewed: pin the exact version you reviewed, acme-mcp@X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0}
}

test_latest_range_any_dist_tag_address if {
	got := {p: one(runner(p, {"spec": sprintf("acme-mcp@%s", [p])})) | some p in ["latest", "range", "any", "dist-tag", "address"]}
	got == {
		"address": {"doc": 0, "level": null, "message": "npx installs acme-mcp from an address, which is no published release and can change at any time: run a published release by exact version, acme-mcp@X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0},
		"any": {"doc": 0, "level": null, "message": "npx runs acme-mcp@any, which accepts any version: pin the exact version you reviewed, acme-mcp@X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0},
		"dist-tag": {"doc": 0, "level": null, "message": "npx runs acme-mcp@dist-tag, a dist-tag that moves with each release: pin the exact version you reviewed, acme-mcp@X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0},
		"latest": {"doc": 0, "level": null, "message": "npx runs acme-mcp@latest, which follows every new release, so each start can run code nobody reviewed: pin the exact version you reviewed, acme-mcp@X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0},
		"range": {"doc": 0, "level": null, "message": "npx runs acme-mcp@range, a range, so any new release inside it runs without review: pin one exact version, acme-mcp@X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0},
	}
}

test_python_suggestion if {
	f := one(runner("range", {"runner": "uvx", "ecosystem": "pypi", "spec": "mcp-server-time>=0.6", "suggestion": "mcp-server-time==X.Y.Z"}))
	f == {"doc": 0, "level": null, "message": "uvx runs mcp-server-time>=0.6, a range, so any new release inside it runs without review: pin one exact version, mcp-server-time==X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0}
}

test_docker_without_tag_is_an_error if {
	f := one(runner("no-tag", {"runner": "docker run", "ecosystem": "oci", "package": "ghcr.io/acme/mcp", "suggestion": "ghcr.io/acme/mcp:X.Y.Z@sha256:<digest>"}))
	f == {"doc": 0, "level": null, "message": "docker runs the image ghcr.io/acme/mcp with no tag, so each pull takes whatever latest points to: pin a version and its digest, ghcr.io/acme/mcp:X.Y.Z@sha256:<digest>", "pointer": "/mcpServers/x/args/1", "server": 0}
}

test_docker_latest_is_an_error if {
	f := one(runner("latest", {"runner": "docker run", "ecosystem": "oci", "package": "mcp/fetch", "version": "latest", "suggestion": "mcp/fetch:X.Y.Z@sha256:<digest>"}))
	f == {"doc": 0, "level": null, "message": "docker runs mcp/fetch:latest, which is whatever was pushed last: pin a version and its digest, mcp/fetch:X.Y.Z@sha256:<digest>", "pointer": "/mcpServers/x/args/1", "server": 0}
}

test_docker_tag_without_digest_is_a_warning if {
	f := one(runner("tag-only", {"runner": "docker run", "ecosystem": "oci", "package": "mcp/fetch", "version": "1.2", "suggestion": "mcp/fetch:1.2@sha256:<digest>"}))
	f == {"doc": 0, "level": "warning", "message": "docker runs mcp/fetch:1.2, which has a tag but no digest, and a tag can be pushed again with other content: pin the digest too, mcp/fetch:1.2@sha256:<digest> (docker buildx imagetools inspect mcp/fetch:1.2 shows it)", "pointer": "/mcpServers/x/args/1", "server": 0}
}

test_pinned_local_and_registry_pass if {
	count(report) == 0 with input as {"servers": [
		server(runner("", {"version": "1.2.3", "suggestion": ""})),
		server(runner("", {"local": true, "package": "./tools/mcp", "suggestion": ""})),
		server(runner("no-version", {"registry": true})),
	]}
}

test_no_runner if {
	count(report) == 0 with input as {"servers": [{"index": 0, "doc": 0, "pointer": "/p", "runner": null}]}
}

# A team catalogue entry (tier library): Paseo refuses it, reported at the
# rule's level (error).
test_library_entry_is_reported_at_the_rule_level if {
	s := object.union(server(runner("latest", {"spec": "acme-mcp@latest"})), {"tier": "library", "client": "paseo"})
	rs := report with input as {"servers": [s]}
	rs == {{"doc": 0, "level": null, "message": "npx runs acme-mcp@latest, which follows every new release, so each start can run code nobody reviewed: pin the exact version you reviewed, acme-mcp@X.Y.Z", "pointer": "/mcpServers/x/args/1", "server": 0}}
}

# A server the file switches off starts nothing until someone switches it
# on: an info that says so (a docker tag without a digest too).
test_switched_off_server_is_an_info if {
	rs := report with input as {"servers": [object.union(server(runner("latest", {"spec": "acme-mcp@latest"})), {"state": "disabled"})]}
	rs == {{"doc": 0, "level": "info", "message": "npx runs acme-mcp@latest, which follows every new release, so each start can run code nobody reviewed: pin the exact version you reviewed, acme-mcp@X.Y.Z; the file switches this server off, so this is for when it is switched on", "pointer": "/mcpServers/x/args/1", "server": 0}}
	on := report with input as {"servers": [object.union(server(runner("latest", {"spec": "acme-mcp@latest"})), {"state": "enabled"})]}
	[f.level | some f in on] == [null]
}
