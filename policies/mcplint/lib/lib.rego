# METADATA
# description: |
#   Helpers every rule uses to build a finding. A finding names the
#   document (index), the server (index, or -1 for a document finding), a
#   JSON pointer into the document and a message; Go maps the pointer to
#   the exact span. Optional: "key": true points at the key instead of
#   the value, "level" overrides the rule's default level, "related"
#   lists other places ({doc, pointer, message}).
package mcplint.lib

# at is a finding on a value of server s.
at(s, pointer, message) := {"doc": s.doc, "server": s.index, "pointer": pointer, "message": message}

# at_key is a finding on the key of a member of server s.
at_key(s, pointer, message) := object.union(at(s, pointer, message), {"key": true})

# on_server is a finding on the server's name.
on_server(s, message) := object.union(at(s, s.pointer, message), {"key": true})

# on_doc is a finding on a document (pointer "" is the whole document).
on_doc(d, pointer, message) := {"doc": d.index, "server": -1, "pointer": pointer, "message": message}

# with_level overrides the level of a finding.
with_level(f, level) := object.union(f, {"level": level})

# doc_of returns the document a server comes from.
doc_of(s) := input.documents[s.doc]

# oceancode is in use: its trust file was read, or a file was read as
# oceancode's (--client oceancode). oceancode reads Claude Code's files.
oceancode if {
	some d in input.documents
	d.kind == "trust-file"
}

oceancode if {
	some d in input.documents
	d.variant == "oceancode"
}

# runs is true for a server that the client starts (not shadowed,
# disabled or held untrusted).
runs(s) if s.state == "enabled"

# committed is true for definitions that travel with a repository (a
# server of one of the committed_tiers).
committed(s) if s.tier in committed_tiers

committed_tiers := {"project", "plugin", "copy"}

# library is true for registry and catalogue entries.
library(s) if s.tier == "library"

# servers lists the servers that have an aspect (facts/index.go): a rule
# starts from the servers that can possibly break it. Without an index
# (a unit test's hand-written input) it is every server.
servers(aspect) := [input.servers[i] | some i in input.index[aspect]] if {
	input.index
} else := input.servers

# documents lists the documents that have an aspect (facts/index.go:
# catalogue, snapshot, registry, settings, problems, kind/<kind>,
# client/<id>, format/<format>). Without an index it is every document.
documents(aspect) := [input.documents[i] | some i in input.doc_index[aspect]] if {
	input.doc_index
} else := input.documents

# indexes lists the positions in input.servers of the servers that have
# an aspect (every position without an index), for rules that keep a
# server's index apart from the server.
indexes(aspect) := [i | some i in input.index[aspect]] if {
	input.index
} else := [i | some i, _ in input.servers]

# env_names are the names of the servers' env entries (as written), and
# ref_names the variables their args, env, headers and addresses refer
# to: a rule about names judges each name once, then visits only the
# servers of lib.servers("env/<NAME>") or lib.servers("ref/<NAME>").
env_names := {substring(a, 4, -1) | some a, _ in input.index; startswith(a, "env/")} if {
	input.index
} else := {e.key | some s in input.servers; some e in s.env}

ref_names := {substring(a, 4, -1) | some a, _ in input.index; startswith(a, "ref/")} if {
	input.index
} else := {r.name |
	some s in input.servers
	some field in ["args", "env", "headers"]
	some v in s[field]
	some r in v.refs
} | {r.name | some s in input.servers; some r in s.url.refs}

# runner_env is why supply-chain/runner-env reports env entry e of server
# s: a variable that changes how the runner or interpreter starts.
# Undefined for a variable it leaves alone: a Python variable that never
# changes what loads, PYTHONPATH into the project's own folder (relative,
# or at a path of the writer's machine, which compat/machine-path
# reports), and PATH beside a command written as an absolute path (the
# command resolves to itself). compat/machine-path leaves the entries reported here to it.
runner_env(s, e) := w if {
	k := upper(e.key)
	w := runner_env_why(k)
	not runner_env_inert(k)
	not runner_env_own_path(s, k, e.value)
	not machine_python_path(s, k, e)
	not absolute_command_path(s, k)
}

# machine_python_path: PYTHONPATH set to a path on the writer's machine
# (/Users/<name>/app, /workspaces/<repo>) is their own checkout, the same
# project folder a relative path names; compat/machine-path reports the
# path, which is the one problem there.
machine_python_path(s, "PYTHONPATH", e) if {
	not library(s)
	some p in s.machine_paths
	p.pointer == e.pointer
}

absolute_command_path(s, "PATH") if {
	regex.match(`^(/|[A-Za-z]:[\\/])`, s.command.value)
}

runner_env_why("NODE_OPTIONS") := "makes Node.js load code (--require, --import) before the package starts"

runner_env_why(k) := "changes npm's settings, such as the registry npx installs from and the scripts it runs" if startswith(k, "NPM_CONFIG_")

runner_env_why(k) := "changes uv's settings, such as the index uvx installs from" if startswith(k, "UV_")

runner_env_why(k) := "changes pip's settings, such as the index packages come from" if startswith(k, "PIP_")

runner_env_why(k) := "changes which code Python loads when it starts" if startswith(k, "PYTHON")

runner_env_why("PATH") := "changes which program the command (npx, uvx, node, python) resolves to"

runner_env_why(k) := "makes the dynamic linker load other libraries into every process the server starts" if startswith(k, "LD_")

runner_env_why(k) := "makes the macOS dynamic linker load other libraries into every process the server starts" if startswith(k, "DYLD_")

runner_env_why("HOME") := "moves the home folder, and with it the .npmrc, pip and uv configuration the runner reads"

runner_env_why("SHELL") := "changes the shell the runner uses for package scripts"

# inert: Python variables that change output, bytecode caching, hashing
# or diagnostics, but never which module or file is loaded. PYTHONPATH,
# PYTHONHOME, PYTHONSTARTUP, PYTHONUSERBASE, PYTHONBREAKPOINT and
# PYTHONWARNINGS (which can import a category's module) stay reported.
runner_env_inert(k) if k in {
	"PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTHONIOENCODING", "PYTHONUTF8",
	"PYTHONHASHSEED", "PYTHONFAULTHANDLER", "PYTHONLEGACYWINDOWSSTDIO", "PYTHONNOUSERSITE",
	"PYTHONOPTIMIZE", "PYTHONVERBOSE", "PYTHONTRACEMALLOC", "PYTHONPYCACHEPREFIX",
}

# own_path: PYTHONPATH into the project's own folder in a configured
# server (not a catalogue entry) is how a server is run from its source
# while it is developed: not reported.
runner_env_own_path(s, "PYTHONPATH", v) if {
	not library(s)
	project_folder(v)
}

# own_folder: every entry of a path list is inside the project: relative
# (./src, src, .) or under a variable for the project folder.
project_folder(v) if {
	parts := [p | some p in regex.split(`[:;]`, v); p != ""]
	count(parts) > 0
	every p in parts {
		inside_project(p)
	}
}

inside_project(p) if {
	not startswith(p, "/")
	not startswith(p, "~")
	not startswith(p, "$")
	not startswith(p, "\\")
	not regex.match(`^[A-Za-z]:`, p)
	not contains(p, "..")
}

inside_project(p) if {
	not contains(p, "..")
	some pre in {"${workspaceFolder}", "${CLAUDE_PROJECT_DIR}", "${PWD}", "$PWD", "${workspaceRoot}"}
	startswith(p, pre)
}
