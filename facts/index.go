package facts

import (
	"regexp"
	"strings"
)

// Aspects the index knows. A rule iterates lib.servers(aspect): only the
// servers that can possibly break it. On a monorepo of thousands of
// projects most servers are clean, and Rego's cost is per server visited,
// so this is what keeps evaluation proportional to the candidates.
//
// An aspect a rule starts from must hold for every server the rule can
// report: the narrow ones below mirror the first conditions of the rules
// named beside them, so a change to those conditions needs one here
// (TestRuleFixtures runs every rule's examples through the index;
// TestIndexAspects pins each aspect down). The env/<NAME> and ref/<NAME>
// aspects let a rule about names judge each distinct name once
// (lib.env_names, lib.ref_names) and visit only the servers that use a
// name it reports.
const (
	AspectAll             = "all"
	AspectURL             = "url"                    // has an address
	AspectCommand         = "command"                // has a command
	AspectEnv             = "env"                    // has env entries
	AspectHeaders         = "headers"                // has headers
	AspectArgs            = "args"                   // has arguments
	AspectRefs            = "refs"                   // a variable reference somewhere
	AspectUnexpanded      = "unexpanded"             // a reference the client does not expand
	AspectUnset           = "unset"                  // a reference to a variable known to be unset
	AspectSecrets         = "secrets"                // a credential detected somewhere
	AspectRunner          = "runner"                 // starts a package through a runner
	AspectShell           = "shell"                  // shell launcher or broad paths
	AspectOAuth           = "oauth"                  // has an OAuth block
	AspectFieldProblems   = "field_problems"         // fields the client does not read as written
	AspectText            = "text"                   // hidden characters or model-directed text
	AspectTrust           = "trust"                  // approval or trust fields
	AspectCopies          = "copies"                 // shadowed by or shadowing another copy
	AspectHeld            = "held"                   // disabled or held untrusted
	AspectCommitted       = "committed"              // project or plugin tier
	AspectLibrary         = "library"                // registry or catalogue entry
	AspectOddName         = "odd_name"               // a name clients reject or mangle, or a long one
	AspectTools           = "tools"                  // tool names are known
	AspectPinned          = "pinned"                 // has an oceancode pin
	AspectRegistry        = "registry"               // registry facts
	AspectCatalogue       = "catalogue"              // catalogue facts
	AspectCommandAndURL   = "command_and_url"        // has both a command and an address (schema/ambiguous-transport)
	AspectUntypedURL      = "untyped_url"            // an address, no command, no "type" or "transportType" field (schema/url-without-type)
	AspectURLCredentials  = "url_credentials"        // a valid address with user info, key-like query keys or a detected secret (transport/url-credentials)
	AspectUnencrypted     = "unencrypted"            // a valid http:// or ws:// address that is not loopback (transport/https-only)
	AspectLoopback        = "loopback"               // a valid address on this machine (transport/localhost-in-project)
	AspectEmptyEnv        = "empty_env"              // an env, environment or envs object, and no env entries (schema/empty)
	AspectEnvOrHeaders    = "env_or_headers"         // has env or header entries (trust/pin-scope)
	AspectUnapproved      = "unapproved"             // an enabled Claude Code project server its project does not approve (trust/project-server-unapproved)
	AspectKnownTools      = "known_tools"            // the tool count is known, from a tool snapshot (budget/tool-count)
	AspectUnpinned        = "unpinned"               // a runner package, not from a registry document, not pinned exactly (supply-chain/unpinned-package)
	AspectRunnerFlags     = "runner_flags"           // a runner, not from a registry document, with flags that pick another source (supply-chain/runner-flag)
	AspectPrivileges      = "privileges"             // a container runner with flags that widen the container (supply-chain/container-privileges)
	AspectOddHeader       = "odd_header"             // an empty header name, one outside the HTTP token characters, or one with a "." (transport/header-name)
	AspectListenAll       = "listen_all"             // told to listen on every interface (transport/all-interfaces)
	AspectMachinePaths    = "machine_paths"          // committed, with absolute paths of one machine (compat/machine-path)
	AspectTemplates       = "templates"              // a command, argument or cwd still a template's placeholder
	AspectPlainArgs       = "plain_args"             // plain-http addresses in its arguments (transport/https-only)
	AspectBridgeSSE       = "bridge_sse"             // a legacy SSE endpoint handed to mcp-remote (transport/deprecated-sse)
	AspectSSEPath         = "sse_path"               // a valid address whose path ends in /sse (transport/deprecated-sse)
	AspectLookAlike       = "look_alike"             // an unknown package named like a known one (supply-chain/look-alike-package)
	AspectDisagrees       = "disagrees"              // another client's copy runs it differently (compat/clients-disagree)
	aspectClientPrefix    = "client/"                // client/<id>: the servers of one client
	aspectTransportPrefix = "transport/"             // transport/<transport>: the servers of one transport (stdio, http, sse, ws, …)
	aspectEnvPrefix       = "env/"                   // env/<NAME>: the servers with an env entry named NAME (as written)
	aspectRefPrefix       = "ref/"                   // ref/<NAME>: the servers with a reference to the variable NAME
	longNameLimit         = 64 - 20 - len("mcp____") // a name that leaves fewer than 20 characters for tools
)

