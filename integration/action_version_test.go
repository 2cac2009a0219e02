package integration

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// actionAt gives an action run whose checkout (github.action_path) holds
// a CHANGELOG.md with the given text, as a commit the action is pinned at.
func actionAt(t *testing.T, work, changelog string) *actionRun {
	t.Helper()
	r := newActionRun(t, project(t, work), work)
	dir := filepath.Join(work, "action")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "CHANGELOG.md"), []byte(changelog), 0o644); err != nil {
		t.Fatal(err)
	}
	r.github["action_path"] = dir
	return r
}

const pinnedSHA = "0123456789abcdef0123456789abcdef01234567"

// TestActionPinnedBySHAInstallsARelease: an action pinned by commit SHA
// installs a release binary, never a silent source build: by default the
// newest release named by the CHANGELOG.md of that commit, else the
// version input (X.Y.Z, vX.Y.Z or latest, whatever the ref); a commit that
// names no release fails and asks for the input.
func TestActionPinnedBySHAInstallsARelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	assets, _ := release(t, false)
	srv := newReleaseServer(t, assets)
	base := srv.URL + "/mcplint/mcplint/releases/download"
	changelog := "# Changelog\n\n## [Unreleased]\n\n## [9.9.9] - 2026-11-30\n\n### Added\n\n- x\n\n## [9.9.8] - 2026-11-01\n"
	for _, tc := range []struct {
		name, ref, version, changelog, why string
	}{
		{"sha, default", pinnedSHA, "", changelog, "the newest release in the CHANGELOG.md of the action at " + pinnedSHA},
		{"branch, default", "main", "", changelog, "the newest release in the CHANGELOG.md"},
		{"sha, version input", pinnedSHA, "v9.9.9", "# Changelog\n", "version: v9.9.9"},
		{"other tag, version input", "v1.0.0", "9.9.9", changelog, "version: 9.9.9"},
		{"sha, latest", pinnedSHA, "latest", "# Changelog\n", "latest (" + srv.URL + "/mcplint/mcplint/releases/latest leads to v9.9.9)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			r := actionAt(t, work, tc.changelog)
			r.github["action_ref"] = tc.ref
			r.inputs["version"] = tc.version
			r.inputs["release-url"] = base
			r.env = withPath(r.env, noGoPath(t, work))
			failed, code := r.run()
			if failed != "Fail on findings" || code != 1 {
				t.Fatalf("step %q exit %d\n%s", failed, code, r.log.String())
			}
			if r.outputs["resolve"]["mode"] != "release" || r.outputs["resolve"]["version"] != "9.9.9" {
				t.Fatalf("resolve: %v\n%s", r.outputs["resolve"], r.log.String())
			}
			if !strings.Contains(r.log.String(), "mcplint: release v9.9.9 ("+runtime_()+"), from "+tc.why) {
				t.Errorf("the log does not say which release and why:\n%s", r.log.String())
			}
			if _, ok := r.uses["Set up Go for a source build"]; ok {
				t.Error("a source build was set up")
			}
			up := r.uses["Upload SARIF to code scanning"]
			if v := readSARIF(t, filepath.Join(r.workspace, up.With["sarif_file"])).Runs[0].Tool.Driver.Version; v != "9.9.9" {
				t.Errorf("SARIF written by %q", v)
			}
		})
	}
	t.Run("sha, no release named", func(t *testing.T) {
		t.Parallel()
		work := t.TempDir()
		r := actionAt(t, work, "# Changelog\n\n## [Unreleased]\n")
		r.github["action_ref"] = pinnedSHA
		r.inputs["release-url"] = base
		failed, _ := r.run()
		if failed != "Choose the mcplint to run" || !strings.Contains(r.log.String(), "set the input version") {
			t.Fatalf("step %q\n%s", failed, r.log.String())
		}
		if _, ok := r.uses["Set up Go for a source build"]; ok {
			t.Error("fell back to a source build")
		}
	})
	t.Run("not a version", func(t *testing.T) {
		t.Parallel()
		work := t.TempDir()
		r := actionAt(t, work, changelog)
		r.inputs["version"] = "main"
		failed, _ := r.run()
		if failed != "Choose the mcplint to run" || !strings.Contains(r.log.String(), "version 'main' (version: main) is not a release") {
			t.Fatalf("step %q\n%s", failed, r.log.String())
		}
	})
}

func runtime_() string {
	return strings.ToLower(map[string]string{"Linux": "linux", "macOS": "darwin", "Windows": "windows"}[runnerOS()]) + "/" +
		map[string]string{"X64": "amd64", "ARM64": "arm64"}[runnerArch()]
}

// TestActionArgsExpandTheHome: args: --home ~ (the documented form) reads
// the user-level files of the runner's home, as a shell would expand it;
// --home=~/x and a path ~/… too.
func TestActionArgsExpandTheHome(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	assets, _ := release(t, false)
	srv := newReleaseServer(t, assets)
	for _, args := range []string{"--home ~", "--home=~"} {
		t.Run(args, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			home := filepath.Join(work, "home")
			if err := os.MkdirAll(filepath.Join(home, ".cursor"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(home, ".cursor", "mcp.json"), []byte(`{"mcpServers": {"u": {"url": "http://user.example.com/mcp"}}}`), 0o644); err != nil {
				t.Fatal(err)
			}
			r := newActionRun(t, project(t, work), work)
			r.inputs["version"] = "9.9.9"
			r.inputs["release-url"] = srv.URL + "/mcplint/mcplint/releases/download"
			r.inputs["args"] = args
			r.env = append(withPath(r.env, noGoPath(t, work)), "HOME="+home)
			failed, code := r.run()
			if failed != "Fail on findings" || code != 1 || r.outputs["check"]["exit-code"] != "1" {
				t.Fatalf("step %q exit %d (exit-code %s)\n%s", failed, code, r.outputs["check"]["exit-code"], r.log.String())
			}
			s := readSARIF(t, filepath.Join(r.workspace, r.outputs["check"]["sarif-file"]))
			found := false
			for _, res := range s.Runs[0].Results {
				found = found || strings.HasSuffix(res.Locations[0].PhysicalLocation.ArtifactLocation.URI, ".cursor/mcp.json")
			}
			if !found {
				t.Errorf("no finding in ~/.cursor/mcp.json: %+v", s.Runs[0].Results)
			}
		})
	}
}

// TestActionRunsMcplintOnce: the action's run step calls mcplint once and
// that call writes the SARIF file and the summary (annotations are added
// by flag), where it used to run up to three times.
func TestActionRunsMcplintOnce(t *testing.T) {
	act := readAction(t)
	calls := regexp.MustCompile(`"\$mcplint"\s+check\b`)
	for _, st := range act.Runs.Steps {
		if st.ID != "check" {
			continue
		}
		n := len(calls.FindAllString(st.Run, -1))
		if n != 1 {
			t.Errorf("the run step calls mcplint check %d times, want once", n)
		}
		for _, want := range []string{"--format sarif --output \"$sarif\" --summary \"$summary\"", "args+=(--annotations)", `>> "$GITHUB_STEP_SUMMARY"`} {
			if !strings.Contains(st.Run, want) {
				t.Errorf("the run step lacks %q", want)
			}
		}
		return
	}
	t.Fatal("no step with id check")
}
