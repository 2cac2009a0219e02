# METADATA
# title: Path that exists on one machine only, in a committed config
# description: |
#   A project config travels with the repository, but an absolute path
#   into one person's home folder (/Users/<name>/…, /home/<name>/…), onto
#   a Windows drive (C:/…, D:\…) or into an editor's per-workspace storage
#   (…/workspaceStorage/<id>/…) exists on the machine it was written on
#   only. Everyone else who opens the project gets a server that fails to
#   start or reads the wrong place (same reasoning as
#   transport/localhost-in-project). Use a path relative to the project,
#   a variable the client expands (${workspaceFolder}, ${HOME},
#   ${CLAUDE_PROJECT_DIR}), or keep the entry in your user-level config.
#   An installed program's place (C:\Program Files\nodejs\node.exe) is
#   not reported.
# custom:
#   level: warning
#   source: clients.md (project tiers are committed; user and local tiers are per machine)
#   fixable: false
#   tags: [portability]
#   precision: high
package mcplint.rules.compat["machine-path"]

import data.mcplint.lib

report contains lib.at(s, p.pointer, msg) if {
	some s in lib.servers("machine_paths")
	s.tier == "project"
	some p in s.machine_paths
	msg := sprintf("%q uses %s, %s, but %s is committed with the project: use a path relative to the project or a variable the client expands, or keep the entry in your user-level config", [s.name, p.value, p.why, lib.doc_of(s).path])
}
