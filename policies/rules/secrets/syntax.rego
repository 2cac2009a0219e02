# Helpers shared by the secrets rules: each client's own way to refer to
# an environment variable, and variable names derived from a server and a
# key. Not a rule (no METADATA, no report).
package mcplint.secrets

# client_name is the client's display name.
client_name(s) := n if {
	n := input.documents[s.doc].client_name
	n != ""
} else := s.client

# managed is true for Claude Code's managedMcpServers (managed settings),
# where no variable is expanded.
managed(s) if {
	s.client == "claude-code"
	input.documents[s.doc].kind == "settings"
}

dollar_brace_clients := {"claude-code", "gemini", "kiro", "copilot-cli", "grok"}

env_colon_clients := {"cursor", "vscode", "windsurf", "roo", "kilo"}

# no_expansion_clients expand no variable anywhere in their files.
no_expansion_clients := {"claude-desktop", "cline", "zed", "kimi", "lmstudio", "junie", "amazonq"}

# form(s, field, var) is a reference to var that the client reading s
# expands in field (env, headers, args, url); undefined when it has none.
form(s, _, var) := sprintf("${%s}", [var]) if {
	s.client in dollar_brace_clients
	not managed(s)
}

form(s, field, var) := sprintf("${%s}", [var]) if {
	s.client == "super-pi"
	field == "headers"
}

form(s, _, var) := sprintf("${env:%s}", [var]) if s.client in env_colon_clients

form(s, _, var) := sprintf("{env:%s}", [var]) if s.client == "opencode"

form(s, _, var) := sprintf("${{ secrets.%s }}", [var]) if s.client == "continue"

form(s, _, var) := sprintf("{%s}", [var]) if s.client in {"paseo", "registry"}

# snake is upper snake case: "exa" → "EXA", "exaApiKey" → "EXA_API_KEY",
# "x-api-key" → "X_API_KEY".
snake(x) := trim(regex.replace(upper(regex.replace(x, `([a-z0-9])([A-Z])`, "${1}_${2}")), `[^A-Z0-9]+`, "_"), "_")

# env_name is a variable name for key of server: the server's name and
# the key (github + TOKEN → GITHUB_TOKEN), or the key alone when it
# already starts with the server's name.
env_name(server, key) := k if {
	k := snake(key)
	startswith(concat("", [k, "_"]), concat("", [snake(server), "_"]))
} else := n if {
	n := snake(concat("_", [server, key]))
	regex.match(`^[A-Z_]`, n)
} else := concat("_", ["MCP", snake(concat("_", [server, key]))])

# var_name is the plain variable name a reference names ("" when it is
# not one): ${VAR}, $VAR, ${env:VAR}, {env:VAR}; an input id or a Continue
# secret becomes upper snake case.
var_name(r) := r.name if {
	r.syntax in {"dollar-brace", "dollar", "env-colon", "opencode", "process-env"}
	regex.match(`^[A-Za-z_][A-Za-z0-9_]*$`, r.name)
} else := snake(r.name) if {
	r.syntax == "input"
} else := snake(trim_prefix(trim_prefix(r.name, "secrets."), "inputs.")) if {
	r.syntax == "continue"
} else := r.name if {
	r.syntax == "catalogue-input"
} else := ""

# written is a reference as it is written in the config.
written(r) := sprintf("${%s}", [r.name]) if r.syntax in {"dollar-brace", "editor-var"}

written(r) := sprintf("$%s", [r.name]) if r.syntax == "dollar"

written(r) := sprintf("${env:%s}", [r.name]) if r.syntax == "env-colon"

written(r) := sprintf("${input:%s}", [r.name]) if r.syntax == "input"

written(r) := sprintf("${process.env.%s}", [r.name]) if r.syntax == "process-env"

written(r) := sprintf("${file:%s}", [r.name]) if r.syntax == "file"

written(r) := sprintf("{env:%s}", [r.name]) if {
	r.syntax == "opencode"
	regex.match(`^[A-Za-z_][A-Za-z0-9_]*$`, r.name)
}

written(r) := sprintf("{file:%s}", [r.name]) if {
	r.syntax == "opencode"
	not regex.match(`^[A-Za-z_][A-Za-z0-9_]*$`, r.name)
}

written(r) := sprintf("${{ %s }}", [r.name]) if r.syntax == "continue"

written(r) := sprintf("{{%s}}", [r.name]) if r.syntax == "template"

written(r) := sprintf("{%s}", [r.name]) if r.syntax == "catalogue-input"

# fields lists every value of a server that may hold references or
# secrets, with the field it belongs to and a name for messages.
fields(s) := array.flatten([
	[{"field": "env", "key": e.key, "pointer": e.pointer, "value": e.value, "refs": e.refs, "secrets": e.secrets, "where": sprintf("env %s", [e.key])} | some e in s.env],
	[{"field": "headers", "key": h.key, "pointer": h.pointer, "value": h.value, "refs": h.refs, "secrets": h.secrets, "where": sprintf("header %s", [h.key])} | some h in s.headers],
	[{"field": "args", "key": arg_key(s, a), "pointer": a.pointer, "value": a.value, "refs": a.refs, "secrets": a.secrets, "where": sprintf("args[%d]", [a.index])} | some a in s.args],
	[{"field": "url", "key": "", "pointer": s.url.pointer, "value": s.url.value, "refs": s.url.refs, "secrets": s.url.secrets, "where": "the address"} | s.url != null],
])

# arg_key is the name an argument's value goes by: NAME of NAME=value or
# --flag=value, or the flag just before it ("--api-key", value).
arg_key(s, a) := k if {
	m := regex.find_all_string_submatch_n(`^-{0,2}([A-Za-z_][A-Za-z0-9_.-]*)=`, a.value, 1)
	count(m) == 1
	k := m[0][1]
} else := k if {
	a.index > 0
	prev := s.args[a.index - 1].value
	regex.match(`^-{1,2}[A-Za-z]`, prev)
	not contains(prev, "=")
	k := trim_left(prev, "-")
} else := ""
