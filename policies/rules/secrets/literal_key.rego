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
#   transport/url-credentials. Values are shown masked.
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
import data.mcplint.secrets

report contains f if {
	some s in lib.servers("secrets")
	some v in secrets.fields(s)
	some d in v.secrets
	not url_credentials(s, v, d)
	var := var_for(s, v, d)
	msg := sprintf("%s (%s) is written in %s: %s%s", [d.description, d.masked, v.where, instead(s, v, d, var), rotate(s)])
	f := with_fix(s, v, var, lib.at(s, v.pointer, msg))
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
url_credentials(_, v, d) if {
	v.field == "url"
	d.detector in {"url-password", "url-token-user", "query-key"}
}

url_credentials(_, v, d) if {
	v.field == "url"
	some p in query_pairs(v.value)
	contains(p.value, d.masked)
}

url_credentials(_, v, d) if {
	v.field == "url"
	contains(userinfo(v.value), d.masked)
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

# var_for names the variable to set.
var_for(_, v, _) := v.key if {
	v.field == "env"
	plain_var(v.key)
}

var_for(s, v, _) := secrets.env_name(s.name, v.key) if {
	v.field == "env"
	not plain_var(v.key)
}

var_for(s, v, _) := secrets.env_name(s.name, "TOKEN") if {
	v.field == "headers"
	lower(v.key) in {"authorization", "proxy-authorization"}
}

var_for(s, v, _) := secrets.env_name(s.name, regex.replace(v.key, `^[Xx]-`, "")) if {
	v.field == "headers"
	not lower(v.key) in {"authorization", "proxy-authorization"}
}

var_for(s, v, d) := secrets.env_name(s.name, key) if {
	v.field == "args"
	key := arg_name(v, d)
}

var_for(s, v, d) := secrets.env_name(s.name, key) if {
	v.field == "url"
	key := url_name(v, d)
}

arg_name(v, d) := v.key if {
	v.key != ""
} else := kind_suffix(d)

url_name(v, d) := p.key if {
	some p in query_pairs(v.value)
	contains(p.value, d.masked)
} else := kind_suffix(d)

kind_suffix(d) := "WEBHOOK_URL" if {
	contains(d.detector, "webhook")
} else := "PASSWORD" if {
	d.detector in {"connection-string", "url-password", "basic-auth-literal"}
} else := "API_KEY" if {
	contains(d.detector, "key")
} else := "TOKEN"

# instead says what to write, in the client's own syntax.
# rotate: a key in a committed file stays in the repository's history, so
# it is compromised even after the fix.
rotate(s) := "; then rotate the key: once committed it stays readable in the history, so it is compromised even after the fix" if {
	lib.committed(s)
} else := ""

unsure(s) if input.documents[s.doc].client_unsure

instead(s, v, d, var) := msg if {
	unsure(s)
	msg := sprintf(`replace it with a reference to a variable %s in the syntax of the client that loads this file (${%s} in Claude Code, ${env:%s} in Cursor, VS Code and Windsurf) and set %s where that client starts; nothing says which client this file is for (name it with --client)`, [var, var, var, var])
} else := msg if {
	some r in v.refs
	r.has_default
	r.syntax == "dollar-brace"
	msg := sprintf(`the default of ${%s:-…} is literal text stored in the file: drop it, write "${%s}" and set %s where %s starts`, [r.name, r.name, r.name, secrets.client_name(s)])
} else := msg if {
	s.client in {"paseo", "registry"}
	ref := secrets.form(s, v.field, var)
	msg := sprintf(`write "%s" and declare %s as a secret input ("secret": true), so each user fills it in`, [rewritten(v, d, ref), var])
} else := msg if {
	ref := secrets.form(s, v.field, var)
	msg := sprintf(`write "%s" instead and set %s in the environment %s starts from`, [rewritten(v, d, ref), var, secrets.client_name(s)])
} else := msg if {
	# Codex's env_vars and Goose's env_keys pass a variable on under its
	# own name, so the key itself must be one.
	s.client in {"codex", "goose"}
	v.field == "env"
	not plain_var(v.key)
	msg := sprintf("%s passes a variable on only under its own name, and %s cannot name one: if the server also reads the key under a plain name (letters, digits and _), use that name and list it in %s", [secrets.client_name(s), v.key, forwarder(s)])
} else := msg if {
	s.client == "codex"
	msg := codex(v, var)
} else := msg if {
	s.client == "goose"
	v.field == "env"
	msg := sprintf("list %s in env_keys instead and store its value with goose configure, which keeps it in the system keyring", [var])
} else := msg if {
	secrets.managed(s)
	msg := "managedMcpServers expands no variables and is sent to every user: sign in to this server with OAuth instead of a shared key"
} else := msg if {
	s.client == "super-pi"
	msg := sprintf("super-pi expands ${NAME} only in header values, so here the key stays in clear text: keep this file private, or let the server read %s from the environment super-pi starts in", [var])
} else := sprintf("%s expands no variables, so the key stays in clear text in this file: keep the file out of version control and shared backups, or start the server through a wrapper that reads %s from a secret store", [secrets.client_name(s), var])

# rewritten is the value with the credential replaced by ref; a webhook
# address is a credential as a whole.
rewritten(v, d, ref) := ref if {
	contains(d.detector, "webhook")
} else := replace(v.value, d.masked, ref)

codex(v, var) := sprintf(`Codex expands no variables, so remove it from env and list it in env_vars = ["%s"]; Codex then passes %s on from its own environment`, [var, var]) if {
	v.field == "env"
}

codex(v, var) := sprintf(`Codex expands no variables, so remove the header and write bearer_token_env_var = "%s"; Codex then sends "Bearer " and the value of %s`, [var, var]) if {
	v.field == "headers"
	lower(v.key) == "authorization"
	startswith(lower(v.value), "bearer ")
}

codex(v, var) := sprintf(`Codex expands no variables, so remove the header and write env_http_headers = { "%s" = "%s" }; Codex then reads the value from %s`, [v.key, var, var]) if {
	v.field == "headers"
	not bearer_auth(v)
}

codex(v, var) := sprintf(`Codex expands no variables in %s, so have the server read %s from its environment and pass it with env_vars = ["%s"]`, [v.field, var, var]) if {
	v.field in {"args", "url"}
}

bearer_auth(v) if {
	lower(v.key) == "authorization"
	startswith(lower(v.value), "bearer ")
}

# with_fix attaches the fix Go makes from the real bytes: every credential
# in the value becomes a reference to var in the client's syntax. Go
# drops it where the client has no syntax for one.
with_fix(s, v, var, f) := f if {
	unsure(s) # no client's syntax can be chosen for it
} else := object.union(f, {"fix": {"kind": "secret-to-reference", "pointer": v.pointer, "value": var}}) if {
	_ := secrets.form(s, v.field, var)
	not has_default(v)
	not webhook(v)
} else := object.union(f, {"fix": {"kind": "value-to-reference", "pointer": v.pointer, "value": var}}) if {
	# A webhook URL is a secret as a whole, and a literal default goes
	# with the reference that holds it: the whole value becomes the
	# reference.
	_ := secrets.form(s, v.field, var)
	v.field in {"env", "headers"}
	whole_value_secret(v)
} else := object.union(f, {"fix": {"kind": codex_fix(v), "pointer": v.pointer, "value": var}}) if {
	# Codex expands nothing: Go moves the key into env_vars,
	# bearer_token_env_var or env_http_headers.
	s.client == "codex"
	codex_fix(v)
} else := f

codex_fix(v) := "codex-env" if {
	v.field == "env"
	plain_var(v.key)
}

# plain_var is a name an environment variable can have.
plain_var(k) if regex.match(`^[A-Za-z_][A-Za-z0-9_]*$`, k)

forwarder(s) := "env_vars" if s.client == "codex"

forwarder(s) := "env_keys" if s.client == "goose"

codex_fix(v) := "codex-bearer" if {
	v.field == "headers"
	bearer_auth(v)
}

codex_fix(v) := "codex-env-header" if {
	v.field == "headers"
	not bearer_auth(v)
}

whole_value_secret(v) if webhook(v)

whole_value_secret(v) if {
	has_default(v)
	regex.match(`^\$\{[^{}]*\}$`, v.value)
}

webhook(v) if {
	some d in v.secrets
	contains(d.detector, "webhook")
}

has_default(v) if {
	some r in v.refs
	r.has_default
}
