# METADATA
# title: Loopback address in a committed project config
# description: |
#   A project config (.mcp.json, .cursor/mcp.json, .vscode/mcp.json,
#   .codex/config.toml …) travels with the repository, but a server at
#   localhost, 127.0.0.1 or [::1] exists only on the machine that runs
#   it. A fixed port (3000, 8000, 8080 …) is how a project names its own
#   server or dev stack: everyone who opens the project gets the same
#   address and needs the same server running, so this is an info that
#   says so, with advice to say how to start it (or to commit a command
#   that starts it). It is a warning when the port is in the dynamic
#   range (49152-65535): such a port was picked by a program on one
#   machine (a desktop app or editor extension) and is not the same on
#   the next one, so the entry belongs in that user's own config (for
#   Claude Code, `claude mcp add --scope local`, which writes
#   ~/.claude.json). When the repository is itself the MCP server under
#   development (its package.json, pyproject.toml, go.mod or Cargo.toml
#   depends on an MCP SDK), the info names the manifest that tells. A
#   server switched off in the file (disabled: true, enabled = false)
#   connects nowhere until someone switches it on, so it is not reported.
# custom:
#   level: warning
#   source: clients.md (project tiers are committed; user and local tiers are per machine)
#   fixable: false
#   tags: [portability]
#   precision: high
package mcplint.rules.transport["localhost-in-project"]

import data.mcplint.lib

report contains lib.with_level(lib.at(s, s.url.pointer, msg), "info") if {
	some s in lib.servers("loopback")
	in_scope(s)
	not dynamic_port(s.url)
	why := develops(s)
	msg := sprintf("%q points at %s, this machine's own server: this repository looks like the MCP server itself (%s), so the entry is for developing it and is fine while you do; if it is meant for people who only use the repository, commit a command that starts the server instead", [s.name, address(s.url), why])
}

report contains lib.with_level(lib.at(s, s.url.pointer, msg), "info") if {
	some s in lib.servers("loopback")
	in_scope(s)
	not dynamic_port(s.url)
	not develops(s)
	msg := sprintf("%q points at %s, a server on the machine that runs the client: everyone who opens the project needs it running there, so say in the README how to start it, or commit a command that starts it", [s.name, address(s.url)])
}

report contains lib.at(s, s.url.pointer, msg) if {
	some s in lib.servers("loopback")
	in_scope(s)
	dynamic_port(s.url)
	msg := sprintf("%q points at %s, a port in the dynamic range that a program picked on one machine and that differs on the next, but %s is committed with the project: move it to %s", [s.name, address(s.url), lib.doc_of(s).path, user_config(s.client)])
}

in_scope(s) if {
	s.tier == "project"
	s.url.valid
	s.url.loopback
	not switched_off(s)
}

# dynamic_port: IANA's dynamic (ephemeral) range, 49152-65535, where a
# program that asks the system for any free port gets one.
dynamic_port(u) if {
	regex.match(`^[0-9]{1,5}$`, u.port)
	to_number(u.port) >= 49152
}

# develops says why the repository looks like the MCP server itself.
develops(s) := w if {
	w := lib.doc_of(s).develops_server
	w != ""
}

address(u) := sprintf("%s://%s:%s", [u.scheme, host(u.host), u.port]) if {
	u.port != ""
} else := sprintf("%s://%s", [u.scheme, host(u.host)])

host(h) := sprintf("[%s]", [h]) if {
	contains(h, ":")
	not startswith(h, "[")
} else := h

user_config("claude-code") := "your local scope (claude mcp add --scope local, kept in ~/.claude.json)"

user_config("cursor") := "~/.cursor/mcp.json"

user_config("vscode") := "your user mcp.json (MCP: Open User Configuration)"

user_config("copilot-cli") := "~/.copilot/mcp-config.json"

user_config("codex") := "~/.codex/config.toml"

user_config("grok") := "~/.grok/config.toml"

user_config("opencode") := "~/.config/opencode/opencode.json"

user_config("gemini") := "~/.gemini/settings.json"

user_config("windsurf") := "~/.codeium/windsurf/mcp_config.json"

user_config("zed") := "your Zed user settings (~/.config/zed/settings.json)"

user_config("roo") := "Roo Code's global mcp_settings.json"

user_config("kilo") := "Kilo Code's global mcp_settings.json"

user_config("continue") := "~/.continue/config.yaml"

user_config("amazonq") := "~/.aws/amazonq/mcp.json"

user_config("kiro") := "~/.kiro/settings/mcp.json"

user_config("junie") := "~/.junie/mcp/mcp.json"

user_config(c) := "your user-level config" if {
	not c in {
		"claude-code", "cursor", "vscode", "copilot-cli", "codex", "grok", "opencode", "gemini",
		"windsurf", "zed", "roo", "kilo", "continue", "amazonq", "kiro", "junie",
	}
}

# switched_off: the file turns the server off (disabled: true, enabled =
# false); it connects nowhere until someone turns it on.
switched_off(s) if s.state == "disabled"
