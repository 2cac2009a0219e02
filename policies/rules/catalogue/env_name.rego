# METADATA
# title: Catalogue input with an envVar Paseo ignores
# description: |
#   Paseo names every variable itself, so an entry cannot choose which of
#   the user's variables is sent to its server: an input becomes
#   MCP_TEAM__<ID>__<HASH6>__<INPUT> for a team entry (MCP_REG__… for a
#   registry entry), where HASH6 comes from the SHA-256 of the entry's
#   address or package. An input's "envVar" is ignored. Whatever it
#   names, the field does nothing, so the finding is a warning; when it
#   names a variable of the host (one Claude Code or Paseo uses itself,
#   AWS_*, ANTHROPIC_*, the proxy variables) the message says so, since
#   the entry is asking for the host's own value. Remove the field.
#
#   A team or registry entry's input id is never refused for its name:
#   its variable is namespaced, so an input called MCP_TIMEOUT becomes
#   MCP_TEAM__<ID>__<HASH6>__MCP_TIMEOUT and cannot clash with a name
#   Claude Code uses. The seed refuses a name Claude Code uses itself
#   (MCP_CLIENT_SECRET, MCP_TIMEOUT …) only where the name would be one:
#   a recommended entry's MCP_<ID>_<INPUT>, which ships with the plugin
#   and is no file mcplint reads. Env keys of the server itself are
#   checked by supply-chain/reserved-env and supply-chain/runner-env.
# custom:
#   level: warning
#   source: 'Paseo ("The plugin names every variable itself, so an entry can''t choose which of your variables is sent to its server"; "MCP_TEAM__<ID>__<HASH6>__<INPUT> or MCP_REG__… for a team or registry entry"; "An envVar on an input is ignored")'
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 3.0
package mcplint.rules.catalogue["env-name"]

import data.mcplint.lib

host_names := {
	"MCP_CLIENT_SECRET": "the OAuth client secret Claude Code stores",
	"MCP_TIMEOUT": "Claude Code's server start-up timeout",
	"MCP_TOOL_TIMEOUT": "Claude Code's tool-call timeout",
	"MAX_MCP_OUTPUT_TOKENS": "Claude Code's cap on tool output",
	"ENABLE_TOOL_SEARCH": "Claude Code's tool search switch",
	"CLAUDE_CONFIG_DIR": "the folder Claude Code keeps its settings and sign-ins in",
	"PASEO_HOME": "Paseo's own folder",
	"PASEO_PASSWORD": "Paseo's daemon password",
}

host_prefixes := {
	"MCP_TEAM__": "the names the plugin gives team entries' variables",
	"MCP_REG__": "the names the plugin gives registry entries' variables",
	"PASEO_": "Paseo's own settings",
	"CLAUDE_CODE_": "Claude Code's own switches",
}

# reserved are host variables an envVar asks for in vain.
reserved_prefixes := {"AWS_", "ANTHROPIC_"}

proxies := {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"}

report contains lib.at(s, i.env_var_pointer, msg) if {
	some s in lib.servers("catalogue")
	c := s.catalogue
	c != null
	some i in c.inputs
	i.env_var_pointer != ""
	msg := sprintf("envVar %s is ignored: Paseo names the variable itself (%s)%s, so remove it", [i.env_var, derived(c, i), host_note(upper(i.env_var))])
}

host_note(n) := sprintf("; an entry cannot ask for %s this way", [asks_host(n)]) if {
	asks_host(n)
} else := ""

host_use(n) := host_names[n]

host_use(n) := w if {
	not host_names[n]
	some p, w in host_prefixes
	startswith(n, p)
}

asks_host(n) := host_use(n)

asks_host(n) := "the host's own cloud or Anthropic credentials" if {
	not host_use(n)
	some p in reserved_prefixes
	startswith(n, p)
}

asks_host(n) := "the proxy all the host's traffic goes through" if n in proxies

derived(c, i) := sprintf("MCP_TEAM__%s__<HASH6>__%s", [snake(c.id), snake(i.id)]) if c.kind == "team"

else := sprintf("MCP_REG__<ID>__<HASH6>__%s", [snake(i.id)])

snake(x) := trim(regex.replace(upper(x), `[^A-Z0-9]+`, "_"), "_")
