package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/schema"
)

const exportProject = `{
  "mcpServers": {
    "acme": {
      "type": "http",
      "url": "https://acme-team.example.com/mcp/ws-8812?workspace=prod-main&tab=7",
      "headers": { "Authorization": "Bearer sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c", "X-Team": "platform-eu" }
    },
    "hosted": { "type": "http", "url": "https://mcp.linear.app/mcp" },
    "tickets": {
      "command": "npx",
      "args": ["-y", "tickets-mcp@3.2.1", "/srv/data", "--workspace", "acme-prod", "--verbose"],
      "env": { "TICKETS_TOKEN": "tk_9f8e7d6c5b4a39281706abcd", "REGION": "eu-west-1" }
    },
    "fetch": { "command": "uvx", "args": ["mcp-server-fetch==1.0.0"] },
    "image": {
      "command": "docker",
      "args": ["run", "-i", "--rm", "-e", "GITHUB_TOKEN", "ghcr.io/github/github-mcp-server:0.9.1@sha256:4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"],
      "env": { "GITHUB_TOKEN": "ghp_abcdefghijklmnopqrstuvwxyz0123456789" }
    },
    "unpinned": { "command": "npx", "args": ["-y", "@playwright/mcp@latest"] },
    "plain": { "type": "http", "url": "http://localhost:7400/mcp" },
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789": { "type": "http", "url": "https://mcp.example.com/mcp" }
  }
}
`

// stored are the values the fixture stores; none may reach any output.
var stored = []string{"sk-live-4f9a8b7c", "prod-main", "platform-eu", "acme-prod", "/srv/data", "tk_9f8e7d6c",
	"eu-west-1", "ghp_abcdef", "acme-team", "ws-8812"}

func exportDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(exportProject), 0o644); err != nil {
		t.Fatal(err)
	}
	// Another client's file: VS Code's, and Codex's TOML.
	vs := `{"servers": {"vsdocs": {"type": "http", "url": "https://docs.example.com/mcp?workspace=prod-main",
	  "headers": {"Authorization": "Bearer sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"}}}}`
	codex := "[mcp_servers.cxfetch]\ncommand = \"uvx\"\nargs = [\"mcp-server-fetch==1.0.0\", \"--user-agent\", \"acme-prod\"]\n"
	for p, body := range map[string]string{".vscode/mcp.json": vs, ".codex/config.toml": codex} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func noStored(t *testing.T, what string, out string) {
	t.Helper()
	for _, v := range stored {
		if strings.Contains(out, v) {
			t.Errorf("%s holds the stored value %q:\n%s", what, v, out)
		}
	}
}

// An exported entry holds declared placeholders, never a stored value,
// and mcplint's own check accepts it.
func TestExportPaseoEntryPassesCheck(t *testing.T) {
	t.Parallel() // touches no package global, no working folder, no environment
	dir := exportDir(t)
	for _, name := range []string{"acme", "hosted", "tickets", "fetch", "image", "vsdocs", "cxfetch"} {
		t.Run(name, func(t *testing.T) {
			team := filepath.Join(t.TempDir(), "team.json")
			var stdout, stderr bytes.Buffer
			if code := run([]string{"export", name, dir, "--output", team}, &stdout, &stderr); code != exitOK {
				t.Fatalf("export exit %d: %s", code, stderr.String())
			}
			b, err := os.ReadFile(team)
			if err != nil {
				t.Fatal(err)
			}
			noStored(t, "the entry", string(b)+stderr.String())
			var entries []map[string]any
			if err := json.Unmarshal(b, &entries); err != nil || len(entries) != 1 {
				t.Fatalf("not a one-entry team file (%v):\n%s", err, b)
			}
			stdout.Reset()
			stderr.Reset()
			if code := run([]string{"check", "--no-config", "--fail-level", "info", team}, &stdout, &stderr); code != exitOK {
				t.Fatalf("check of the exported entry: exit %d\n%s%s\n%s", code, stdout.String(), stderr.String(), b)
			}
			if !strings.Contains(stdout.String(), "0 findings") {
				t.Errorf("check printed %s", stdout.String())
			}
		})
	}
}

