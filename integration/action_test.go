package integration

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mcplint/mcplint/schema"
)

type actionStep struct {
	Name             string            `yaml:"name"`
	ID               string            `yaml:"id"`
	Shell            string            `yaml:"shell"`
	Run              string            `yaml:"run"`
	Uses             string            `yaml:"uses"`
	If               string            `yaml:"if"`
	WorkingDirectory string            `yaml:"working-directory"`
	Env              map[string]string `yaml:"env"`
	With             map[string]string `yaml:"with"`
}

type actionFile struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

func readAction(t *testing.T) actionFile {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var act actionFile
	if err := yaml.Unmarshal(raw, &act); err != nil {
		t.Fatal(err)
	}
	if act.Runs.Using != "composite" {
		t.Fatalf("runs.using = %q", act.Runs.Using)
	}
	return act
}

var (
	expr      = regexp.MustCompile(`\$\{\{\s*([^}]+?)\s*\}\}`)
	condition = regexp.MustCompile(`^([\w.-]+)\s*(==|!=)\s*'([^']*)'$`)
)

// actionRun runs the composite action's steps the way the runner does:
// expressions substituted from the contexts below, `if:` evaluated, each
// shell step as `bash --noprofile --norc -eo pipefail` with its own
// GITHUB_OUTPUT, stopping at the first failing step. Steps that use other
// actions are recorded, not run.
type actionRun struct {
	t         *testing.T
	act       actionFile
	root      string
	inputs    map[string]string
	github    map[string]string
	runner    map[string]string
	env       []string
	workspace string
	outputs   map[string]map[string]string
	uses      map[string]actionStep // uses steps whose if held, by name
	log       strings.Builder
	summary   string // the job summary ($GITHUB_STEP_SUMMARY) of the last run
}

func newActionRun(t *testing.T, workspace, work string) *actionRun {
	root, _ := filepath.Abs("..")
	act := readAction(t)
	r := &actionRun{t: t, act: act, root: root, workspace: workspace,
		inputs: map[string]string{},
		github: map[string]string{"action_path": root, "action_ref": "", "event_name": "push", "repository": "acme/app", "actor": "alice",
			"event.pull_request.head.repo.full_name": ""},
		runner: map[string]string{"os": runnerOS(), "arch": runnerArch(), "temp": filepath.Join(work, "runner-temp"), "tool_cache": filepath.Join(work, "tool-cache")},
		env:    os.Environ(),
	}
	for k, v := range act.Inputs {
		r.inputs[k] = v.Default
	}
	return r
}

func runnerOS() string {
	switch runtime.GOOS {
	case "darwin":
		return "macOS"
	case "windows":
		return "Windows"
	}
	return "Linux"
}

func runnerArch() string {
	if runtime.GOARCH == "arm64" {
		return "ARM64"
	}
	return "X64"
}

func (r *actionRun) value(e string) string {
	switch {
	case strings.HasPrefix(e, "inputs."):
		v, ok := r.inputs[strings.TrimPrefix(e, "inputs.")]
		if !ok {
			r.t.Fatalf("action.yml uses the undeclared input %s", e)
		}
		return v
	case strings.HasPrefix(e, "github."):
		v, ok := r.github[strings.TrimPrefix(e, "github.")]
		if !ok {
			r.t.Fatalf("expression %q not handled by the test", e)
		}
		return v
	case strings.HasPrefix(e, "runner."):
		return r.runner[strings.TrimPrefix(e, "runner.")]
	case strings.HasPrefix(e, "steps."):
		parts := strings.Split(e, ".")
		if len(parts) != 4 || parts[2] != "outputs" {
			r.t.Fatalf("expression %q not handled by the test", e)
		}
		return r.outputs[parts[1]][parts[3]]
	}
	r.t.Fatalf("expression %q not handled by the test", e)
	return ""
}

func (r *actionRun) eval(s string) string {
	return expr.ReplaceAllStringFunc(s, func(m string) string {
		return r.value(strings.TrimSpace(expr.FindStringSubmatch(m)[1]))
	})
}

