package loader

import (
	"cmp"
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
)

// entry turns one server definition into a Server, reading the field
// names and transport rules of the document's client (clients.md §0, §18.1).
func entry(doc *Document, name, ptr string, keyStart, keyEnd int, n *syntax.Node) *Server {
	s := &Server{
		Name: name, Client: doc.Client, Tier: doc.Tier, Doc: doc,
		Pointer: ptr, Node: n, KeyStart: keyStart, KeyEnd: keyEnd,
		Enabled: true,
	}
	if n == nil || n.Kind != syntax.Object {
		s.Transport = "unknown"
		return s
	}
	c := doc.Client

	// command and args
	switch c {
	case "opencode":
		if cmd := n.Get("command"); cmd != nil && cmd.Kind == syntax.Array {
			parts := strings1(cmd)
			if len(parts) > 0 {
				s.Command, s.Args = parts[0], parts[1:]
			}
		} else {
			s.Command, _ = n.Get("command").Str()
		}
	case "goose":
		s.Command, _ = n.Get("cmd").Str()
	case "zed":
		if cmd := n.Get("command"); cmd != nil && cmd.Kind == syntax.Object {
			// legacy nested form {"path", "args", "env"}
			s.Command, _ = cmd.Get("path").Str()
			s.Args = strings1(cmd.Get("args"))
			s.Env = pairs(cmd.Get("env"), ptr+"/command/env")
		} else {
			s.Command, _ = n.Get("command").Str()
		}
	default:
		s.Command, _ = n.Get("command").Str()
	}
	if s.Args == nil {
		s.Args = strings1(n.Get("args"))
	}

	// env
	if s.Env == nil {
		switch c {
		case "opencode":
			s.Env = pairs(n.Get("environment"), ptr+"/environment")
		case "goose":
			s.Env = pairs(n.Get("envs"), ptr+"/envs")
		default:
			s.Env = pairs(n.Get("env"), ptr+"/env")
		}
	}
	s.Cwd, _ = n.Get("cwd").Str()
	s.EnvFile, _ = n.Get("envFile").Str()

	// url and headers
	for _, k := range urlKeys(c) {
		if u, ok := n.Get(k).Str(); ok {
			s.URL = u
			break
		}
	}
	switch c {
	case "codex":
		s.Headers = pairs(n.Get("http_headers"), ptr+"/http_headers")
	case "continue":
		if ro := n.Get("requestOptions"); ro != nil {
			s.Headers = pairs(ro.Get("headers"), ptr+"/requestOptions/headers")
		}
		if s.Headers == nil {
			s.Headers = pairs(n.Get("headers"), ptr+"/headers")
		}
	default:
		s.Headers = pairs(n.Get("headers"), ptr+"/headers")
	}

	// on/off switches written in the entry, where the client reads them:
	// Claude Code, Cursor, VS Code, Gemini CLI … run a server written
	// "disabled": true (schema/unknown-field says the key is not read).
	if d, ok := n.Get("disabled").BoolValue(); ok && d && readsDisabled[c] {
		s.Enabled, s.DisabledBy = false, "disabled: true in the entry"
	}
	// super-pi accepts only "disabled": true; it does not read "enabled"
	// and runs a server written "enabled": false.
	if e, ok := n.Get("enabled").BoolValue(); ok && !e && c != "super-pi" && !readsDisabled[c] {
		s.Enabled, s.DisabledBy = false, "enabled: false in the entry"
	}

	s.Trust = trustFields(n, ptr)
	s.OAuth = oauthFields(c, n, ptr)
	s.Transport = transport(c, n, s)
	s.written = writtenFields(c, n)
	return s
}

// ReadsDisabled reports whether client's entries take "disabled": true
// (facts checks this against its field tables).
func ReadsDisabled(client string) bool { return readsDisabled[client] }

// readsDisabled are the clients whose entries take "disabled": true
// (clients.md; facts/clients.toml lists the key for each of them); the
// others that have a switch read "enabled": false.
var readsDisabled = map[string]bool{
	"amazonq": true, "cline": true, "kilo": true, "kiro": true, "roo": true, "super-pi": true, "windsurf": true,
}