// aspect is one fixed aspect and the test that puts a server in it.
type aspect struct {
	name string
	has  func(s *ServerFact) bool
}

// everyServerAspects hold for any server, Paseo's own and oceancode's
// copies included.
var everyServerAspects = []aspect{
	{AspectListenAll, func(s *ServerFact) bool { return len(s.ListenAll) > 0 }},
}

// builtinAspects are those of Paseo's own server: it only counts towards
// a budget.
var builtinAspects = []aspect{
	{AspectKnownTools, func(s *ServerFact) bool { return len(s.Tools.Names) > 0 }},
}

// viaAspects are those of oceancode's copy of a Cursor or OpenCode
// server: its file is checked in its own client's terms; the copy only
// takes part in oceancode's trust and tier folding.
var viaAspects = []aspect{
	{AspectCopies, func(s *ServerFact) bool { return s.ShadowedBy >= 0 || len(s.Shadows) > 0 }},
	{AspectHeld, held},
	{AspectCommitted, func(*ServerFact) bool { return true }},
	{AspectMachinePaths, func(s *ServerFact) bool { return len(s.MachinePaths) > 0 }},
}

// serverAspects are those of every other server. The refs, unexpanded,
// unset and secrets aspects come from one walk of its references
// (refAspects).
var serverAspects = []aspect{
	{AspectURL, func(s *ServerFact) bool { return s.URL != nil }},
	{AspectCommand, func(s *ServerFact) bool { return s.Command != nil }},
	{AspectEnv, func(s *ServerFact) bool { return len(s.Env) > 0 }},
	{AspectHeaders, func(s *ServerFact) bool { return len(s.Headers) > 0 }},
	{AspectArgs, func(s *ServerFact) bool { return len(s.Args) > 0 }},
	{AspectPlainArgs, func(s *ServerFact) bool { return len(s.Args) > 0 && len(s.PlainArgs) > 0 }},
	{AspectBridgeSSE, func(s *ServerFact) bool { return len(s.BridgeSSE) > 0 }},
	{AspectRunner, func(s *ServerFact) bool { return s.Runner != nil }},
	{AspectShell, func(s *ServerFact) bool { return s.Shell != nil }},
	{AspectOAuth, func(s *ServerFact) bool { return s.OAuth != nil }},
	{AspectFieldProblems, func(s *ServerFact) bool { return len(s.FieldProblems) > 0 }},
	{AspectText, func(s *ServerFact) bool { return len(s.Text) > 0 }},
	{AspectTrust, func(s *ServerFact) bool {
		t := s.Trust
		return len(t.AutoApprove) > 0 || len(t.AutoApproveItems) > 0 || t.TrustAll || t.ApprovalMode != "" || len(t.ToolApprovals) > 0
	}},
	{AspectCopies, func(s *ServerFact) bool { return s.ShadowedBy >= 0 || len(s.Shadows) > 0 || s.MergedFrom >= 0 }},
	{AspectHeld, held},
	{AspectCommitted, committed},
	{AspectMachinePaths, func(s *ServerFact) bool { return (committed(s) || s.Tier == "copy") && len(s.MachinePaths) > 0 }},
	{AspectTemplates, func(s *ServerFact) bool { return len(s.Templates) > 0 }},
	{AspectLibrary, func(s *ServerFact) bool { return s.Tier == "library" }},
	{AspectOddName, func(s *ServerFact) bool { return oddName(s.Name) }},
	{AspectLookAlike, func(s *ServerFact) bool { return s.Runner != nil && s.Runner.LookAlike != "" }},
	{AspectDisagrees, func(s *ServerFact) bool { return len(s.Disagrees) > 0 }},
	{AspectTools, func(s *ServerFact) bool { return len(s.Tools.Names) > 0 }},
	{AspectPinned, func(s *ServerFact) bool { return s.Pin.Pinned != "" }},
	{AspectRegistry, func(s *ServerFact) bool { return s.Registry != nil }},
	{AspectCatalogue, func(s *ServerFact) bool { return s.Catalogue != nil }},
	// schema/ambiguous-transport
	{AspectCommandAndURL, func(s *ServerFact) bool { return s.Command != nil && s.URL != nil }},
	// schema/url-without-type
	{AspectUntypedURL, func(s *ServerFact) bool {
		return s.URL != nil && s.Command == nil && !hasField(s, "type") && !hasField(s, "transportType")
	}},
	// transport/url-credentials
	{AspectURLCredentials, func(s *ServerFact) bool {
		u := s.URL
		return validURL(s) && (u.HasUser || u.HasPassword || len(u.SecretQueryKeys) > 0 || len(u.Secrets) > 0)
	}},
	// transport/https-only
	{AspectUnencrypted, func(s *ServerFact) bool {
		return validURL(s) && (s.URL.Scheme == "http" || s.URL.Scheme == "ws") && !s.URL.Loopback
	}},
	// transport/localhost-in-project
	{AspectLoopback, func(s *ServerFact) bool { return validURL(s) && s.URL.Loopback }},
	// transport/deprecated-sse
	{AspectSSEPath, func(s *ServerFact) bool { return validURL(s) && sseEndpoint.MatchString(s.URL.Path) }},
	// schema/empty
	{AspectEmptyEnv, func(s *ServerFact) bool { return len(s.Env) == 0 && hasEnvObject(s) }},
	// trust/pin-scope
	{AspectEnvOrHeaders, func(s *ServerFact) bool { return len(s.Env) > 0 || len(s.Headers) > 0 }},
	// trust/project-server-unapproved
	{AspectUnapproved, func(s *ServerFact) bool {
		return s.Client == "claude-code" && s.Tier == "project" && s.State == "enabled" && !s.Trust.Approved
	}},
	// budget/tool-count
	{AspectKnownTools, func(s *ServerFact) bool { return s.Tools.Known }},
	// supply-chain/unpinned-package
	{AspectUnpinned, func(s *ServerFact) bool { return s.Runner != nil && !s.Runner.Registry && s.Runner.Problem != "" }},
	// supply-chain/runner-flag
	{AspectRunnerFlags, func(s *ServerFact) bool { return s.Runner != nil && !s.Runner.Registry && len(s.Runner.Flags) > 0 }},
	// supply-chain/container-privileges
	{AspectPrivileges, func(s *ServerFact) bool {
		return s.Runner != nil && s.Runner.Ecosystem == "oci" && len(s.Runner.Privileges) > 0
	}},
	// transport/header-name
	{AspectOddHeader, func(s *ServerFact) bool {
		for _, h := range s.Headers {
			if oddHeader(h.Key) {
				return true
			}
		}
		return false
	}},
}

