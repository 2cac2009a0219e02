# METADATA
# title: Server started through an inline shell script
# description: |
#   The server is started through a shell with an inline script (sh -c,
#   bash -c, cmd /c with &&, | or >, powershell -Command or
#   -EncodedCommand), downloads a script and pipes it to an interpreter
#   (curl … | sh, iwr … | iex, bash <(curl …)), or uses command
#   substitution ($(…) or backticks). Clients, allow-lists such as Claude
#   Code's serverCommand and trust pins compare the command and its
#   arguments; a script hides what really runs and can change it at
#   every start, and a piped download runs whatever the server at that
#   address returns. Run the program directly, with a pinned package
#   (npx name@1.2.3, uvx name==1.2.3, an image by digest) and fixed
#   arguments. cmd /c around one plain command, the usual Windows wrapper
#   for npx, is not reported. A shell behind a wrapper (wsl.exe … bash -c,
#   docker run IMAGE sh -c, env … bash -c, cmd /c bash -c) is. A script
#   that only sets up and launches one program, reading values on the
#   way (TOKEN=$(gh auth token) exec npx …, cd "$(git rev-parse
#   --show-toplevel)" && exec uv run …), is not: reading a token from a
#   credential helper is the good practice, and the launched program is
#   checked by the runner rules. A substitution whose output runs, or
#   that fetches something ($(curl …)), is reported.
# custom:
#   level: warning
#   source: peers (MCP05 shell launcher with inline script; MCP04 download piped to interpreter)
#   fixable: false
#   tags: [security, supply-chain]
#   precision: high
#   security_severity: 6.5
package mcplint.rules["supply-chain"]["shell-launcher"]

import data.mcplint.lib

report contains lib.at(s, sh.pointer, message(sh)) if {
	some s in lib.servers("shell")
	sh := s.shell
	kind(sh) != ""
}

kind(sh) := "pipe" if {
	sh.pipe_to_interpreter
} else := "substitution" if {
	sh.command_substitution
} else := "launcher" if {
	sh.launcher != ""
} else := ""

message(sh) := sprintf("%s downloads a script and hands it to %s, so whatever that address returns runs on this machine, unreviewed: install a pinned release (npx name@1.2.3, uvx name==1.2.3, an image by digest) and run it directly", [sh.downloader, sh.interpreter]) if {
	kind(sh) == "pipe"
}

message(sh) := "the command line uses command substitution ($(…) or backticks), so what runs is decided anew at every start: run the program directly with fixed arguments" if {
	kind(sh) == "substitution"
}

message(sh) := sprintf("%s runs an encoded script that no reviewer or allow-list can read: run the program directly with fixed arguments", [sh.launcher]) if {
	kind(sh) == "launcher"
	endswith(sh.launcher, "-EncodedCommand")
}

message(sh) := sprintf(`%s runs an inline script, which allow-lists and trust pins cannot see into: run the program directly, "command": "<program>" with "args": [...]`, [sh.launcher]) if {
	kind(sh) == "launcher"
	not endswith(sh.launcher, "-EncodedCommand")
}
