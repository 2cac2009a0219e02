package integration

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mcplint/mcplint/loader"
)

type hookDef struct {
	ID                      string `yaml:"id"`
	Entry                   string `yaml:"entry"`
	Language                string `yaml:"language"`
	Files                   string `yaml:"files"`
	PassFilenames           *bool  `yaml:"pass_filenames"`
	RequireSerial           bool   `yaml:"require_serial"`
	MinimumPreCommitVersion string `yaml:"minimum_pre_commit_version"`
}

func readHooks(t *testing.T) map[string]hookDef {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []hookDef
	if err := yaml.Unmarshal(raw, &hooks); err != nil {
		t.Fatal(err)
	}
	out := map[string]hookDef{}
	for _, h := range hooks {
		out[h.ID] = h
	}
	return out
}

// TestPreCommitFilesMatchTheFolderScan holds each hook (one serial run,
// --skip-unrelated) and its files pattern to
// the places a folder scan reads: every one of them, at the top and deep
// in a repository, and nothing a scan ignores (names read only when named
// on the command line, look-alikes).
func TestPreCommitFilesMatchTheFolderScan(t *testing.T) {
	hooks := readHooks(t)
	want := map[string]string{"mcplint": "golang", "mcplint-system": "system"}
	for id, lang := range want {
		h, ok := hooks[id]
		if !ok {
			t.Fatalf("no hook %q", id)
		}
		if h.Language != lang || !strings.Contains(h.Entry, "--skip-unrelated") || h.MinimumPreCommitVersion == "" || h.PassFilenames == nil || !*h.PassFilenames || !h.RequireSerial {
			t.Errorf("hook %s: %+v", id, h)
		}
		// pre-commit applies files with Python's re.search; this pattern
		// uses nothing Go's regexp reads differently.
		re, err := regexp.Compile(h.Files)
		if err != nil {
			t.Fatalf("hook %s: files: %v", id, err)
		}
		for _, place := range loader.ProjectPlaces() {
			p := strings.ReplaceAll(place, "*", "team-tools")
			for _, path := range []string{p, "services/api/" + p} {
				if !re.MatchString(path) {
					t.Errorf("hook %s: files does not match %s, which the folder scan reads", id, path)
				}
			}
		}
		var ignored []string
		for _, place := range loader.NamedOnlyPlaces() {
			p := strings.ReplaceAll(place, "*", "x")
			if !matchesAnyPlace(p) {
				ignored = append(ignored, p, "a/"+p)
			}
		}
		ignored = append(ignored, ".mcplint.toml", "x.mcp.json", ".mcp.json.bak", ".cursor/settings.json", "cursor/mcp.json",
			".continue/mcpServers/a/b.yaml", "docs/server.json.md", ".vscode/extensions.json", "mcp.json")
		for _, p := range ignored {
			if re.MatchString(p) {
				t.Errorf("hook %s: files matches %s, which the folder scan does not read", id, p)
			}
		}
	}
}

// matchesAnyPlace says whether a folder scan would read p.
func matchesAnyPlace(p string) bool {
	for _, place := range loader.ProjectPlaces() {
		re := regexp.MustCompile(`(^|/)` + strings.ReplaceAll(regexp.QuoteMeta(place), `\*`, `[^/]+`) + `$`)
		if re.MatchString(p) {
			return true
		}
	}
	return false
}

// TestRootModuleBuildsOnlyMcplint: pre-commit builds the hook with
// go install ./... at the repository root, so mcplint must be the root
// module's only command (bench/ is its own module; generators carry a
// build tag).
func TestRootModuleBuildsOnlyMcplint(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Fields(string(out)); len(got) != 1 || got[0] != "github.com/mcplint/mcplint/cmd/mcplint" {
		t.Errorf("go install ./... builds %v, want only github.com/mcplint/mcplint/cmd/mcplint", got)
	}
}

const hookToken = "ghp_R4nd0mT0k3nF0rTh3H00kT3st1ngAbCdEf12"

