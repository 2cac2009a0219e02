package facts

import (
	"net"
	"net/url"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// serversKey is where each dialect keeps its servers.
func serversKey(d *loader.Document) string {
	switch {
	case d.Kind == loader.KindRegistryList || d.Kind == loader.KindRegistryOld:
		if d.Variant == "seed" || d.Variant == "legacy" {
			return ""
		}
		return "servers"
	case d.Kind == loader.KindTeamCatalogue:
		if d.Variant == "entries" {
			return "entries"
		}
		return ""
	case d.Kind == loader.KindSettings:
		if d.Tier == loader.TierManaged {
			return "managedMcpServers"
		}
		return ""
	case d.Kind != loader.KindClientConfig:
		return ""
	}
	switch d.Client {
	case "vscode":
		if d.Variant == "legacy-settings" {
			return "mcp"
		}
		return "servers"
	case "codex", "grok":
		return "mcp_servers"
	case "opencode":
		if d.Variant == "agents-mcp" {
			return ""
		}
		return "mcp"
	case "zed":
		return "context_servers"
	case "goose":
		return "extensions"
	}
	return "mcpServers"
}

// buildDoc describes one document.
func buildDoc(i int, d *loader.Document, pf *projectFiles) DocFact {
	df := DocFact{
		Index: i, Path: d.Path, Kind: string(d.Kind), Client: d.Client, Tier: string(d.Tier),
		Variant: d.Variant, Project: d.ProjectDir, ParseOK: !d.ParseFailed && d.File != nil,
		Explicit: d.Explicit, Size: int(d.Size), ServerCount: len(d.Servers),
		RootKeys: []FieldFact{}, Settings: []SettingFact{}, AllowedTools: []AllowedToolFact{},
	}
	if d.Format != 0 {
		df.Format = d.Format.String()
	}
	df.Problems = docProblems(d)
	df.Registry = registryDocFact(d)
	df.Catalogue = catalogueDocFact(d)
	df.Snapshot = snapshotFact(d)
	df.ServersKey = serversKey(d)
	df.ServersKind = "missing"
	if d.File == nil || d.File.Root == nil {
		return df
	}
	root := d.File.Root
	df.RootKeys = fields(root, "")
	df.StraySecrets = straySecrets(d)
	if df.ServersKey != "" {
		if n := root.Get(df.ServersKey); n != nil {
			df.ServersKind = n.Kind.String()
		}
	} else {
		df.ServersKind = root.Kind.String()
	}
	for _, k := range []string{"enableAllProjectMcpServers", "dangerouslySkipPermissions", "allowManagedMcpServersOnly", "approval_policy"} {
		if m := root.Member(k); m != nil {
			df.Settings = append(df.Settings, SettingFact{Key: k, Pointer: syntax.Pointer(k), Value: m.Value.Text})
		}
	}
	if perms := root.Get("permissions"); perms != nil {
		if m := perms.Member("defaultMode"); m != nil {
			df.Settings = append(df.Settings, SettingFact{Key: "permissions.defaultMode", Pointer: "/permissions/defaultMode", Value: m.Value.Text})
		}
		if d.Client == "claude-code" {
			df.AllowedTools = allowedTools(perms.Get("allow"))
		}
	}
	df.ClientName = loader.ClientName(d.Client)
	df.Sniffed, df.ClientUnsure = d.Sniffed, d.Unsure
	if d.Tier == loader.TierProject {
		df.DevelopsServer = pf.dev.get(d.ProjectDir, func() string { return developsServer(d.ProjectDir, d.ProjectNames) })
	}
	if d.Unsure {
		df.ClientName = "the client that loads this file"
	}
	return df
}

// allowedTools reads Claude Code's permissions.allow rules for MCP tools:
// mcp__<server> and mcp__<server>__* allow every tool of the server,
// mcp__<server>__<tool> one tool (the name splits at the first "__" after
// the server's).
func allowedTools(allow *syntax.Node) []AllowedToolFact {
	out := []AllowedToolFact{}
	if allow == nil || allow.Kind != syntax.Array {
		return out
	}
	for i, it := range allow.Items {
		rule, ok := it.Str()
		if !ok {
			continue
		}
		rest, ok := strings.CutPrefix(strings.TrimSpace(rule), "mcp__")
		if !ok || rest == "" {
			continue
		}
		server, tool, _ := strings.Cut(rest, "__")
		if tool == "*" {
			tool = ""
		}
		out = append(out, AllowedToolFact{Pointer: "/permissions/allow/" + strconv.Itoa(i), Server: server, Tool: tool,
			Writes: tool == "" || WriteTool(tool)})
	}
	return out
}

// maxStraySecrets bounds what one file reports outside its servers: past
// a few, the file itself is the problem.
const maxStraySecrets = 20

// straySecrets scans the string values of a committed client config or
// settings file outside its server entries (each server's values are its
// own facts): a credential there is committed all the same.
func straySecrets(d *loader.Document) []StraySecretFact {
	out := []StraySecretFact{}
	if d.Kind != loader.KindClientConfig && d.Kind != loader.KindSettings || d.File == nil || d.File.Root == nil {
		return out
	}
	if d.Tier != loader.TierProject && d.Tier != loader.TierPlugin && d.Tier != loader.TierCopy {
		// A user's own file (~/.claude.json keeps the client's key by
		// design) is not committed with anything.
		return out
	}
	entries := map[string]bool{}
	for _, s := range d.Servers {
		entries[s.Pointer] = true
	}
	var visit func(n *syntax.Node, ptr, key string)
	visit = func(n *syntax.Node, ptr, key string) {
		if n == nil || entries[ptr] || len(out) >= maxStraySecrets {
			return
		}
		switch n.Kind {
		case syntax.Object:
			for _, m := range n.Members {
				if ds := secret.Scan("", m.Key); len(ds) > 0 {
					// A key that is itself a credential is reported at its
					// object, and never written into a pointer.
					out = append(out, StraySecretFact{Pointer: ptr, Detector: ds[0].Detector, Description: ds[0].Description, Masked: ds[0].Masked})
					continue
				}
				visit(m.Value, ptr+"/"+syntax.EscapePointerToken(m.Key), m.Key)
			}
		case syntax.Array:
			for i, it := range n.Items {
				visit(it, ptr+"/"+strconv.Itoa(i), key)
			}
		case syntax.String:
			if ds := secret.Scan(key, n.Text); len(ds) > 0 {
				out = append(out, StraySecretFact{Pointer: ptr, Detector: ds[0].Detector, Description: ds[0].Description, Masked: ds[0].Masked})
			}
		}
	}
	visit(d.File.Root, "", "")
	return out
}

// fields lists an object's keys with masked scalar values.
func fields(n *syntax.Node, ptr string) []FieldFact {
	if n == nil || n.Kind != syntax.Object {
		return []FieldFact{}
	}
	out := make([]FieldFact, 0, len(n.Members))
	for _, m := range n.Members {
		ff := FieldFact{Key: m.Key, Pointer: ptr + "/" + syntax.EscapePointerToken(m.Key), Kind: m.Value.Kind.String()}
		if m.Value.Kind != syntax.Object && m.Value.Kind != syntax.Array {
			ff.Value = secret.MaskValue(m.Key, m.Value.Text)
		}
		out = append(out, ff)
	}
	return out
}

// buildServer works out every fact of one server: what its entry says
// (identity, command, arguments, env, headers, address), then what is
// derived from those (runner, shell, registry and catalogue facts, text,
// trust, env references, addresses in arguments, machine paths).
func buildServer(i, doc int, s *loader.Server, idx map[*loader.Server]int, fileEnv *Environment, pf *projectFiles) ServerFact {
	sf := serverBase(i, doc, s, idx)
	n := s.Node
	sf.Fields = fields(n, s.Pointer)
	for _, k := range []string{"env_vars", "env_keys"} {
		if v := n.Get(k); v != nil && v.Kind == syntax.Array {
			for _, it := range v.Items {
				if name, ok := it.Str(); ok {
					sf.forwarded = append(sf.forwarded, name)
				}
			}
		}
	}
	if t, ok := n.Get("type").Str(); ok {
		sf.Type = t
	}
	cmdKey, argsPtr, argsOffset := commandPlace(s)
	sf.Command = commandFact(s, cmdKey)
	sf.Args = argFacts(s, argsPtr, argsOffset)
	sf.Env, sf.Headers = ownPairs(s)
	// A copy that took fields from a lower tier (Codex, OpenCode and Zed
	// merge) is described by what its own entry says.
	if (s.URL != "" && !(s.MergedFrom != nil && urlMember(s) == "")) || urlMember(s) != "" {
		sf.URL = urlFact(s)
	}
	var words []word // the command's words, for the runner and the shell
	if ownCommand(s) != "" {
		words = commandWords(s, sf.Args, runnerCommandPointer(s))
	}
	sf.Runner = runnerFactOf(s, words)
	if ownBuild(pf, s.Doc, sf.Runner) != "" {
		// The project's own install or image: nothing unpinned to fetch.
		sf.Runner.Problem, sf.Runner.Suggestion = "", ""
	}
	sf.Shell = shellFact(s, sf.Args, sf.Runner, words)
	sf.FieldProblems = fieldProblems(s, sf.Fields)
	sf.Registry = registryFact(s)
	sf.Catalogue = catalogueFact(s)
	sf.Text = textFacts(s)
	trustFacts(&sf, s)
	if s.OAuth != nil {
		sf.OAuth = &OAuthFact{Pointer: s.OAuth.Pointer, ClientID: secret.MaskValue("", s.OAuth.ClientID), HasSecret: s.OAuth.HasSecret, SecretPointer: s.OAuth.SecretPtr, Disabled: s.OAuth.Disabled}
	}
	envFacts(&sf, s, fileEnv)
	sf.PlainArgs = plainArgAddresses(sf.Args)
	sf.BridgeSSE = bridgeSSE(&sf)
	sf.ListenAll = listenAll(&sf)
	sf.Templates = templatePlaceholders(s, &sf)
	sf.MachinePaths = machinePaths(s, &sf)
	if len(sf.MachinePaths) > 0 && pf != nil && pf.devContainer(s.Doc) {
		sf.MachinePaths = slices.DeleteFunc(sf.MachinePaths, func(a AddressFact) bool { return a.Why == containerFolder })
	}
	return sf
}

// serverBase is what the loader worked out of a server: its name,
// client, tier and state, and its place among the other copies.
func serverBase(i, doc int, s *loader.Server, idx map[*loader.Server]int) ServerFact {
	sf := ServerFact{
		Index: i, Doc: doc, Name: s.Name, NameShape: nameShape(s.Name), Client: s.Client, Via: s.Via, Builtin: s.Builtin, Tier: string(s.Tier), Project: s.Project,
		Pointer: s.Pointer, Transport: s.Transport, Enabled: s.Enabled, DisabledBy: s.DisabledBy,
		Untrusted: s.Untrusted, UntrustedBy: s.UntrustedBy, State: s.State(),
		ShadowedBy: -1, MergedFrom: -1, Shadows: []int{},
		Args: []ArgFact{}, Env: []PairFact{}, Headers: []PairFact{},
		Trust: TrustFact{AutoApprove: orEmpty(s.Trust.AutoApprove), TrustAll: s.Trust.TrustAll, ApprovalMode: s.Trust.ApprovalMode, Pointer: s.Trust.Pointer},
		Pin:   PinFact{Hash: loader.PinHash(s)},
		Tools: ToolsFact{Names: []string{}, Hints: []ToolHintFact{}},
	}
	if s.ShadowedBy != nil {
		sf.ShadowedBy = idx[s.ShadowedBy]
	}
	for _, o := range s.Shadows {
		sf.Shadows = append(sf.Shadows, idx[o])
	}
	if s.MergedFrom != nil {
		sf.MergedFrom = idx[s.MergedFrom]
	}
	return sf
}

// commandPlace is where a client writes the command and its arguments:
// Goose's cmd, OpenCode's command list (the arguments after the first
// word), Zed's command object.
func commandPlace(s *loader.Server) (cmdKey, argsPtr string, argsOffset int) {
	n := s.Node
	cmdKey, argsPtr = "command", s.Pointer+"/args"
	switch {
	case s.Client == "goose":
		cmdKey = "cmd"
	case s.Client == "opencode" && n.Get("command") != nil && n.Get("command").Kind == syntax.Array:
		argsPtr, argsOffset = s.Pointer+"/command", 1
	case s.Client == "zed" && n.Get("command") != nil && n.Get("command").Kind == syntax.Object:
		argsPtr = s.Pointer + "/command/args"
	}
	return cmdKey, argsPtr, argsOffset
}

// commandFact describes the command, masked, at the place it is written.
// A copy that took fields from a lower tier (Codex, OpenCode and Zed
// merge) is described by what its own entry says; the inherited fields
// are checked on the copy that wrote them.
func commandFact(s *loader.Server, cmdKey string) *CommandFact {
	cm := s.Node.Member(cmdKey)
	if cm == nil && (s.Command == "" || s.MergedFrom != nil) {
		return nil
	}
	cf := &CommandFact{Value: secret.MaskValue("", s.Command), Pointer: s.Pointer + "/" + cmdKey, Kind: "string"}
	if cm != nil {
		cf.Kind = cm.Value.Kind.String()
		if cm.Value.Kind == syntax.Array {
			cf.Pointer += "/0"
		} else if cm.Value.Kind == syntax.Object {
			cf.Pointer += "/path"
		}
	} else if len(s.Packages) > 0 {
		cf.Pointer = s.Packages[0].Pointer
	}
	cf.Base = commandBase(s.Command)
	return cf
}

// argFacts describes the arguments, masked, with their references and
// the secrets found in them (a merged copy's inherited ones are left to
// the copy that wrote them).
func argFacts(s *loader.Server, argsPtr string, argsOffset int) []ArgFact {
	n := s.Node
	args := s.Args
	if s.MergedFrom != nil && n.Get("args") == nil && !(s.Client == "opencode" && n.Get("command") != nil) {
		args = nil
	}
	perArg := make([][]secret.Detection, len(args))
	for _, d := range secret.ScanArgs(args) {
		perArg[d.Index] = append(perArg[d.Index], d.Detection)
	}
	out := []ArgFact{}
	for j, a := range args {
		p := argsPtr + "/" + strconv.Itoa(j+argsOffset)
		if len(s.Packages) > 0 && n.Get("args") == nil {
			p = s.Packages[0].Pointer
		}
		af := ArgFact{Index: j, Value: secret.Masked(a, perArg[j]), Pointer: p, Refs: refs(s, "args", a), Secrets: []SecretFact{}}
		for _, d := range perArg[j] {
			af.Secrets = append(af.Secrets, secretFact(d))
		}
		out = append(out, af)
	}
	return out
}

// ownPairs describes the env and header entries the server's own file
// writes (not those inherited through a merge).
func ownPairs(s *loader.Server) (env, headers []PairFact) {
	env, headers = []PairFact{}, []PairFact{}
	for _, p := range s.Env {
		if p.Doc != nil && p.Doc != s.Doc {
			continue // inherited through a merge
		}
		env = append(env, pairFact(s, "env", p))
	}
	for _, p := range s.Headers {
		if p.Doc != nil && p.Doc != s.Doc {
			continue
		}
		pf := pairFact(s, "headers", p)
		pf.KeyShape = headerShape(p.Key)
		headers = append(headers, pf)
	}
	return env, headers
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// commandBase is the executable's name: "/usr/bin/npx" and "npx.cmd" are
// both "npx".
func commandBase(c string) string {
	c = strings.ReplaceAll(strings.TrimSpace(c), "\\", "/")
	b := path.Base(c)
	for _, ext := range []string{".cmd", ".exe", ".bat", ".ps1"} {
		if strings.HasSuffix(strings.ToLower(b), ext) {
			b = b[:len(b)-len(ext)]
		}
	}
	if b == "." || b == "/" {
		return ""
	}
	return b
}

func pairFact(s *loader.Server, field string, p loader.Pair) PairFact {
	ds := secret.Scan(p.Key, p.Value)
	pf := PairFact{Key: p.Key, Value: secret.Masked(p.Value, ds), Pointer: p.Pointer, Kind: "string", Refs: refs(s, field, p.Value), Secrets: []SecretFact{}}
	if p.Node != nil {
		pf.Kind = p.Node.Kind.String()
	}
	_, pf.IsReference = secret.IsReference(p.Value)
	pf.Placeholder = secret.IsPlaceholder(p.Value)
	if p.Node == nil || p.Node.Kind == syntax.String {
		for _, d := range ds {
			pf.Secrets = append(pf.Secrets, secretFact(d))
		}
	}
	return pf
}

func secretFact(d secret.Detection) SecretFact {
	return SecretFact{Detector: d.Detector, Description: d.Description, Masked: d.Masked}
}

// refs lists the variable references in a value and whether the client
// expands each in this field.
//
// A reference written several times in one value is one fact (one problem,
// one finding), and a value gives at most maxRefsPerValue: a value made of
// "{A}" repeated would otherwise give a finding per copy, each quoting the
// whole value.
func refs(s *loader.Server, field, value string) []RefFact {
	rs := secret.References(value)
	out := make([]RefFact, 0, min(len(rs), maxRefsPerValue))
	seen := map[RefFact]bool{}
	for _, r := range rs {
		f := RefFact{Syntax: r.Syntax, Name: r.Name, HasDefault: r.HasDefault, Expanded: Expands(s, r.Syntax, field)}
		if seen[f] {
			continue
		}
		if len(out) == maxRefsPerValue {
			break
		}
		seen[f] = true
		out = append(out, f)
	}
	return out
}

// maxRefsPerValue bounds the distinct references of one value a policy
// judges.
const maxRefsPerValue = 32

// urlMember is the key the server's address was written under.
func urlMember(s *loader.Server) string {
	for _, k := range []string{"url", "serverUrl", "httpUrl", "uri"} {
		if s.Node.Get(k) != nil {
			return k
		}
	}
	return ""
}

func urlFact(s *loader.Server) *URLFact {
	key := urlMember(s)
	ptr := s.Pointer + "/" + key
	if key == "" && len(s.Remotes) > 0 {
		key, ptr = "url", s.Remotes[0].Pointer+"/url"
	}
	raw := s.URL
	ds := secret.Scan("", raw)
	uf := &URLFact{Value: secret.Masked(raw, ds), Pointer: ptr, Key: key, Length: len(raw),
		SecretQueryKeys: []string{}, Refs: refs(s, "url", raw), Secrets: []SecretFact{}}
	for _, d := range ds {
		uf.Secrets = append(uf.Secrets, secretFact(d))
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" {
		return uf
	}
	uf.Valid = true
	uf.Scheme = strings.ToLower(u.Scheme)
	uf.Host = strings.ToLower(u.Hostname())
	uf.Port = u.Port()
	uf.Path = u.EscapedPath()
	uf.Loopback = isLoopback(uf.Host)
	uf.LocalNetwork = !uf.Loopback && localNetwork(uf.Host)
	if u.User != nil {
		uf.HasUser = u.User.Username() != ""
		_, uf.HasPassword = u.User.Password()
	}
	// The detector already knows which query values are credentials; name
	// the parameter each sits under.
	for _, d := range ds {
		if d.Detector != "query-key" {
			continue
		}
		eq := strings.LastIndexByte(raw[:d.Start], '=')
		amp := strings.LastIndexAny(raw[:max(eq, 0)], "?&")
		if eq > 0 && amp >= 0 {
			uf.SecretQueryKeys = append(uf.SecretQueryKeys, raw[amp+1:eq])
		}
	}
	sort.Strings(uf.SecretQueryKeys)
	return uf
}

func isLoopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// nameShape measures a name for the name rules (NameShape).
func nameShape(name string) NameShape {
	return NameShape{
		Length:    utf8.RuneCountInString(name),
		Bad:       badChars(name, isNameChar),
		Separator: strings.Contains(name, "__"),
	}
}

// isNameChar reports whether c is one of [A-Za-z0-9_-]; NameShape.Bad
// lists a name's other characters.
func isNameChar(c rune) bool {
	return c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// headerShape measures a header name for transport/header-name
// (HeaderShape), on the real name.
func headerShape(name string) *HeaderShape {
	trimmed := strings.TrimSpace(name)
	sh := &HeaderShape{Empty: trimmed == "", Bad: badChars(name, isTokenChar), Dot: strings.Contains(name, ".")}
	sh.Padded = !sh.Empty && trimmed != name && allTokenChars(trimmed)
	return sh
}

// badChars lists, sorted and once each, the characters of s that ok
// refuses (empty, not nil, when there are none).
func badChars(s string, ok func(rune) bool) []string {
	bad := []string{}
	seen := map[rune]bool{}
	for _, c := range s {
		if ok(c) || seen[c] {
			continue
		}
		seen[c] = true
		bad = append(bad, string(c))
	}
	sort.Strings(bad)
	return bad
}

// isTokenChar reports whether c is an RFC 9110 tchar.
func isTokenChar(c rune) bool {
	return c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("!#$%&'*+-.^_`|~", c))
}

func allTokenChars(s string) bool {
	for _, c := range s {
		if !isTokenChar(c) {
			return false
		}
	}
	return true
}