// cond evaluates the `if:` forms action.yml uses: always() and
// comparisons of a context value with a string, joined by &&.
func (r *actionRun) cond(s string) bool {
	if s == "" {
		return true
	}
	ok := true
	for _, term := range strings.Split(s, "&&") {
		term = strings.TrimSpace(term)
		if term == "always()" {
			continue
		}
		m := condition.FindStringSubmatch(term)
		if m == nil {
			r.t.Fatalf("if: %q not handled by the test", s)
		}
		if (r.value(m[1]) == m[3]) != (m[2] == "==") {
			ok = false
		}
	}
	return ok
}

// run returns the name of the step that failed ("" when none did) and its
// exit code.
func (r *actionRun) run() (string, int) {
	r.outputs = map[string]map[string]string{}
	r.uses = map[string]actionStep{}
	r.log.Reset()
	scratch := r.t.TempDir()
	summary := filepath.Join(scratch, "step-summary.md")
	defer func() {
		b, _ := os.ReadFile(summary)
		r.summary = string(b)
	}()
	for i, st := range r.act.Runs.Steps {
		if !r.cond(st.If) {
			continue
		}
		if st.Uses != "" {
			with := map[string]string{}
			for k, v := range st.With {
				with[k] = r.eval(v)
			}
			st.With = with
			r.uses[st.Name] = st
			continue
		}
		if st.Shell != "bash" {
			r.t.Fatalf("step %q: shell %q", st.Name, st.Shell)
		}
		out := filepath.Join(scratch, fmt.Sprintf("output-%d", i))
		script := filepath.Join(scratch, fmt.Sprintf("step-%d.sh", i))
		if err := os.WriteFile(script, []byte(st.Run), 0o644); err != nil {
			r.t.Fatal(err)
		}
		_ = os.WriteFile(out, nil, 0o644)
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = r.workspace
		if st.WorkingDirectory != "" {
			cmd.Dir = filepath.Join(r.workspace, r.eval(st.WorkingDirectory))
		}
		cmd.Env = append(append([]string{}, r.env...), "GITHUB_OUTPUT="+out, "GITHUB_PATH="+filepath.Join(scratch, "path"),
			"GITHUB_WORKSPACE="+r.workspace, "RUNNER_TEMP="+r.runner["temp"], "GITHUB_STEP_SUMMARY="+summary)
		for k, v := range st.Env {
			cmd.Env = append(cmd.Env, k+"="+r.eval(v))
		}
		b, err := cmd.CombinedOutput()
		fmt.Fprintf(&r.log, "== %s\n%s", st.Name, b)
		if st.ID != "" {
			raw, _ := os.ReadFile(out)
			r.outputs[st.ID] = map[string]string{}
			for _, line := range strings.Split(string(raw), "\n") {
				if k, v, ok := strings.Cut(line, "="); ok {
					r.outputs[st.ID][k] = v
				}
			}
		}
		if err != nil {
			code := -1
			if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
				code = ee.ExitCode()
			}
			return st.Name, code
		}
	}
	return "", 0
}

// project writes a repository with one error-level finding.
func project(t *testing.T, work string) string {
	t.Helper()
	dir := filepath.Join(work, "repo")
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := `{"mcpServers": {"docs": {"type": "http", "url": "http://docs.example.com/mcp"}}}`
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

type sarifSummary struct {
	Runs []struct {
		Tool        struct{ Driver struct{ Version string } }
		Invocations []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []struct{ Message struct{ Text string } }
		}
		Results []struct {
			RuleID    string
			Locations []struct {
				PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
			}
		}
	}
}

