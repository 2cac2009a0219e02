package facts

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/editdist"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// FieldProblem is a field a client does not read as written.
type FieldProblem struct {
	// Kind is unknown-field, invalid-value, missing-transport, limits
	// (server problems) or wrong-root-key (document problems).
	Kind    string `json:"kind"`
	Key     string `json:"key"`
	Pointer string `json:"pointer"`
	// Want describes what the client reads instead (a field name, a
	// type, the allowed values).
	Want    string `json:"want"`
	Message string `json:"message"`
	// OnKey is true when the finding belongs on the key of the member at
	// Pointer (an unknown name) rather than on its value; a server's own
	// pointer with OnKey names the server.
	OnKey bool `json:"on_key"`
	// Level overrides the rule's default level for this problem ("" keeps
	// it): Codex refuses what other clients ignore.
	Level string `json:"level"`
	// Fix is the safe fix when there is one (a rename, the client's
	// spelling of a value).
	Fix *FixIntent `json:"fix"`
}

// Paseo's caps on what one server may hold (seeds/001: a server that
// would not fit a card is refused).
const (
	maxURLLen = 2048
	maxArgs   = 64
	maxArgLen = 1024
)

// A field spec says which kinds of value a client reads in a field, as
// alternatives separated by "|": string, bool, number, object, array,
// null, false (the boolean false only), string[] (an array of strings),
// map (an object of string values) and any.
type clientSpec struct {
	id     string
	fields map[string]string
	// types are the words the client reads in "type" (nil: "type" is
	// read but not checked, or not read at all when fields lacks it).
	types []string
	// words maps a transport (stdio, http, sse, ws) to the client's word
	// for it, to suggest the right spelling of an unknown type.
	words map[string]string
	// transportTypes are the words of Cline's legacy "transportType".
	transportTypes []string
	// closed clients refuse an entry with a key they do not know.
	closed bool
	// asks: the client asks the user before it runs an MCP tool that
	// nothing approved.
	asks bool
	// cmdKeys and urlKeys are the keys that give the entry a transport.
	cmdKeys, urlKeys []string
	// ignore are keys another rule reports (super-pi's oauth).
	ignore map[string]bool
}

// transportOf maps a transport word of any client onto stdio, http, sse
// or ws ("" when it is none of them).
func transportOf(w string) string {
	switch strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(w)) {
	case "stdio", "local":
		return "stdio"
	case "http", "streamablehttp", "streamable", "remote":
		return "http"
	case "sse":
		return "sse"
	case "ws", "websocket", "websockets":
		return "ws"
	}
	return ""
}

// specs are the field tables of every client (clients.toml).
var specs = map[string]*clientSpec{}

// managedSpec is Claude Code's managedMcpServers entry: remote only.
var managedSpec *clientSpec

// continueImport is a Claude/Cursor-format JSON file in .continue/mcpServers/.
var continueImport *clientSpec

func init() {
	for id, c := range clientData.Client {
		if c.Fields == nil {
			continue // expands references but has no entry table (registry, paseo)
		}
		specs[id] = c.spec(id)
	}
	managedSpec = clientData.Variant["claude-code-managed"].spec("claude-code")
	continueImport = clientData.Variant["continue-import"].spec("continue")
	for _, c := range specs {
		for k := range c.fields {
			allFields[k] = true
		}
	}
}

// allFields is every field some client reads in a server entry: a key in
// this set that the entry's own client does not read is another client's
// vocabulary, written in the wrong file.
var allFields = map[string]bool{}

// aliases are other clients' names for a field, most likely first: the
// first one the entry's client reads is suggested.
var aliases = map[string][]string{
	"environment":       {"env", "envs"},
	"envs":              {"env", "environment"},
	"env":               {"environment", "envs"},
	"envVars":           {"env", "environment", "envs"},
	"variables":         {"env", "environment", "envs"},
	"transport":         {"type", "transportType"},
	"transportType":     {"type"},
	"transport_type":    {"type", "transportType"},
	"serverUrl":         {"url", "uri", "httpUrl"},
	"server_url":        {"url", "serverUrl", "uri"},
	"httpUrl":           {"url", "serverUrl", "uri"},
	"uri":               {"url", "serverUrl", "httpUrl"},
	"url":               {"uri", "serverUrl", "httpUrl"},
	"endpoint":          {"url", "serverUrl", "uri"},
	"cmd":               {"command"},
	"command":           {"cmd"},
	"arguments":         {"args"},
	"argv":              {"args"},
	"http_headers":      {"headers", "requestOptions"},
	"headers":           {"http_headers", "requestOptions"},
	"autoApprove":       {"alwaysAllow", "tools"},
	"alwaysAllow":       {"autoApprove", "tools"},
	"auth":              {"oauth"},
	"oauth":             {"auth"},
	"workingDirectory":  {"cwd"},
	"working_directory": {"cwd"},
	"workdir":           {"cwd"},
	"env_file":          {"envFile"},
	"disabledTools":     {"disabled_tools", "excludeTools"},
	"disabled_tools":    {"disabledTools", "excludeTools"},
	"excludeTools":      {"disabledTools", "disabled_tools"},
	"includeTools":      {"enabled_tools", "tools", "available_tools"},
	"enabled_tools":     {"includeTools", "tools", "available_tools"},
}

// problems collects the problems of one server entry.
type problems struct {
	s    *loader.Server
	spec *clientSpec
	name string // the client's display name
	fmt  syntax.Format
	out  []FieldProblem
}

func (p *problems) add(fp FieldProblem) { p.out = append(p.out, fp) }