// writtenFields says which normalised fields the entry sets itself, in
// its client's field names.
func writtenFields(client string, n *syntax.Node) field {
	var w field
	has := func(k string) bool { return n.Get(k) != nil }
	cmdKey, envKey, hdrKey := "command", "env", "headers"
	switch client {
	case "goose":
		cmdKey, envKey = "cmd", "envs"
	case "opencode":
		envKey = "environment"
	case "codex":
		hdrKey = "http_headers"
	}
	if has(cmdKey) {
		w |= fCommand
		if cmd := n.Get(cmdKey); cmd.Kind == syntax.Array {
			w |= fArgs // OpenCode: the array's tail is the arguments
		} else if cmd.Kind == syntax.Object {
			// Zed's legacy {"path", "args", "env"}
			w |= fArgs
			if cmd.Get("env") != nil {
				w |= fEnv
			}
		}
	}
	if has("args") {
		w |= fArgs
	}
	if has(envKey) {
		w |= fEnv
	}
	for _, k := range urlKeys(client) {
		if has(k) {
			w |= fURL
		}
	}
	if has(hdrKey) {
		w |= fHeaders
	}
	if has("cwd") {
		w |= fCwd
	}
	if _, ok := n.Get("enabled").BoolValue(); ok && client != "super-pi" {
		w |= fEnabled
	}
	if _, ok := n.Get("disabled").BoolValue(); ok {
		w |= fEnabled
	}
	return w
}

func urlKeys(client string) []string {
	switch client {
	case "windsurf", "super-pi":
		return []string{"serverUrl", "url"}
	case "gemini":
		return []string{"httpUrl", "url", "tcp"}
	case "goose":
		return []string{"uri"}
	}
	return []string{"url"}
}

// transport infers the transport the client would use (clients.md
// §18.1), from the client's row of transportRules.
func transport(client string, n *syntax.Node, s *Server) string {
	r := transportRules[client]
	if typ, ok := n.Get("type").Str(); ok && !r.ignoreType {
		if r.ownTypes == nil {
			return normaliseType(typ)
		}
		if t, ok := r.ownTypes[typ]; ok {
			return t
		}
		return "unknown"
	}
	if r.typeAlias != "" {
		if tt, ok := n.Get(r.typeAlias).Str(); ok {
			return normaliseType(tt)
		}
	}
	for _, a := range r.addresses {
		if n.Get(a.key) != nil {
			if typ, _ := n.Get("type").Str(); a.typed[typ] != "" {
				return a.typed[typ]
			}
			return a.transport
		}
	}
	keys := r.commandKeys
	if keys == nil {
		keys = []string{"command"}
	}
	for _, k := range keys {
		if n.Get(k) != nil {
			return "stdio"
		}
	}
	if s.URL != "" {
		return cmp.Or(r.untypedURL, "http")
	}
	if r.extension && (n.Get("settings") != nil || isStr(n.Get("source"), "extension")) {
		return "extension"
	}
	return cmp.Or(r.none, "unknown")
}

// transportRule is how one client picks the transport of an entry, in
// this order: the "type" (unless ignored), a type under another key, the
// address keys tried before the command, the command, an untyped
// address, and what an entry with none of them is.
type transportRule struct {
	ignoreType  bool              // "type" is not read
	ownTypes    map[string]string // the client's own type words; another word is "unknown" (nil: any normaliseType word)
	typeAlias   string            // another key holding the type
	addresses   []addressKey      // keys read before the command
	commandKeys []string          // keys holding the command (nil: "command")
	untypedURL  string            // the transport of an address without a type ("": http)
	extension   bool              // an entry with settings or source "extension" is an extension's (Zed)
	none        string            // an entry with neither command nor address ("": unknown)
}

// addressKey is an address key and the transport it means, or another
// one with a given "type".
type addressKey struct {
	key, transport string
	typed          map[string]string
}

var claudeTransport = transportRule{
	untypedURL: "unknown", // Claude Code skips the entry: "has a url but no type"
	none:       "stdio",
}

