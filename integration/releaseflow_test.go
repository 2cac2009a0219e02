package integration

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestReleaseWorkflowChecksTheTag runs the release workflow's tag step
// the way a tag push would, in this checkout: v0.1.0, the newest release
// of CHANGELOG.md, passes and gives its CHANGELOG section as the release
// notes; a tag the repository does not name as its newest release, or
// one that is no vX.Y.Z, stops the release before anything is built.
func TestReleaseWorkflowChecksTheTag(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", ".github", "workflows", "release.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On struct {
			Push struct {
				Tags []string `yaml:"tags"`
			} `yaml:"push"`
		} `yaml:"on"`
		Jobs map[string]struct {
			Steps []actionStep `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(raw, &wf); err != nil {
		t.Fatal(err)
	}
	if len(wf.On.Push.Tags) != 1 || wf.On.Push.Tags[0] != "v*" {
		t.Errorf("release.yml runs on tags %v, want v*", wf.On.Push.Tags)
	}
	var script string
	var gr actionStep
	steps := wf.Jobs["release"].Steps
	for i, st := range steps {
		if st.ID == "notes" {
			script = st.Run
			for _, later := range steps[i+1:] {
				if strings.HasPrefix(later.Uses, "goreleaser/goreleaser-action@") {
					gr = later
				}
			}
		}
	}
	if script == "" {
		t.Fatal("release.yml has no step with id notes")
	}
	if !strings.Contains(gr.With["args"], "--release-notes ${{ steps.notes.outputs.notes }}") {
		t.Errorf("goreleaser runs after the check without its notes: %q", gr.With["args"])
	}
	run := func(tag string) (string, string, error) {
		dir := t.TempDir()
		notes, out := filepath.Join(dir, "notes.md"), filepath.Join(dir, "output")
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "TAG="+tag, "NOTES="+notes, "GITHUB_OUTPUT="+out)
		log, err := cmd.CombinedOutput()
		b, _ := os.ReadFile(notes)
		return string(log), string(b), err
	}
	rel := "v" + newestRelease(t)
	log, notes, err := run(rel)
	if err != nil {
		t.Fatalf("%s: %v\n%s", rel, err, log)
	}
	if !strings.Contains(notes, "### Added") || strings.Contains(notes, "## [") || strings.Contains(notes, "]: https://") {
		t.Errorf("release notes of %s:\n%s", rel, notes)
	}
	for tag, want := range map[string]string{
		"v99.0.0":     "newest release is '" + newestRelease(t) + "', not 99.0.0",
		"0.1.0":       "is not vX.Y.Z",
		"v0.1.0-beta": "not 0.1.0-beta",
	} {
		if log, _, err := run(tag); err == nil || !strings.Contains(log, want) {
			t.Errorf("tag %s: err %v, log %q; want %q", tag, err, log, want)
		}
	}
}