// fieldProblems checks a server entry's fields against what its client
// reads (clients.md): unknown fields, values of the wrong type or out of
// the enum, an entry without a transport, and Paseo's size limits.
// fs is fields(s.Node, s.Pointer), whose pointers it reuses.
func fieldProblems(s *loader.Server, fs []FieldFact) []FieldProblem {
	p := &problems{s: s, out: []FieldProblem{}}
	if s.Doc != nil {
		p.fmt = s.Doc.Format
	}
	p.limits()
	if s.Tier == loader.TierLibrary || s.Node == nil || inList(s) {
		// A list where the client reads a map is not read at all: the
		// document problem (wrong-root-key) says so, not each entry.
		return p.out
	}
	sp := specs[s.Client]
	if sp == nil {
		return p.out
	}
	if s.Client == "claude-code" && s.Doc != nil && s.Doc.Kind == loader.KindSettings {
		sp = managedSpec
	}
	if s.Client == "continue" && s.Doc != nil && s.Doc.Variant == "json-import" {
		sp = continueImport
	}
	p.spec, p.name = sp, loader.ClientName(s.Client)
	if s.Doc != nil && s.Doc.Unsure {
		p.name = "the client that loads this file"
	}
	n := s.Node
	if n.Kind != syntax.Object {
		p.add(FieldProblem{Kind: "invalid-value", Pointer: s.Pointer, Want: "object",
			Message: fmt.Sprintf("the entry for %q is %s, not an object: %s reads each server as an object such as %s",
				s.Name, a(n.Kind), p.name, p.example())})
		return p.out
	}
	noTransport := p.missingTransport()
	seen := map[string]bool{}
	for i, m := range n.Members {
		if seen[m.Key] {
			continue
		}
		seen[m.Key] = true
		var mp string
		if len(fs) == len(n.Members) && fs[i].Key == m.Key {
			mp = fs[i].Pointer
		} else {
			mp = s.Pointer + "/" + syntax.EscapePointerToken(m.Key)
		}
		if t, ok := sp.fields[m.Key]; ok {
			p.checkValue(m.Key, mp, t, n.Get(m.Key))
			continue
		}
		if sp.ignore[m.Key] || (noTransport && isTransportKey(m.Key)) {
			continue
		}
		if m.Key == "args" && p.s.Client == "opencode" && n.Get("command") != nil && n.Get("command").Kind == syntax.String {
			// The invalid-value finding on the string command writes the
			// command array with these arguments in it: one finding.
			continue
		}
		if (m.Key == "transport" || m.Key == "transport_type") && p.untypedURL() {
			// schema/url-without-type says the entry lacks a type and
			// renames this key to it: one problem, one finding.
			continue
		}
		if noTransport && isTransportWord(m.Key) {
			if inner := nestedTransport(m.Value); inner != "" {
				// {"transport": {"url": …}}: the entry's address is inside
				// a key the client does not read. One finding, at that key,
				// instead of an entry without a transport beside it.
				p.dropMissingTransport()
				p.add(FieldProblem{Kind: "unknown-field", Key: m.Key, Pointer: mp, OnKey: true, Level: "error",
					Message: fmt.Sprintf("%s does not read %q, so it does not see the %q inside it and cannot start %s: move %q up into the entry, beside the server's other keys, and remove %q",
						p.name, m.Key, inner, p.where(), inner, m.Key)})
				continue
			}
			// A transport word on an entry that has no transport at all:
			// schema/missing-transport's finding is the one to fix.
			continue
		}
		p.unknown(m.Key, mp, n.Get(m.Key))
	}
	p.clientRules()
	return p.out
}

// untypedURL: the entry has an address and no "type" in a client that
// needs one to connect (schema/url-without-type reports it).
func (p *problems) untypedURL() bool {
	n := p.s.Node
	switch p.s.Client {
	case "claude-code", "cline", "roo", "kilo":
	default:
		return false
	}
	u, ok := n.Get("url").Str()
	return ok && u != "" && n.Get("command") == nil && n.Get("type") == nil &&
		n.Get("transportType") == nil && p.s.Tier != loader.TierLibrary
}

// isTransportWord: keys that name a transport in some client.
func isTransportWord(k string) bool {
	return k == "type" || k == "transport" || k == "transportType"
}

// nestedTransport is the key of an object value that would give an entry
// its transport (url, command …), "" when it holds none.
func nestedTransport(v *syntax.Node) string {
	if v == nil || v.Kind != syntax.Object {
		return ""
	}
	for _, m := range v.Members {
		if isTransportKey(m.Key) {
			return m.Key
		}
	}
	return ""
}

// dropMissingTransport removes the entry's missing-transport problem.
func (p *problems) dropMissingTransport() {
	p.out = slices.DeleteFunc(p.out, func(fp FieldProblem) bool { return fp.Kind == "missing-transport" })
}

// inList is true for an entry of a servers list in a client that reads
// a map of servers (Continue reads lists).
func inList(s *loader.Server) bool {
	if s.Client == "continue" || s.Doc == nil || s.Doc.File == nil || s.Doc.File.Root == nil {
		return false
	}
	i := strings.LastIndexByte(s.Pointer, '/')
	if i < 0 {
		return false
	}
	parent := s.Doc.File.Root.Lookup(s.Pointer[:i])
	return parent != nil && parent.Kind == syntax.Array
}

func isTransportKey(k string) bool {
	switch k {
	case "command", "cmd", "url", "serverUrl", "httpUrl", "uri", "tcp":
		return true
	}
	return false
}

// a names a kind with its article.
func a(k syntax.Kind) string {
	switch k {
	case syntax.Object:
		return "an object"
	case syntax.Array:
		return "an array"
	case syntax.Null:
		return "null"
	case syntax.Invalid:
		return "empty"
	}
	return "a " + k.String()
}

// kv writes key and value in the document's own syntax.
func (p *problems) kv(key, value string) string {
	switch p.fmt {
	case syntax.TOML:
		return key + " = " + value
	case syntax.YAML:
		return key + ": " + value
	}
	return strconv.Quote(key) + ": " + value
}

// str quotes a string value for kv.
func str(v string) string { return strconv.Quote(v) }

// where names the entry in the client's words: [mcp_servers.x] for TOML.
func (p *problems) where() string {
	if p.fmt == syntax.TOML {
		name := p.s.Name
		for _, r := range name {
			if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				name = strconv.Quote(name)
				break
			}
		}
		return "[mcp_servers." + name + "]"
	}
	return strconv.Quote(p.s.Name)
}

// example is a minimal entry in the client's syntax.
func (p *problems) example() string {
	cmd := p.spec.cmdKeys
	switch {
	case p.s.Client == "opencode":
		return `{"type": "local", "command": ["npx", "-y", "<package>"]}`
	case len(cmd) > 0 && p.fmt == syntax.YAML:
		return cmd[0] + ": npx"
	case len(cmd) > 0 && p.fmt == syntax.TOML:
		return cmd[0] + ` = "npx"`
	case len(cmd) > 0:
		return `{"` + cmd[0] + `": "npx", "args": ["-y", "<package>"]}`
	}
	return `{"url": "https://…"}`
}

