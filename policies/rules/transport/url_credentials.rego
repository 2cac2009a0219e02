# METADATA
# title: Credentials in a server address
# description: |
#   A remote server's address carries a credential: a user name or
#   password (https://user:pass@host/…), or a key-like value in its query
#   string (?api_key=…, ?token=…, ?sig=…). An address is shown and kept
#   in many places a header is not: process lists, proxy and server
#   access logs, the client's own error messages, health-check caches,
#   and every copy of the config. Paseo refuses such an address.
#   Remove the credential from the address and send it in a header whose
#   value is a variable reference in the client's own syntax, e.g.
#   "headers": {"Authorization": "Bearer ${EXA_API_KEY}"} in .mcp.json,
#   ${env:EXA_API_KEY} in Cursor, {env:EXA_API_KEY} in OpenCode, or
#   bearer_token_env_var / env_http_headers in Codex. Values are always
#   shown masked.
# custom:
#   level: error
#   source: Paseo ("An address with a user name, a password or a key in its query is refused")
#   fixable: false
#   tags: [security]
#   precision: high
#   security_severity: 7.5
package mcplint.rules.transport["url-credentials"]

import data.mcplint.lib
import data.mcplint.secrets

# The address carries user info.
report contains lib.at(s, s.url.pointer, msg) if {
	some s in lib.servers("url_credentials")
	s.url.valid
	s.url.has_password
	var := env_name(s.name, "BASIC_AUTH")
	msg := sprintf("%s carries a user name and password, which logs, proxies and error messages show: remove them from the address and send %s", [s.url.value, header_example(s, "Authorization", "Basic ", var)])
}

report contains lib.at(s, s.url.pointer, msg) if {
	some s in lib.servers("url_credentials")
	s.url.valid
	s.url.has_user
	not s.url.has_password
	var := env_name(s.name, "TOKEN")
	msg := sprintf("%s carries a user name (%s@), which logs and proxies show and which often is a token: remove it from the address and, if the server needs it, send %s", [s.url.value, user_of(s.url.value), header_example(s, "Authorization", "Bearer ", var)])
}

# A key-like value in the query string.
report contains f if {
	some s in lib.servers("url_credentials")
	s.url.valid
	keys := sort(query_keys(s))
	count(keys) > 0
	names := [sprintf("%s=", [k]) | some k in keys]
	var := env_name(s.name, keys[0])
	msg := sprintf("%s carries a credential in its query (%s), which logs and proxies record with the address: %s%s", [s.url.value, concat(", ", names), query_advice(s, keys, var), rotate(s)])
	f := query_fix(s, keys, var, lib.at(s, s.url.pointer, msg))
}

# A client that expands references in the address takes the key as a
# variable there: the fix writes it (a header is better still, where the
# server accepts one). Elsewhere the key must leave the address.
query_advice(s, keys, var) := sprintf("write %s in its place (mcplint fix does) and set %s where %s starts; better still, send it as a header if the server accepts one, e.g. %s", [ref, var, secrets.client_name(s), header_example(s, "Authorization", "Bearer ", var)]) if {
	count(keys) == 1
	not lib.library(s)
	ref := secrets.form(s, "url", var)
} else := sprintf("%s does not expand variables in the address, so remove it from the address and send it as a header if the server accepts one, e.g. %s", [secrets.client_name(s), header_example(s, "Authorization", "Bearer ", var)]) if {
	not lib.library(s)
	not secrets.form(s, "url", var)
} else := sprintf("remove it from the address and send it as a header if the server accepts one, e.g. %s", [header_example(s, "Authorization", "Bearer ", var)])

query_fix(s, keys, var, f) := object.union(f, {"fix": {"kind": "secret-to-reference", "pointer": s.url.pointer, "value": var}}) if {
	count(keys) == 1
	not lib.library(s)
	_ := secrets.form(s, "url", var)
} else := f

rotate(s) := "; then rotate the key: once committed it stays readable in the history" if {
	lib.committed(s)
} else := ""

# query_keys are the query parameters whose literal value is a credential:
# key-like names (the url facts), and any parameter holding a value the
# secret detectors recognise (a provider token under ?key=).
query_keys(s) := {k | some k in s.url.secret_query_keys} | {pair.key |
	some pair in query_pairs(s.url.value)
	some d in s.url.secrets
	d.masked != ""
	contains(pair.value, d.masked)
}

query_pairs(u) := [{"key": substring(p, 0, i), "value": substring(p, i + 1, -1)} |
	q := query_of(u)
	some p in split(q, "&")
	i := indexof(p, "=")
	i > 0
]

query_of(u) := q if {
	i := indexof(u, "?")
	i >= 0
	rest := substring(u, i + 1, -1)
	q := split(rest, "#")[0]
} else := ""

user_of(u) := user if {
	after := split(u, "://")[1]
	authority := split(split(after, "/")[0], "@")[0]
	user := split(authority, ":")[0]
} else := "user"

# env_name suggests a variable name: the server's name and the key in
# upper snake case (exa + api_key → EXA_API_KEY; exa + exaApiKey →
# EXA_API_KEY, the key already naming the server).
env_name(server, key) := k if {
	k := snake(key)
	startswith(k, concat("", [snake(server), "_"]))
} else := snake(concat("_", [server, key]))

snake(s) := trim(regex.replace(upper(regex.replace(s, `([a-z0-9])([A-Z])`, "${1}_${2}")), `[^A-Z0-9]+`, "_"), "_")

# header_example shows a header with a variable reference in the syntax
# of the client that reads the file.
header_example(s, header, prefix, var) := sprintf(`"headers": {"%s": "%s${%s}"}`, [header, prefix, var]) if {
	s.client in {"claude-code", "gemini", "kiro", "copilot-cli", "grok", "super-pi"}
} else := sprintf(`"headers": {"%s": "%s${env:%s}"}`, [header, prefix, var]) if {
	s.client in {"cursor", "windsurf", "roo", "kilo"}
} else := sprintf(`"headers": {"%s": "%s${input:%s}"} with the input declared in "inputs" ("password": true)`, [header, prefix, lower(var)]) if {
	s.client == "vscode"
} else := sprintf(`"headers": {"%s": "%s{env:%s}"}`, [header, prefix, var]) if {
	s.client == "opencode"
} else := sprintf(`bearer_token_env_var = "%s" (or env_http_headers = { "%s" = "%s" })`, [var, header, var]) if {
	s.client == "codex"
	prefix == "Bearer "
} else := sprintf(`env_http_headers = { "%s" = "%s" } (the variable holding the whole header value)`, [header, var]) if {
	s.client == "codex"
} else := sprintf(`requestOptions.headers with %s: "%s${{ secrets.%s }}"`, [header, prefix, var]) if {
	s.client == "continue"
} else := sprintf(`a header {"name": "%s", "value": "%s{%s}", "isSecret": true} with %s declared in its "variables"`, [header, prefix, var, var]) if {
	s.client == "registry"
} else := sprintf(`"headers": {"%s": "%s{%s}"} with {"id": "%s", "secret": true} in "inputs"`, [header, prefix, var, var]) if {
	s.client == "paseo"
} else := sprintf(`"headers": {"%s": "%s…"} (this client does not expand variables, so keep that file out of version control)`, [header, prefix])
