# METADATA
# title: Env that changes how the runner starts
# description: |
#   A server's env sets a variable that changes how its runner or
#   interpreter starts, before the package's own code runs:
#   NODE_OPTIONS (--require/--import load code), NPM_CONFIG_* (registry,
#   scripts), UV_* and PIP_* (index URLs), PYTHON* (PYTHONPATH,
#   PYTHONSTARTUP load code), PATH (which npx, uvx, node or python runs),
#   LD_* and DYLD_* (libraries injected into every process), HOME (where
#   .npmrc and pip/uv config are read) and SHELL. An entry that reads as
#   "npx acme-mcp@1.2.3" can then run something else entirely. Paseo
#   refuses these in an entry, and Goose refuses most of them. Remove
#   the variable; write an absolute program path in command instead of
#   PATH, and keep registry or index settings in the user's own config.
#   PYTHONPATH pointing into the project's own folder (./src, or under
#   ${workspaceFolder}) in a configured server is how a server is run
#   from its source while it is developed: it is not reported.
# custom:
#   level: error
#   source: 'Paseo team catalogue rules ("its env may not set what changes how the runner starts: NODE_OPTIONS, NPM_CONFIG_*, UV_*, PIP_*, PYTHON*, PATH, LD_*, DYLD_*, HOME, SHELL")'
#   fixable: false
#   tags: [security, supply-chain]
#   precision: high
#   security_severity: 7.5
package mcplint.rules["supply-chain"]["runner-env"]

import data.mcplint.lib

# Each env name is judged once; only the servers that use a name that
# matters are visited.
report contains lib.at_key(s, e.pointer, msg) if {
	some key in lib.env_names
	lib.runner_env_why(upper(key))
	some s in lib.servers(concat("", ["env/", key]))
	some e in s.env
	e.key == key
	w := lib.runner_env(s, e)
	msg := sprintf("%s in env %s: %s", [e.key, w, instead(upper(e.key))])
}

instead(k) := `remove it and write the program's absolute path in "command" instead` if {
	k == "PATH"
} else := "remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry" if {
	some p in {"NPM_CONFIG_", "UV_", "PIP_"}
	startswith(k, p)
} else := "remove it; pass what the server needs as its own arguments or variables"
