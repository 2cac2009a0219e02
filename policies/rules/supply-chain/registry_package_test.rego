package mcplint.rules["supply-chain"]["registry-package"]

pkg(p) := object.union(
	{
		"index": 0, "pointer": "/packages/0", "registry_type": "npm", "known_type": true, "type_pointer": "/packages/0/registryType",
		"identifier": "acme-mcp", "identifier_pointer": "/packages/0/identifier", "version": "1.2.3", "version_pointer": "/packages/0/version",
		"version_problem": "", "image_problem": "", "image_tag": "", "image_pointer": "/packages/0/identifier", "image_suggestion": "",
		"has_file_sha256": false, "base_url": "", "base_url_pointer": "", "base_url_official": true, "official_base_urls": [], "shell_args": [],
	},
	p,
)

problem(kind, ptr) := {"kind": kind, "package": 0, "pointer": ptr, "arg": 0}

run(p, problems) := r if {
	r := report with input as {"servers": [{"index": 1, "doc": 0, "pointer": "", "registry": {"packages": [p], "problems": problems}}]}
}

test_no_problems_no_findings if {
	count(run(pkg({}), [])) == 0
}

test_latest if {
	r := run(pkg({"version": "latest"}), [problem("version-latest", "/packages/0/version")])
	r == {{"doc": 0, "server": 1, "pointer": "/packages/0/version", "message": `npm package acme-mcp has version "latest", which follows every new release: write the exact version you reviewed ("1.2.3")`}}
}

test_range_and_missing if {
	run(pkg({"version": "^1.2.0"}), [problem("version-range", "/packages/0/version")]) == {{"doc": 0, "message": "npm package acme-mcp has version \"^1.2.0\", a range, so any release inside it runs without review: write one exact version", "pointer": "/packages/0/version", "server": 1}}
	run(pkg({"version": ""}), [problem("version-missing", "/packages/0")]) == {{"doc": 0, "message": "npm package acme-mcp has no version, so each start runs whatever release is newest: add \"version\" with the exact version you reviewed", "pointer": "/packages/0", "server": 1}}
	run(pkg({"version": "lingo.dev@0.111.4"}), [problem("version-not-exact", "/packages/0/version")]) == {{"doc": 0, "message": "npm package acme-mcp has version \"lingo.dev@0.111.4\", which is not an exact npm version: write one exact version (\"1.2.3\")", "pointer": "/packages/0/version", "server": 1}}
}

test_oci_without_digest_is_a_warning if {
	p := pkg({"registry_type": "oci", "identifier": "docker.io/acme/mcp:1.0.0", "image_tag": "1.0.0", "image_suggestion": "docker.io/acme/mcp:1.0.0@sha256:<digest>"})
	r := run(p, [problem("image-no-digest", "/packages/0/identifier")])
	r == {{"doc": 0, "level": "warning", "message": "OCI image docker.io/acme/mcp:1.0.0 is pinned by its tag 1.0.0 only, and a tag can be pushed again with other content: add the digest, docker.io/acme/mcp:1.0.0@sha256:<digest> (docker buildx imagetools inspect shows it)", "pointer": "/packages/0/identifier", "server": 1}}
}

test_oci_latest_and_untagged_are_errors if {
	p := pkg({"registry_type": "oci", "identifier": "acme/mcp", "image_suggestion": "acme/mcp:X.Y.Z@sha256:<digest>"})
	r := run(p, [problem("image-no-tag", "/packages/0/identifier"), problem("image-latest", "/packages/0/version")])
	r == {
		{"doc": 0, "message": "OCI image acme/mcp has no tag or digest, so each pull takes whatever latest points to: name a version and its digest, acme/mcp:X.Y.Z@sha256:<digest>", "pointer": "/packages/0/identifier", "server": 1},
		{"doc": 0, "message": "OCI image acme/mcp is pulled by the latest tag, which is whatever was pushed last: name a version and its digest, acme/mcp:X.Y.Z@sha256:<digest>", "pointer": "/packages/0/version", "server": 1},
	}
}

test_mcpb_needs_a_hash if {
	run(pkg({"registry_type": "mcpb", "identifier": "https://github.com/acme/mcp/releases/download/v1/acme.mcpb"}), [problem("mcpb-no-hash", "/packages/0/identifier")]) == {{"doc": 0, "message": "mcpb package https://github.com/acme/mcp/releases/download/v1/acme.mcpb has no fileSha256, so clients cannot check the download: add \"fileSha256\" with the SHA-256 of the file (sha256sum prints it)", "pointer": "/packages/0/identifier", "server": 1}}
}

test_unofficial_registry if {
	p := pkg({"base_url": "https://npm.evil.example", "base_url_official": false, "official_base_urls": ["https://registry.npmjs.org"]})
	run(p, [problem("unofficial-registry", "/packages/0/registryBaseUrl")]) == {{"doc": 0, "message": "registryBaseUrl https://npm.evil.example is not the official registry for npm packages (https://registry.npmjs.org): the registry refuses other sources, and clients would fetch the package from elsewhere", "pointer": "/packages/0/registryBaseUrl", "server": 1}}
}

test_unknown_type if {
	run(pkg({"registry_type": "cargo", "known_type": false}), [problem("unknown-type", "/packages/0/registryType")]) == {{"doc": 0, "message": "registryType \"cargo\" is not one the MCP Registry knows: use npm, pypi, oci, nuget or mcpb", "pointer": "/packages/0/registryType", "server": 1}}
}

test_shell_metacharacters if {
	p := pkg({"shell_args": [{"pointer": "/packages/0/packageArguments/0/value", "value": "cd ~ && ./run.sh", "chars": ["&&"]}]})
	r := run(p, [problem("shell-argument", "/packages/0/packageArguments/0/value")])
	r == {{"doc": 0, "message": "argument \"cd ~ && ./run.sh\" holds shell metacharacters (&&): a client that starts the package through a shell runs them as a command line; pass each word as its own argument and keep commands out of arguments", "pointer": "/packages/0/packageArguments/0/value", "server": 1}}
}

test_no_registry_facts_no_findings if {
	count(report) == 0 with input as {"servers": [{"index": 0, "doc": 0, "pointer": "/mcpServers/x", "registry": null}]}
}
