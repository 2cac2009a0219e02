# METADATA
# title: Runner flag that picks another source or runs a shell
# description: |
#   A runner flag before the package changes what is installed or run:
#   -p/--package installs a package other than the one the entry shows
#   (not when it names the package of the program run, npx
#   --package=tool@1.2.3 tool),
#   -c/--call (and pnpm's --shell-mode) run a shell command, --registry
#   and --@scope:registry fetch from another npm registry, --index-url,
#   -i, --default-index, --extra-index-url, --index and --find-links
#   fetch Python packages from elsewhere (an extra index also invites
#   dependency confusion), --with and its kin install extra unpinned
#   packages, --node-options loads code into Node.js (--from or --spec
#   with a git or URL address is reported once, by
#   supply-chain/unpinned-package). --registry
#   https://registry.npmjs.org and --index-url https://pypi.org/simple
#   name the default source and are not reported. Reviewers
#   and allow-lists read the package name; these flags make that name
#   mean something else. Paseo refuses an entry with a runner flag.
#   Drop the flag and name the package plainly with its exact version.
#   Flags after the package belong to the server and are not checked.
# custom:
#   level: error
#   source: Paseo team catalogue rules ("no runner flag that picks another source or runs a shell command (-p, --registry, --index-url, --with, -c, --call)")
#   fixable: false
#   tags: [security, supply-chain]
#   precision: high
#   security_severity: 7.5
package mcplint.rules["supply-chain"]["runner-flag"]

import data.mcplint.lib

report contains lib.at(s, fl.pointer, msg) if {
	some s in lib.servers("runner_flags")
	r := s.runner
	not r.registry
	some fl in r.flags
	msg := sprintf("%s %s %s: drop it and name the package plainly with an exact version (%s)", [r.runner, fl.flag, fl.why, plain(r)])
}

# plain is the package as it should be written.
plain(r) := r.suggestion if {
	r.suggestion != ""
} else := r.spec if {
	r.spec != ""
} else := exact_form(r)

exact_form(r) := "name==1.2.3" if {
	r.ecosystem == "pypi"
} else := "name@1.2.3"
