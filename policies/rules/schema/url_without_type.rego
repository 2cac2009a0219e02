# METADATA
# title: Remote server without a type
# description: |
#   An entry with a "url" and no "type" where the client needs one. Claude
#   Code's schema takes an entry without a type only as a command, so it
#   reports a config error and skips the server, which never connects.
#   Cline, Roo Code and Kilo Code read an untyped url as SSE, the
#   deprecated transport, and fail against a Streamable HTTP server (a
#   warning there). Add the type: "type": "http" in Claude Code,
#   "streamableHttp" in Cline, "streamable-http" in Roo Code and Kilo
#   Code (or "sse" for a server that really speaks SSE). Where the entry
#   names its transport under another client's key ("transport": "http"),
#   the advice is to rename that key, and schema/unknown-field leaves it.
# custom:
#   level: error
#   source: 'Claude Code (url without type is skipped as an error); Cline (untyped url is SSE, clients.md §11)'
#   fixable: true
#   tags: [correctness]
#   precision: very-high
package mcplint.rules.schema["url-without-type"]

import data.mcplint.lib

# The client's word for Streamable HTTP, and whether it skips the entry.
http_word := {"claude-code": "http", "cline": "streamableHttp", "roo": "streamable-http", "kilo": "streamable-http"}

untyped_url(s) if {
	http_word[s.client]
	s.command == null
	s.url != null
	s.url.length > 0
	not lib.library(s)
	not has_field(s, "type")
	not has_field(s, "transportType")
}

has_field(s, k) if {
	some f in s.fields
	f.key == k
}

report contains with_fix(lib.on_server(s, msg), s, http_word[s.client], type_words[s.client]) if {
	some s in lib.servers("untyped_url")
	untyped_url(s)
	s.client == "claude-code"
	msg := sprintf("Claude Code skips %q: it has a \"url\" but no \"type\"; %s", [s.name, advice(s, http_word[s.client], type_words[s.client])])
}

report contains with_fix(lib.with_level(lib.on_server(s, msg), "warning"), s, http_word[s.client], type_words[s.client]) if {
	some s in lib.servers("untyped_url")
	untyped_url(s)
	s.client != "claude-code"
	msg := sprintf("%s reads the untyped url of %q as SSE, the deprecated transport: %s", [lib.doc_of(s).client_name, s.name, advice(s, http_word[s.client], type_words[s.client])])
}

# misnamed is another client's transport key on the entry ("transport":
# "http"), which the client does not read: the one thing to do is rename
# it, so this finding says so and schema/unknown-field leaves the key.
misnamed(s) := fs[0] if {
	fs := [f | some f in s.fields; f.key in {"transport", "transport_type"}]
	count(fs) > 0
}

# advice is what to write: word is the client's word for Streamable HTTP,
# words every remote type word it reads.
advice(s, word, words) := sprintf("it does not read %q: rename it to \"type\"", [misnamed(s).key]) if {
	misnamed(s).value in words
} else := sprintf("it does not read %q: replace it with \"type\": %q (or \"sse\" for an SSE server)", [misnamed(s).key, word]) if {
	misnamed(s)
} else := "add \"type\": \"http\" (or \"sse\" for an SSE server)" if {
	s.client == "claude-code"
} else := sprintf("add \"type\": %q for a Streamable HTTP server, or \"type\": \"sse\" to keep SSE", [word])

# The fix adds the type as the entry's first member (JSON files only; Go
# declines the edit elsewhere), or renames a misnamed transport key whose
# value is already a word the client reads.
with_fix(f, s, word, words) := object.union(f, {"fix": {"kind": "rename-key", "pointer": misnamed(s).pointer, "value": "type"}}) if {
	misnamed(s).value in words
} else := f if {
	misnamed(s)
} else := object.union(f, {"fix": {"kind": "add-member", "pointer": s.pointer, "value": sprintf("type=%s", [json.marshal(word)])}})

# The type words each client reads for a remote entry.
type_words := {
	"claude-code": {"http", "sse", "streamable-http"},
	"cline": {"sse", "streamableHttp"},
	"roo": {"sse", "streamable-http"},
	"kilo": {"sse", "streamable-http"},
}
