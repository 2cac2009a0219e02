# METADATA
# title: Server uses the deprecated SSE transport
# description: |
#   The server is reached over HTTP+SSE, the transport the MCP
#   specification replaced with Streamable HTTP in 2025-03-26. Servers
#   are dropping their SSE endpoints, and clients their SSE support:
#   Goose keeps type: sse only so old configs still parse, and such an
#   extension no longer connects at all; Codex never read it. Some
#   clients pick SSE without saying so: Cline and Roo Code read a url
#   without "type" as SSE. Point the entry at the server's Streamable HTTP
#   endpoint (often /mcp where the old one was /sse) and write the
#   client's word for it: "type": "http" (Claude Code, VS Code, Gemini
#   CLI), "streamableHttp" (Cline), "streamable-http" (Roo Code, Continue,
#   MCP Registry remotes), type: streamable_http with uri (Goose).
#   Gemini CLI reached a "url" over SSE until December 2025; it now tries
#   Streamable HTTP first and falls back to SSE, so only "type": "sse" (or
#   an /sse path) is reported there.
#   An /sse address handed to mcp-remote is reported too: mcp-remote tries
#   Streamable HTTP first and falls back to SSE there.
#   An address without a "type" whose path ends in /sse is the legacy SSE
#   endpoint as well, and is reported where the client infers the
#   transport (Cursor, Windsurf, VS Code …). An SSE endpoint on this
#   machine or the local network (a development server that speaks SSE)
#   is an info.
# custom:
#   level: warning
#   source: MCP specification 2025-03-26 (Streamable HTTP replaces HTTP+SSE); Goose (sse no longer supported)
#   fixable: false
#   tags: [correctness]
#   precision: very-high
package mcplint.rules.transport["deprecated-sse"]

import data.mcplint.lib

report contains finding(s, place(s), msg) if {
	some s in lib.servers("transport/sse")
	s.transport == "sse"
	msg := sprintf("%s: %s%s", [what(s), instead(s), local_note(s)])
}

# place is the written transport word, or the address when the client
# chose SSE by itself.
# An address whose path ends in /sse, with no "type" to say what it is:
# the legacy SSE endpoint, which the client reaches with the deprecated
# transport (or after a failed Streamable HTTP attempt). Claude Code skips
# an untyped url altogether (schema/url-without-type says so).
report contains f if {
	some s in lib.servers("sse_path")
	s.transport in {"http", "streamable-http"}
	untyped(s)
	not s.client in {"claude-code", "goose", "registry", "paseo"}
	s.url.valid
	regex.match(`(?i)/sse/?$`, s.url.path)
	msg := sprintf("%q points at %s, a legacy SSE endpoint by its path: SSE is deprecated in favour of Streamable HTTP; use the server's Streamable HTTP endpoint (often /mcp where this one is /sse)%s", [s.name, s.url.path, local_note(s)])
	f := finding(s, s.url.pointer, msg)
}

# mcp-remote handed a legacy SSE endpoint: it tries Streamable HTTP
# first and falls back to SSE, so there it speaks the deprecated transport.
report contains lib.with_level(lib.at(s, a.pointer, msg), bridge_level(a)) if {
	some s in lib.servers("bridge_sse")
	some a in s.bridge_sse
	msg := sprintf("%q hands mcp-remote %s, a legacy SSE endpoint by its path: mcp-remote falls back to SSE there, which is deprecated in favour of Streamable HTTP; give it the server's Streamable HTTP endpoint (often /mcp where this one is /sse)%s", [s.name, a.why, bridge_note(a)])
}

bridge_level(a) := "info" if a.host in {"loopback", "local"}

else := "warning"

bridge_note(a) := "; it is a development server on this machine or the local network that speaks SSE, so this is for when it moves" if {
	a.host in {"loopback", "local"}
} else := ""

# local_sse: an SSE endpoint (its path ends in /sse) on this machine or
# the local network is a development server that speaks SSE, the
# project's own or a VM's: the client reaches it as it is, so the
# deprecation is worth knowing, not fixing (an info). Goose no longer
# connects to one at all, which stays a warning.
local_sse(s) if {
	s.client != "goose"
	s.url.valid
	regex.match(`(?i)/sse/?$`, s.url.path)
	local(s.url)
}

local(u) if u.loopback

local(u) if u.local_network

finding(s, pointer, msg) := lib.with_level(lib.at(s, pointer, msg), "info") if {
	local_sse(s)
} else := lib.at(s, pointer, msg)

local_note(s) := "; it is a development server on this machine or the local network that speaks SSE, so this is for when it moves" if {
	local_sse(s)
} else := ""

# untyped: nothing in the entry says which HTTP transport the address
# speaks. OpenCode's "remote" says only that it is not a command: OpenCode
# tries Streamable HTTP, then falls back to SSE.
untyped(s) if s.type == ""

untyped(s) if {
	s.client == "opencode"
	s.type == "remote"
}

place(s) := sprintf("%s/type", [s.pointer]) if {
	s.type != ""
} else := s.url.pointer if {
	s.url != null
} else := s.pointer

what(s) := sprintf("Goose no longer supports SSE extensions, so %q never connects", [s.name]) if {
	s.client == "goose"
} else := sprintf("Cline reads %q as SSE because its url has no \"type\"; SSE is deprecated in favour of Streamable HTTP", [s.name]) if {
	s.client == "cline"
	s.type == ""
} else := sprintf("Roo Code reads %q as SSE because its url has no \"type\"; SSE is deprecated in favour of Streamable HTTP", [s.name]) if {
	s.client in {"roo", "kilo"}
	s.type == ""
} else := sprintf("%q uses the SSE transport, deprecated by the MCP specification in favour of Streamable HTTP", [s.name])

instead(s) := `use the server's Streamable HTTP endpoint with type: streamable_http and uri` if {
	s.client == "goose"
} else := `use its Streamable HTTP endpoint with "type": "streamableHttp"` if {
	s.client == "cline"
} else := `use its Streamable HTTP endpoint with "type": "streamable-http"` if {
	s.client in {"roo", "kilo", "continue"}
} else := `use the server's Streamable HTTP endpoint with "type": "http" (or leave "type" out: Gemini CLI tries Streamable HTTP first)` if {
	s.client == "gemini"
} else := `publish the Streamable HTTP endpoint as a remote of type "streamable-http"` if {
	s.client == "registry"
} else := `use the server's Streamable HTTP endpoint with "transport": "http"` if {
	s.client == "paseo"
} else := `use the server's Streamable HTTP endpoint (often /mcp where this one is /sse) with "type": "http"`
