# METADATA
# title: Registry package is not pinned or safe to run
# description: |
#   A package of an MCP Registry server.json must say exactly what runs.
#   An npm, PyPI or NuGet package needs one exact version: not "latest",
#   not a range (^1.2, ~1.2, >=1.0, 1.x, *) and not left out, since the
#   runner then fetches whatever release is newest when the server starts.
#   An mcpb package must carry fileSha256, the hash clients check the
#   download against. An OCI image should be pinned by digest
#   (image:1.2.3@sha256:…; a warning when it has only a tag, an error
#   with no tag or :latest). registryBaseUrl must be the official
#   registry of its type (https://registry.npmjs.org, https://pypi.org,
#   https://api.nuget.org/v3/index.json, https://docker.io or
#   https://ghcr.io, https://github.com or https://gitlab.com for
#   mcpb), and the registryType one the registry knows (npm, pypi, oci,
#   nuget, mcpb). An argument value with shell metacharacters (; && | `
#   $( > <) runs as a command line when a client starts the package
#   through a shell; pass each word as its own argument instead. A
#   runtimeArguments flag that makes the runner fetch another source or
#   run a shell command (npx --registry, -p, -c; uvx --index-url, --with)
#   is refused as Paseo refuses runner flags; packageArguments come after
#   the package and are the server's own, so they are not judged.
# custom:
#   level: error
#   source: Paseo ("no runner flags or runtime variables"); MCP Registry (package version rules, fileSha256 for mcpb, official registries; argument warning of the schema); Paseo ("exact package versions")
#   fixable: false
#   tags: [security, supply-chain]
#   precision: high
#   security_severity: 7.0
package mcplint.rules["supply-chain"]["registry-package"]

import data.mcplint.lib

# Go lists each problem of a package (s.registry.problems), so only what
# fails is looked at.
report contains f if {
	some s in lib.servers("registry")
	some x in s.registry.problems
	p := s.registry.packages[x.package]
	f := finding(lib.at(s, x.pointer, message(x, p)), x)
}

# An OCI image pinned by its tag only is a warning.
finding(f, x) := lib.with_level(f, "warning") if x.kind == "image-no-digest"

else := f

message(x, p) := sprintf("%s package %s has no version, so each start runs whatever release is newest: add \"version\" with the exact version you reviewed", [p.registry_type, p.identifier]) if {
	x.kind == "version-missing"
}

message(x, p) := sprintf("%s package %s has version %q, which follows every new release: write the exact version you reviewed (\"1.2.3\")", [p.registry_type, p.identifier, p.version]) if {
	x.kind == "version-latest"
}

message(x, p) := sprintf("%s package %s has version %q, a range, so any release inside it runs without review: write one exact version", [p.registry_type, p.identifier, p.version]) if {
	x.kind == "version-range"
}

message(x, p) := sprintf("%s package %s has version %q, which is not an exact %s version: write one exact version (\"1.2.3\")", [p.registry_type, p.identifier, p.version, p.registry_type]) if {
	x.kind == "version-not-exact"
}

# OCI images: a tag can be pushed again; only a digest pins the content.
message(x, p) := sprintf("OCI image %s is pinned by its tag %s only, and a tag can be pushed again with other content: add the digest, %s (docker buildx imagetools inspect shows it)", [p.identifier, p.image_tag, p.image_suggestion]) if {
	x.kind == "image-no-digest"
}

message(x, p) := sprintf("OCI image %s has no tag or digest, so each pull takes whatever latest points to: name a version and its digest, %s", [p.identifier, p.image_suggestion]) if {
	x.kind == "image-no-tag"
}

message(x, p) := sprintf("OCI image %s is pulled by the latest tag, which is whatever was pushed last: name a version and its digest, %s", [p.identifier, p.image_suggestion]) if {
	x.kind == "image-latest"
}

# mcpb files are checked against their hash.
message(x, p) := sprintf("mcpb package %s has no fileSha256, so clients cannot check the download: add \"fileSha256\" with the SHA-256 of the file (sha256sum prints it)", [p.identifier]) if {
	x.kind == "mcpb-no-hash"
}

# Registries.
message(x, p) := sprintf("registryBaseUrl %s is not the official registry for %s packages (%s): the registry refuses other sources, and clients would fetch the package from elsewhere", [p.base_url, p.registry_type, concat(" or ", p.official_base_urls)]) if {
	x.kind == "unofficial-registry"
}

message(x, p) := sprintf("registryType %q is not one the MCP Registry knows: use npm, pypi, oci, nuget or mcpb", [p.registry_type]) if {
	x.kind == "unknown-type"
}

# Shell metacharacters in argument values.
message(x, p) := sprintf("runtime argument %s %s: %s reads it before the package, so what runs is not what the entry shows; Paseo refuses runner flags in a library entry. Drop it (packageArguments go to the server and are its own)", [fl.flag, fl.why, p.runner]) if {
	x.kind == "runner-flag"
	fl := p.runner_flags[x.arg]
}

message(x, p) := sprintf("argument %q holds shell metacharacters (%s): a client that starts the package through a shell runs them as a command line; pass each word as its own argument and keep commands out of arguments", [a.value, concat(" ", a.chars)]) if {
	x.kind == "shell-argument"
	a := p.shell_args[x.arg]
}
