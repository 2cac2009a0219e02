package facts

import (
	"reflect"
	"strings"
	"testing"
)

var ghpSecret = SecretFact{Detector: "github-pat", Description: "GitHub personal access token", Masked: "ghp_…****"}

func pair(p, key, value string, secrets []SecretFact, refs []RefFact) PairFact {
	return PairFact{Key: key, Value: value, Pointer: p + "/" + key, Kind: "string", Secrets: secrets, Refs: refs}
}

func fixOf(kind, pointer, value string) *FixIntent {
	return &FixIntent{Kind: kind, Pointer: pointer, Value: value}
}

// TestLiteralKeyAdvice: the variable, the reference in the reading
// client's syntax, the rewritten value and the fix of each credential.
func TestLiteralKeyAdvice(t *testing.T) {
	envKey := []PairFact{pair("/mcpServers/github/env", "GITHUB_TOKEN", "ghp_…****", []SecretFact{ghpSecret}, nil)}
	const envPtr = "/mcpServers/github/env/GITHUB_TOKEN"
	config := &DocFact{Kind: "client-config"}
	for _, tc := range []struct {
		name string
		s    ServerFact
		doc  *DocFact
		want []LiteralKeyFact
	}{
		{"claude code env", ServerFact{Name: "github", Client: "claude-code", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}", Rewritten: "${GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, envPtr, "GITHUB_TOKEN"),
		}}},
		{"cursor", ServerFact{Name: "github", Client: "cursor", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${env:GITHUB_TOKEN}", Rewritten: "${env:GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, envPtr, "GITHUB_TOKEN"),
		}}},
		{"codex moves a plain env key to env_vars", ServerFact{Name: "github", Client: "codex", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Fix: fixOf(FixCodexEnv, envPtr, "GITHUB_TOKEN"),
		}}},
		{"claude desktop expands nothing", ServerFact{Name: "github", Client: "claude-desktop", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}}},
		{"managed settings expand nothing", ServerFact{Name: "github", Client: "claude-code", Env: envKey}, &DocFact{Kind: "settings"}, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}}},
		{"no client known: a reference but no fix", ServerFact{Name: "github", Client: "claude-code", Env: envKey}, &DocFact{Kind: "client-config", ClientUnsure: true}, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}", Rewritten: "${GITHUB_TOKEN}",
		}}},
		{"a catalogue names an input", ServerFact{Name: "github", Client: "paseo", Env: envKey}, &DocFact{Kind: "team-catalogue"}, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "{GITHUB_TOKEN}", Rewritten: "{GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, envPtr, "GITHUB_TOKEN"),
		}}},
		{"a dotted env key is named after the server", ServerFact{Name: "github", Client: "codex",
			Env: []PairFact{pair("/mcp_servers/github/env", "GITHUB.TOKEN", "ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB.TOKEN", Pointer: "/mcp_servers/github/env/GITHUB.TOKEN", Where: "env GITHUB.TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}}},
		{"bearer header keeps the scheme", ServerFact{Name: "github", Client: "claude-code",
			Headers: []PairFact{pair("/mcpServers/github/headers", "Authorization", "Bearer ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "Authorization", Pointer: "/mcpServers/github/headers/Authorization", Where: "header Authorization", Value: "Bearer ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}", Rewritten: "Bearer ${GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, "/mcpServers/github/headers/Authorization", "GITHUB_TOKEN"),
		}}},
		{"codex bearer header", ServerFact{Name: "github", Client: "codex",
			Headers: []PairFact{pair("/h", "Authorization", "Bearer ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "Authorization", Pointer: "/h/Authorization", Where: "header Authorization", Value: "Bearer ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Fix: fixOf(FixCodexBearer, "/h/Authorization", "GITHUB_TOKEN"),
		}}},
		{"codex other header drops X-", ServerFact{Name: "github", Client: "codex",
			Headers: []PairFact{pair("/h", "X-Api-Key", "ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "X-Api-Key", Pointer: "/h/X-Api-Key", Where: "header X-Api-Key", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_API_KEY", Fix: fixOf(FixCodexEnvHeader, "/h/X-Api-Key", "GITHUB_API_KEY"),
		}}},
		{"super-pi expands headers only", ServerFact{Name: "github", Client: "super-pi", Env: envKey,
			Headers: []PairFact{pair("/h", "x-api-key", "ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}, {
			Field: "headers", Key: "x-api-key", Pointer: "/h/x-api-key", Where: "header x-api-key", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_API_KEY", Ref: "${GITHUB_API_KEY}", Rewritten: "${GITHUB_API_KEY}",
			Fix: fixOf(FixSecretToReference, "/h/x-api-key", "GITHUB_API_KEY"),
		}}},
		{"argument after a flag", ServerFact{Name: "github", Client: "claude-code", Args: []ArgFact{
			{Index: 0, Value: "--api-key", Pointer: "/a/0"},
			{Index: 1, Value: "ghp_…****", Pointer: "/a/1", Secrets: []SecretFact{ghpSecret}},
		}}, config, []LiteralKeyFact{{
			Field: "args", Key: "api-key", Pointer: "/a/1", Where: "args[1]", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_API_KEY", Ref: "${GITHUB_API_KEY}", Rewritten: "${GITHUB_API_KEY}",
			Fix: fixOf(FixSecretToReference, "/a/1", "GITHUB_API_KEY"),
		}}},
		{"connection string password", ServerFact{Name: "db", Client: "claude-code", Args: []ArgFact{
			{Index: 0, Value: "postgres://app:****@db:5432/app", Pointer: "/a/0", Secrets: []SecretFact{{Detector: "connection-string", Masked: "****"}}},
		}}, config, []LiteralKeyFact{{
			Field: "args", Pointer: "/a/0", Where: "args[0]", Value: "postgres://app:****@db:5432/app", Secret: SecretFact{Detector: "connection-string", Masked: "****"},
			Var: "DB_PASSWORD", Ref: "${DB_PASSWORD}", Rewritten: "postgres://app:${DB_PASSWORD}@db:5432/app",
			Fix: fixOf(FixSecretToReference, "/a/0", "DB_PASSWORD"),
		}}},
		{"a NAME= argument names its value", ServerFact{Name: "svc", Client: "claude-code", Args: []ArgFact{
			{Index: 0, Value: "--token=ghp_…****", Pointer: "/a/0", Secrets: []SecretFact{ghpSecret}},
		}}, config, []LiteralKeyFact{{
			Field: "args", Key: "token", Pointer: "/a/0", Where: "args[0]", Value: "--token=ghp_…****", Secret: ghpSecret,
			Var: "SVC_TOKEN", Ref: "${SVC_TOKEN}", Rewritten: "--token=${SVC_TOKEN}",
			Fix: fixOf(FixSecretToReference, "/a/0", "SVC_TOKEN"),
		}}},
		{"webhook address: the whole value, no fix in an address", ServerFact{Name: "alerts", Client: "claude-code",
			URL: &URLFact{Value: "https://hooks.slack.com/services/****", Pointer: "/u", Secrets: []SecretFact{{Detector: "slack-webhook", Masked: "****"}}}}, config, []LiteralKeyFact{{
			Field: "url", Pointer: "/u", Where: "the address", Value: "https://hooks.slack.com/services/****", Secret: SecretFact{Detector: "slack-webhook", Masked: "****"},
			Var: "ALERTS_WEBHOOK_URL", Ref: "${ALERTS_WEBHOOK_URL}", Rewritten: "${ALERTS_WEBHOOK_URL}",
		}}},
		{"webhook in env: the whole value becomes the reference", ServerFact{Name: "alerts", Client: "claude-code",
			Env: []PairFact{pair("/e", "HOOK", "https://hooks.slack.com/services/****", []SecretFact{{Detector: "slack-webhook", Masked: "****"}}, nil)}}, config, []LiteralKeyFact{{
			Field: "env", Key: "HOOK", Pointer: "/e/HOOK", Where: "env HOOK", Value: "https://hooks.slack.com/services/****", Secret: SecretFact{Detector: "slack-webhook", Masked: "****"},
			Var: "HOOK", Ref: "${HOOK}", Rewritten: "${HOOK}", Fix: fixOf(FixValueToReference, "/e/HOOK", "HOOK"),
		}}},
		{"a key in the query is named after its parameter", ServerFact{Name: "maps", Client: "claude-code",
			URL: &URLFact{Value: "https://maps.example.com/mcp?region=eu&apiKey=AIza…****#x", Pointer: "/u", Secrets: []SecretFact{{Detector: "google-api-key", Masked: "AIza…****"}}}}, config, []LiteralKeyFact{{
			Field: "url", Pointer: "/u", Where: "the address", Value: "https://maps.example.com/mcp?region=eu&apiKey=AIza…****#x", Secret: SecretFact{Detector: "google-api-key", Masked: "AIza…****"},
			Var: "MAPS_API_KEY", Ref: "${MAPS_API_KEY}", Rewritten: "https://maps.example.com/mcp?region=eu&apiKey=${MAPS_API_KEY}#x",
			Fix: fixOf(FixSecretToReference, "/u", "MAPS_API_KEY"),
		}}},
		{"a literal default of a reference", ServerFact{Name: "github", Client: "claude-code",
			Env: []PairFact{pair("/e", "GITHUB_TOKEN", "${GITHUB_TOKEN:-ghp_…****}", []SecretFact{ghpSecret},
				[]RefFact{{Syntax: "dollar-brace", Name: "GITHUB_TOKEN", HasDefault: true, Expanded: true}})}}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: "/e/GITHUB_TOKEN", Where: "env GITHUB_TOKEN", Value: "${GITHUB_TOKEN:-ghp_…****}", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}", Rewritten: "${GITHUB_TOKEN:-${GITHUB_TOKEN}}", DefaultRef: "GITHUB_TOKEN",
			Fix: fixOf(FixValueToReference, "/e/GITHUB_TOKEN", "GITHUB_TOKEN"),
		}}},
		{"a default inside a longer value gets no fix", ServerFact{Name: "github", Client: "claude-code",
			Headers: []PairFact{pair("/h", "Authorization", "Bearer ${T:-xoxb-…****}", []SecretFact{{Detector: "slack-token", Masked: "xoxb-…****"}},
				[]RefFact{{Syntax: "dollar-brace", Name: "T", HasDefault: true, Expanded: true}})}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "Authorization", Pointer: "/h/Authorization", Where: "header Authorization", Value: "Bearer ${T:-xoxb-…****}", Secret: SecretFact{Detector: "slack-token", Masked: "xoxb-…****"},
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}", Rewritten: "Bearer ${T:-${GITHUB_TOKEN}}", DefaultRef: "T",
		}}},
		{"no credential, no entry", ServerFact{Name: "github", Client: "claude-code",
			Env: []PairFact{pair("/e", "GITHUB_TOKEN", "${GITHUB_TOKEN}", nil, []RefFact{{Syntax: "dollar-brace", Name: "GITHUB_TOKEN"}})}}, config, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := literalKeys(&tc.s, tc.doc)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

func TestEnvName(t *testing.T) {
	for _, tc := range []struct{ server, key, want string }{
		{"github", "TOKEN", "GITHUB_TOKEN"},
		{"github", "GITHUB_TOKEN", "GITHUB_TOKEN"}, // already starts with the server's name
		{"exa", "exaApiKey", "EXA_API_KEY"},
		{"my-server", "x-api-key", "MY_SERVER_X_API_KEY"},
		{"1password", "TOKEN", "MCP_1PASSWORD_TOKEN"}, // a variable starts with a letter
		{"", "", ""}, // nothing to name: the key alone
		{"aB1C", "dE", "A_B1_C_D_E"},
		{"über", "key", "BER_KEY"}, // characters outside A-Z and 0-9 become _
		{"--srv--", "__k__", "SRV_K"},
	} {
		if got := envName(tc.server, tc.key); got != tc.want {
			t.Errorf("envName(%q, %q) = %q, want %q", tc.server, tc.key, got, tc.want)
		}
	}
}

// TestLiteralKeysFromAConfig: a check's input carries the advice for the
// servers with a credential only, built from the masked input: no key
// is in it.
func TestLiteralKeysFromAConfig(t *testing.T) {
	key := "ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"
	ws := loadDir(t, map[string]string{".mcp.json": `{"mcpServers": {
		"github": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer ` + key + `"}},
		"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@1.0.0", "."], "env": {"LOG_LEVEL": "info"}}
	}}`})
	in := testInput(ws)
	var github, files *ServerFact
	for i := range in.Servers {
		switch in.Servers[i].Name {
		case "github":
			github = &in.Servers[i]
		case "files":
			files = &in.Servers[i]
		}
	}
	if github == nil || files == nil {
		t.Fatalf("servers: %+v", in.Servers)
	}
	if files.LiteralKeys != nil {
		t.Errorf("a server without a credential got %+v", files.LiteralKeys)
	}
	if len(github.LiteralKeys) != 1 {
		t.Fatalf("github: %+v", github.LiteralKeys)
	}
	k := github.LiteralKeys[0]
	if k.Field != "headers" || k.Var != "GITHUB_TOKEN" || k.Ref != "${GITHUB_TOKEN}" || k.Rewritten != "Bearer ${GITHUB_TOKEN}" ||
		k.Fix == nil || k.Fix.Kind != FixSecretToReference || k.Fix.Pointer != k.Pointer {
		t.Errorf("github: %+v", k)
	}
	for _, s := range []string{k.Value, k.Rewritten, k.Secret.Masked, k.Where} {
		if strings.Contains(s, key[4:12]) {
			t.Errorf("the key is in the advice: %q", s)
		}
	}
}