// TestPreCommitHook installs this repository's hooks with the real
// pre-commit into a fresh git repository and makes real commits: an API's
// own api/server.json ({"port": 8080}) commits, a .mcp.json holding a
// literal GitHub token is blocked by secrets/literal-key, and the token is
// not printed. Both variants: mcplint (built by pre-commit with Go) and
// mcplint-system (a binary on PATH).
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint through pre-commit")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pre-commit is not installed; .ci/run installs Debian's pre-commit")
		}
		t.Skip("pre-commit not installed")
	}
	t.Parallel()
	root, _ := filepath.Abs("..")
	work := t.TempDir()
	env := append(os.Environ(), "PRE_COMMIT_HOME="+filepath.Join(work, "pre-commit-home"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "NO_COLOR=1")
	// pre-commit builds the hook with the machine's Go; share the module
	// and build caches so it does not download or compile everything again.
	for _, v := range []string{"GOMODCACHE", "GOCACHE"} {
		if out, err := exec.Command("go", "env", v).Output(); err == nil {
			env = append(env, v+"="+strings.TrimSpace(string(out)))
		}
	}
	// The hook repository is a new folder each run: without -trimpath the
	// folder is part of every compiled package's cache key, so each run
	// compiled all of mcplint again; with it a warm cache serves them.
	if out, err := exec.Command("go", "env", "GOFLAGS").Output(); err == nil {
		env = append(env, "GOFLAGS="+strings.TrimSpace(strings.TrimSpace(string(out))+" -trimpath"))
	}
	sh := func(dir string, env []string, name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	mustIn := func(t *testing.T, dir string, name string, args ...string) string {
		t.Helper()
		out, err := sh(dir, env, name, args...)
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return out
	}
	must := func(dir string, name string, args ...string) string {
		t.Helper()
		return mustIn(t, dir, name, args...)
	}

	// The hook repository: this checkout as it is now (committed or not),
	// committed into a repository pre-commit can clone at a rev.
	hookRepo := filepath.Join(work, "hook-repo")
	files := must(root, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	for _, f := range strings.Split(strings.TrimRight(files, "\x00"), "\x00") {
		src := filepath.Join(root, f)
		fi, err := os.Lstat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted in the work tree, or a link
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(hookRepo, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	must(hookRepo, "git", "init", "-q")
	must(hookRepo, "git", "add", "-A")
	must(hookRepo, "git", "commit", "-q", "-m", "hook")
	rev := strings.TrimSpace(must(hookRepo, "git", "rev-parse", "HEAD"))

	// A release binary on PATH for mcplint-system.
	bin := filepath.Join(work, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "mcplint"), stampedBinary(t), 0o755); err != nil {
		t.Fatal(err)
	}
	sysEnv := append([]string{}, env...)
	for i, kv := range sysEnv {
		if strings.HasPrefix(kv, "PATH=") {
			sysEnv[i] = "PATH=" + bin + string(os.PathListSeparator) + strings.TrimPrefix(kv, "PATH=")
		}
	}

	for _, tc := range []struct {
		hook string
		env  []string
	}{{"mcplint", env}, {"mcplint-system", sysEnv}} {
		t.Run(tc.hook, func(t *testing.T) {
			// Each variant has its own project; they share only
			// PRE_COMMIT_HOME, which pre-commit locks.
			t.Parallel()
			must := func(dir string, name string, args ...string) string {
				t.Helper()
				return mustIn(t, dir, name, args...)
			}
			project := filepath.Join(work, "project-"+tc.hook)
			if err := os.MkdirAll(filepath.Join(project, "api"), 0o755); err != nil {
				t.Fatal(err)
			}
			must(project, "git", "init", "-q")
			cfg := "repos:\n  - repo: " + hookRepo + "\n    rev: " + rev + "\n    hooks:\n      - id: " + tc.hook + "\n"
			if err := os.WriteFile(filepath.Join(project, ".pre-commit-config.yaml"), []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			must(project, "pre-commit", "install")
			must(project, "git", "add", ".pre-commit-config.yaml")
			must(project, "git", "commit", "-q", "-m", "pre-commit")
			commit := func(file, content string) (string, error) {
				t.Helper()
				if err := os.WriteFile(filepath.Join(project, file), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
				must(project, "git", "add", file)
				return sh(project, tc.env, "git", "commit", "-m", "add "+file)
			}

			out, err := commit("api/server.json", `{"port": 8080}`+"\n")
			if err != nil {
				t.Fatalf("a commit of an unrelated api/server.json was blocked: %v\n%s", err, out)
			}
			if !strings.Contains(out, "Passed") {
				t.Errorf("the hook did not run on api/server.json:\n%s", out)
			}
			// What pre-commit shows of the hook's output (--verbose): a batch
			// with no MCP configuration prints nothing.
			out, err = sh(project, tc.env, "pre-commit", "run", "--verbose", "--files", "api/server.json")
			if err != nil || !strings.Contains(out, "- hook id: "+tc.hook) || strings.Contains(out, "findings") || strings.Contains(out, "mcplint check") {
				t.Errorf("the hook printed something for a file that is no MCP configuration:\n%s", out)
			}

			bad := `{"mcpServers": {"github": {"command": "github-mcp-server", "args": ["stdio"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "` + hookToken + `"}}}}` + "\n"
			out, err = commit(".mcp.json", bad)
			if err == nil {
				t.Fatalf("a .mcp.json holding a literal token was committed:\n%s", out)
			}
			if !strings.Contains(out, "secrets/literal-key") || !strings.Contains(out, "Failed") {
				t.Errorf("the hook's output does not show the finding:\n%s", out)
			}
			if strings.Contains(out, hookToken[4:16]) {
				t.Errorf("the hook printed the token:\n%s", out)
			}
			if log := must(project, "git", "log", "--format=%s"); strings.Contains(log, "add .mcp.json") || !strings.Contains(log, "add api/server.json") {
				t.Errorf("commits made:\n%s", log)
			}

			if tc.hook == "mcplint" {
				// pre-commit ran go install ./... in the hook repository:
				// only mcplint is built, not the benchmark programs.
				bins, _ := filepath.Glob(filepath.Join(work, "pre-commit-home", "*", "golangenv-*", "bin", "*"))
				var names []string
				for _, b := range bins {
					names = append(names, filepath.Base(b))
				}
				if len(names) != 1 || names[0] != "mcplint" {
					t.Errorf("the hook built %v, want only mcplint", names)
				}
			}

			good := `{"mcpServers": {"github": {"command": "github-mcp-server", "args": ["stdio"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PERSONAL_ACCESS_TOKEN}"}}}}` + "\n"
			if out, err := commit(".mcp.json", good); err != nil {
				t.Fatalf("a correct .mcp.json was blocked: %v\n%s", err, out)
			}
		})
	}
}
