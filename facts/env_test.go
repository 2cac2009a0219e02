package facts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

func TestParseEnvFile(t *testing.T) {
	env := ParseEnvFile([]byte("# comment\n\nGITHUB_TOKEN=ghp_secret\nexport SLACK_BOT_TOKEN='x'\n  LINEAR_TOKEN  \nnot a name=1\n9BAD=1\n"))
	for _, n := range []string{"GITHUB_TOKEN", "SLACK_BOT_TOKEN", "LINEAR_TOKEN"} {
		if !env.Has(n) {
			t.Errorf("%s not read", n)
		}
	}
	for _, n := range []string{"not a name", "9BAD", "ghp_secret", "x"} {
		if env.Has(n) {
			t.Errorf("%q read as a name", n)
		}
	}
	var nilEnv *Environment
	if nilEnv.Has("X") {
		t.Error("nil environment has X")
	}
}

// loadDir writes files (slash paths) under a temp folder and loads it.
func loadDir(t *testing.T, files map[string]string) *loader.Workspace {
	t.Helper()
	root := t.TempDir()
	for p, body := range files {
		fp := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(fp), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fp, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := loader.Load(loader.Options{WorkDir: root, Paths: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// refSet returns the Set of every reference of the first server's env, by
// variable name ("unknown" when Set is absent).
func refSet(in Input) map[string]string {
	out := map[string]string{}
	for _, s := range in.Servers {
		for _, e := range s.Env {
			for _, r := range e.Refs {
				switch {
				case r.Set == nil:
					out[r.Name] = "unknown"
				case *r.Set:
					out[r.Name] = "set"
				default:
					out[r.Name] = "unset"
				}
			}
		}
	}
	return out
}

const envMCP = `{"mcpServers": {"x": {"command": "node", "args": ["s.js"], "env": {
	"A": "${GITHUB_TOKEN}", "B": "${SLACK_BOT_TOKEN}", "C": "${CLAUDE_PROJECT_DIR:-.}", "D": "${user_config.key}"}}}}`

func TestEnvironmentUnknownByDefault(t *testing.T) {
	ws := loadDir(t, map[string]string{".mcp.json": envMCP})
	got := refSet(testInput(ws))
	for n, v := range got {
		if v != "unknown" {
			t.Errorf("%s: %s, want unknown without an environment", n, v)
		}
	}
	if len(got) != 4 {
		t.Errorf("refs %v", got)
	}
}

func TestEnvironmentFromEnvFile(t *testing.T) {
	ws := loadDir(t, map[string]string{".mcp.json": envMCP, EnvFileName: "GITHUB_TOKEN=1\n"})
	got := refSet(testInput(ws))
	want := map[string]string{"GITHUB_TOKEN": "set", "SLACK_BOT_TOKEN": "unset", "CLAUDE_PROJECT_DIR": "unknown", "user_config.key": "unknown"}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("%s: %s, want %s", n, got[n], w)
		}
	}
}

func TestEnvironmentFromTheRun(t *testing.T) {
	SetEnvironment(NewEnvironment("SLACK_BOT_TOKEN"))
	defer SetEnvironment(nil)
	// The run's environment and the env file add up.
	ws := loadDir(t, map[string]string{"proj/.mcp.json": envMCP, "proj/" + EnvFileName: "GITHUB_TOKEN=1\n"})
	got := refSet(testInput(ws))
	if got["GITHUB_TOKEN"] != "set" || got["SLACK_BOT_TOKEN"] != "set" {
		t.Errorf("got %v", got)
	}
	// Without an env file only the run's environment counts.
	ws = loadDir(t, map[string]string{".mcp.json": envMCP})
	got = refSet(testInput(ws))
	if got["GITHUB_TOKEN"] != "unset" || got["SLACK_BOT_TOKEN"] != "set" {
		t.Errorf("got %v", got)
	}
}

func TestOSEnvironment(t *testing.T) {
	t.Setenv("MCPLINT_TEST_VARIABLE", "1")
	if !OSEnvironment().Has("MCPLINT_TEST_VARIABLE") {
		t.Error("OSEnvironment misses a set variable")
	}
}

func TestOAuthSecretReferenceIsNotStored(t *testing.T) {
	ws := loadDir(t, map[string]string{".cursor/mcp.json": `{"mcpServers": {
		"a": {"url": "https://a.example.com/mcp", "auth": {"CLIENT_ID": "id", "CLIENT_SECRET": "${env:A_SECRET}"}},
		"b": {"url": "https://b.example.com/mcp", "auth": {"CLIENT_ID": "id", "CLIENT_SECRET": "q8Xw2LmN5vB7zR4tK9pH3sD6fG1jA0cE"}},
		"c": {"url": "https://c.example.com/mcp", "auth": {"CLIENT_ID": "id", "CLIENT_SECRET": "<your client secret>"}}}}`})
	in := testInput(ws)
	got := map[string]bool{}
	for _, s := range in.Servers {
		if s.OAuth == nil {
			t.Fatalf("%s: no oauth fact", s.Name)
		}
		got[s.Name] = s.OAuth.HasSecret
	}
	if got["a"] || !got["b"] || got["c"] {
		t.Errorf("has_secret = %v, want only b", got)
	}
}

// An env file serves every project beneath it, the nearest one wins, and
// a file changed between two checks is read again.
func TestEnvFileNearestAndReread(t *testing.T) {
	ws := loadDir(t, map[string]string{
		EnvFileName:          "GITHUB_TOKEN=1\n",
		"a/.mcp.json":        envMCP,
		"b/.mcp.json":        envMCP,
		"b/c/.mcp.json":      envMCP,
		"b/c/" + EnvFileName: "SLACK_BOT_TOKEN=1\n",
	})
	in := testInput(ws)
	for _, sf := range in.Servers {
		doc := ws.Documents[sf.Doc]
		got := map[string]bool{}
		for _, e := range sf.Env {
			for _, r := range e.Refs {
				if r.Set != nil {
					got[r.Name] = *r.Set
				}
			}
		}
		nested := filepath.Base(filepath.Dir(doc.AbsPath)) == "c"
		if got["GITHUB_TOKEN"] == nested || got["SLACK_BOT_TOKEN"] != nested {
			t.Errorf("%s: set %v; want only the nearest env file's names", doc.Path, got)
		}
	}
	root := ""
	for _, d := range ws.Documents {
		if filepath.Base(filepath.Dir(d.AbsPath)) == "a" {
			root = filepath.Dir(filepath.Dir(d.AbsPath))
		}
	}
	if err := os.WriteFile(filepath.Join(root, EnvFileName), []byte("GITHUB_TOKEN=1\nSLACK_BOT_TOKEN=2\n# longer\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sf := range testInput(ws).Servers {
		for _, e := range sf.Env {
			for _, r := range e.Refs {
				if r.Name == "SLACK_BOT_TOKEN" && (r.Set == nil || !*r.Set) {
					t.Errorf("%s: the edited env file was not read again", ws.Documents[sf.Doc].Path)
				}
			}
		}
	}
}