var transportRules = map[string]transportRule{
	"claude-code":    claudeTransport,
	"claude-desktop": claudeTransport,
	"copilot-cli":    claudeTransport,
	// An entry with both command and url runs the command.
	"super-pi": {ignoreType: true},
	// Cline reads an untyped url as SSE.
	"cline":    {typeAlias: "transportType", untypedURL: "sse"},
	"roo":      {untypedURL: "sse"},
	"kilo":     {untypedURL: "sse"},
	"codex":    {ignoreType: true},
	"grok":     {ignoreType: true},
	"opencode": {ownTypes: map[string]string{"local": "stdio", "remote": "http"}},
	// Gemini CLI (since 2025-12-02, google-gemini/gemini-cli#13762) tries
	// Streamable HTTP on an untyped url and falls back to SSE; "type"
	// beside url picks one; httpUrl is the older Streamable HTTP key.
	"gemini": {ignoreType: true, addresses: []addressKey{
		{key: "httpUrl", transport: "http"},
		{key: "url", transport: "http", typed: map[string]string{"http": "http", "sse": "sse"}},
		{key: "tcp", transport: "ws"},
	}},
	"zed": {ignoreType: true, extension: true},
	"goose": {
		ownTypes: map[string]string{
			"stdio": "stdio", "streamable_http": "http", "sse": "sse",
			"builtin": "builtin", "platform": "builtin", "frontend": "builtin", "inline_python": "builtin",
		},
		commandKeys: []string{"command", "cmd"},
	},
}

// normaliseType maps every client's transport word onto stdio, http, sse
// or ws; anything else is "unknown" (the invalid-value rule says why).
func normaliseType(t string) string {
	switch strings.ToLower(t) {
	case "stdio", "local":
		return "stdio"
	case "http", "streamable-http", "streamablehttp", "streamable_http", "remote":
		return "http"
	case "sse":
		return "sse"
	case "ws", "websocket":
		return "ws"
	}
	return "unknown"
}

func trustFields(n *syntax.Node, ptr string) Trust {
	var t Trust
	for _, k := range []string{"autoApprove", "alwaysAllow"} {
		if m := n.Member(k); m != nil {
			t.AutoApprove = append(t.AutoApprove, strings1(m.Value)...)
			t.Pointer = ptr + "/" + k
		}
	}
	if v, ok := n.Get("trust").BoolValue(); ok && v {
		t.TrustAll = true
		t.Pointer = ptr + "/trust"
	}
	if v, ok := n.Get("default_tools_approval_mode").Str(); ok {
		t.ApprovalMode = v
		if t.Pointer == "" {
			t.Pointer = ptr + "/default_tools_approval_mode"
		}
	}
	return t
}

func oauthFields(client string, n *syntax.Node, ptr string) *OAuth {
	key := "oauth"
	if client == "cursor" && n.Get("auth") != nil {
		key = "auth"
	}
	o := n.Get(key)
	if o == nil {
		return nil
	}
	a := &OAuth{Pointer: ptr + "/" + key}
	if b, ok := o.BoolValue(); ok {
		a.Disabled = !b
		return a
	}
	for _, k := range []string{"clientId", "client_id", "CLIENT_ID"} {
		if v, ok := o.Get(k).Str(); ok {
			a.ClientID = v
		}
	}
	for _, k := range []string{"clientSecret", "client_secret", "CLIENT_SECRET"} {
		if v := o.Get(k); v != nil {
			a.HasSecret = true
			a.SecretPtr = a.Pointer + "/" + k
		}
	}
	return a
}

// strings1 returns the string items of an array node; other scalars keep
// their literal text so nothing is silently dropped.
func strings1(n *syntax.Node) []string {
	if n == nil || n.Kind != syntax.Array {
		return nil
	}
	out := make([]string, 0, len(n.Items))
	for _, it := range n.Items {
		switch it.Kind {
		case syntax.String, syntax.Number, syntax.Bool, syntax.Null, syntax.DateTime:
			out = append(out, it.Text)
		}
	}
	return out
}

// pairs reads a string map (env, headers) in source order.
func pairs(n *syntax.Node, ptr string) []Pair {
	if n == nil || n.Kind != syntax.Object {
		return nil
	}
	out := make([]Pair, 0, len(n.Members))
	for i, m := range n.Members {
		if n.Get(m.Key) != m.Value && laterKey(n.Members[i+1:], m.Key) {
			// A key written twice: the client reads the last value, and
			// the earlier one is reported as schema/duplicate-key.
			continue
		}
		v := m.Value.Text
		if m.Value.Kind == syntax.Object || m.Value.Kind == syntax.Array {
			v = ""
		}
		out = append(out, Pair{Key: m.Key, Value: v, Pointer: ptr + "/" + syntax.EscapePointerToken(m.Key), Node: m.Value})
	}
	return out
}

// laterKey says whether key is written among ms.
func laterKey(ms []syntax.Member, key string) bool {
	for _, m := range ms {
		if m.Key == key {
			return true
		}
	}
	return false
}

func isStr(n *syntax.Node, want string) bool {
	s, ok := n.Str()
	return ok && s == want
}
