# METADATA
# title: Library package Paseo does not start
# description: |
#   Paseo starts npm and PyPI packages from a library (through npx or
#   uvx) and hosted servers. A package it does not start, an OCI image, an
#   mcpb bundle or a NuGet package, is shown on its card with Add by hand:
#   the entry is listed but nobody can add it in one click. Give the
#   server a remote or an npm or PyPI package as well if it should install
#   from the gallery, or say in its description how to set it up.
# custom:
#   level: info
#   source: 'Paseo (Add from catalogue, Rules: "A package the plugin doesn''t start (an image, mcpb, NuGet) is shown with Add by hand")'
#   fixable: false
#   tags: [compatibility]
#   precision: very-high
package mcplint.rules.catalogue["add-by-hand"]

import data.mcplint.lib

by_hand := {"oci": "an OCI image", "mcpb": "an mcpb bundle", "nuget": "a NuGet package"}

report contains lib.at(s, p.type_pointer, msg) if {
	some s in lib.servers("registry")
	lib.doc_of(s).kind == "registry-list"
	some p in s.registry.packages
	by_hand[lower(p.registry_type)]
	not startable(s)
	what := by_hand[lower(p.registry_type)]
	msg := sprintf("Paseo does not start %s, so the card of %q is shown with Add by hand: add a remote or an npm or PyPI package for a one-click install", [what, s.name])
}

# startable: another package or a remote Paseo can add in one click.
startable(s) if {
	some p in s.registry.packages
	lower(p.registry_type) in {"npm", "pypi"}
}

startable(s) if count(s.url.value) > 0
