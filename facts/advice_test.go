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
		says string // a part of Instead
		s    ServerFact
		doc  *DocFact
		want []LiteralKeyFact
	}{
		{"claude code env", `write "${GITHUB_TOKEN}" instead and set GITHUB_TOKEN in the environment claude-code starts from`, ServerFact{Name: "github", Client: "claude-code", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, envPtr, "GITHUB_TOKEN"),
		}}},
		{"cursor", `write "${env:GITHUB_TOKEN}" instead`, ServerFact{Name: "github", Client: "cursor", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${env:GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, envPtr, "GITHUB_TOKEN"),
		}}},
		{"codex moves a plain env key to env_vars", `list it in env_vars = ["GITHUB_TOKEN"]`, ServerFact{Name: "github", Client: "codex", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Fix: fixOf(FixCodexEnv, envPtr, "GITHUB_TOKEN"),
		}}},
		{"claude desktop expands nothing", `claude-desktop expands no variables`, ServerFact{Name: "github", Client: "claude-desktop", Env: envKey}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}}},
		{"managed settings expand nothing", `managedMcpServers expands no variables`, ServerFact{Name: "github", Client: "claude-code", Env: envKey}, &DocFact{Kind: "settings"}, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}}},
		{"no client known: a reference but no fix", `nothing says which client this file is for`, ServerFact{Name: "github", Client: "claude-code", Env: envKey}, &DocFact{Kind: "client-config", ClientUnsure: true}, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}",
		}}},
		{"a catalogue names an input", `write "{GITHUB_TOKEN}" and declare GITHUB_TOKEN as a secret input`, ServerFact{Name: "github", Client: "paseo", Env: envKey}, &DocFact{Kind: "team-catalogue"}, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "{GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, envPtr, "GITHUB_TOKEN"),
		}}},
		{"a dotted env key is named after the server", `codex passes a variable on only under its own name, and GITHUB.TOKEN cannot name one`, ServerFact{Name: "github", Client: "codex",
			Env: []PairFact{pair("/mcp_servers/github/env", "GITHUB.TOKEN", "ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB.TOKEN", Pointer: "/mcp_servers/github/env/GITHUB.TOKEN", Where: "env GITHUB.TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}}},
		{"bearer header keeps the scheme", `write "Bearer ${GITHUB_TOKEN}" instead`, ServerFact{Name: "github", Client: "claude-code",
			Headers: []PairFact{pair("/mcpServers/github/headers", "Authorization", "Bearer ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "Authorization", Pointer: "/mcpServers/github/headers/Authorization", Where: "header Authorization", Value: "Bearer ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}",
			Fix: fixOf(FixSecretToReference, "/mcpServers/github/headers/Authorization", "GITHUB_TOKEN"),
		}}},
		{"codex bearer header", `bearer_token_env_var = "GITHUB_TOKEN"`, ServerFact{Name: "github", Client: "codex",
			Headers: []PairFact{pair("/h", "Authorization", "Bearer ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "Authorization", Pointer: "/h/Authorization", Where: "header Authorization", Value: "Bearer ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Fix: fixOf(FixCodexBearer, "/h/Authorization", "GITHUB_TOKEN"),
		}}},
		{"codex other header drops X-", `env_http_headers = { "X-Api-Key" = "GITHUB_API_KEY" }`, ServerFact{Name: "github", Client: "codex",
			Headers: []PairFact{pair("/h", "X-Api-Key", "ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "X-Api-Key", Pointer: "/h/X-Api-Key", Where: "header X-Api-Key", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_API_KEY", Fix: fixOf(FixCodexEnvHeader, "/h/X-Api-Key", "GITHUB_API_KEY"),
		}}},
		{"super-pi expands headers only", `super-pi`, ServerFact{Name: "github", Client: "super-pi", Env: envKey,
			Headers: []PairFact{pair("/h", "x-api-key", "ghp_…****", []SecretFact{ghpSecret}, nil)}}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: envPtr, Where: "env GITHUB_TOKEN", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_TOKEN",
		}, {
			Field: "headers", Key: "x-api-key", Pointer: "/h/x-api-key", Where: "header x-api-key", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_API_KEY", Ref: "${GITHUB_API_KEY}",
			Fix: fixOf(FixSecretToReference, "/h/x-api-key", "GITHUB_API_KEY"),
		}}},
		{"argument after a flag", `write "${GITHUB_API_KEY}" instead`, ServerFact{Name: "github", Client: "claude-code", Args: []ArgFact{
			{Index: 0, Value: "--api-key", Pointer: "/a/0"},
			{Index: 1, Value: "ghp_…****", Pointer: "/a/1", Secrets: []SecretFact{ghpSecret}},
		}}, config, []LiteralKeyFact{{
			Field: "args", Key: "api-key", Pointer: "/a/1", Where: "args[1]", Value: "ghp_…****", Secret: ghpSecret,
			Var: "GITHUB_API_KEY", Ref: "${GITHUB_API_KEY}",
			Fix: fixOf(FixSecretToReference, "/a/1", "GITHUB_API_KEY"),
		}}},
		{"connection string password", `write "postgres://app:${DB_PASSWORD}@db:5432/app" instead`, ServerFact{Name: "db", Client: "claude-code", Args: []ArgFact{
			{Index: 0, Value: "postgres://app:****@db:5432/app", Pointer: "/a/0", Secrets: []SecretFact{{Detector: "connection-string", Masked: "****"}}},
		}}, config, []LiteralKeyFact{{
			Field: "args", Pointer: "/a/0", Where: "args[0]", Value: "postgres://app:****@db:5432/app", Secret: SecretFact{Detector: "connection-string", Masked: "****"},
			Var: "DB_PASSWORD", Ref: "${DB_PASSWORD}",
			Fix: fixOf(FixSecretToReference, "/a/0", "DB_PASSWORD"),
		}}},
		{"a NAME= argument names its value", `write "--token=${SVC_TOKEN}" instead`, ServerFact{Name: "svc", Client: "claude-code", Args: []ArgFact{
			{Index: 0, Value: "--token=ghp_…****", Pointer: "/a/0", Secrets: []SecretFact{ghpSecret}},
		}}, config, []LiteralKeyFact{{
			Field: "args", Key: "token", Pointer: "/a/0", Where: "args[0]", Value: "--token=ghp_…****", Secret: ghpSecret,
			Var: "SVC_TOKEN", Ref: "${SVC_TOKEN}",
			Fix: fixOf(FixSecretToReference, "/a/0", "SVC_TOKEN"),
		}}},
		{"webhook address: the whole value, no fix in an address", `write "${ALERTS_WEBHOOK_URL}" instead`, ServerFact{Name: "alerts", Client: "claude-code",
			URL: &URLFact{Value: "https://hooks.slack.com/services/****", Pointer: "/u", Secrets: []SecretFact{{Detector: "slack-webhook", Masked: "****"}}}}, config, []LiteralKeyFact{{
			Field: "url", Pointer: "/u", Where: "the address", Value: "https://hooks.slack.com/services/****", Secret: SecretFact{Detector: "slack-webhook", Masked: "****"},
			Var: "ALERTS_WEBHOOK_URL", Ref: "${ALERTS_WEBHOOK_URL}",
		}}},
		{"webhook in env: the whole value becomes the reference", `write "${HOOK}" instead`, ServerFact{Name: "alerts", Client: "claude-code",
			Env: []PairFact{pair("/e", "HOOK", "https://hooks.slack.com/services/****", []SecretFact{{Detector: "slack-webhook", Masked: "****"}}, nil)}}, config, []LiteralKeyFact{{
			Field: "env", Key: "HOOK", Pointer: "/e/HOOK", Where: "env HOOK", Value: "https://hooks.slack.com/services/****", Secret: SecretFact{Detector: "slack-webhook", Masked: "****"},
			Var: "HOOK", Ref: "${HOOK}", Fix: fixOf(FixValueToReference, "/e/HOOK", "HOOK"),
		}}},
		{"a password inside an env value gets a variable of its own", `write "mongodb+srv://app:${MDB_CONNECTION_STRING_PASSWORD}@cluster0.example.net/" instead`, ServerFact{Name: "mongo", Client: "claude-code",
			Env: []PairFact{pair("/e", "MDB_CONNECTION_STRING", "mongodb+srv://app:****@cluster0.example.net/", []SecretFact{{Detector: "connection-string", Masked: "****"}}, nil)}}, config, []LiteralKeyFact{{
			Field: "env", Key: "MDB_CONNECTION_STRING", Pointer: "/e/MDB_CONNECTION_STRING", Where: "env MDB_CONNECTION_STRING", Value: "mongodb+srv://app:****@cluster0.example.net/", Secret: SecretFact{Detector: "connection-string", Masked: "****"},
			Var: "MDB_CONNECTION_STRING_PASSWORD", Ref: "${MDB_CONNECTION_STRING_PASSWORD}", Fix: fixOf(FixSecretToReference, "/e/MDB_CONNECTION_STRING", "MDB_CONNECTION_STRING_PASSWORD"),
		}}},
		{"a key in the query is named after its parameter", `write "https://maps.example.com/mcp?region=eu&apiKey=${MAPS_API_KEY}#x" instead`, ServerFact{Name: "maps", Client: "claude-code",
			URL: &URLFact{Value: "https://maps.example.com/mcp?region=eu&apiKey=AIza…****#x", Pointer: "/u", Secrets: []SecretFact{{Detector: "google-api-key", Masked: "AIza…****"}}}}, config, []LiteralKeyFact{{
			Field: "url", Pointer: "/u", Where: "the address", Value: "https://maps.example.com/mcp?region=eu&apiKey=AIza…****#x", Secret: SecretFact{Detector: "google-api-key", Masked: "AIza…****"},
			Var: "MAPS_API_KEY", Ref: "${MAPS_API_KEY}",
			Fix: fixOf(FixSecretToReference, "/u", "MAPS_API_KEY"),
		}}},
		{"a literal default of a reference", `the default of ${GITHUB_TOKEN:-…} is literal text stored in the file: drop it, write "${GITHUB_TOKEN}"`, ServerFact{Name: "github", Client: "claude-code",
			Env: []PairFact{pair("/e", "GITHUB_TOKEN", "${GITHUB_TOKEN:-ghp_…****}", []SecretFact{ghpSecret},
				[]RefFact{{Syntax: "dollar-brace", Name: "GITHUB_TOKEN", HasDefault: true, Expanded: true}})}}, config, []LiteralKeyFact{{
			Field: "env", Key: "GITHUB_TOKEN", Pointer: "/e/GITHUB_TOKEN", Where: "env GITHUB_TOKEN", Value: "${GITHUB_TOKEN:-ghp_…****}", Secret: ghpSecret,
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}",
			Fix: fixOf(FixValueToReference, "/e/GITHUB_TOKEN", "GITHUB_TOKEN"),
		}}},
		{"a default inside a longer value gets no fix", `the default of ${T:-…} is literal text`, ServerFact{Name: "github", Client: "claude-code",
			Headers: []PairFact{pair("/h", "Authorization", "Bearer ${T:-xoxb-…****}", []SecretFact{{Detector: "slack-token", Masked: "xoxb-…****"}},
				[]RefFact{{Syntax: "dollar-brace", Name: "T", HasDefault: true, Expanded: true}})}}, config, []LiteralKeyFact{{
			Field: "headers", Key: "Authorization", Pointer: "/h/Authorization", Where: "header Authorization", Value: "Bearer ${T:-xoxb-…****}", Secret: SecretFact{Detector: "slack-token", Masked: "xoxb-…****"},
			Var: "GITHUB_TOKEN", Ref: "${GITHUB_TOKEN}",
		}}},
		{"no credential, no entry", ``, ServerFact{Name: "github", Client: "claude-code",
			Env: []PairFact{pair("/e", "GITHUB_TOKEN", "${GITHUB_TOKEN}", nil, []RefFact{{Syntax: "dollar-brace", Name: "GITHUB_TOKEN"}})}}, config, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := literalKeys(&tc.s, tc.doc)
			for i := range got {
				if !strings.Contains(got[i].Instead, tc.says) {
					t.Errorf("instead %q does not say %q", got[i].Instead, tc.says)
				}
				got[i].Instead = "" // the words are TestInsteadWording's
			}
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
	if k.Field != "headers" || k.Var != "GITHUB_TOKEN" || k.Ref != "${GITHUB_TOKEN}" || !strings.Contains(k.Instead, `write "Bearer ${GITHUB_TOKEN}" instead`) ||
		k.Fix == nil || k.Fix.Kind != FixSecretToReference || k.Fix.Pointer != k.Pointer {
		t.Errorf("github: %+v", k)
	}
	for _, s := range []string{k.Value, k.Instead, k.Secret.Masked, k.Where} {
		if strings.Contains(s, key[4:12]) {
			t.Errorf("the key is in the advice: %q", s)
		}
	}
}

// TestInsteadWording: what each client is told to write instead of the
// key, one case per kind of advice (the words secrets/literal-key wrote
// in Rego before they were built here, compared over every client,
// document kind and value shape when they moved).
func TestInsteadWording(t *testing.T) {
	env := LiteralKeyFact{Field: "env", Key: "GITHUB_TOKEN", Var: "GITHUB_TOKEN"}
	with := func(k LiteralKeyFact, ref string) *LiteralKeyFact { k.Ref = ref; return &k }
	for _, tc := range []struct {
		client, name       string
		unsure, settings   bool
		defaultRef, rewrit string
		k                  *LiteralKeyFact
		want               string
	}{
		{"claude-code", "Claude Code", true, false, "", "${GITHUB_TOKEN}", with(env, "${GITHUB_TOKEN}"),
			"replace it with a reference to a variable GITHUB_TOKEN in the syntax of the client that loads this file (${GITHUB_TOKEN} in Claude Code, ${env:GITHUB_TOKEN} in Cursor, VS Code and Windsurf) and set GITHUB_TOKEN where that client starts; nothing says which client this file is for (name it with --client)"},
		{"claude-code", "Claude Code", false, false, "GITHUB_TOKEN", "${GITHUB_TOKEN:-${GITHUB_TOKEN}}", with(env, "${GITHUB_TOKEN}"),
			`the default of ${GITHUB_TOKEN:-…} is literal text stored in the file: drop it, write "${GITHUB_TOKEN}" and set GITHUB_TOKEN where Claude Code starts`},
		{"paseo", "Paseo", false, false, "", "{GITHUB_TOKEN}", with(env, "{GITHUB_TOKEN}"),
			`write "{GITHUB_TOKEN}" and declare GITHUB_TOKEN as a secret input ("secret": true), so each user fills it in`},
		{"cursor", "Cursor", false, false, "", "Bearer ${env:GITHUB_TOKEN}", &LiteralKeyFact{Field: "headers", Key: "Authorization", Var: "GITHUB_TOKEN", Ref: "${env:GITHUB_TOKEN}"},
			`write "Bearer ${env:GITHUB_TOKEN}" instead and set GITHUB_TOKEN in the environment Cursor starts from`},
		{"goose", "Goose", false, false, "", "", &LiteralKeyFact{Field: "env", Key: "GITHUB.TOKEN", Var: "GITHUB_TOKEN"},
			"Goose passes a variable on only under its own name, and GITHUB.TOKEN cannot name one: if the server also reads the key under a plain name (letters, digits and _), use that name and list it in env_keys"},
		{"codex", "Codex", false, false, "", "", &LiteralKeyFact{Field: "env", Key: "GITHUB.TOKEN", Var: "GITHUB_TOKEN"},
			"Codex passes a variable on only under its own name, and GITHUB.TOKEN cannot name one: if the server also reads the key under a plain name (letters, digits and _), use that name and list it in env_vars"},
		{"codex", "Codex", false, false, "", "", &env,
			`Codex expands no variables, so remove it from env and list it in env_vars = ["GITHUB_TOKEN"]; Codex then passes GITHUB_TOKEN on from its own environment`},
		{"codex", "Codex", false, false, "", "", &LiteralKeyFact{Field: "headers", Key: "Authorization", Value: "Bearer ghp_…****", Var: "GITHUB_TOKEN"},
			`Codex expands no variables, so remove the header and write bearer_token_env_var = "GITHUB_TOKEN"; Codex then sends "Bearer " and the value of GITHUB_TOKEN`},
		{"codex", "Codex", false, false, "", "", &LiteralKeyFact{Field: "headers", Key: "X-Api-Key", Value: "ghp_…****", Var: "GITHUB_API_KEY"},
			`Codex expands no variables, so remove the header and write env_http_headers = { "X-Api-Key" = "GITHUB_API_KEY" }; Codex then reads the value from GITHUB_API_KEY`},
		{"codex", "Codex", false, false, "", "", &LiteralKeyFact{Field: "args", Key: "token", Var: "GITHUB_TOKEN"},
			`Codex expands no variables in args, so have the server read GITHUB_TOKEN from its environment and pass it with env_vars = ["GITHUB_TOKEN"]`},
		{"goose", "Goose", false, false, "", "", &env,
			"list GITHUB_TOKEN in env_keys instead and store its value with goose configure, which keeps it in the system keyring"},
		{"claude-code", "Claude Code", false, true, "", "", &env,
			"managedMcpServers expands no variables and is sent to every user: sign in to this server with OAuth instead of a shared key"},
		{"super-pi", "super-pi", false, false, "", "", &env,
			"super-pi expands ${NAME} only in header values, so here the key stays in clear text: keep this file private, or let the server read GITHUB_TOKEN from the environment super-pi starts in"},
		{"claude-desktop", "Claude Desktop", false, false, "", "", &env,
			"Claude Desktop expands no variables, so the key stays in clear text in this file: keep the file out of version control and shared backups, or start the server through a wrapper that reads GITHUB_TOKEN from a secret store"},
		{"goose", "Goose", false, false, "", "", &LiteralKeyFact{Field: "headers", Key: "X-Api-Key", Var: "GITHUB_API_KEY"},
			"Goose expands no variables, so the key stays in clear text in this file: keep the file out of version control and shared backups, or start the server through a wrapper that reads GITHUB_API_KEY from a secret store"},
	} {
		if got := instead(tc.client, tc.name, tc.unsure, tc.settings, tc.defaultRef, tc.rewrit, tc.k); got != tc.want {
			t.Errorf("%s %+v:\n got %q\nwant %q", tc.client, *tc.k, got, tc.want)
		}
	}
}
