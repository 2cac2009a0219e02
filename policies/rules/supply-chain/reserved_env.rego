# METADATA
# title: Env name the host reserves
# description: |
#   A server's env sets a name the host itself uses: AWS_* (the host's
#   cloud credentials and settings), ANTHROPIC_* and CLAUDE_CODE_* (the
#   agent's own API key, endpoint and switches), HTTP_PROXY, HTTPS_PROXY,
#   ALL_PROXY and NO_PROXY (where all traffic goes), MCP_CLIENT_SECRET
#   (the OAuth client secret Claude Code stores), MCP_TIMEOUT,
#   MCP_TOOL_TIMEOUT and MAX_MCP_OUTPUT_TOKENS (Claude Code's own
#   limits). A value here shadows the host's own for that server, or
#   copies the host's credential into a process it was never meant for,
#   and a shared entry can route a server's traffic through a proxy of
#   its choosing. Paseo refuses these names in an entry, so in a library
#   or team catalogue entry this is an error. Give the server a variable
#   of its own where it accepts one, and check that a value meant for the
#   host is not handed on. A value that only passes the host's own
#   variable of the same name on ("ANTHROPIC_API_KEY": "${ANTHROPIC_API_KEY}",
#   in a syntax the client expands) overrides nothing and says what it
#   does, so it is not reported outside a catalogue. (Inputs named after
#   host variables are catalogue/env-name's finding.) An MCP Registry
#   document's environment variable with no value or default declares
#   what the server reads, for the installing user to fill in: not
#   reported; nor is a placeholder left for the user to fill in
#   ("YOUR_ANTHROPIC_API_KEY_HERE" in a server's own template).
# custom:
#   level: warning
#   source: Paseo team catalogue rules ("or a name the plugin reserves (AWS_*, ANTHROPIC_*, HTTPS_PROXY …)"; "A name Claude Code uses itself (MCP_CLIENT_SECRET, MCP_TIMEOUT …) is refused")
#   fixable: false
#   tags: [security, supply-chain]
#   precision: medium
#   security_severity: 5.0
package mcplint.rules["supply-chain"]["reserved-env"]

import data.mcplint.lib

# Each env name is judged once; only the servers that use a reserved one
# are visited.
report contains level(s, lib.at_key(s, e.pointer, msg)) if {
	some key in lib.env_names
	w := reserved(upper(key))
	some s in lib.servers(concat("", ["env/", key]))
	some e in s.env
	e.key == key
	not selector(s, upper(key))
	not pass_through(s, e)
	not declared_input(s, e)
	not placeholder(s, e)
	msg := sprintf("%s is a name the host reserves for %s: a value set here overrides or copies the host's own for this server; give the server a variable of its own name if it accepts one", [e.key, w])
}

reserved(k) := "its AWS credentials and settings" if startswith(k, "AWS_")

reserved(k) := "the agent's own Anthropic API key, endpoint and settings" if startswith(k, "ANTHROPIC_")

reserved(k) := "Claude Code's own switches" if startswith(k, "CLAUDE_CODE_")

reserved(k) := "the proxy all its traffic goes through" if k in {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"}

reserved("MCP_CLIENT_SECRET") := "the OAuth client secret Claude Code stores in its keychain"

reserved(k) := "Claude Code's MCP limits" if k in {"MCP_TIMEOUT", "MCP_TOOL_TIMEOUT", "MAX_MCP_OUTPUT_TOKENS"}

# selector: choosing which of the host's AWS profiles and regions a
# configured server uses is how AWS's own MCP servers are set up; it
# copies no credential. A catalogue entry still may not set them.
selector(s, k) if {
	not lib.library(s)
	k in {"AWS_PROFILE", "AWS_DEFAULT_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION"}
}

# pass_through: "X": "${X}" hands the server the host's own value of the
# name it needs, in a form the client expands: nothing is overridden and
# the choice is written where a reader sees it (it is also what `fix`
# writes for a literal key). A catalogue entry still may not set it.
pass_through(s, e) if {
	not lib.library(s)
	e.is_reference
	count(e.refs) == 1
	some r in e.refs
	r.expanded
	upper(r.name) == upper(e.key)
}

# declared_input: an MCP Registry document's environment variable with no
# value or default only says which variable the server reads; the user
# who installs it fills it in, and nothing of the host's is set or copied.
declared_input(s, e) if {
	s.client == "registry"
	e.value == ""
}

# placeholder: a template's placeholder for the user's own value
# (YOUR_ANTHROPIC_API_KEY_HERE) in a configured server sets nothing yet.
# A catalogue may not name the variable at all.
placeholder(s, e) if {
	not lib.library(s)
	e.placeholder
}

# Paseo refuses these names in a catalogue entry.
level(s, f) := lib.with_level(f, "error") if lib.library(s)

else := f
