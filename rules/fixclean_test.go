package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
)

// fixAndRecheck checks root, applies every fix, and checks again.
func fixAndRecheck(t *testing.T, root string) (before, after []finding.Finding) {
	t.Helper()
	e := engine(t)
	check := func() []finding.Finding {
		return loadAndCheck(t, e, loader.Options{WorkDir: root, Paths: []string{root}})
	}
	before = check()
	edits, _ := finding.FileFixes(before)
	for file, es := range edits {
		p := filepath.Join(root, filepath.FromSlash(file))
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out, _, skipped := finding.Apply(src, es)
		if len(skipped) > 0 {
			t.Errorf("%s: %d edits skipped", file, len(skipped))
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return before, check()
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A Codex fix moves every key into env_vars, bearer_token_env_var or
// env_http_headers and leaves no empty env = {} or [….env] behind, which
// the next check would report.
func TestCodexFixLeavesNoEmptyBlock(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".codex/config.toml": `[mcp_servers.linear]
command = "npx"
args = ["-y", "linear-mcp-server@0.3.2"]
env = { LINEAR_API_KEY = "lin_api_8Hf2Kq9Lm3Np5Rs7Tv1Wx4Yz6Ab0Cd2Ef4Gh6Ij" }

[mcp_servers.docs]
url = "https://docs.example.com/mcp"

[mcp_servers.docs.http_headers]
Authorization = "Bearer sk-proj-Qh3kT8vYw2LmN5pR7sX9zB4cD6fG1jH0aK2eU8iO3yT5"

[mcp_servers.gh]
command = "npx"
args = ["-y", "gh-mcp@1.0.0"]

[mcp_servers.gh.env]
GITHUB_TOKEN = "ghp_R7kQm2Xv9TcL4nWz8pYb3HsJ6dFa1gE5uK0i"
LOG_LEVEL = "info"
`})
	before, after := fixAndRecheck(t, root)
	if n := count(before, "secrets/literal-key"); n != 3 {
		t.Fatalf("before the fix: %d literal keys, want 3", n)
	}
	if len(after) != 0 {
		t.Errorf("after the fix: %v", after)
	}
	b, _ := os.ReadFile(filepath.Join(root, ".codex/config.toml"))
	text := string(b)
	for _, gone := range []string{"env = {", "[mcp_servers.docs.http_headers]", "lin_api_", "sk-proj-", "ghp_"} {
		if strings.Contains(text, gone) {
			t.Errorf("the fixed file still holds %q:\n%s", gone, text)
		}
	}
	for _, kept := range []string{`env_vars = ["LINEAR_API_KEY"]`, `bearer_token_env_var = "DOCS_TOKEN"`, "[mcp_servers.gh.env]\nLOG_LEVEL = \"info\""} {
		if !strings.Contains(text, kept) {
			t.Errorf("the fixed file lacks %q:\n%s", kept, text)
		}
	}
}

// A key in the address's query becomes a reference where the client
// expands references in urls; where it does not (Codex), the finding
// says to move it to a header and no fix is offered.
func TestFixRemovesURLCredentials(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		".mcp.json":          `{"mcpServers": {"exa": {"type": "http", "url": "https://mcp.exa.ai/mcp?exaApiKey=3f8b2a9c-7d4e-4f1a-9b6c-2e5d8a1f4c7b"}}}`,
		"opencode.json":      `{"mcp": {"exa": {"type": "remote", "url": "https://mcp.exa.ai/mcp?exaApiKey=3f8b2a9c-7d4e-4f1a-9b6c-2e5d8a1f4c7b"}}}`,
		".codex/config.toml": "[mcp_servers.exa]\nurl = \"https://mcp.exa.ai/mcp?exaApiKey=3f8b2a9c-7d4e-4f1a-9b6c-2e5d8a1f4c7b\"\n",
	})
	before, after := fixAndRecheck(t, root)
	if n := count(before, "transport/url-credentials"); n != 3 {
		t.Fatalf("before the fix: %d url-credentials findings, want 3: %v", n, before)
	}
	if len(after) != 1 || after[0].File != ".codex/config.toml" || after[0].Fix != nil ||
		!strings.Contains(after[0].Message, "Codex does not expand variables in the address, so remove it from the address and send it as a header") {
		t.Errorf("after the fix: %+v", after)
	}
	for file, ref := range map[string]string{".mcp.json": "exaApiKey=${EXA_API_KEY}", "opencode.json": "exaApiKey={env:EXA_API_KEY}"} {
		b, _ := os.ReadFile(filepath.Join(root, file))
		if !strings.Contains(string(b), ref) {
			t.Errorf("%s: want %s in %s", file, ref, b)
		}
	}
}

func count(fs []finding.Finding, rule string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

// TestFixCausesNoFinding applies every fix to the failing example of
// every rule and checks again: nothing the fix wrote may be reported,
// by any rule. A finding after the fix counts as caused by it when it
// sits at a value a fix rewrote, or is new (its rule, file and pointer
// were not reported before), except in a file whose servers no client
// loaded before the fix (schema/wrong-root-key's fix makes the file load
// and shows its servers to every rule for the first time).
func TestFixCausesNoFinding(t *testing.T) {
	e := engine(t)
	check := func(opts loader.Options) []finding.Finding { return loadAndCheck(t, e, opts) }
	key := func(f finding.Finding) string { return f.Rule + " " + filepath.ToSlash(f.File) + " " + f.Pointer }
	fixed := 0
	for _, r := range e.Rules() {
		root, opts, _ := copyExample(t, r.ID, "fail")
		before := check(opts)
		firstLook := map[string]bool{} // files no client loaded a server from
		for _, f := range before {
			if f.Rule == "schema/wrong-root-key" {
				firstLook[filepath.ToSlash(f.File)] = true
			}
		}
		edits, _ := finding.FileFixes(before)
		if len(edits) == 0 {
			continue
		}
		had, rewritten := map[string]bool{}, map[string]bool{}
		for _, f := range before {
			had[key(f)] = true
			if f.Fix != nil {
				rewritten[filepath.ToSlash(f.File)+" "+f.Pointer] = true
			}
		}
		for file, es := range edits {
			p := filepath.Join(root, filepath.FromSlash(file))
			if !filepath.IsAbs(file) {
				p = filepath.Join(opts.WorkDir, filepath.FromSlash(file))
			}
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out, _, _ := finding.Apply(src, es)
			if err := os.WriteFile(p, out, 0o644); err != nil {
				t.Fatal(err)
			}
			fixed++
		}
		for _, f := range check(opts) {
			switch {
			case rewritten[filepath.ToSlash(f.File)+" "+f.Pointer]:
				t.Errorf("fixtures/rules/%s/fail: %s:%d: %s reports the value the fix wrote: %s", r.ID, f.File, f.Range.Start.Line, f.Rule, f.Message)
			case !had[key(f)] && !firstLook[filepath.ToSlash(f.File)]:
				t.Errorf("fixtures/rules/%s/fail: %s:%d: %s is new after the fix: %s", r.ID, f.File, f.Range.Start.Line, f.Rule, f.Message)
			}
		}
	}
	if fixed == 0 {
		t.Fatal("no failing example was fixed")
	}
}
