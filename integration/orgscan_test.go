package integration

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mcplint/mcplint/schema"
)

type orgScanWorkflow struct {
	On struct {
		WorkflowCall struct {
			Inputs map[string]struct {
				Default any `yaml:"default"`
			} `yaml:"inputs"`
		} `yaml:"workflow_call"`
	} `yaml:"on"`
	Jobs map[string]struct {
		Strategy struct {
			FailFast    *bool  `yaml:"fail-fast"`
			MaxParallel string `yaml:"max-parallel"`
		} `yaml:"strategy"`
		Steps []struct {
			actionStep      `yaml:",inline"`
			ContinueOnError bool `yaml:"continue-on-error"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// orgScan runs org-scan.yml's shell steps the way the runner does:
// env values with their ${{ }} expressions substituted from vals, the
// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, a stub gh first on PATH.
type orgScan struct {
	t    *testing.T
	wf   orgScanWorkflow
	work string // the runner's workspace
	temp string // RUNNER_TEMP
	path string // PATH with the stubs
	vals map[string]string
}

func newOrgScan(t *testing.T) *orgScan {
	raw, err := os.ReadFile(filepath.Join("..", ".github", "workflows", "org-scan.yml"))
	if err != nil {
		t.Fatal(err)
	}
	o := &orgScan{t: t, work: t.TempDir(), temp: t.TempDir(), vals: map[string]string{}}
	if err := yaml.Unmarshal(raw, &o.wf); err != nil {
		t.Fatal(err)
	}
	stubs := t.TempDir()
	// gh: "api orgs/…/repos" prints two pages like --paginate does; every
	// call is logged with its arguments and, for -F name=@file, the file.
	gh := `#!/usr/bin/env bash
echo "$*" >> "$GH_LOG"
for a in "$@"; do
  case "$a" in
    sarif=@*) cp "${a#sarif=@}" "$GH_LOG.sarif" ;;
    orgs/*) cat "$GH_PAGES" ;;
    repos/acme/denied/*) echo "HTTP 403: Resource not accessible by integration" >&2; exit 1 ;;
  esac
done
`
	if err := os.WriteFile(filepath.Join(stubs, "gh"), []byte(gh), 0o755); err != nil {
		t.Fatal(err)
	}
	o.path = stubs + string(os.PathListSeparator) + os.Getenv("PATH")
	return o
}

var exprRe = regexp.MustCompile(`\$\{\{\s*([^}]+?)\s*\}\}`)

// step runs the named step of job in dir; it returns the step's outputs,
// its combined output and whether it succeeded.
func (o *orgScan) step(job, name, dir string) (map[string]string, string, bool) {
	o.t.Helper()
	for _, st := range o.wf.Jobs[job].Steps {
		if st.Name != name {
			continue
		}
		if st.Run == "" || st.Shell != "bash" {
			o.t.Fatalf("%s/%s: not a bash step", job, name)
		}
		ghOut := filepath.Join(o.temp, "github_output")
		_ = os.WriteFile(ghOut, nil, 0o644)
		if st.WorkingDirectory != "" {
			dir = filepath.Join(dir, st.WorkingDirectory)
		}
		cmd := exec.Command("bash", "-e", "-c", st.Run) // the runner's bash -e
		cmd.Dir = dir
		cmd.Env = append(withPath(os.Environ(), o.path), "GITHUB_OUTPUT="+ghOut, "RUNNER_TEMP="+o.temp,
			"GITHUB_STEP_SUMMARY="+filepath.Join(o.temp, "summary.md"), "GH_LOG="+filepath.Join(o.temp, "gh.log"),
			"GH_PAGES="+filepath.Join(o.temp, "pages.json"))
		for k, v := range st.Env {
			cmd.Env = append(cmd.Env, k+"="+exprRe.ReplaceAllStringFunc(v, func(m string) string {
				e := exprRe.FindStringSubmatch(m)[1]
				val, ok := o.vals[e]
				if !ok {
					o.t.Fatalf("%s/%s: expression %q not set by the test", job, name, e)
				}
				return val
			}))
		}
		out, err := cmd.CombinedOutput()
		b, _ := os.ReadFile(ghOut)
		outputs := map[string]string{}
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				outputs[k] = v
			}
		}
		return outputs, string(out), err == nil
	}
	o.t.Fatalf("no step %q in job %s", name, job)
	return nil, "", false
}

func TestOrgScanListsRepositories(t *testing.T) {
	o := newOrgScan(t)
	o.vals = map[string]string{"secrets.token || github.token": "t0ken", "inputs.repositories": "acme/web, acme/api\nacme/web\n\nacme/docs",
		"inputs.organization": "", "inputs.topic": "", "inputs.offset": "0"}
	out, log, ok := o.step("list", "List the repositories to scan", o.work)
	if !ok || out["count"] != "3" || out["repositories"] != `["acme/api","acme/docs","acme/web"]` {
		t.Fatalf("explicit list: ok=%v %v\n%s", ok, out, log)
	}

	pages := `[{"full_name": "acme/one", "archived": false, "topics": ["mcp"]}, {"full_name": "acme/old", "archived": true, "topics": ["mcp"]}]
[{"full_name": "acme/two", "archived": false, "topics": ["go", "mcp"]}, {"full_name": "acme/other", "archived": false, "topics": []}, {"full_name": "acme/none", "archived": false}]`
	if err := os.WriteFile(filepath.Join(o.temp, "pages.json"), []byte(pages), 0o644); err != nil {
		t.Fatal(err)
	}
	o.vals["inputs.repositories"], o.vals["inputs.organization"], o.vals["inputs.topic"] = "", "acme", "mcp"
	out, log, ok = o.step("list", "List the repositories to scan", o.work)
	if !ok || out["repositories"] != `["acme/one","acme/two"]` {
		t.Fatalf("organisation and topic: ok=%v %v\n%s", ok, out, log)
	}
	gl, _ := os.ReadFile(filepath.Join(o.temp, "gh.log"))
	if !strings.Contains(string(gl), "api --paginate orgs/acme/repos?per_page=100&type=all") {
		t.Errorf("gh called as: %s", gl)
	}
	o.vals["inputs.topic"] = ""
	if out, _, _ := o.step("list", "List the repositories to scan", o.work); out["count"] != "4" {
		t.Errorf("no topic: %v, want the four unarchived", out)
	}

	// A slice: offset 1 of three.
	o.vals["inputs.organization"], o.vals["inputs.repositories"], o.vals["inputs.offset"] = "", "a/1 a/2 a/3", "1"
	out, log, _ = o.step("list", "List the repositories to scan", o.work)
	if out["repositories"] != `["a/2","a/3"]` {
		t.Errorf("offset 1: %v\n%s", out, log)
	}
	for _, bad := range []string{"acme/web; rm -rf /", "$(id)/x", "justaname"} {
		o.vals["inputs.repositories"], o.vals["inputs.offset"] = bad, "0"
		if _, log, ok := o.step("list", "List the repositories to scan", o.work); ok || !strings.Contains(log, "::error::not an owner/name") {
			t.Errorf("%q accepted: %s", bad, log)
		}
	}
}

// TestOrgScanScanAndMerge runs a scan job's steps for two repositories
// (the action itself replaced by the built binary where it puts it), the
// uploads against stand-ins, and the merge job over the artifacts.
func TestOrgScanScanAndMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	o := newOrgScan(t)
	bin := filepath.Join(o.temp, "mcplint-bin", "mcplint")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, stampedBinary(t), 0o755); err != nil {
		t.Fatal(err)
	}
	// Dependency-Track stand-in: records each upload.
	type upload struct {
		key, name, version, autoCreate string
		bom                            []byte
	}
	var uploads []upload
	dt := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/v1/bom" {
			http.NotFound(w, r)
			return
		}
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f, _, err := r.FormFile("bom")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b, _ := io.ReadAll(f)
		uploads = append(uploads, upload{r.Header.Get("X-Api-Key"), r.FormValue("projectName"), r.FormValue("projectVersion"), r.FormValue("autoCreate"), b})
		_, _ = w.Write([]byte(`{"token":"0f1e2d"}`))
	}))
	defer dt.Close()

	demo, _ := filepath.Abs(filepath.Join("..", "fixtures", "demo"))
	artifacts := filepath.Join(o.temp, "artifacts")
	for _, repo := range []string{"acme/web", "acme/denied"} {
		ws := filepath.Join(o.work, strings.ReplaceAll(repo, "/", "_"))
		target := filepath.Join(ws, "target")
		copyTree(t, demo, target)
		// The repository tries to hide its literal keys from the
		// organisation's report.
		if err := os.WriteFile(filepath.Join(target, ".mcplint.toml"), []byte("[rules]\n\"secrets/literal-key\" = \"off\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		git := func(args ...string) {
			cmd := exec.Command("git", append([]string{"-C", target, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
		git("init", "-q", "-b", "main")
		git("add", "-A")
		git("commit", "-qm", "fixture")
		o.vals = map[string]string{"matrix.repository": repo, "inputs.paths": ".", "github.workspace": ws,
			"secrets.token || github.token": "t0ken", "inputs.dependency-track-url": dt.URL + "/",
			"secrets.dependency-track-api-key": "dt-key-1"}
		o.vals["inputs.config"], o.vals["inputs.repository-config"] = "", "false"
		settings, log, ok := o.step("scan", "Settings", ws)
		if !ok || settings["flags"] != "--no-config" {
			t.Fatalf("settings step: %v\n%s", settings, log)
		}
		o.vals["steps.settings.outputs.flags"] = settings["flags"]
		out, log, ok := o.step("scan", "Where the results go", ws)
		if !ok || out["artifact"] != "mcplint-"+strings.ReplaceAll(repo, "/", "__") {
			t.Fatalf("%s: results step: %v\n%s", repo, out, log)
		}
		if _, log, ok := o.step("scan", "mcplint (JSON report and CycloneDX SBOM)", ws); !ok {
			t.Fatalf("%s: scan step failed:\n%s", repo, log)
		}
		report, _ := os.ReadFile(filepath.Join(ws, "out", "mcplint.json"))
		if err := schema.ValidateFindings(report); err != nil {
			t.Errorf("%s: JSON report: %v", repo, err)
		}
		if !bytes.Contains(report, []byte(`"rule": "secrets/literal-key"`)) || bytes.Contains(report, []byte(`"configuration"`)) {
			t.Errorf("%s: the repository's own .mcplint.toml silenced the organisation's report:\n%s", repo, report)
		}
		bom, _ := os.ReadFile(filepath.Join(ws, "out", "mcplint.cdx.json"))
		if err := schema.ValidateCycloneDX(bom); err != nil {
			t.Errorf("%s: SBOM: %v", repo, err)
		}
		// The SARIF the action step would write.
		sarif := filepath.Join(ws, "out", "mcplint.sarif")
		cmd := exec.Command(bin, "check", "--format", "sarif", "--fail-level", "never", "--output", sarif, ".")
		cmd.Dir = target
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("sarif: %v\n%s", err, out)
		}
		_, log, ok = o.step("scan", "Upload the SARIF to the repository's code scanning", ws)
		if repo == "acme/denied" {
			if ok || !strings.Contains(log, "::warning::acme/denied: code scanning upload not permitted") {
				t.Errorf("a refused upload should warn and fail its continue-on-error step: ok=%v\n%s", ok, log)
			}
		} else if !ok {
			t.Errorf("code scanning upload failed:\n%s", log)
		}
		if _, log, ok := o.step("scan", "Upload the SBOM to Dependency-Track", ws); !ok {
			t.Errorf("%s: Dependency-Track upload failed:\n%s", repo, log)
		}
		dst := filepath.Join(artifacts, out["artifact"])
		copyTree(t, filepath.Join(ws, "out"), dst)
	}
	for _, job := range []string{"scan"} {
		for _, st := range o.wf.Jobs[job].Steps {
			if strings.HasPrefix(st.Name, "Upload the") && !st.ContinueOnError {
				t.Errorf("%s must not fail the scan (continue-on-error)", st.Name)
			}
		}
	}
	if s := o.wf.Jobs["scan"].Strategy; s.MaxParallel != "${{ inputs.max-parallel }}" || s.FailFast == nil || *s.FailFast {
		t.Errorf("scan strategy: %+v", s)
	}

	gl, _ := os.ReadFile(filepath.Join(o.temp, "gh.log"))
	if !regexp.MustCompile(`api --method POST repos/acme/web/code-scanning/sarifs -f commit_sha=[0-9a-f]{40} -f ref=refs/heads/main -f tool_name=mcplint -F sarif=@out/sarif.b64`).Match(gl) {
		t.Errorf("code scanning upload called as:\n%s", gl)
	}
	if enc, err := os.ReadFile(filepath.Join(o.temp, "gh.log.sarif")); err != nil || len(enc) < 100 {
		t.Errorf("the uploaded SARIF was not gzip+base64: %v", err)
	} else {
		cmd := exec.Command("bash", "-c", "base64 -d | gunzip")
		cmd.Stdin = bytes.NewReader(enc)
		raw, err := cmd.Output()
		if err != nil || schema.ValidateSARIF(raw) != nil {
			t.Errorf("uploaded SARIF does not decode to a valid log: %v", err)
		}
	}
	if len(uploads) != 2 {
		t.Fatalf("%d Dependency-Track uploads, want 2", len(uploads))
	}
	for _, u := range uploads {
		if u.key != "dt-key-1" || u.autoCreate != "true" || u.version != "main" || !strings.HasPrefix(u.name, "acme/") {
			t.Errorf("upload %+v", u)
		}
		if schema.ValidateCycloneDX(u.bom) != nil {
			t.Errorf("uploaded SBOM of %s does not validate", u.name)
		}
	}

	// The merge job, over the downloaded artifacts plus a corrupted one.
	merge := filepath.Join(o.work, "merge")
	if err := os.MkdirAll(filepath.Join(merge, "reports", "mcplint-acme__broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	copyTree(t, artifacts, filepath.Join(merge, "reports"))
	if err := os.WriteFile(filepath.Join(merge, "reports", "mcplint-acme__broken", "mcplint.json"), []byte(`{"findings": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("..")
	if err := os.Symlink(root, filepath.Join(merge, ".mcplint-action")); err != nil {
		t.Fatal(err)
	}
	o.vals = map[string]string{}
	if _, log, ok := o.step("merge", "Merge", merge); !ok {
		t.Fatalf("merge step failed:\n%s", log)
	}
	summary, _ := os.ReadFile(filepath.Join(o.temp, "summary.md"))
	for _, s := range []string{"2 repositories, 2 JSON reports and 2 CycloneDX documents merged", "**1 input skipped**",
		"| acme\\_\\_web | 9 |", "reports/acme__broken/mcplint.json:1:15"} {
		if !strings.Contains(string(summary), s) {
			t.Errorf("step summary lacks %q:\n%s", s, summary)
		}
	}
	var org struct {
		Inputs struct{ Repositories, Reports, SBOMs, Skipped int } `json:"inputs"`
	}
	b, _ := os.ReadFile(filepath.Join(merge, "org-report.json"))
	if err := json.Unmarshal(b, &org); err != nil || org.Inputs.Repositories != 2 || org.Inputs.Skipped != 1 {
		t.Errorf("org-report.json: %v %+v", err, org.Inputs)
	}
}

// copyTree copies the files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The scan job's settings: the organisation's own (written to a file) or
// none; the repository's .mcplint.toml only when asked for.
func TestOrgScanSettings(t *testing.T) {
	t.Parallel()
	o := newOrgScan(t)
	for _, c := range []struct{ config, repoConfig, flags string }{
		{"", "false", "--no-config"},
		{"[rules]\n\"budget/server-count\" = \"error\"", "false", "--config " + filepath.Join(o.temp, "organisation.mcplint.toml")},
		{"[rules]\n\"budget/server-count\" = \"error\"", "true", ""},
	} {
		o.vals = map[string]string{"inputs.config": c.config, "inputs.repository-config": c.repoConfig}
		out, log, ok := o.step("scan", "Settings", o.work)
		if !ok || out["flags"] != c.flags {
			t.Errorf("config %q, repository-config %s: flags %q, want %q\n%s", c.config, c.repoConfig, out["flags"], c.flags, log)
		}
		if c.flags != "" && c.config != "" {
			b, _ := os.ReadFile(filepath.Join(o.temp, "organisation.mcplint.toml"))
			if string(b) != c.config+"\n" {
				t.Errorf("the organisation's settings file holds %q", b)
			}
		}
	}
}
