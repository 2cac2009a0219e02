# METADATA
# title: Path that exists on one machine only, in a committed config
# description: |
#   A project config travels with the repository (and so does a user
#   config committed into it, tier copy), but an absolute path into one
#   person's home folder (/Users/<name>/…, /home/<name>/…), onto a Windows
#   drive (C:/…, D:\…, or /mnt/c/… as WSL mounts it), into a WSL
#   distribution as Windows shares it (\\wsl$\<distro>\…), into a checkout
#   folder of one machine (/var/www/<site>/…, /IdeaProjects/<name>/…,
#   /workspace/<repo>/…, a local web server's htdocs/<site>), into the
#   project's folder of one Codespace or
#   dev container (/workspaces/<repo>/…, unless the project defines its
#   dev container in .devcontainer, whose servers run where that path is
#   the project) or into an editor's per-workspace storage
#   (…/workspaceStorage/<id>/…) exists on the machine it was written on
#   only. A path inside a launch script (bash -c "cd /home/<name>/app &&
#   …") and the source of a docker bind mount count too. Everyone else who opens the project gets a server that fails to
#   start or reads the wrong place (same reasoning as
#   transport/localhost-in-project). Use a path relative to the project,
#   a variable the client expands (${workspaceFolder}, ${HOME},
#   ${CLAUDE_PROJECT_DIR}), or keep the entry in your user-level config.
#   An installed program's place (C:\Program Files\nodejs\node.exe) is
#   not reported. A server gets one finding, at its first such path,
#   naming the others; a variable supply-chain/runner-env reports (PATH,
#   LD_LIBRARY_PATH …) is left to that rule, and a PYTHONPATH at such a
#   path (the writer's own checkout) is reported here, not there.
# custom:
#   level: warning
#   source: clients.md (project tiers are committed; user and local tiers are per machine)
#   fixable: false
#   tags: [portability]
#   precision: high
package mcplint.rules.compat["machine-path"]

import data.mcplint.lib

# One finding per server, at its first such path, naming the others: they
# are one problem (the entry was written for one machine) with one fix.
# An env entry supply-chain/runner-env reports (PATH, LD_LIBRARY_PATH …)
# is left to it.
report contains lib.at(s, paths[0].pointer, msg) if {
	some s in lib.servers("machine_paths")
	s.tier in {"project", "copy"}
	paths := [p | some p in s.machine_paths; not runner_entry(s, p)]
	count(paths) > 0
	msg := sprintf("%q uses %s, %s%s, but %s is committed with the project: use a path relative to the project or a variable the client expands, or keep the entry in your user-level config", [s.name, paths[0].value, paths[0].why, more(paths), lib.doc_of(s).path])
}

runner_entry(s, p) if {
	some e in s.env
	e.pointer == p.pointer
	lib.runner_env(s, e)
}

more(paths) := "" if count(paths) == 1

more(paths) := sprintf(" (and %s more: %s)", [format_int(count(paths) - 1, 10), concat(", ", [p.value | some p in array.slice(paths, 1, count(paths))])]) if count(paths) > 1
