# METADATA
# title: Credential written in the config
# description: |
#   A credential is written as a literal value in a server's env,
#   headers, args or address (or, in a Paseo catalogue, as an input's
#   default): a provider token (GitHub, OpenAI, Anthropic, AWS, Slack,
#   Stripe, Google …), a password in a database connection string
#   (postgres://user:pass@…), a Slack or Discord webhook, "Bearer
#   <literal>", or a high-entropy value under a credential-named key.
#   Config files are committed, synced, backed up and pasted into
#   issues; a key in one leaks with it. Paseo refuses an entry that holds
#   a literal key and turns every secret into a reference.
#
#   Write a variable reference in the reading client's own syntax and
#   set the variable where the client starts: ${GITHUB_TOKEN} for Claude
#   Code, Gemini CLI and Kiro; ${env:GITHUB_TOKEN} for Cursor, VS Code,
#   Windsurf and Roo; {env:GITHUB_TOKEN} for OpenCode; for Codex,
#   env_vars, bearer_token_env_var or env_http_headers. The message names
#   the variable. References in any client's syntax and placeholders
#   (YOUR_API_KEY_HERE, <token>, xxxx) are never reported; the default of
#   ${VAR:-default} is literal text and is. Credentials in a remote
#   server's own address (user info, a key in the query) are reported by
#   transport/url-credentials. Values are shown masked. A credential
#   elsewhere in a committed config or settings file (under a key the
#   client does not read, in a Claude Code permission rule such as
#   Bash(curl -H "Authorization: Bearer …"), in the client's own env) is
#   reported too.
#
#   A key that was committed is compromised even after the fix: it stays
#   readable in the repository's history and in every clone. Rotate it
#   (revoke it and issue a new one) as well as moving it out of the file.
# custom:
#   level: error
#   source: Paseo ("no literal key"; a project's .mcp.json never holds a key, a secret becomes a ${VAR} reference and the sheet names the variable to set)
#   fixable: true
#   tags: [security, secrets]
#   precision: high
#   security_severity: 8.5
package mcplint.rules.secrets["literal-key"]

import data.mcplint.lib

# Each credential detected in a server's values comes with its advice,
# worked out in Go (s.literal_keys, facts/advice.go): the variable a fix
# sets (k.var), the reference to it in the client's syntax (k.ref), what
# to write instead in that client's terms (k.instead) and the fix Go
# makes from the real bytes (k.fix, null where none can be made). The
# policy decides which keys are findings. Each finding is lib.at's object
# with the fix, written out (a null fix is none).
report contains {"doc": s.doc, "server": s.index, "pointer": k.pointer, "message": msg, "fix": k.fix} if {
	some s in lib.servers("secrets")
	some k in s.literal_keys
	not url_credentials(k)
	msg := sprintf("%s (%s) is written in %s: %s%s", [k.secret.description, k.secret.masked, k.where, k.instead, rotate(s.tier)])
}

# A credential outside any server entry of a committed config or settings
# file (under a key the client does not read, in a permission rule, in
# the client's own env) is committed all the same.
report contains {"doc": d.index, "server": -1, "pointer": k.pointer, "message": msg} if {
	some d in input.documents
	some k in d.stray_secrets
	msg := sprintf("%s (%s) is written in %s outside any server entry, where it is committed with the file all the same: remove it and keep it in an environment variable or the client's secret store; then rotate the key: once committed it stays readable in the history, so it is compromised even after the fix", [k.description, k.masked, d.path])
}

# A catalogue input's default is stored in the catalogue for everyone.
report contains lib.at(s, i.default_pointer, msg) if {
	some s in lib.servers("catalogue")
	some i in s.catalogue.inputs
	some d in i.default_secrets
	msg := sprintf("%s (%s) is written as the default of input %s: a catalogue never holds a stored value; remove the default so each user fills the input in", [d.description, d.masked, i.id])
}

# url_credentials: user info and query credentials of the server's own
# address are transport/url-credentials' findings.
url_credentials(k) if {
	k.field == "url"
	k.secret.detector in {"url-password", "url-token-user", "query-key"}
}

url_credentials(k) if {
	k.field == "url"
	some p in query_pairs(k.value)
	contains(p.value, k.secret.masked)
}

url_credentials(k) if {
	k.field == "url"
	contains(userinfo(k.value), k.secret.masked)
}

query_pairs(u) := [{"key": substring(p, 0, i), "value": substring(p, i + 1, -1)} |
	i0 := indexof(u, "?")
	i0 >= 0
	q := split(substring(u, i0 + 1, -1), "#")[0]
	some p in split(q, "&")
	i := indexof(p, "=")
	i > 0
]

userinfo(u) := info if {
	after := split(u, "://")[1]
	authority := split(after, "/")[0]
	i := indexof(authority, "@")
	i > 0
	info := substring(authority, 0, i)
} else := ""

# rotate: a key in a committed file stays in the repository's history, so
# it is compromised even after the fix.
rotate(tier) := "; then rotate the key: once committed it stays readable in the history, so it is compromised even after the fix" if {
	tier in lib.committed_tiers
} else := ""
