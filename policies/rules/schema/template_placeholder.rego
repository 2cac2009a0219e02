# METADATA
# title: Template placeholder left in a command or path
# description: |
#   A server's command, one of its arguments or its cwd is still the
#   placeholder of the README or template it was copied from:
#   /path/to/allowed/files, /ABSOLUTE/PATH/TO/server.js, <path-to-uv>,
#   /Users/<you>/project, "absolute path to python (in .venv)". A command
#   like that names no program, so the server cannot start; an argument
#   or cwd like that names a folder or file that does not exist, so the
#   server starts with nothing to read or fails on it. Write the real
#   path: relative to the project, or with a variable the client expands
#   (${workspaceFolder}, ${HOME}); keep a personal path in your own
#   user-level config. Registry documents and catalogues, which are
#   templates on purpose, are not checked, nor are configs kept to show
#   readers the shape (under an examples or docs folder, or named
#   *.example.json).
# custom:
#   level: error
#   source: clients.md (a stdio entry's command is run as written; args are passed as they are)
#   fixable: false
#   tags: [correctness]
#   precision: high
package mcplint.rules.schema["template-placeholder"]

import data.mcplint.lib

# The command: the server cannot start (an error).
report contains lib.at(s, t.pointer, msg) if {
	some s in lib.servers("templates")
	some t in s.templates
	t.where == "command"
	msg := sprintf("%q starts %q, %s left from a template: no such program exists, so the server cannot start; write the program's real path (or its name, when it is on PATH)", [s.name, t.value, t.why])
}

# An argument or cwd: one finding per server, at the first (a warning).
report contains lib.with_level(lib.at(s, others[0].pointer, msg), "warning") if {
	some s in lib.servers("templates")
	others := [t | some t in s.templates; t.where != "command"]
	count(others) > 0
	not command_placeholder(s)
	msg := sprintf("%q is given %q, %s left from a template%s: the server gets a path that does not exist; write the real path, relative to the project or with a variable the client expands", [s.name, others[0].value, others[0].why, more(others)])
}

# command_placeholder: the command finding says the server cannot start,
# which covers its arguments too.
command_placeholder(s) if {
	some t in s.templates
	t.where == "command"
}

more(ts) := "" if count(ts) == 1

else := sprintf(" (and %d more: %s)", [count(ts) - 1, concat(", ", [t.value | some t in array.slice(ts, 1, count(ts))])])
