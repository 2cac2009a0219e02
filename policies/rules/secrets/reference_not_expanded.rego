# METADATA
# title: Variable reference the client does not expand
# description: |
#   A value holds a variable reference that the client reading the file
#   does not expand in that place, so the server receives the literal
#   text (a header "Bearer ${API_TOKEN}", a path "$HOME/notes") and fails
#   or, worse, sends it on. super-pi expands ${NAME} only in header
#   values; oceancode, which reads Claude Code's files, expands none in
#   the address; Claude Code's managedMcpServers expand nothing; Claude
#   Desktop, Cline, Zed and Codex expand nothing at all (Codex has
#   env_vars, bearer_token_env_var and env_http_headers instead);
#   ${input:…} is VS Code's alone; ${env:X} is Cursor, VS Code, Windsurf
#   and Roo syntax that Claude Code passes on literally; {env:X} is
#   OpenCode's; ${workspaceFolder} is an editor variable;
#   ${process.env.X}, JavaScript's, is expanded by no client, nor is a
#   1Password reference (op://vault/item/field) in env unless the server
#   is started through op run. Claude Code also
#   reads its own credentials (ANTHROPIC_API_KEY, AWS_*, HTTPS_PROXY,
#   NPM_TOKEN …) as empty in a remote server's url and headers. Write the
#   reference in the reading client's syntax. Catalogue and registry
#   documents are checked by catalogue/placeholder, and a shell script
#   (sh -c) expands its own variables, and so does mcp-remote in the
#   values of its --header arguments (its documented way to pass
#   "Authorization: Bearer ${TOKEN}" without the client touching it).
# custom:
#   level: warning
#   source: super-pi (${NAME} only in header values, not in the command either); oceancode (expands ${VAR} only in command, args, env and headers); Claude Code (managedMcpServers never expand; credential variables read as empty in url and headers); clients.md §18.2
#   fixable: false
#   tags: [correctness, secrets]
#   precision: high
package mcplint.rules.secrets["reference-not-expanded"]

import data.mcplint.lib
import data.mcplint.secrets

# syntaxes that are clearly variable references (a {{template}} or a
# lower-case {name} may be a server's own text)
checked := {"dollar-brace", "dollar", "env-colon", "input", "editor-var", "opencode", "file", "continue", "process-env"}

report contains lib.at(s, v.pointer, msg) if {
	some s in lib.servers("unexpanded")
	not s.client in {"paseo", "registry"}
	some v in secrets.fields(s)
	not shell_script(s, v)
	some r in v.refs
	not r.expanded
	considered(r)
	known_reader(s, r)
	not runner_expands(s, v, r)
	not continue_import(s, r)
	msg := sprintf("%s does not expand %s in %s, so the server gets that literal text: %s", [who(s), secrets.written(r), v.where, instead(s, v, r)])
}

# A 1Password secret reference (op://vault/item/field) is resolved only
# by the 1Password CLI (op run, op inject); no client resolves one, so a
# server started without op run gets the reference text itself.
report contains lib.at(s, p.pointer, msg) if {
	some s in lib.servers("env")
	not s.client in {"paseo", "registry"}
	not op_run(s)
	some p in s.env
	startswith(p.value, "op://")
	msg := sprintf(`%s does not resolve the 1Password reference in env %s, so the server gets the text "op://…" itself: start the server through the 1Password CLI (command "op", args ["run", "--", …]), which resolves op:// references in the environment it passes on, or set %s where %s starts`, [s.trust.client_name, p.key, p.key, s.trust.client_name])
}

# super-pi expands ${NAME} only in header values: a command holding
# ${…} is run as that literal text.
report contains lib.at(s, s.command.pointer, msg) if {
	some s in lib.servers("client/super-pi")
	s.command != null
	some m in regex.find_all_string_submatch_n(`\$\{([A-Za-z_][A-Za-z0-9_]*)(:-[^}]*)?\}`, s.command.value, -1)
	msg := sprintf("super-pi does not expand %s in the command (only ${NAME} in a header value), so it tries to run that text literally: write the program's path itself", [m[0]])
}

# oceancode reads Claude Code's files but expands ${VAR} and
# ${VAR:-default} only in command, args, env and headers: a reference in
# the address is dialled as written.
report contains lib.at(s, s.url.pointer, msg) if {
	lib.oceancode
	some s in lib.servers("refs")
	s.client == "claude-code"
	s.url != null
	some r in s.url.refs
	r.syntax == "dollar-brace"
	msg := sprintf("oceancode does not expand %s in the address (only in command, args, env and headers), so it dials %q literally although Claude Code expands it: write the address itself", [secrets.written(r), s.name])
}

# Claude Code never sends its own credentials to a remote server: in a
# header,
report contains lib.at(s, h.pointer, own_credential(s, r, sprintf("header %s", [h.key]))) if {
	some s in credential_servers
	some h in s.headers
	some r in h.refs
	claude_credential_ref(r)
}

# or in the address.
report contains lib.at(s, s.url.pointer, own_credential(s, r, "the address")) if {
	some s in credential_servers
	some r in s.url.refs
	claude_credential_ref(r)
}

# credential_servers are Claude Code's remote servers that refer to one of
# its credential variables: each variable name is judged once.
credential_servers contains s if {
	some name in lib.ref_names
	claude_credential(name)
	some s in lib.servers(concat("", ["ref/", name]))
	s.client == "claude-code"
	s.transport != "stdio"
}