func readSARIF(t *testing.T, path string) sarifSummary {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.ValidateSARIF(b); err != nil {
		t.Fatalf("the action's SARIF does not validate: %v\n%s", err, b)
	}
	var s sarifSummary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// stampedBinary is mcplint as a v9.9.9 release would be (releaseBinary).
func stampedBinary(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(releaseBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestMain(m *testing.M) {
	code := m.Run()
	if releaseBin != "" {
		os.RemoveAll(filepath.Dir(releaseBin))
	}
	os.Exit(code)
}

// releaseServer serves a release the way GitHub does: the asset URL
// redirects to the object store, which serves the bytes; anything else is
// 404. hits counts the requests for each asset.
type releaseServer struct {
	*httptest.Server
	assets map[string][]byte
	hits   sync.Map
}

func (s *releaseServer) count(name string) int64 {
	if v, ok := s.hits.Load(name); ok {
		return v.(*atomic.Int64).Load()
	}
	return 0
}

func newReleaseServer(t *testing.T, assets map[string][]byte) *releaseServer {
	s := &releaseServer{assets: assets}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, "/mcplint/mcplint/releases/download/"); ok {
			if _, ok := s.assets[rest]; ok {
				http.Redirect(w, r, "/objects/"+rest, http.StatusFound)
				return
			}
		}
		// GitHub's newest release: /releases/latest redirects to its tag.
		if r.URL.Path == "/mcplint/mcplint/releases/latest" {
			http.Redirect(w, r, "/mcplint/mcplint/releases/tag/v9.9.9", http.StatusFound)
			return
		}
		if r.URL.Path == "/mcplint/mcplint/releases/tag/v9.9.9" {
			w.Write([]byte("<html>v9.9.9</html>"))
			return
		}
		if rest, ok := strings.CutPrefix(r.URL.Path, "/objects/"); ok {
			if b, ok := s.assets[rest]; ok {
				v, _ := s.hits.LoadOrStore(rest, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
				w.Header().Set("Content-Type", "application/octet-stream")
				w.Write(b)
				return
			}
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// release lays out v9.9.9 for this machine: the archive and the checksums
// file listing it (and another target, as goreleaser's file does).
func release(t *testing.T, corrupt bool) (map[string][]byte, string) {
	t.Helper()
	bin := stampedBinary(t)
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range []struct {
		name string
		mode int64
		body []byte
	}{{"README.md", 0o644, []byte("# mcplint\n")}, {"mcplint", 0o755, bin}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write(f.body)
	}
	tw.Close()
	gz.Close()
	archive := fmt.Sprintf("mcplint_9.9.9_%s_%s.tar.gz", runtime.GOOS, runtime.GOARCH)
	sum := sha256.Sum256(buf.Bytes())
	hexSum := hex.EncodeToString(sum[:])
	if corrupt {
		hexSum = strings.Repeat("0", 64)
	}
	checksums := fmt.Sprintf("%s  mcplint_9.9.9_windows_arm64.zip\n%s  %s\n", strings.Repeat("a", 64), hexSum, archive)
	return map[string][]byte{
		"v9.9.9/" + archive:                  buf.Bytes(),
		"v9.9.9/mcplint_9.9.9_checksums.txt": []byte(checksums),
	}, archive
}

// noGoPath is a PATH with the tools the install path needs and no go.
func noGoPath(t *testing.T, work string) string {
	t.Helper()
	dir := filepath.Join(work, "no-go-bin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"bash", "sh", "curl", "tar", "gzip", "unzip", "awk", "sha256sum", "shasum", "mktemp", "mkdir", "rm", "mv", "cp", "chmod", "cat", "grep", "dirname", "basename", "env", "sed", "tr", "head", "ls", "uname"} {
		if p, err := exec.LookPath(tool); err == nil {
			if err := os.Symlink(p, filepath.Join(dir, tool)); err != nil {
				t.Fatal(err)
			}
		}
	}
	cmd := exec.Command(filepath.Join(dir, "bash"), "-c", "command -v go")
	cmd.Env = []string{"PATH=" + dir}
	if out, err := cmd.Output(); err == nil {
		t.Fatalf("go is still on the PATH: %s", out)
	}
	return dir
}

func withPath(env []string, path string) []string {
	out := []string{"PATH=" + path}
	for _, kv := range env {
		if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "GO") {
			out = append(out, kv)
		}
	}
	return out
}

// TestActionInstallsTheRelease: with the action at a release tag, the
// released binary is downloaded from a server laid out like GitHub's
// releases (an asset URL that redirects), its checksum verified, and run
// with no Go on the PATH; the SARIF is valid and written by v9.9.9. A
// second run takes the binary from the tool cache without downloading.
func TestActionInstallsTheRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	work := t.TempDir()
	assets, archive := release(t, false)
	srv := newReleaseServer(t, assets)
	r := newActionRun(t, project(t, work), work)
	r.github["action_ref"] = "v9.9.9"
	r.inputs["release-url"] = srv.URL + "/mcplint/mcplint/releases/download"
	r.env = withPath(r.env, noGoPath(t, work))
	for round := 1; round <= 2; round++ {
		failed, code := r.run()
		if failed != "Fail on findings" || code != 1 {
			t.Fatalf("round %d: step %q exit %d (want the last step to fail with 1: the fixture has an error)\n%s", round, failed, code, r.log.String())
		}
		if r.outputs["resolve"]["mode"] != "release" || r.outputs["resolve"]["version"] != "9.9.9" {
			t.Fatalf("resolve: %v", r.outputs["resolve"])
		}
		if _, ok := r.uses["Restore the cached mcplint release"]; !ok {
			t.Error("the release is not cached")
		}
		if _, ok := r.uses["Set up Go for a source build"]; ok {
			t.Error("setup-go runs for a release")
		}
		up, ok := r.uses["Upload SARIF to code scanning"]
		if !ok || up.With["category"] != "mcplint" {
			t.Errorf("round %d: upload on push: %v %+v", round, ok, up.With)
		}
		s := readSARIF(t, filepath.Join(r.workspace, up.With["sarif_file"]))
		if v := s.Runs[0].Tool.Driver.Version; v != "9.9.9" {
			t.Errorf("SARIF written by mcplint %q, want the release 9.9.9", v)
		}
		if len(s.Runs[0].Results) == 0 || s.Runs[0].Results[0].RuleID != "transport/https-only" || s.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != ".mcp.json" {
			t.Errorf("results: %+v", s.Runs[0].Results)
		}
		if !strings.Contains(r.summary, "### mcplint") || !strings.Contains(r.summary, "| `transport/https-only` | error | 1 |") {
			t.Errorf("round %d: job summary:\n%s", round, r.summary)
		}
		if strings.Contains(r.log.String(), "::error file=") {
			t.Errorf("round %d: annotations beside an upload:\n%s", round, r.log.String())
		}
		if n := srv.count("v9.9.9/" + archive); n != 1 {
			t.Errorf("round %d: the archive was downloaded %d times, want once over both rounds", round, n)
		}
	}
	if !strings.Contains(r.log.String(), "from the cache") {
		t.Errorf("second round did not use the cache:\n%s", r.log.String())
	}
}

// TestActionRefusesABadChecksum: an archive whose sha256 is not the one
// in the checksums file is not installed and nothing runs.
func TestActionRefusesABadChecksum(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	work := t.TempDir()
	assets, _ := release(t, true)
	srv := newReleaseServer(t, assets)
	r := newActionRun(t, project(t, work), work)
	r.inputs["version"] = "v9.9.9"
	r.inputs["release-url"] = srv.URL + "/mcplint/mcplint/releases/download"
	r.env = withPath(r.env, noGoPath(t, work))
	failed, code := r.run()
	if failed != "Install the mcplint release (checksum verified)" || code == 0 {
		t.Fatalf("step %q exit %d\n%s", failed, code, r.log.String())
	}
	if !strings.Contains(r.log.String(), "checksum mismatch") || !strings.Contains(r.log.String(), "nothing was installed") {
		t.Errorf("log:\n%s", r.log.String())
	}
	if _, err := os.Stat(filepath.Join(r.outputs["resolve"]["dir"], "mcplint")); err == nil {
		t.Error("the binary was installed despite the bad checksum")
	}
	if _, err := os.Stat(filepath.Join(r.runner["temp"], "mcplint-bin", "mcplint")); err == nil {
		t.Error("the binary was put on the path despite the bad checksum")
	}
}

// TestActionMissingRelease: a version with no release (HTTP 404) fails the
// install with the URL it tried.
func TestActionMissingRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	work := t.TempDir()
	assets, _ := release(t, false)
	srv := newReleaseServer(t, assets)
	r := newActionRun(t, project(t, work), work)
	r.inputs["version"] = "9.9.8"
	r.inputs["release-url"] = srv.URL + "/mcplint/mcplint/releases/download"
	r.env = withPath(r.env, noGoPath(t, work))
	failed, _ := r.run()
	if failed != "Install the mcplint release (checksum verified)" {
		t.Fatalf("step %q\n%s", failed, r.log.String())
	}
	if want := "cannot download " + srv.URL + "/mcplint/mcplint/releases/download/v9.9.8/mcplint_9.9.8_checksums.txt"; !strings.Contains(r.log.String(), want) || !strings.Contains(r.log.String(), "404") {
		t.Errorf("log lacks %q and the 404:\n%s", want, r.log.String())
	}
}

// TestActionFromSourceOnAForkPR: at a branch the action builds from its
// source. On a pull request from a fork upload auto gives annotations,
// not an upload (the token cannot write), and a bad path (exit 2) still
// leaves a schema-valid SARIF file that carries the error.
func TestActionFromSourceOnAForkPR(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	work := t.TempDir()
	r := newActionRun(t, project(t, work), work)
	r.github["action_ref"] = "main"
	r.inputs["version"] = "source"
	r.github["event_name"] = "pull_request"
	r.github["event.pull_request.head.repo.full_name"] = "mallory/app"
	failed, code := r.run()
	if failed != "Fail on findings" || code != 1 {
		t.Fatalf("step %q exit %d\n%s", failed, code, r.log.String())
	}
	if r.outputs["resolve"]["mode"] != "source" {
		t.Fatalf("resolve: %v", r.outputs["resolve"])
	}
	if _, ok := r.uses["Set up Go for a source build"]; !ok {
		t.Error("no setup-go for a source build")
	}
	if _, ok := r.uses["Upload SARIF to code scanning"]; ok || r.outputs["check"]["upload"] != "false" {
		t.Errorf("a fork's pull request uploads (upload=%q)", r.outputs["check"]["upload"])
	}
	if !strings.Contains(r.log.String(), "::error file=.mcp.json,line=1") {
		t.Errorf("no annotation:\n%s", r.log.String())
	}
	if !strings.Contains(r.summary, "| `transport/https-only` | error | 1 |") {
		t.Errorf("job summary of the fork's pull request:\n%s", r.summary)
	}
	readSARIF(t, filepath.Join(r.workspace, r.outputs["check"]["sarif-file"]))

	// The rest is about the check step, whatever mcplint it runs: the
	// v9.9.9 release, installed once and then taken from the tool cache,
	// instead of linking mcplint from source for every run.
	assets, _ := release(t, false)
	srv := newReleaseServer(t, assets)
	r.inputs["version"] = "9.9.9"
	r.inputs["release-url"] = srv.URL + "/mcplint/mcplint/releases/download"

	// The same pull request from a branch of the repository uploads.
	r.github["event.pull_request.head.repo.full_name"] = "acme/app"
	r.run()
	if _, ok := r.uses["Upload SARIF to code scanning"]; !ok {
		t.Error("a pull request from the repository itself does not upload")
	}
	// Dependabot's token is read-only too.
	r.github["actor"] = "dependabot[bot]"
	r.run()
	if _, ok := r.uses["Upload SARIF to code scanning"]; ok {
		t.Error("a Dependabot run uploads")
	}
	r.github["actor"] = "alice"

	// A monorepo package: its own category; a missing path: exit 2 and a
	// valid SARIF with the error.
	if err := os.MkdirAll(filepath.Join(r.workspace, "packages", "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	r.inputs["working-directory"] = "packages/api"
	r.inputs["paths"] = "missing-folder"
	r.github["event_name"] = "push"
	failed, code = r.run()
	if failed != "Fail on findings" || code != 2 || r.outputs["check"]["exit-code"] != "2" {
		t.Fatalf("missing folder: step %q exit %d\n%s", failed, code, r.log.String())
	}
	up, ok := r.uses["Upload SARIF to code scanning"]
	if !ok || up.With["category"] != "mcplint/packages/api/missing-folder" {
		t.Errorf("upload of the failed run: %v %+v", ok, up.With)
	}
	s := readSARIF(t, filepath.Join(r.workspace, up.With["sarif_file"]))
	inv := s.Runs[0].Invocations
	if len(s.Runs[0].Results) != 0 || len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 ||
		!strings.Contains(inv[0].ToolExecutionNotifications[0].Message.Text, "missing-folder: no such file or folder") {
		t.Errorf("SARIF of exit 2: %+v", s.Runs[0])
	}
	if !strings.Contains(r.summary, "mcplint could not check (exit 2)") {
		t.Errorf("job summary of exit 2:\n%s", r.summary)
	}

	// A flag mcplint does not know fails before it can write SARIF: the
	// step writes the log itself, with the exit code.
	r.inputs["paths"] = "."
	r.inputs["args"] = "--no-such-flag"
	failed, code = r.run()
	if failed != "Fail on findings" || code != 2 {
		t.Fatalf("bad flag: step %q exit %d\n%s", failed, code, r.log.String())
	}
	s = readSARIF(t, filepath.Join(r.workspace, r.outputs["check"]["sarif-file"]))
	if inv := s.Runs[0].Invocations; len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 ||
		!strings.Contains(inv[0].ToolExecutionNotifications[0].Message.Text, "exited with code 2") {
		t.Errorf("SARIF of a bad flag: %+v", s.Runs[0])
	}
}

// TestActionPinsAndPermissions: every action used by action.yml and the
// workflows is pinned to a full commit SHA with its tag in a comment, and
// every workflow grants nothing at the top and what each job needs there.
func TestActionPinsAndPermissions(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", ".github", "workflows", "*.yml"))
	if len(files) == 0 {
		t.Fatal("no workflows under .github/workflows")
	}
	files = append(files, filepath.Join("..", "action.yml"))
	usesLine := regexp.MustCompile(`^\s*-?\s*uses:`)
	// A tool an action installs (goreleaser's version:) is pinned too.
	floatingVersion := regexp.MustCompile(`^\s*version:\s*["']?(~>|\^|latest|v?\d+["']?\s*(#.*)?$)`)
	pinned := regexp.MustCompile(`^\s*-?\s*uses:\s*([^@\s]+)@([0-9a-f]{40}) # v\d+(\.\d+)*\s*$`)
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(raw), "\n") {
			if floatingVersion.MatchString(line) {
				t.Errorf("%s:%d: a floating tool version: %s", f, i+1, strings.TrimSpace(line))
			}
			if !usesLine.MatchString(line) {
				continue
			}
			if strings.Contains(line, "uses: ./") || strings.Contains(line, "uses: mcplint/mcplint@") {
				// This repository's own action: the checkout, or the tag
				// the reusable workflow belongs to (TestReusableWorkflow).
				continue
			}
			if !pinned.MatchString(line) {
				t.Errorf("%s:%d: not pinned by commit SHA with the tag in a comment: %s", f, i+1, strings.TrimSpace(line))
			}
		}
		if filepath.Base(f) == "action.yml" {
			continue
		}
		var wf struct {
			Permissions any `yaml:"permissions"`
			Jobs        map[string]struct {
				Permissions any    `yaml:"permissions"`
				Uses        string `yaml:"uses"`
			} `yaml:"jobs"`
		}
		if err := yaml.Unmarshal(raw, &wf); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if m, ok := wf.Permissions.(map[string]any); !ok || len(m) != 0 {
			t.Errorf("%s: top-level permissions %v, want {} (each job asks for its own)", f, wf.Permissions)
		}
		for name, j := range wf.Jobs {
			if j.Permissions == nil {
				t.Errorf("%s: job %s has no permissions of its own", f, name)
			}
		}
	}
}

// TestReusableWorkflow: lint.yml is callable (workflow_call) with the
// action's inputs, and runs the action of the tag the docs tell users to
// call it at, so the one-line call installs that release.
func TestReusableWorkflow(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", ".github", "workflows", "lint.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On struct {
			WorkflowCall struct {
				Inputs map[string]struct {
					Type    string `yaml:"type"`
					Default string `yaml:"default"`
				} `yaml:"inputs"`
			} `yaml:"workflow_call"`
		} `yaml:"on"`
		Jobs map[string]struct {
			Steps []actionStep `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(raw, &wf); err != nil {
		t.Fatal(err)
	}
	act := readAction(t)
	for name, in := range wf.On.WorkflowCall.Inputs {
		a, ok := act.Inputs[name]
		if !ok {
			t.Errorf("lint.yml input %s is not an action input", name)
		} else if in.Default != a.Default {
			t.Errorf("lint.yml input %s defaults to %q, the action to %q", name, in.Default, a.Default)
		}
	}
	var ref string
	for _, st := range wf.Jobs["mcplint"].Steps {
		if r, ok := strings.CutPrefix(st.Uses, "mcplint/mcplint@"); ok {
			ref = r
			for k, v := range st.With {
				if v != "${{ inputs."+k+" }}" {
					t.Errorf("lint.yml passes %s: %q", k, v)
				}
			}
		}
	}
	if !regexp.MustCompile(`^v\d+\.\d+\.\d+$`).MatchString(ref) {
		t.Fatalf("lint.yml runs mcplint/mcplint@%q, want a release tag", ref)
	}
	for _, doc := range []string{"docs/integrations.md", "README.md"} {
		text, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(doc)))
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, m := range regexp.MustCompile(`mcplint/mcplint(?:/\.github/workflows/lint\.yml|/cmd/mcplint)?@([\w.]+)|rev: (\S+)`).FindAllStringSubmatch(string(text), -1) {
			got := m[1] + m[2]
			if got == "vX.Y.Z" { // the maintainers' placeholder
				continue
			}
			if regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(got) {
				// An example pinned by commit SHA: its comment names the tag.
				if !strings.Contains(string(text), m[0]+" # "+ref) {
					t.Errorf("%s shows %s without the comment # %s", doc, m[0], ref)
				}
				continue
			}
			found++
			if got != ref {
				t.Errorf("%s shows %s, lint.yml runs %s", doc, m[0], ref)
			}
		}
		if found == 0 {
			t.Errorf("%s shows no snippet at a tag", doc)
		}
	}
}

// TestActionScriptsPassShellcheck runs shellcheck over every shell step of
// action.yml (actionlint, in .ci/run, covers the workflows' steps). The
// steps take every input through env, never through ${{ }} in the script,
// so a crafted input cannot become code.
func TestActionScriptsPassShellcheck(t *testing.T) {
	act := readAction(t)
	dir := t.TempDir()
	var files []string
	for i, st := range act.Runs.Steps {
		if st.Run == "" {
			continue
		}
		if strings.Contains(st.Run, "${{") {
			t.Errorf("step %q puts an expression into its script; pass it through env", st.Name)
		}
		f := filepath.Join(dir, fmt.Sprintf("step-%d.sh", i))
		if err := os.WriteFile(f, []byte("#!/usr/bin/env bash\n"+st.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if _, err := exec.LookPath("shellcheck"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("shellcheck is not installed; .ci/run installs Debian's shellcheck")
		}
		t.Skip("shellcheck not installed")
	}
	out, err := exec.Command("shellcheck", append([]string{"-s", "bash"}, files...)...).CombinedOutput()
	if err != nil {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}