// The templating follows the seed: host prefix, path and query values
// are inputs, the Authorization scheme word stays, flag names stay.
func TestExportTemplating(t *testing.T) {
	t.Parallel()
	dir := exportDir(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"export", "acme", dir}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var e []struct {
		URL     string            `json:"url"`
		Headers map[string]string `json:"headers"`
		Inputs  []struct {
			ID     string `json:"id"`
			Secret bool   `json:"secret"`
		} `json:"inputs"`
		Auth string `json:"auth"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &e); err != nil {
		t.Fatal(err)
	}
	if want := "https://{HOST_PREFIX}.example.com/{PATH}?workspace={PARAM_1}&tab={PARAM_2}"; e[0].URL != want {
		t.Errorf("url %q, want %q", e[0].URL, want)
	}
	if e[0].Headers["Authorization"] != "Bearer {AUTHORIZATION}" || e[0].Headers["X-Team"] != "{X_TEAM}" {
		t.Errorf("headers %v", e[0].Headers)
	}
	var ids []string
	for _, in := range e[0].Inputs {
		ids = append(ids, in.ID)
		if !in.Secret {
			t.Errorf("input %s is not secret", in.ID)
		}
	}
	if got := strings.Join(ids, ","); got != "HOST_PREFIX,PATH,PARAM_1,PARAM_2,AUTHORIZATION,X_TEAM" {
		t.Errorf("inputs %s", got)
	}
	if e[0].Auth != "header" {
		t.Errorf("auth %q", e[0].Auth)
	}

	stdout.Reset()
	if code := run([]string{"export", "tickets", dir}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var s []struct {
		Args []string          `json:"args"`
		Env  map[string]string `json:"env"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s[0].Args, " "); got != "-y tickets-mcp@3.2.1 {ARG_1} --workspace {WORKSPACE} --verbose" {
		t.Errorf("args %q", got)
	}
	if s[0].Env["TICKETS_TOKEN"] != "{TICKETS_TOKEN}" || s[0].Env["REGION"] != "{REGION}" {
		t.Errorf("env %v", s[0].Env)
	}
}

// Servers Paseo would refuse are not written, and a credential as the
// server's name is never echoed.
func TestExportRefuses(t *testing.T) {
	t.Parallel()
	dir := exportDir(t)
	for name, want := range map[string]string{
		"unpinned": "exact version",
		"plain":    "must be https",
		"ghp_abcdefghijklmnopqrstuvwxyz0123456789": "looks like a credential",
		"missing": "no configured server",
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"export", name, dir}, &stdout, &stderr)
		if code == exitOK || stdout.Len() > 0 {
			t.Errorf("%s: exit %d, output %q", name, code, stdout.String())
		}
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("%s: stderr %q, want %q", name, stderr.String(), want)
		}
		if strings.Contains(stderr.String(), "ghp_abcdef") {
			t.Errorf("%s: the credential name was echoed: %s", name, stderr.String())
		}
	}
}

// The registry form validates against the embedded 2025-12-11 schema:
// a remote, an npm package, a PyPI package and an image.
func TestRegistryFormValidates(t *testing.T) {
	t.Parallel()
	dir := exportDir(t)
	for _, name := range []string{"acme", "hosted", "tickets", "fetch", "image", "vsdocs", "cxfetch"} {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"export", name, dir, "--format", "registry", "--namespace", "io.github.acme"}, &stdout, &stderr)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			noStored(t, "server.json", stdout.String())
			dec := json.NewDecoder(bytes.NewReader(stdout.Bytes()))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			vs, err := schema.ValidateServer("2025-12-11", v)
			if err != nil || len(vs) > 0 {
				t.Fatalf("does not validate (%v): %v\n%s", err, vs, stdout.String())
			}
			m := v.(map[string]any)
			if m["name"] != "io.github.acme/"+name {
				t.Errorf("name %v", m["name"])
			}
		})
	}
}

// An entry is written for others to read: a server, env or header named
// by something secret-like is not exported (its name would be the entry's
// name, a placeholder or a variable), and the refusal shows it masked.
func TestExportRefusesSecretLikeNames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const name = "ghp_Xk8vQ2mN7pL4rT9wB3zY6cF1hJ5sD0aG8eU2"
	const key = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78"
	writeJSONFile(t, filepath.Join(dir, ".mcp.json"), map[string]any{"mcpServers": map[string]any{
		name:     map[string]any{"command": "npx", "args": []string{"-y", "@acme/tool-mcp@1.0.0"}},
		"keyed":  map[string]any{"command": "npx", "args": []string{"-y", "@acme/tool-mcp@1.0.0"}, "env": map[string]string{key: "x"}},
		"header": map[string]any{"type": "http", "url": "https://mcp.example.com/mcp", "headers": map[string]string{key: "x"}},
	}})
	for _, c := range []struct {
		server, want string
		code         int
	}{
		{name, "the server's name looks like a credential", exitUsage},
		{"keyed", "the env name sk-p…**** looks like a secret", exitFindings},
		{"header", "the header name sk-p…**** looks like a secret", exitFindings},
	} {
		for _, format := range []string{"paseo", "registry"} {
			var stdout, stderr bytes.Buffer
			code := run([]string{"export", "--format", format, c.server, dir}, &stdout, &stderr)
			if code != c.code || stdout.Len() > 0 || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("export --format %s of %.8s: exit %d, want %d and %q on stderr:\n%s%s", format, c.server, code, c.code, c.want, stdout.String(), stderr.String())
			}
			if strings.Contains(stderr.String(), name[4:12]) || strings.Contains(stderr.String(), key[8:16]) {
				t.Errorf("the refusal shows the name: %s", stderr.String())
			}
		}
	}
}