claude_credential_ref(r) if {
	r.expanded
	r.syntax == "dollar-brace"
	claude_credential(r.name)
}

own_credential(s, r, where) := sprintf(`Claude Code reads its own credential variable %s as empty in a remote server's url and headers, so %s gets an empty value: write "${%s}" and set %s to the key meant for this server`, [r.name, where, own, own]) if {
	own := secrets.env_name(s.name, trim_prefix(trim_prefix(r.name, "ANTHROPIC_"), "AWS_"))
}

considered(r) if {
	r.syntax in checked
	r.syntax != "catalogue-input"
}

considered(r) if {
	r.syntax == "catalogue-input"
	regex.match(`^[A-Z][A-Z0-9_]*$`, r.name)
}

# known_reader: whether a reference is expanded depends on the client, so
# a file nothing names a client for (a generic name, standard input
# without --stdin-filename) is reported only for syntax no client expands.
known_reader(s, _) if not lib.doc_of(s).client_unsure

known_reader(s, r) if {
	lib.doc_of(s).client_unsure
	r.syntax == "process-env"
}

# Continue converts ${VAR} to ${{ secrets.VAR }} when it imports a
# Claude-style JSON file from .continue/mcpServers/.
continue_import(s, r) if {
	s.client == "continue"
	input.documents[s.doc].variant == "json-import"
	r.syntax == "dollar-brace"
}

# runner_expands: mcp-remote replaces ${NAME} in a --header value with
# the variable of its own environment, so the reference reaches the
# remote server filled in whatever the client does with it.
runner_expands(s, v, r) if {
	v.field == "args"
	v.key == "header"
	s.runner.package == "mcp-remote"
	r.syntax == "dollar-brace"
}

shell_script(s, v) if {
	s.shell.launcher != ""
	v.pointer == s.shell.pointer
}

claude_credential(n) if {
	startswith(n, "ANTHROPIC_")
	n != "ANTHROPIC_BASE_URL"
}

claude_credential(n) if startswith(n, "AWS_")

claude_credential(n) if n in {"CLAUDE_CODE_OAUTH_TOKEN", "HTTPS_PROXY", "HTTP_PROXY", "NPM_TOKEN", "GOOGLE_APPLICATION_CREDENTIALS"}

who(s) := "managedMcpServers" if {
	secrets.managed(s)
} else := secrets.client_name(s)

# instead is what to write, in the reading client's own terms.
instead(s, v, r) := sprintf(`write "%s" instead`, [replace(v.value, secrets.written(r), secrets.form(s, v.field, secrets.var_name(r)))]) if {
	secrets.var_name(r) != ""
	r.syntax != "editor-var"
}

instead(s, v, r) := msg if {
	r.syntax == "editor-var"
	msg := editor_var(s, v, r)
}

instead(s, v, r) := msg if {
	not secrets.form(s, v.field, "X")
	r.syntax != "editor-var"
	msg := no_form(s, v, r)
}

instead(s, v, r) := "write the value the server needs directly" if {
	secrets.var_name(r) == ""
	r.syntax != "editor-var"
	secrets.form(s, v.field, "X")
}

# Claude Code expands ${VAR:-default}; where CLAUDE_PROJECT_DIR is not
# set, "." is the folder Claude Code starts the server in (no claim that
# Claude Code sets the variable for its servers: its documentation gives
# it to hooks).
editor_var(s, v, r) := sprintf(`write "%s" ("." when CLAUDE_PROJECT_DIR is not set: the folder Claude Code starts the server in)`, [replace(v.value, secrets.written(r), "${CLAUDE_PROJECT_DIR:-.}")]) if {
	s.client == "claude-code"
	r.name == "workspaceFolder"
} else := sprintf(`write "%s"`, [replace(v.value, secrets.written(r), secrets.form(s, v.field, "HOME"))]) if {
	r.name == "userHome"
	secrets.form(s, v.field, "HOME")
} else := "write the absolute path instead"

no_form(s, v, r) := sprintf(`drop the env entry and write env_vars = ["%s"], so Codex passes %s on from its own environment`, [v.key, v.key]) if {
	s.client == "codex"
	v.field == "env"
	secrets.var_name(r) != ""
} else := sprintf(`write bearer_token_env_var = "%s" instead of the header`, [n]) if {
	s.client == "codex"
	v.field == "headers"
	lower(v.key) == "authorization"
	n := secrets.var_name(r)
	n != ""
} else := sprintf(`write env_http_headers = { "%s" = "%s" } instead of the header`, [v.key, n]) if {
	s.client == "codex"
	v.field == "headers"
	n := secrets.var_name(r)
	n != ""
} else := sprintf(`list %s in env_keys and store the value with goose configure`, [v.key]) if {
	s.client == "goose"
	v.field == "env"
} else := "write the absolute path instead" if {
	r.name in {"HOME", "USERPROFILE", "userHome", "HOMEPATH"}
} else := sprintf("write the value itself here (super-pi expands ${NAME} only in header values), or let the server read %s from the environment super-pi starts it in", [secrets.var_name(r)]) if {
	s.client == "super-pi"
	secrets.var_name(r) != ""
} else := "write the value itself, or move the server to managed-mcp.json, which expands ${VAR}" if {
	secrets.managed(s)
} else := "write the value itself (and keep this file private)"

# op_run: the server is started through the 1Password CLI's op run.
op_run(s) if {
	s.command.base == "op"
	s.args[0].value == "run"
}
