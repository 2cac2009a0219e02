package facts

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/policies"
)

// TestIndexAspects: each server is listed under exactly the aspects it
// has, and every aspect a policy may ask for is present even when empty.
func TestIndexAspects(t *testing.T) {
	no, yes := false, true
	base := func(f func(s *ServerFact)) ServerFact {
		s := ServerFact{Name: "ok", Client: "cursor", Tier: "user", State: "enabled", Transport: "stdio", ShadowedBy: -1, MergedFrom: -1}
		f(&s)
		return s
	}
	url := func(v string) *URLFact { return &URLFact{Value: v, Valid: true, Scheme: "https", Host: "example.com"} }
	cases := []struct {
		name string
		s    ServerFact
		want []string // aspects besides all, client/<id> and transport/<t>
	}{
		{"plain", base(func(s *ServerFact) {}), nil},
		{"command", base(func(s *ServerFact) { s.Command = &CommandFact{Value: "npx"} }), []string{AspectCommand}},
		{"command and url", base(func(s *ServerFact) {
			s.Command, s.URL = &CommandFact{Value: "npx"}, url("https://example.com/mcp")
		}), []string{AspectCommand, AspectURL, AspectCommandAndURL}},
		{"untyped url", base(func(s *ServerFact) { s.URL = url("https://example.com/mcp") }), []string{AspectURL, AspectUntypedURL}},
		{"typed url", base(func(s *ServerFact) {
			s.URL, s.Fields = url("https://example.com/mcp"), []FieldFact{{Key: "type", Kind: "string"}}
		}), []string{AspectURL}},
		{"transportType url", base(func(s *ServerFact) {
			s.URL, s.Fields = url("https://example.com/mcp"), []FieldFact{{Key: "transportType", Kind: "string"}}
		}), []string{AspectURL}},
		{"plain http", base(func(s *ServerFact) {
			s.URL, s.Fields = &URLFact{Valid: true, Scheme: "http", Host: "example.com"}, []FieldFact{{Key: "type"}}
		}), []string{AspectURL, AspectUnencrypted}},
		{"plain ws", base(func(s *ServerFact) {
			s.URL, s.Fields = &URLFact{Valid: true, Scheme: "ws", Host: "example.com"}, []FieldFact{{Key: "type"}}
		}), []string{AspectURL, AspectUnencrypted}},
		{"plain http to localhost", base(func(s *ServerFact) {
			s.URL, s.Fields = &URLFact{Valid: true, Scheme: "http", Host: "localhost", Loopback: true}, []FieldFact{{Key: "type"}}
		}), []string{AspectURL, AspectLoopback}},
		{"invalid http address", base(func(s *ServerFact) {
			s.URL, s.Fields = &URLFact{Scheme: "http", HasPassword: true, Loopback: true}, []FieldFact{{Key: "type"}}
		}), []string{AspectURL}},
		{"user info", base(func(s *ServerFact) {
			u := url("https://me@example.com")
			u.HasUser = true
			s.URL, s.Fields = u, []FieldFact{{Key: "type"}}
		}), []string{AspectURL, AspectURLCredentials}},
		{"password", base(func(s *ServerFact) {
			u := url("https://me:pw@example.com")
			u.HasPassword = true
			s.URL, s.Fields = u, []FieldFact{{Key: "type"}}
		}), []string{AspectURL, AspectURLCredentials}},
		{"key in query", base(func(s *ServerFact) {
			u := url("https://example.com/?api_key=x")
			u.SecretQueryKeys = []string{"api_key"}
			s.URL, s.Fields = u, []FieldFact{{Key: "type"}}
		}), []string{AspectURL, AspectURLCredentials}},
		{"secret in address", base(func(s *ServerFact) {
			u := url("https://example.com/?k=ghp_x")
			u.Secrets = []SecretFact{{Detector: "github-token"}}
			s.URL, s.Fields = u, []FieldFact{{Key: "type"}}
		}), []string{AspectURL, AspectURLCredentials, AspectSecrets}},
		{"empty env", base(func(s *ServerFact) { s.Fields = []FieldFact{{Key: "environment", Kind: "object"}} }), []string{AspectEmptyEnv}},
		{"env written as a list", base(func(s *ServerFact) { s.Fields = []FieldFact{{Key: "env", Kind: "array"}} }), nil},
		{"env", base(func(s *ServerFact) {
			s.Fields = []FieldFact{{Key: "env", Kind: "object"}}
			s.Env = []PairFact{{Key: "LOG_LEVEL"}, {Key: "LOG_LEVEL"}}
		}), []string{AspectEnv, AspectEnvOrHeaders, "env/LOG_LEVEL"}},
		{"headers", base(func(s *ServerFact) { s.Headers = []PairFact{{Key: "Authorization"}} }), []string{AspectHeaders, AspectEnvOrHeaders}},
		{"odd header", base(func(s *ServerFact) { s.Headers = []PairFact{{Key: "X-Api-Key"}, {Key: "X Key"}} }),
			[]string{AspectHeaders, AspectEnvOrHeaders, AspectOddHeader}},
		{"header with a dot", base(func(s *ServerFact) { s.Headers = []PairFact{{Key: "x.key"}} }),
			[]string{AspectHeaders, AspectEnvOrHeaders, AspectOddHeader}},
		{"empty header name", base(func(s *ServerFact) { s.Headers = []PairFact{{Key: ""}} }),
			[]string{AspectHeaders, AspectEnvOrHeaders, AspectOddHeader}},
		{"non-ASCII header name", base(func(s *ServerFact) { s.Headers = []PairFact{{Key: "X-Clé"}} }),
			[]string{AspectHeaders, AspectEnvOrHeaders, AspectOddHeader}},
		{"references", base(func(s *ServerFact) {
			s.Args = []ArgFact{{Refs: []RefFact{{Name: "HOME", Expanded: true}, {Name: "TOKEN", Set: &no}}}}
			s.Headers = []PairFact{{Key: "Authorization", Refs: []RefFact{{Name: "TOKEN", Expanded: true, Set: &yes}}}}
		}), []string{AspectArgs, AspectHeaders, AspectEnvOrHeaders, AspectRefs, AspectUnexpanded, AspectUnset, "ref/HOME", "ref/TOKEN"}},
		{"reference in the address", base(func(s *ServerFact) {
			s.URL, s.Fields = url("https://example.com/${PATH_PART}"), []FieldFact{{Key: "type"}}
			s.URL.Refs = []RefFact{{Name: "PATH_PART", Expanded: true}}
		}), []string{AspectURL, AspectRefs, "ref/PATH_PART"}},
		{"unapproved project server", base(func(s *ServerFact) { s.Client, s.Tier = "claude-code", "project" }), []string{AspectCommitted, AspectUnapproved}},
		{"approved project server", base(func(s *ServerFact) {
			s.Client, s.Tier, s.Trust.Approved = "claude-code", "project", true
		}), []string{AspectCommitted}},
		{"untrusted project server", base(func(s *ServerFact) {
			s.Client, s.Tier, s.State = "claude-code", "project", "untrusted"
		}), []string{AspectCommitted, AspectHeld}},
		{"another client's project server", base(func(s *ServerFact) { s.Tier = "project" }), []string{AspectCommitted}},
		{"auto-approve items", base(func(s *ServerFact) { s.Trust.AutoApproveItems = []ApproveItem{{Tool: "*", All: true}} }), []string{AspectTrust}},
		{"known tools", base(func(s *ServerFact) { s.Tools = ToolsFact{Known: true} }), []string{AspectKnownTools}},
		{"tool names", base(func(s *ServerFact) { s.Tools = ToolsFact{Known: true, Count: 1, Names: []string{"a"}} }), []string{AspectKnownTools, AspectTools}},
		{"pinned package", base(func(s *ServerFact) { s.Runner = &RunnerFact{Runner: "npx", Ecosystem: "npm"} }), []string{AspectRunner}},
		{"unpinned package", base(func(s *ServerFact) { s.Runner = &RunnerFact{Runner: "npx", Ecosystem: "npm", Problem: "latest"} }), []string{AspectRunner, AspectUnpinned}},
		{"registry package", base(func(s *ServerFact) {
			s.Runner = &RunnerFact{Runner: "npx", Problem: "latest", Registry: true, Flags: []FlagFact{{Flag: "--registry"}}}
		}), []string{AspectRunner}},
		{"runner flags", base(func(s *ServerFact) { s.Runner = &RunnerFact{Runner: "uvx", Flags: []FlagFact{{Flag: "--index-url"}}} }), []string{AspectRunner, AspectRunnerFlags}},
		{"container privileges", base(func(s *ServerFact) {
			s.Runner = &RunnerFact{Runner: "docker", Ecosystem: "oci", Privileges: []FlagFact{{Flag: "--privileged"}}}
		}), []string{AspectRunner, AspectPrivileges}},
		{"listens on every interface", base(func(s *ServerFact) { s.ListenAll = []AddressFact{{Value: "0.0.0.0"}} }), []string{AspectListenAll}},
		{"machine path, user tier", base(func(s *ServerFact) { s.MachinePaths = []AddressFact{{Value: "/Users/me/"}} }), nil},
		{"machine path, project tier", base(func(s *ServerFact) {
			s.Tier, s.MachinePaths = "project", []AddressFact{{Value: "/Users/me/"}}
		}), []string{AspectCommitted, AspectMachinePaths}},
		{"plain http in args", base(func(s *ServerFact) {
			s.Args, s.PlainArgs = []ArgFact{{Value: "http://tools.example.com"}}, []AddressFact{{Value: "http://tools.example.com"}}
		}), []string{AspectArgs, AspectPlainArgs}},
		{"sse path", base(func(s *ServerFact) {
			s.URL, s.Fields = url("https://example.com/SSE/"), []FieldFact{{Key: "type"}}
			s.URL.Path = "/SSE/"
		}), []string{AspectURL, AspectSSEPath}},
		{"sse in the middle of the path", base(func(s *ServerFact) {
			s.URL, s.Fields = url("https://example.com/sse/mcp"), []FieldFact{{Key: "type"}}
			s.URL.Path = "/sse/mcp"
		}), []string{AspectURL}},
		{"sse path of an invalid address", base(func(s *ServerFact) {
			s.URL, s.Fields = &URLFact{Path: "/sse"}, []FieldFact{{Key: "type"}}
		}), []string{AspectURL}},
		{"odd name", base(func(s *ServerFact) { s.Name = "my server" }), []string{AspectOddName}},
		{"long name", base(func(s *ServerFact) { s.Name = "a-server-name-that-is-thirty-eight-ch" + "ar" }), []string{AspectOddName}},
	}
	ss := make([]ServerFact, len(cases))
	for i, c := range cases {
		ss[i] = c.s
		ss[i].Index = i
	}
	idx := indexServers(ss)
	for _, a := range []string{AspectCommandAndURL, AspectUntypedURL, AspectURLCredentials, AspectUnencrypted, AspectLoopback,
		AspectEmptyEnv, AspectEnvOrHeaders, AspectUnapproved, AspectKnownTools, AspectUnpinned, AspectRunnerFlags,
		AspectPrivileges, AspectOddHeader, AspectListenAll, AspectMachinePaths, AspectPlainArgs, AspectSSEPath} {
		if _, ok := indexServers(nil)[a]; !ok {
			t.Errorf("aspect %s is missing from an empty index", a)
		}
	}
	for i, c := range cases {
		want := append([]string{AspectAll, aspectClientPrefix + c.s.Client, aspectTransportPrefix + c.s.Transport}, c.want...)
		var got []string
		for a, members := range idx {
			if n := occurrences(members, i); n > 1 {
				t.Errorf("%s: listed %d times under %s", c.name, n, a)
			}
			if slices.Contains(members, i) {
				got = append(got, a)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: aspects %v, want %v", c.name, got, want)
		}
	}
}

func occurrences(xs []int, x int) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// TestIndexDocuments: each document is listed under its kind, client and
// format and under exactly the aspects it has; the fixed aspects are
// present even when empty.
func TestIndexDocuments(t *testing.T) {
	docs := []DocFact{
		{Kind: "client-config", Client: "cursor", Format: "json"},
		{Kind: "catalogue", Client: "paseo", Format: "json", Catalogue: &CatalogueDocFact{}},
		{Kind: "tool-snapshot", Client: "", Format: "json", Snapshot: &SnapshotFact{}},
		{Kind: "registry", Client: "registry", Format: "json", Registry: &RegistryDocFact{}},
		{Kind: "settings", Client: "claude-code", Format: "json", Settings: []SettingFact{{Key: "enableAllProjectMcpServers"}}},
		{Kind: "client-config", Client: "codex", Format: "yaml", Problems: []FieldProblem{{Kind: "wrong-root-key"}}},
	}
	want := map[string][]int{
		DocAspectCatalogue: {1}, DocAspectSnapshot: {2}, DocAspectRegistry: {3},
		DocAspectSettings: {4}, DocAspectProblems: {5},
		"kind/client-config": {0, 5}, "kind/catalogue": {1}, "kind/tool-snapshot": {2}, "kind/registry": {3}, "kind/settings": {4},
		"client/cursor": {0}, "client/paseo": {1}, "client/": {2}, "client/registry": {3}, "client/claude-code": {4}, "client/codex": {5},
		"format/json": {0, 1, 2, 3, 4}, "format/yaml": {5},
	}
	got := indexDocuments(docs)
	if len(got) != len(want) {
		t.Errorf("aspects %v, want %v", got, want)
	}
	for a, w := range want {
		if !slices.Equal(got[a], w) {
			t.Errorf("%s: %v, want %v", a, got[a], w)
		}
	}
	empty := indexDocuments(nil)
	for _, a := range []string{DocAspectCatalogue, DocAspectSnapshot, DocAspectRegistry, DocAspectSettings, DocAspectProblems} {
		if l, ok := empty[a]; !ok || l == nil {
			t.Errorf("aspect %s missing from an empty index", a)
		}
	}
}

// TestSSEPathAspectMatchesThePolicy: the sse_path aspect only narrows
// which servers transport/deprecated-sse visits; the policy still tests
// the path with its own pattern. The two must be the same pattern, or
// the aspect would hide servers the policy would report.
func TestSSEPathAspectMatchesThePolicy(t *testing.T) {
	src, err := fs.ReadFile(policies.FS, "rules/transport/deprecated_sse.rego")
	if err != nil {
		t.Fatal(err)
	}
	if want := "regex.match(`" + sseEndpoint.String() + "`, s.url.path)"; !strings.Contains(string(src), want) {
		t.Errorf("deprecated_sse.rego no longer tests the path with %s", want)
	}
}
