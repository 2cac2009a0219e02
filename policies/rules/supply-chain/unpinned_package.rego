# METADATA
# title: Package started without an exact version
# description: |
#   A stdio server starts a package through a runner (npx, bunx, pnpx,
#   npm exec, pnpm dlx, uvx, uv tool run, pipx run, deno run npm:…, dnx)
#   without naming one
#   exact version: no version, latest, a dist-tag, a range (^1.2, ~1.2,
#   >=1.0, 1.x), *, or a git, URL or tarball address. Every start can
#   then fetch a release nobody reviewed, and a hijacked package or
#   account reaches every machine at once. Paseo refuses such an entry:
#   name the package plainly with its exact version, name@1.2.3 for the
#   npm runners and name==1.2.3 for the Python ones (uvx also reads
#   name@1.2.3).
#
#   docker run with an image that has no tag, or :latest, is the same
#   error; an image with a tag but no digest is a warning, since a tag
#   can be pushed again with other content: write image:1.2.3@sha256:….
#   An image with neither a registry host nor a namespace that is not a
#   Docker Official Image (local-doc-context-mcp) is pulled from
#   nowhere: docker runs it only when it was built on the machine, like a
#   compose-built image of the project, and it is not reported.
#   Local paths are not reported, and registry documents (server.json)
#   are left to supply-chain/registry-package. A server the file
#   switches off (disabled: true, enabled = false) starts nothing until
#   someone switches it on: its finding is an info that says so.
# custom:
#   level: error
#   source: 'Paseo team catalogue rules ("exact package versions (npx name@1.2.3, uvx name==1.2.3)": not latest, a range, *, an address or no version)'
#   fixable: false
#   tags: [security, supply-chain]
#   precision: high
#   security_severity: 7.0
package mcplint.rules["supply-chain"]["unpinned-package"]

import data.mcplint.lib

# Each finding is lib.at's object written out, with the level of a
# docker tag without a digest (a warning; null: the rule's own level):
# with a finding for every unpinned package of a monorepo, the helpers'
# calls were a quarter of the rule's cost.
report contains {"doc": s.doc, "server": s.index, "pointer": r.package_pointer, "message": concat("", [message(r), off_note(s)]), "level": level(s, r)} if {
	some s in lib.servers("unpinned")
	r := s.runner
	not r.registry
	r.problem != ""
}

level(s, r) := "info" if switched_off(s)

else := "warning" if r.problem == "tag-only"

else := null

# switched_off: the file turns the server off; it runs nothing until
# someone turns it on, so the finding is for then.
switched_off(s) if s.state == "disabled"

off_note(s) := "; the file switches this server off, so this is for when it is switched on" if switched_off(s)

else := ""

message(r) := sprintf("docker runs %s:%s, which has a tag but no digest, and a tag can be pushed again with other content: pin the digest too, %s (docker buildx imagetools inspect %s:%s shows it)", [r.package, r.version, r.suggestion, r.package, r.version]) if {
	r.problem == "tag-only"
}

message(r) := sprintf("%s runs %s with no version, so each start can fetch a release nobody reviewed: pin the exact version you reviewed, %s", [r.runner, r.package, r.suggestion]) if {
	r.problem == "no-version"
}

message(r) := sprintf("%s runs %s, which follows every new release, so each start can run code nobody reviewed: pin the exact version you reviewed, %s", [r.runner, r.spec, r.suggestion]) if {
	r.problem == "latest"
	r.ecosystem != "oci"
}

message(r) := sprintf("%s runs %s, a range, so any new release inside it runs without review: pin one exact version, %s", [r.runner, r.spec, r.suggestion]) if {
	r.problem == "range"
}

message(r) := sprintf("%s runs %s, which accepts any version: pin the exact version you reviewed, %s", [r.runner, r.spec, r.suggestion]) if {
	r.problem == "any"
}

message(r) := sprintf("%s runs %s, a dist-tag that moves with each release: pin the exact version you reviewed, %s", [r.runner, r.spec, r.suggestion]) if {
	r.problem == "dist-tag"
}

message(r) := sprintf("%s installs %s from an address, which is no published release and can change at any time: run a published release by exact version, %s", [r.runner, r.package, r.suggestion]) if {
	r.problem == "address"
}

message(r) := sprintf("%s installs %s from a git address without a commit, so each start runs whatever the branch or tag points to then: pin the address to the commit you reviewed, %s", [r.runner, r.package, r.suggestion]) if {
	r.problem == "git"
}

message(r) := sprintf("docker runs the image %s with no tag, so each pull takes whatever latest points to: pin a version and its digest, %s", [r.package, r.suggestion]) if {
	r.problem == "no-tag"
}

message(r) := sprintf("docker runs %s:latest, which is whatever was pushed last: pin a version and its digest, %s", [r.package, r.suggestion]) if {
	r.problem == "latest"
	r.ecosystem == "oci"
}
