# METADATA
# title: Referenced variable is not set
# description: |
#   A value refers to an environment variable that is not set in the
#   environment the run was given (mcplint check --env-check, an env
#   file, or a .mcplint.env file beside or above the config listing the
#   variables the client will have). Without a value the server breaks
#   in a way that depends on the client: super-pi fails the server with
#   {:missing_env, names}; Claude Code and oceancode leave the literal
#   ${VAR} in place (Claude Code also warns); OpenCode replaces
#   {env:VAR} with an empty string. Set the variable where the client
#   starts, or give the reference a default (${VAR:-default}) where the
#   client reads one. References with a default, references the client
#   does not expand (secrets/reference-not-expanded) and variables the
#   client sets itself (CLAUDE_PROJECT_DIR …) are not reported. Nothing
#   is reported when the run does not know the environment. In a VS
#   Code mcp.json, an ${input:id} whose id the file's "inputs" does not
#   declare is reported whatever the environment: VS Code stops at the
#   undefined input variable and does not start the server.
# custom:
#   level: warning
#   source: super-pi ({:missing_env, names}); oceancode (unresolved ${VAR} left literal); OpenCode (unset {env:VAR} is empty); Claude Code (literal and a warning)
#   fixable: false
#   tags: [correctness]
#   precision: high
package mcplint.rules.secrets["undefined-variable"]

import data.mcplint.lib
import data.mcplint.secrets

report contains lib.at(s, v.pointer, msg) if {
	some s in lib.servers("unset")
	some v in secrets.fields(s)
	some r in v.refs
	r.set == false
	r.expanded
	not r.has_default
	r.syntax != "input"
	msg := sprintf("%s is not set, %s: set %s in the environment %s starts from%s", [r.name, effect(s, r), r.name, secrets.client_name(s), or_default(s, r)])
}

# VS Code: an ${input:id} that the file's "inputs" does not declare.
report contains lib.at(s, v.pointer, msg) if {
	some s in lib.servers("unset")
	some v in secrets.fields(s)
	some r in v.refs
	r.set == false
	r.syntax == "input"
	msg := sprintf(`${input:%s} names no input of this file, so VS Code stops at an undefined input variable and does not start %q: add {"id": "%s", "type": "promptString", "password": true} to "inputs", or use the id of the input meant`, [r.name, s.name, r.name])
}

effect(s, r) := sprintf(`and super-pi fails this server with {:missing_env, ["%s"]}`, [r.name]) if s.client == "super-pi"

effect(s, r) := sprintf("so Claude Code sends the literal text %s (and warns at start)", [secrets.written(r)]) if s.client == "claude-code"

effect(s, r) := sprintf("so OpenCode replaces %s with an empty string", [secrets.written(r)]) if s.client == "opencode"

effect(s, r) := sprintf("so %s cannot fill in %s", [secrets.client_name(s), secrets.written(r)]) if {
	not s.client in {"super-pi", "claude-code", "opencode"}
}

or_default(s, r) := sprintf(", or give it a default, ${%s:-…}", [r.name]) if {
	s.client in {"claude-code", "grok"}
	r.syntax == "dollar-brace"
} else := ""
