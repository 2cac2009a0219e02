package schema

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func instance(t *testing.T, doc string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestServerSchemasCompile(t *testing.T) {
	for _, v := range ServerVersions {
		if _, err := serverValidator(v); err != nil {
			t.Errorf("%s: %v", v, err)
		}
	}
	if ServerVersions[len(ServerVersions)-1] != NewestServerVersion {
		t.Error("the last version is the newest")
	}
	if _, err := ValidateServer("2024-01-01", map[string]any{}); err == nil {
		t.Error("an unknown version is an error")
	}
}

func TestServerVersionOf(t *testing.T) {
	for url, want := range map[string]string{
		"https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json": "2025-12-11 true",
		"https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json": "2025-07-09 true",
		"https://static.modelcontextprotocol.io/schemas/2026-06-30/server.schema.json": "2026-06-30 false",
		"https://example.com/schema.json":                                              " false",
	} {
		d, k := ServerVersionOf(url)
		if got := d + " " + map[bool]string{true: "true", false: "false"}[k]; got != want {
			t.Errorf("%s: %s, want %s", url, got, want)
		}
	}
}

// TestViolations: each violation is at the deepest value that fails and
// says what was expected; of an anyOf only the alternative meant counts.
func TestViolations(t *testing.T) {
	doc := `{
		"name": "weather",
		"description": "",
		"version": "1.0.0",
		"packages": [
			{"registryType": "npm", "identifier": "w", "version": "latest", "transport": {"type": "stdio"},
			 "packageArguments": [{"type": "named", "value": "x"}, {"type": "positional"}, {"type": "flag"}],
			 "fileSha256": "ABC"},
			{"registryType": "npm", "identifier": "w", "transport": {"type": "streamable-http"}}
		],
		"remotes": [{"type": "http", "url": "https://x.example/mcp"}, {"type": "sse", "url": "ftp://x.example"}],
		"icons": [{"src": "https://x.example/i.png", "sizes": ["big"]}]
	}`
	vs, err := ValidateServer("2025-12-11", instance(t, doc))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, v := range vs {
		got[v.Pointer] = v.Message
	}
	want := map[string]string{
		"/name":                               `name must be a reverse-DNS namespace, one "/" and a name of letters, digits, ".", "_" or "-" (io.github.user/weather), not "weather"`,
		"/description":                        "description is empty; it must have at least 1 character",
		"/packages/0/version":                 `version must not be "latest": name the exact version`,
		"/packages/0/fileSha256":              `fileSha256 must be a SHA-256 hash written as 64 lower-case hexadecimal digits, not "ABC"`,
		"/packages/0/packageArguments/0":      `a named argument must have "name"`,
		"/packages/0/packageArguments/1":      `a positional argument must have "valueHint" or "value"`,
		"/packages/0/packageArguments/2/type": `type must be one of "positional" or "named", not "flag"`,
		"/packages/1/transport":               `a streamable-http transport must have "url"`,
		"/remotes/0/type":                     `type must be one of "streamable-http" or "sse", not "http"`,
		"/remotes/1/url":                      `url must be an http:// or https:// address without spaces, not "ftp://x.example"`,
		"/icons/0/sizes/0":                    `sizes[0] must be a size such as "48x48", or "any", not "big"`,
	}
	for p, m := range want {
		if got[p] != m {
			t.Errorf("%s:\n got %q\nwant %q", p, got[p], m)
		}
	}
	for p, m := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("unexpected %s: %s", p, m)
		}
	}
}

func TestFieldOfAnotherVersionPointsAtTheKey(t *testing.T) {
	doc := `{"name": "io.github.a/b", "description": "d", "version": "1.0.0",
		"packages": [{"registry_type": "npm", "identifier": "w", "version": "1.0.0", "transport": {"type": "stdio"}}]}`
	vs, err := ValidateServer("2025-09-29", instance(t, doc))
	if err != nil {
		t.Fatal(err)
	}
	var key *Violation
	for i := range vs {
		if vs[i].Key {
			key = &vs[i]
		}
	}
	if key == nil || key.Pointer != "/packages/0/registry_type" || !strings.Contains(key.Message, `later versions call it "registryType"`) {
		t.Errorf("violations: %+v", vs)
	}
}

func BenchmarkValidateServer(b *testing.B) {
	doc := `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
		"name": "io.github.a/b", "description": "d", "version": "1.0.0",
		"packages": [{"registryType": "npm", "identifier": "w", "version": "1.0.0", "transport": {"type": "stdio"},
		"environmentVariables": [{"name": "A", "isSecret": true}], "packageArguments": [{"type": "named", "name": "--x", "value": "y"}]}],
		"remotes": [{"type": "streamable-http", "url": "https://x.example/mcp", "headers": [{"name": "Authorization", "value": "Bearer {T}"}]}]}`
	v, _ := jsonschema.UnmarshalJSON(strings.NewReader(doc))
	for i := 0; i < b.N; i++ {
		if _, err := ValidateServer(NewestServerVersion, v); err != nil {
			b.Fatal(err)
		}
	}
}

// runtimeArguments written as strings: one violation for the list, at its
// first element, not one per string.
func TestSameProblemInEveryElementIsReportedOnce(t *testing.T) {
	inst := instance(t, `{"name": "io.github.acme/w", "description": "d", "version": "1.0.0",
		"packages": [{"registryType": "npm", "identifier": "w", "version": "1.0.0", "transport": {"type": "stdio"},
		"runtimeArguments": ["--a", "--b", "--c"]}]}`)
	vs, err := ValidateServer(NewestServerVersion, inst)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 1 || vs[0].Pointer != "/packages/0/runtimeArguments/0" || !strings.HasSuffix(vs[0].Message, "(and 2 more elements of the list the same way)") {
		t.Errorf("got %+v", vs)
	}
}