// unknown reports a key the client does not read.
func (p *problems) unknown(key, ptr string, v *syntax.Node) {
	sp := p.spec
	want := p.suggest(key)
	hint := p.hint(key, v)
	if !sp.closed && want == "" && hint == "" && !allFields[key] {
		// A name no client uses and close to none this one reads: a
		// comment or an extension of the user's own; leave it alone.
		return
	}
	if key == "cwd" && (p.s.Tier == loader.TierProject || p.s.Tier == loader.TierCopy) && machinePathWhy(strings.TrimSpace(v.Text)) != "" {
		// One problem, one finding: compat/machine-path reports this cwd
		// and says the client does not read it.
		return
	}
	fp := FieldProblem{Kind: "unknown-field", Key: key, Pointer: ptr, Want: want, OnKey: true}
	var msg string
	if sp.closed {
		msg = fmt.Sprintf("%s does not accept %q in %s (it refuses unknown keys in a server table)", p.name, key, p.where())
		fp.Level = "error"
	} else {
		msg = fmt.Sprintf("%s does not read %q", p.name, key)
		if why := p.inert(key, v); why != "" {
			// Ignored, and nothing the writer meant is lost: a note.
			fp.Level = "info"
			fp.Message = msg + ": " + why
			if want != "" && strings.HasPrefix(why, "it is empty") {
				fp.Message = fmt.Sprintf("%s: rename it to %q (%s)", msg, want, strings.TrimSuffix(why, ": remove it"))
				fp.Fix = &FixIntent{Kind: FixRenameKey, Pointer: ptr, Value: want}
			}
			p.add(fp)
			return
		}
	}
	switch {
	case hint != "":
		msg += ": " + hint
		fp.Want = ""
	case want != "":
		msg += fmt.Sprintf(": rename it to %q", want)
		fp.Fix = &FixIntent{Kind: FixRenameKey, Pointer: ptr, Value: want}
	case sp.closed:
		msg += ": remove it"
	default:
		msg += " in a server entry and ignores it: remove it"
	}
	fp.Message = msg
	p.add(fp)
}

// descriptiveKeys are notes for readers: a client that ignores them loses
// nothing the writer meant.
var descriptiveKeys = map[string]bool{
	"name": true, "description": true, "title": true, "displayName": true, "display_name": true,
	"homepage": true, "repository": true, "website": true, "docs": true, "documentation": true,
	"tags": true, "category": true, "categories": true, "icon": true, "author": true,
	"license": true, "notes": true, "comment": true, "_comment": true,
}

// inert says why a key the client ignores changes nothing the writer
// meant ("" when it may): a descriptive note, an empty value, or a
// transport word that names the transport the entry has anyway. Such a
// key is reported as info; a key whose meaning is lost (cwd, a switch,
// an approval list with tools in it) stays a warning.
func (p *problems) inert(key string, v *syntax.Node) string {
	switch {
	case v == nil:
		return ""
	case descriptiveKeys[key] && (v.Kind == syntax.String || v.Kind == syntax.Array):
		return "a note for readers, and ignoring it changes nothing"
	case v.Kind == syntax.Array && len(v.Items) == 0, v.Kind == syntax.Object && len(v.Members) == 0,
		v.Kind == syntax.String && strings.TrimSpace(v.Text) == "":
		return "it is empty, so ignoring it changes nothing: remove it"
	case key == "type" || key == "transport" || key == "transportType":
		if w, ok := v.Str(); ok && transportOf(w) != "" && transportOf(w) == p.entryTransport() {
			return fmt.Sprintf("%s picks the transport from %s and gets the same one, so it changes nothing: remove it", p.name, p.transportKeys())
		}
	}
	return ""
}

// entryTransport is the transport the entry gets from its own keys:
// stdio for a command, http for an address ("" when unsure).
func (p *problems) entryTransport() string {
	switch p.s.Transport {
	case "stdio", "http", "sse", "ws":
		return p.s.Transport
	}
	return ""
}

// suggest is the field of this client that key most likely meant.
func (p *problems) suggest(key string) string {
	sp := p.spec
	for _, al := range aliases[key] {
		if _, ok := sp.fields[al]; ok {
			return al
		}
	}
	norm := func(s string) string {
		return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s))
	}
	names := make([]string, 0, len(sp.fields))
	for k := range sp.fields {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if norm(k) == norm(key) {
			return k
		}
	}
	best, bestD := "", 3
	if len(key) >= 4 {
		for _, k := range names {
			d := editdist.Distance([]byte(strings.ToLower(key)), []byte(strings.ToLower(k)))
			if d < bestD && d*3 <= len(k) {
				best, bestD = k, d
			}
		}
	}
	return best
}

// hint explains a key whose meaning this client has no field for, or
// spells differently (an inverted switch, a block that lives elsewhere).
func (p *problems) hint(key string, v *syntax.Node) string {
	sp, c := p.spec, p.s.Client
	_, hasType := sp.fields["type"]
	switch key {
	case "cwd":
		// Removing it alone would leave a command that counted on it
		// broken: say where it starts and how to keep it working.
		where := "in the folder " + p.name + " itself was started in (for a project file, usually the project's root)"
		if c == "claude-desktop" {
			where = "in Claude Desktop's own working folder"
		}
		return fmt.Sprintf("the command starts %s, not in %q: make the paths in args absolute or relative to that folder, or use the runner's own option (uv --directory DIR, npm --prefix DIR), then remove \"cwd\"", where, v.Text)
	case "type", "transport", "transportType":
		if !hasType {
			return fmt.Sprintf("%s picks the transport from %s: remove it", p.name, p.transportKeys())
		}
	case "disabled", "enabled":
		b, isBool := v.BoolValue()
		if isBool && b == (key == "enabled") {
			return "servers are on by default: remove it"
		}
		if _, ok := sp.fields["enabled"]; ok && key == "disabled" {
			return "write " + p.kv("enabled", "false") + " to switch the server off"
		}
		if _, ok := sp.fields["disabled"]; ok && key == "enabled" {
			// The client does not read the switch, so the server runs.
			return p.name + " still runs the server; write " + p.kv("disabled", "true") + " to switch it off"
		}
		return p.switchHint()
	case "alwaysAllow", "autoApprove", "trust", "default_tools_approval_mode":
		switch c {
		case "claude-code":
			return fmt.Sprintf("Claude Code has no per-server auto-approve list; allow tools in .claude/settings.json with %s",
				`"permissions": {"allow": ["mcp__`+p.s.Name+`__<tool>"]}`)
		case "codex":
			return "approve tools with " + p.kv("default_tools_approval_mode", str("prompt")) + " or per tool in [mcp_servers." + p.s.Name + ".tools.<tool>]"
		}
	case "url", "serverUrl", "httpUrl", "uri":
		if len(sp.urlKeys) == 0 {
			return fmt.Sprintf("%s starts only local (stdio) servers from this file%s", p.name, remoteWhere(c))
		}
	case "args":
		if c == "opencode" {
			return `OpenCode takes the arguments in the command array: "command": ["npx", "-y", "<package>"]`
		}
	case "oauth", "auth":
		if c == "claude-desktop" {
			return "Claude Desktop signs in to remote servers through Settings → Connectors, not this file"
		}
	case "timeout_ms", "timeoutMs", "timeout_sec", "timeoutSec", "timeout_seconds", "request_timeout", "requestTimeout", "startup_timeout", "startupTimeout":
		return p.timeoutHint()
	}
	return ""
}