func held(s *ServerFact) bool      { return s.State == "disabled" || s.State == "untrusted" }
func committed(s *ServerFact) bool { return s.Tier == "project" || s.Tier == "plugin" }
func validURL(s *ServerFact) bool  { return s.URL != nil && s.URL.Valid }

// indexServers lists the servers of every aspect. Every aspect is present
// (empty when no server has it) so a policy never meets an undefined one.
func indexServers(ss []ServerFact) map[string][]int {
	idx := map[string][]int{AspectAll: {}, AspectRefs: {}, AspectUnexpanded: {}, AspectUnset: {}, AspectSecrets: {}}
	for _, set := range [][]aspect{everyServerAspects, builtinAspects, viaAspects, serverAspects} {
		for _, a := range set {
			idx[a.name] = []int{}
		}
	}
	add := func(a string, i int) { idx[a] = append(idx[a], i) }
	addAll := func(set []aspect, s *ServerFact, i int) {
		for _, a := range set {
			if a.has(s) {
				add(a.name, i)
			}
		}
	}
	for i := range ss {
		s := &ss[i]
		add(AspectAll, i)
		add(aspectClientPrefix+s.Client, i)
		addAll(everyServerAspects, s, i)
		switch {
		case s.Builtin != "":
			addAll(builtinAspects, s, i)
			continue
		case s.Via != "":
			addAll(viaAspects, s, i)
			continue
		}
		add(aspectTransportPrefix+s.Transport, i)
		addAll(serverAspects, s, i)
		seen := map[string]bool{}
		for _, e := range s.Env {
			if a := aspectEnvPrefix + e.Key; !seen[a] {
				seen[a] = true
				add(a, i)
			}
		}
		refs, unexpanded, unset, secrets := refAspects(s, func(r RefFact) {
			if a := aspectRefPrefix + r.Name; !seen[a] {
				seen[a] = true
				add(a, i)
			}
		})
		for _, r := range [...]struct {
			aspect string
			on     bool
		}{{AspectRefs, refs}, {AspectUnexpanded, unexpanded}, {AspectUnset, unset}, {AspectSecrets, secrets}} {
			if r.on {
				add(r.aspect, i)
			}
		}
	}
	return idx
}

