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
	w := why(upper(key))
	some s in lib.servers(concat("", ["env/", key]))
	some e in s.env
	e.key == key
	not own_path(s, upper(key), e.value)
	not inert(upper(key))
	msg := sprintf("%s in env %s: %s", [e.key, w, instead(upper(e.key))])
}

why("NODE_OPTIONS") := "makes Node.js load code (--require, --import) before the package starts"

why(k) := "changes npm's settings, such as the registry npx installs from and the scripts it runs" if startswith(k, "NPM_CONFIG_")

why(k) := "changes uv's settings, such as the index uvx installs from" if startswith(k, "UV_")

why(k) := "changes pip's settings, such as the index packages come from" if startswith(k, "PIP_")

why(k) := "changes which code Python loads when it starts" if startswith(k, "PYTHON")

why("PATH") := "changes which program the command (npx, uvx, node, python) resolves to"

why(k) := "makes the dynamic linker load other libraries into every process the server starts" if startswith(k, "LD_")

why(k) := "makes the macOS dynamic linker load other libraries into every process the server starts" if startswith(k, "DYLD_")

why("HOME") := "moves the home folder, and with it the .npmrc, pip and uv configuration the runner reads"

why("SHELL") := "changes the shell the runner uses for package scripts"

instead(k) := `remove it and write the program's absolute path in "command" instead` if {
	k == "PATH"
} else := "remove it; keep registry and index settings in the user's own npm, uv or pip configuration, not in a server entry" if {
	some p in {"NPM_CONFIG_", "UV_", "PIP_"}
	startswith(k, p)
} else := "remove it; pass what the server needs as its own arguments or variables"

# inert: Python variables that change output, bytecode caching, hashing
# or diagnostics, but never which module or file is loaded. PYTHONPATH,
# PYTHONHOME, PYTHONSTARTUP, PYTHONUSERBASE, PYTHONBREAKPOINT and
# PYTHONWARNINGS (which can import a category's module) stay reported.
inert(k) if k in {
	"PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTHONIOENCODING", "PYTHONUTF8",
	"PYTHONHASHSEED", "PYTHONFAULTHANDLER", "PYTHONLEGACYWINDOWSSTDIO", "PYTHONNOUSERSITE",
	"PYTHONOPTIMIZE", "PYTHONVERBOSE", "PYTHONTRACEMALLOC", "PYTHONPYCACHEPREFIX",
}

# own_path: PYTHONPATH into the project's own folder in a configured
# server (not a catalogue entry) is how a server is run from its source
# while it is developed: not reported.
own_path(s, "PYTHONPATH", v) if {
	not lib.library(s)
	own_folder(v)
}

# own_folder: every entry of a path list is inside the project: relative
# (./src, src, .) or under a variable for the project folder.
own_folder(v) if {
	parts := [p | some p in regex.split(`[:;]`, v); p != ""]
	count(parts) > 0
	every p in parts {
		inside(p)
	}
}

inside(p) if {
	not startswith(p, "/")
	not startswith(p, "~")
	not startswith(p, "$")
	not startswith(p, "\\")
	not regex.match(`^[A-Za-z]:`, p)
	not contains(p, "..")
}

inside(p) if {
	not contains(p, "..")
	some pre in {"${workspaceFolder}", "${CLAUDE_PROJECT_DIR}", "${PWD}", "$PWD", "${workspaceRoot}"}
	startswith(p, pre)
}