// timeoutUnits is the unit of each client's "timeout" (clients.md, the
// timeout row): milliseconds or seconds.
var timeoutUnits = map[string]string{
	"claude-code": "milliseconds, per tool call", "opencode": "milliseconds, for listing tools", "gemini": "milliseconds",
	"zed": "seconds", "cline": "seconds", "roo": "seconds", "kilo": "seconds", "goose": "seconds",
	"amazonq": "milliseconds", "kiro": "milliseconds",
}

// timeoutHint says which timeout key the client reads, with its unit, for
// a timeout written under a name it does not know (timeout_ms): the value
// is ignored and the default applies.
func (p *problems) timeoutHint() string {
	sp := p.spec
	if p.s.Doc != nil && p.s.Doc.Unsure {
		return `the value is ignored and the default timeout applies; most clients read "timeout" (Claude Code and Gemini CLI in milliseconds, Cline, Roo Code and Zed in seconds), Codex "startup_timeout_sec" and "tool_timeout_sec"`
	}
	var keys []string
	for _, k := range []string{"timeout", "startup_timeout_sec", "startup_timeout_ms", "tool_timeout_sec", "connectionTimeout"} {
		if _, ok := sp.fields[k]; ok {
			keys = append(keys, k)
		}
	}
	switch {
	case len(keys) == 0:
		return fmt.Sprintf("%s has no per-server timeout, so the value is ignored: remove it", p.name)
	case keys[0] == "timeout" && timeoutUnits[p.s.Client] != "":
		return fmt.Sprintf("the value is ignored and the default timeout applies; %s reads %q (in %s)", p.name, "timeout", timeoutUnits[p.s.Client])
	}
	return fmt.Sprintf("the value is ignored and the default timeout applies; %s reads %s", p.name, strings.Join(quoteAll(keys), " or "))
}

func quoteAll(ks []string) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = strconv.Quote(k)
	}
	return out
}

func remoteWhere(client string) string {
	switch client {
	case "claude-desktop":
		return "; add remote servers in Settings → Connectors instead"
	case "junie":
		return " (JetBrains Junie supports stdio servers only)"
	}
	return ""
}

// switchHint is where a client without a per-entry switch keeps it.
func (p *problems) switchHint() string {
	switch p.s.Client {
	case "claude-code":
		if p.s.Tier == loader.TierProject || p.s.Tier == loader.TierPlugin {
			return `Claude Code has no per-entry switch: list the server in "disabledMcpjsonServers" in .claude/settings.local.json (or turn it off with /mcp)`
		}
		return `Claude Code has no per-entry switch: list the server in "disabledMcpServers" under the project in ~/.claude.json (or turn it off with /mcp)`
	case "cursor":
		return "Cursor keeps the on/off switch in Settings → Tools & MCP, not in mcp.json: remove it"
	case "vscode":
		return "VS Code keeps the on/off switch in its own state (MCP: List Servers), not in mcp.json: remove it"
	}
	return "it has no per-entry switch: remove the entry to switch the server off"
}

// transportKeys names the keys that give this client a transport.
func (p *problems) transportKeys() string {
	var ks []string
	for _, k := range p.spec.cmdKeys {
		ks = append(ks, strconv.Quote(k))
	}
	for _, k := range p.spec.urlKeys {
		ks = append(ks, strconv.Quote(k))
	}
	switch len(ks) {
	case 0:
		return "nothing"
	case 1:
		return ks[0]
	}
	return strings.Join(ks[:len(ks)-1], ", ") + " or " + ks[len(ks)-1]
}

// checkValue reports a value whose kind the client does not read there.
func (p *problems) checkValue(key, ptr, t string, v *syntax.Node) {
	if v == nil || t == "any" {
		return
	}
	alts := strings.Split(t, "|")
	for _, alt := range alts {
		if kindMatches(alt, v) {
			p.checkEnum(key, ptr, v)
			return
		}
	}
	// An array or object of the right shape with a wrong item: report
	// the items, not the whole field.
	for _, alt := range alts {
		switch {
		case alt == "string[]" && v.Kind == syntax.Array:
			for i, it := range v.Items {
				if it.Kind != syntax.String {
					p.add(FieldProblem{Kind: "invalid-value", Key: key, Pointer: ptr + "/" + strconv.Itoa(i), Want: "string",
						Message: fmt.Sprintf("item %d of %q is %s: %s reads only strings there; write it in quotes, %s",
							i+1, key, a(it.Kind), p.name, quoteLiteral(it))})
				}
			}
			return
		case alt == "map" && v.Kind == syntax.Object:
			for _, m := range v.Members {
				if m.Value.Kind != syntax.String {
					p.add(FieldProblem{Kind: "invalid-value", Key: key, Pointer: ptr + "/" + syntax.EscapePointerToken(m.Key), Want: "string",
						Message: fmt.Sprintf("%s value %s is %s: %s reads only strings in %q; write %s",
							key, m.Key, a(m.Value.Kind), p.name, key, p.kv(m.Key, quoteLiteral(m.Value)))})
				}
			}
			return
		}
	}
	p.add(FieldProblem{Kind: "invalid-value", Key: key, Pointer: ptr, Want: t, Message: p.typeMessage(key, t, v)})
}