// Document aspects (Input.DocIndex), for rules that start from
// lib.documents(aspect). Besides these: kind/<kind>, client/<id> and
// format/<format> list the documents of one kind, client or format.
const (
	DocAspectCatalogue = "catalogue" // a Paseo library or team catalogue (DocFact.Catalogue)
	DocAspectSnapshot  = "snapshot"  // a tool snapshot or pins file with snapshot facts
	DocAspectRegistry  = "registry"  // a registry document (DocFact.Registry)
	DocAspectSettings  = "settings"  // document-level trust switches and allowed MCP tools
	DocAspectProblems  = "problems"  // document-level shape problems
)

// indexDocuments lists the documents of every aspect. Every fixed aspect
// is present (empty when no document has it).
func indexDocuments(ds []DocFact) map[string][]int {
	idx := map[string][]int{}
	for _, a := range []string{DocAspectCatalogue, DocAspectSnapshot, DocAspectRegistry, DocAspectSettings, DocAspectProblems} {
		idx[a] = []int{}
	}
	add := func(a string, i int) { idx[a] = append(idx[a], i) }
	for i := range ds {
		d := &ds[i]
		add("kind/"+d.Kind, i)
		add("client/"+d.Client, i)
		add("format/"+d.Format, i)
		if d.Catalogue != nil {
			add(DocAspectCatalogue, i)
		}
		if d.Snapshot != nil {
			add(DocAspectSnapshot, i)
		}
		if d.Registry != nil {
			add(DocAspectRegistry, i)
		}
		if len(d.Settings) > 0 || len(d.AllowedTools) > 0 {
			add(DocAspectSettings, i)
		}
		if len(d.Problems) > 0 {
			add(DocAspectProblems, i)
		}
	}
	return idx
}

// sseEndpoint is the path test of transport/deprecated-sse's rule for an
// address without a type, kept the same so the index only narrows.
var sseEndpoint = regexp.MustCompile(`(?i)/sse/?$`)

func hasField(s *ServerFact, key string) bool {
	for _, f := range s.Fields {
		if f.Key == key {
			return true
		}
	}
	return false
}

// hasEnvObject: an env block written as an object under one of the names
// clients use for it.
func hasEnvObject(s *ServerFact) bool {
	for _, f := range s.Fields {
		if (f.Key == "env" || f.Key == "environment" || f.Key == "envs") && f.Kind == "object" {
			return true
		}
	}
	return false
}

// oddHeader: an empty header name, one with a character outside RFC
// 9110's token characters, or one with a "." (which is a token character
// that Paseo and some proxies refuse).
func oddHeader(name string) bool {
	if name == "" {
		return true
	}
	for _, c := range name {
		if c == '.' || !(c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.ContainsRune("!#$%&'*+-^_`|~", c))) {
			return true
		}
	}
	return false
}

// refAspects looks at every reference and detected secret of the args,
// env, headers and address (the values secrets.fields lists), calling
// each for every reference.
func refAspects(s *ServerFact, each func(RefFact)) (refs, unexpanded, unset, secrets bool) {
	look := func(rs []RefFact, ss []SecretFact) {
		for _, r := range rs {
			each(r)
			refs = true
			if !r.Expanded {
				unexpanded = true
			}
			if r.Set != nil && !*r.Set {
				unset = true
			}
		}
		if len(ss) > 0 {
			secrets = true
		}
	}
	for _, a := range s.Args {
		look(a.Refs, a.Secrets)
	}
	for _, p := range s.Env {
		look(p.Refs, p.Secrets)
	}
	for _, p := range s.Headers {
		look(p.Refs, p.Secrets)
	}
	if s.URL != nil {
		look(s.URL.Refs, s.URL.Secrets)
	}
	return
}

// oddName: characters outside [A-Za-z0-9_-], a "__", or a name so long
// that tool names built on it run out of room.
func oddName(name string) bool {
	if len(name) > longNameLimit || strings.Contains(name, "__") {
		return true
	}
	for _, c := range name {
		if !(c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
			return true
		}
	}
	return false
}
