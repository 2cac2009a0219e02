# METADATA
# title: Loopback address in a committed project config
# description: |
#   A project config (.mcp.json, .cursor/mcp.json, .vscode/mcp.json,
#   .codex/config.toml …) travels with the repository, but a server at
#   localhost, 127.0.0.1 or [::1] exists only on the machine that runs
#   it. Everyone else who opens the project gets a server that fails to
#   connect (and a port that something else may answer on). Keep such a
#   server in your own user-level or local config (for Claude Code,
#   `claude mcp add --scope local`, which writes ~/.claude.json), or
#   commit a stdio entry that starts the server instead of an address
#   that assumes it is already running. When the repository is itself
#   the MCP server under development (its package.json, pyproject.toml,
#   go.mod or Cargo.toml depends on an MCP SDK), a localhost entry is
#   how its developers try it out: that is reported at info level only,
#   with the manifest that tells. A server switched off in the file
#   (disabled: true, enabled = false) connects nowhere until someone
#   switches it on, so it is not reported either.
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
	s.tier == "project"
	s.url.valid
	s.url.loopback
	not switched_off(s)
	why := develops(s)
	msg := sprintf("%q points at %s, this machine's own server: this repository looks like the MCP server itself (%s), so the entry is for developing it and is fine while you do; if it is meant for people who only use the repository, commit a command that starts the server instead", [s.name, address(s.url), why])
}

report contains lib.at(s, s.url.pointer, msg) if {
	some s in lib.servers("loopback")
	s.tier == "project"
	s.url.valid
	s.url.loopback
	not switched_off(s)
	not develops(s)
	msg := sprintf("%q points at %s, which exists only on the machine that runs it, but %s is committed with the project: move it to %s, or commit a command that starts the server", [s.name, address(s.url), lib.doc_of(s).path, user_config(s.client)])
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