// wordList writes words as an array of masked strings, the first four
// and an ellipsis for the rest.
func wordList(words []string) string {
	var parts []string
	for i, w := range words {
		if i == 4 {
			parts = append(parts, `"…"`)
			break
		}
		parts = append(parts, str(secret.MaskValue("", w)))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// quoteLiteral is a scalar written as a string ("8080" for 8080).
func quoteLiteral(n *syntax.Node) string {
	switch n.Kind {
	case syntax.Number, syntax.Bool, syntax.DateTime:
		return strconv.Quote(n.Text)
	case syntax.Null:
		return `""`
	}
	return `"…"`
}

func kindMatches(alt string, v *syntax.Node) bool {
	switch alt {
	case "any":
		return true
	case "string":
		return v.Kind == syntax.String
	case "bool":
		return v.Kind == syntax.Bool
	case "number":
		return v.Kind == syntax.Number
	case "object":
		return v.Kind == syntax.Object
	case "array":
		return v.Kind == syntax.Array
	case "null":
		return v.Kind == syntax.Null
	case "false":
		b, ok := v.BoolValue()
		return ok && !b
	case "string[]":
		if v.Kind != syntax.Array {
			return false
		}
		for _, it := range v.Items {
			if it.Kind != syntax.String {
				return false
			}
		}
		return true
	case "map":
		if v.Kind != syntax.Object {
			return false
		}
		for _, m := range v.Members {
			if m.Value.Kind != syntax.String {
				return false
			}
		}
		return true
	}
	return false
}

// typeMessage says what the client reads instead of a value of the wrong
// kind, in its own syntax.
func (p *problems) typeMessage(key, t string, v *syntax.Node) string {
	c := p.name
	switch {
	case (key == "command" || key == "cmd") && v.Kind == syntax.Array && strings.HasPrefix(t, "string"):
		first := "npx"
		if len(v.Items) > 0 && v.Items[0].Kind == syntax.String {
			first = secret.MaskValue("", v.Items[0].Text)
		}
		return fmt.Sprintf("%s reads %q as one string, not an array: write %s and move the other items to %q",
			c, key, p.kv(key, str(first)), "args")
	case key == "command" && t == "string[]" && v.Kind == syntax.String:
		words := strings.Fields(v.Text)
		for _, it := range items(p.s.Node.Get("args")) {
			if it.Kind == syntax.String {
				words = append(words, it.Text)
			}
		}
		if len(words) < 2 {
			words = append(words, "…")
		}
		return fmt.Sprintf("%s reads %q as an array of the program and its arguments, not a string: write %s",
			c, key, p.kv(key, wordList(words)))
	case t == "string[]" && v.Kind == syntax.String:
		words := strings.Fields(v.Text)
		if len(words) < 2 {
			words = append(words, "…")
		}
		return fmt.Sprintf("%s reads %q as an array of strings, one item per argument, not one string: write %s",
			c, key, p.kv(key, wordList(words)))
	case key == "scopes" && p.s.Client == "claude-code" && v.Kind == syntax.Array:
		var parts []string
		for _, it := range v.Items {
			parts = append(parts, it.Text)
		}
		return fmt.Sprintf("%s reads oauth %q as one space-separated string: write %s", c, key, p.kv(key, str(secret.MaskValue("", strings.Join(parts, " ")))))
	case t == "bool" && v.Kind == syntax.String && (v.Text == "true" || v.Text == "false"):
		return fmt.Sprintf("%q must be true or false, not the string %q: write %s", key, v.Text, p.kv(key, v.Text))
	case t == "number" && v.Kind == syntax.String:
		if _, err := strconv.ParseFloat(v.Text, 64); err == nil {
			return fmt.Sprintf("%q must be a number, not the string %q: write %s", key, v.Text, p.kv(key, v.Text))
		}
	case t == "map" || t == "map|null" || t == "object":
		return fmt.Sprintf("%s reads %q as an object of names and values, not %s: write %s", c, key, a(v.Kind), p.kv(key, `{"NAME": "value"}`))
	case t == "string" && (v.Kind == syntax.Number || v.Kind == syntax.Bool):
		return fmt.Sprintf("%s reads %q as a string, not %s: write %s", c, key, a(v.Kind), p.kv(key, quoteLiteral(v)))
	case t == "object|false":
		return fmt.Sprintf("%s reads %q as an object ({} for automatic sign-in) or false, not %s", c, key, a(v.Kind))
	}
	return fmt.Sprintf("%s reads %q as %s, not %s", c, key, describeSpec(t), a(v.Kind))
}

// items is the items of an array node (nil for anything else).
func items(n *syntax.Node) []*syntax.Node {
	if n == nil || n.Kind != syntax.Array {
		return nil
	}
	return n.Items
}

func describeSpec(t string) string {
	var out []string
	for _, alt := range strings.Split(t, "|") {
		switch alt {
		case "string[]":
			out = append(out, "an array of strings")
		case "map":
			out = append(out, "an object of string values")
		case "bool":
			out = append(out, "true or false")
		case "false":
			out = append(out, "false")
		case "null":
			out = append(out, "null")
		case "object", "array":
			out = append(out, "an "+alt)
		default:
			out = append(out, "a "+alt)
		}
	}
	return strings.Join(out, " or ")
}

// checkEnum checks values that come from a fixed set.
func (p *problems) checkEnum(key, ptr string, v *syntax.Node) {
	w, ok := v.Str()
	if !ok {
		return
	}
	switch {
	case key == "type" && p.spec.types != nil:
		p.enum(key, ptr, w, p.spec.types, p.spec.words)
	case key == "transportType" && p.spec.transportTypes != nil:
		p.enum(key, ptr, w, p.spec.transportTypes, map[string]string{"stdio": "stdio", "sse": "sse", "http": "http"})
	case key == "default_tools_approval_mode" && p.s.Client == "codex":
		// Codex's AppToolApproval (config/src/mcp_types.rs).
		p.enum(key, ptr, w, []string{"auto", "prompt", "writes", "approve"}, nil)
	case key == "authProviderType" && p.s.Client == "gemini":
		p.enum(key, ptr, w, []string{"dynamic_discovery", "google_credentials", "service_account_impersonation"}, nil)
	case key == "source" && p.s.Client == "zed":
		p.enum(key, ptr, w, []string{"custom", "extension"}, nil)
	}
}

func (p *problems) enum(key, ptr, w string, allowed []string, words map[string]string) {
	for _, x := range allowed {
		if x == w {
			return
		}
	}
	shown := secret.MaskValue(key, w)
	fp := FieldProblem{Kind: "invalid-value", Key: key, Pointer: ptr, Want: strings.Join(allowed, "|")}
	list := quoteList(allowed)
	want := ""
	if t := transportOf(w); t != "" && words != nil {
		want = words[t]
	}
	if want == "" {
		for _, x := range allowed {
			if strings.EqualFold(x, w) {
				want = x
			}
		}
	}
	switch {
	case want != "":
		fp.Want = want
		fp.Fix = &FixIntent{Kind: FixReplaceString, Pointer: ptr, Value: want}
		fp.Message = fmt.Sprintf("%s does not know %s: write %s (%s reads %s)", p.name, p.kv(key, str(shown)), p.kv(key, str(want)), p.name, list)
	case key == "type" && transportOf(w) != "":
		fp.Message = fmt.Sprintf("%s does not support the %s transport (%s reads %s): use one of those", p.name, transportOf(w), p.kv(key, "…"), list)
	default:
		fp.Message = fmt.Sprintf("%s does not know %s: it reads %s", p.name, p.kv(key, str(shown)), list)
	}
	p.add(fp)
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	if len(q) == 1 {
		return "only " + q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// missingTransport reports an entry the client cannot start or connect
// to: it has none of the keys that give it a transport. It returns true
// when it did, so the foreign keys it names are not also reported as
// unknown.
func (p *problems) missingTransport() bool {
	s, sp, n := p.s, p.spec, p.s.Node
	switch s.Transport {
	case "extension", "builtin":
		return false
	}
	if s.Client == "goose" {
		if t, _ := n.Get("type").Str(); t != "stdio" && t != "streamable_http" && t != "sse" && t != "" {
			return false
		}
	}
	if c := loader.Clients[s.Client]; c != nil && c.FieldMerge {
		// Layers merge field by field: a lower copy is only a part of the
		// server, and the top copy is judged with what it took.
		if s.ShadowedBy != nil {
			return false
		}
		if s.Command != "" || s.URL != "" {
			return false
		}
		if s.MergedFrom == nil && s.Tier != loader.TierUser && s.Tier != loader.TierSystem && s.Tier != loader.TierGlobal {
			// A project or managed layer may set only a switch or a
			// timeout over a server defined in a layer this run did not
			// read (the user's, without --home): not judged.
			return false
		}
	}
	var empty []string
	for _, k := range append(append([]string{}, sp.cmdKeys...), sp.urlKeys...) {
		if v := n.Get(k); v != nil {
			if v.Kind == syntax.String && strings.TrimSpace(v.Text) == "" {
				empty = append(empty, k)
				continue
			}
			return false
		}
	}
	if len(empty) > 0 {
		// "command": "" or "url": "" is there but names nothing: the
		// client has nothing to start or connect to.
		for _, k := range empty {
			what := "nothing to connect to; write the server's address"
			if slices.Contains(sp.cmdKeys, k) {
				what = "nothing to start; write the command to run"
			}
			p.add(FieldProblem{Kind: "invalid-value", Key: k, Pointer: s.Pointer + "/" + syntax.EscapePointerToken(k), Want: "string",
				Message: fmt.Sprintf("%q is empty: %s has %s", k, p.name, what)})
		}
		return true
	}
	fp := FieldProblem{Kind: "missing-transport", Pointer: s.Pointer, OnKey: true, Want: p.transportKeys()}
	var foreign string
	for _, k := range []string{"command", "cmd", "url", "serverUrl", "httpUrl", "uri", "tcp"} {
		if n.Get(k) != nil {
			foreign = k
			break
		}
	}
	subject := fmt.Sprintf("%s cannot start %s: it has no %s", p.name, p.where(), p.transportKeys())
	if p.fmt == syntax.YAML && s.Client == "continue" || s.Name == "" {
		subject = fmt.Sprintf("%s cannot start this server: it has no %s", p.name, p.transportKeys())
	}
	switch {
	case foreign != "" && (isURLKey(foreign) && len(sp.urlKeys) == 0):
		fp.Message = fmt.Sprintf("%s cannot start %s: it reads only local (%q) servers from this file and ignores %q%s", p.name, p.where(), "command", foreign, remoteWhere(s.Client))
	case foreign != "":
		want := sp.cmdKeys
		if isURLKey(foreign) {
			want = sp.urlKeys
		}
		fix := ""
		if len(want) > 0 {
			fix = fmt.Sprintf("; rename %q to %q", foreign, want[0])
			fp.Fix = &FixIntent{Kind: FixRenameKey, Pointer: s.Pointer + "/" + syntax.EscapePointerToken(foreign), Value: want[0]}
			if s.Client == "claude-code" && isURLKey(foreign) && n.Get("type") == nil {
				fix += ` and add "type": "http"`
			}
		}
		fp.Message = fmt.Sprintf("%s (%q is not one of its keys)%s", subject, foreign, fix)
	case len(sp.cmdKeys) == 0:
		fp.Message = subject + ": add " + p.kv(sp.urlKeys[0], `"https://…"`)
	case len(sp.urlKeys) == 0:
		fp.Message = subject + ": add " + p.kv(sp.cmdKeys[0], `"…"`) + " (the program to run)"
	default:
		fp.Message = fmt.Sprintf("%s: add %s for a local server or %s for a remote one", subject,
			p.kv(sp.cmdKeys[0], `"…"`), p.kv(sp.urlKeys[0], `"https://…"`))
	}
	if s.Client == "codex" {
		fp.Message = strings.Replace(fp.Message, "cannot start", "refuses", 1)
	}
	p.add(fp)
	return true
}

func isURLKey(k string) bool { return k != "command" && k != "cmd" }

// clientRules are checks that depend on more than one field.
func (p *problems) clientRules() {
	s, n := p.s, p.s.Node
	switch {
	case s.Client == "claude-code" && p.spec == managedSpec:
		for _, k := range []string{"command", "args", "env", "headersHelper"} {
			if m := n.Member(k); m != nil {
				p.add(FieldProblem{Kind: "invalid-value", Key: k, Pointer: s.Pointer + "/" + k, OnKey: true, Want: "http or sse server",
					Message: fmt.Sprintf("managedMcpServers takes only remote (http and sse) servers, so %q is not allowed here; put stdio servers in managed-mcp.json", k)})
			}
		}
	case s.Client == "claude-code" && n.Get("oauth") != nil:
		o := n.Get("oauth")
		for _, f := range [][2]string{{"clientId", "string"}, {"callbackPort", "number"}, {"authServerMetadataUrl", "string"}, {"scopes", "string"}} {
			key, t := f[0], f[1]
			if v := o.Get(key); v != nil && !kindMatches(t, v) {
				p.add(FieldProblem{Kind: "invalid-value", Key: key, Pointer: s.Pointer + "/oauth/" + key, Want: t, Message: p.typeMessage(key, t, v)})
			}
		}
	case s.Client == "opencode":
		if n.Get("type") == nil && (n.Get("command") != nil || n.Get("url") != nil) {
			want := "local"
			if n.Get("url") != nil && n.Get("command") == nil {
				want = "remote"
			}
			p.add(FieldProblem{Kind: "invalid-value", Key: "type", Pointer: s.Pointer, OnKey: true, Want: want,
				Message: fmt.Sprintf(`OpenCode needs a "type" in %q ("local" for a command, "remote" for a url): add "type": %q`, s.Name, want)})
		}
	case s.Client == "codex":
		if m := n.Member("bearer_token"); m != nil {
			p.add(FieldProblem{Kind: "invalid-value", Key: "bearer_token", Pointer: s.Pointer + "/bearer_token", OnKey: true, Want: "bearer_token_env_var", Level: "error",
				Message: fmt.Sprintf(`Codex does not support bearer_token in %s: put the token in an environment variable and write bearer_token_env_var = "NAME"`, p.where())})
		}
		hasCmd, hasURL := n.Get("command") != nil, n.Get("url") != nil
		if hasCmd == hasURL {
			return // both: ambiguous-transport; neither: missing-transport
		}
		only, other := []string{"url", "bearer_token_env_var", "http_headers", "env_http_headers", "oauth", "oauth_resource", "scopes"}, "command"
		if hasURL {
			only, other = []string{"args", "env", "env_vars", "cwd"}, "url"
		}
		for _, k := range only {
			if n.Member(k) != nil {
				kind := "url"
				if hasURL {
					kind = "command"
				}
				p.add(FieldProblem{Kind: "invalid-value", Key: k, Pointer: s.Pointer + "/" + k, OnKey: true, Want: "no " + k, Level: "error",
					Message: fmt.Sprintf("Codex refuses %s: %q applies only to %s servers and this one has %s; remove it", p.where(), k, kind, other)})
			}
		}
	}
}

// limits reports what Paseo refuses: an address over 2048 characters,
// more than 64 arguments, an argument over 1024 characters.
func (p *problems) limits() {
	s, n := p.s, p.s.Node
	// Pointers are joined only for a value over a limit.
	type url struct{ base, key, v string }
	var urls []url
	if n != nil && n.Kind == syntax.Object {
		for _, k := range []string{"url", "serverUrl", "httpUrl", "uri", "tcp"} {
			if v, ok := n.Get(k).Str(); ok {
				urls = append(urls, url{s.Pointer, k, v})
			}
		}
	}
	for _, r := range s.Remotes {
		urls = append(urls, url{r.Pointer, "url", r.URL})
	}
	for _, u := range urls {
		if len(u.v) > maxURLLen {
			p.add(FieldProblem{Kind: "limits", Pointer: u.base + "/" + u.key, Want: strconv.Itoa(maxURLLen),
				Message: fmt.Sprintf("the address of %q is %s characters, over Paseo's limit of %d: Paseo refuses a server with a longer address; move long query values into headers",
					s.Name, thousands(len(u.v)), maxURLLen)})
		}
	}
	if n == nil || n.Kind != syntax.Object {
		return
	}
	// The arguments as written: args, OpenCode's command tail, Zed's
	// legacy command.args, and a registry package's arguments.
	type list struct {
		ptr   string
		items []*syntax.Node
		skip  int
	}
	var lists []list
	if cm := n.Get("command"); cm != nil && cm.Kind == syntax.Array {
		lists = append(lists, list{s.Pointer + "/command", cm.Items, 1})
	} else if cm != nil && cm.Kind == syntax.Object {
		if a := cm.Get("args"); a != nil && a.Kind == syntax.Array {
			lists = append(lists, list{s.Pointer + "/command/args", a.Items, 0})
		}
	}
	if a := n.Get("args"); a != nil && a.Kind == syntax.Array {
		lists = append(lists, list{s.Pointer + "/args", a.Items, 0})
	}
	if pk := n.Get("packages"); pk != nil && pk.Kind == syntax.Array {
		for i, pkg := range pk.Items {
			for _, k := range []string{"runtimeArguments", "packageArguments"} {
				if a := pkg.Get(k); a != nil && a.Kind == syntax.Array {
					lists = append(lists, list{s.Pointer + "/packages/" + strconv.Itoa(i) + "/" + k, a.Items, 0})
				}
			}
		}
	}
	for _, l := range lists {
		if cnt := len(l.items) - l.skip; cnt > maxArgs {
			p.add(FieldProblem{Kind: "limits", Pointer: l.ptr, Want: strconv.Itoa(maxArgs),
				Message: fmt.Sprintf("%q has %d arguments, over Paseo's limit of %d: Paseo refuses it; move options into a config file or environment variables",
					s.Name, cnt, maxArgs)})
		}
		for i, it := range l.items {
			if i < l.skip {
				continue
			}
			text := it.Text
			if it.Kind == syntax.Object { // registry argument: {"value": …}
				text, _ = it.Get("value").Str()
			}
			if len(text) > maxArgLen {
				ptr := l.ptr + "/" + strconv.Itoa(i)
				if it.Kind == syntax.Object {
					ptr += "/value"
				}
				p.add(FieldProblem{Kind: "limits", Pointer: ptr, Want: strconv.Itoa(maxArgLen),
					Message: fmt.Sprintf("argument %d of %q is %s characters, over Paseo's limit of %d: Paseo refuses the server; pass long values in a file or an environment variable",
						i+1-l.skip, s.Name, thousands(len(text)), maxArgLen)})
			}
		}
	}
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// serversKeys are the keys each dialect keeps its servers under, with
// the client whose key it is.
var serversKeys = []struct{ key, owner string }{
	{"mcpServers", "Claude Code's"},
	{"servers", "VS Code's"},
	{"mcp_servers", "Codex's"},
	{"context_servers", "Zed's"},
	{"mcp", "OpenCode's"},
	{"extensions", "Goose's"},
}

// docProblems checks a document's shape: servers under the key another
// client uses, servers given as a list where a map is read, servers in a
// settings file that takes none.
func docProblems(d *loader.Document) []FieldProblem {
	out := []FieldProblem{}
	if d.File == nil || d.File.Root == nil || d.File.Root.Kind != syntax.Object || specs[d.Client] == nil {
		return out
	}
	root := d.File.Root
	name := loader.ClientName(d.Client)
	kv := func(k string) string {
		if d.Format == syntax.TOML {
			return "[" + k + ".<name>]"
		}
		return strconv.Quote(k)
	}
	switch d.Kind {
	case loader.KindSettings:
		if d.Client != "claude-code" {
			return out
		}
		m := root.Member("mcpServers")
		if m == nil || !looksLikeServers(m.Value) {
			return out
		}
		msg := `Claude Code does not read servers from settings.json: move "mcpServers" to .mcp.json (shared with the project) or add them with claude mcp add`
		switch d.Tier {
		case loader.TierUser:
			msg = `Claude Code does not read servers from ~/.claude/settings.json: move them to "mcpServers" in ~/.claude.json (claude mcp add --scope user)`
		}
		fp := FieldProblem{Kind: "wrong-root-key", Key: "mcpServers", Pointer: "/mcpServers", OnKey: true, Want: "mcpServers in .mcp.json", Message: msg}
		if d.Tier == loader.TierManaged {
			fp.Want = "managedMcpServers"
			fp.Message = `managed settings take remote servers under "managedMcpServers" (stdio servers go in managed-mcp.json): rename "mcpServers" to "managedMcpServers"`
			fp.Fix = &FixIntent{Kind: FixRenameKey, Pointer: "/mcpServers", Value: "managedMcpServers"}
		}
		out = append(out, fp)
		return out
	case loader.KindClientConfig:
	default:
		return out
	}
	own := serversKey(d)
	if own == "" {
		return out
	}
	if m := root.Member(own); m != nil && m.Value.Kind == syntax.Array && d.Client != "continue" {
		first := "<name>"
		if len(m.Value.Items) > 0 {
			if nm, ok := m.Value.Items[0].Get("name").Str(); ok && nm != "" {
				first = nm
			}
		}
		ex := fmt.Sprintf(`%q: {%q: {…}}`, own, first)
		if d.Format == syntax.TOML {
			ex = "[" + own + "." + first + "] tables"
		}
		out = append(out, FieldProblem{Kind: "wrong-root-key", Key: own, Pointer: syntax.Pointer(own), OnKey: true, Want: "object",
			Message: fmt.Sprintf("%s reads %q as an object keyed by server name, not a list, so none of these servers load: write %s", name, own, ex)})
	}
	for _, sk := range serversKeys {
		if sk.key == own {
			continue
		}
		m := root.Member(sk.key)
		if m == nil || !looksLikeServers(m.Value) {
			continue
		}
		fp := FieldProblem{Kind: "wrong-root-key", Key: sk.key, Pointer: syntax.Pointer(sk.key), OnKey: true, Want: own,
			Message: fmt.Sprintf("%s reads servers from %s, not %s (%s key), so these servers never load: rename %s to %s",
				name, kv(own), kv(sk.key), sk.owner, kv(sk.key), kv(own))}
		if sk.key == "servers" && root.Get(own) == nil && m.Value.Kind == syntax.Object && strings.EqualFold(filepath.Base(d.Path), ".mcp.json") {
			// Visual Studio reads a solution's .mcp.json in VS Code's
			// format ("servers"): the file works there, and only Claude
			// Code loads nothing from it.
			fp.Level, fp.Fix = "info", nil
			fp.Message = fmt.Sprintf("%s reads servers from %s, and this file holds %s, the key Visual Studio reads in a solution's .mcp.json (VS Code's format): %s loads nothing from it; if it is meant for %s too, copy the servers under %s",
				name, kv(own), kv(sk.key), name, name, kv(own))
		} else if ownServers := root.Get(own); ownServers != nil && ownServers.Kind == syntax.Object && m.Value.Kind == syntax.Object {
			// Both keys: the file already has servers where the client
			// reads them. Only the ones missing there are lost.
			var missing []string
			for _, e := range m.Value.Members {
				if ownServers.Get(e.Key) == nil {
					missing = append(missing, strconv.Quote(e.Key))
				}
			}
			if len(missing) == 0 {
				fp.Level = "info"
				fp.Message = fmt.Sprintf("%s reads servers from %s and ignores %s (%s key); every server in it is under %s too, so it changes nothing: remove it, so that the two copies cannot drift apart",
					name, kv(own), kv(sk.key), sk.owner, kv(own))
			} else {
				verb, them := "never load", "them"
				if len(missing) == 1 {
					verb, them = "never loads", "it"
				}
				fp.Message = fmt.Sprintf("%s reads servers from %s and ignores %s (%s key), so %s %s: move %s into %s",
					name, kv(own), kv(sk.key), sk.owner, strings.Join(missing, ", "), verb, them, kv(own))
			}
		}
		if d.Format != syntax.TOML && root.Member(own) == nil {
			// A TOML key may be written in many table headers; rename
			// only a JSON key, written once.
			fp.Fix = &FixIntent{Kind: FixRenameKey, Pointer: fp.Pointer, Value: own}
		}
		out = append(out, fp)
	}
	if len(out) == 0 && root.Member(own) == nil && root.Kind == syntax.Object && len(root.Members) > 0 && mcpOnlyFile(d) {
		first := root.Members[0].Key
		out = append(out, FieldProblem{Kind: "wrong-root-key", Key: first, Pointer: syntax.Pointer(first), OnKey: true, Want: own,
			Message: fmt.Sprintf("%s reads servers from %s, and this file has none (its root holds %s), so %s loads nothing from it: put the servers under %s",
				name, kv(own), rootKeyList(root), name, kv(own)+`: {"<name>": {…}}`)})
	}
	return out
}

// mcpOnlyFile reports whether a document is a file a client keeps for
// MCP servers alone (.mcp.json, .cursor/mcp.json, mcp_config.json …), so
// a root without the servers key is a mistake rather than other settings.
func mcpOnlyFile(d *loader.Document) bool {
	if d.Sniffed || d.Variant != "" {
		return false
	}
	base := strings.ToLower(filepath.Base(d.Path))
	switch base {
	case ".mcp.json", "mcp.json", "mcp_config.json", "mcp-config.json", "mcp_settings.json", "cline_mcp_settings.json":
		return true
	}
	return false
}

// rootKeyList names a document's top-level keys for a message.
func rootKeyList(root *syntax.Node) string {
	var ks []string
	for i, m := range root.Members {
		if i == 3 {
			ks = append(ks, "…")
			break
		}
		ks = append(ks, strconv.Quote(m.Key))
	}
	return strings.Join(ks, ", ")
}

// looksLikeServers is a map of server entries or a list of them: some
// entry has a key that gives it a transport.
func looksLikeServers(n *syntax.Node) bool {
	var entries []*syntax.Node
	switch n.Kind {
	case syntax.Object:
		for _, m := range n.Members {
			entries = append(entries, m.Value)
		}
	case syntax.Array:
		entries = n.Items
	}
	for _, e := range entries {
		if e == nil || e.Kind != syntax.Object {
			continue
		}
		for _, k := range []string{"command", "cmd", "url", "serverUrl", "httpUrl", "uri", "type"} {
			if e.Get(k) != nil {
				return true
			}
		}
	}
	return false
}
