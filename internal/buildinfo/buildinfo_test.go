package buildinfo

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionOfEveryKindOfBuild: a release, go install MODULE@vX.Y.Z, a
// checkout with and without VCS stamping and a binary with no build info
// each report a semantic version (SARIF's tool.driver.version) and what
// they know of their origin; none says a bare "dev".
func TestVersionOfEveryKindOfBuild(t *testing.T) {
	t.Parallel()
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: "2026-12-05T08:00:00Z"}}
	dirty := append(append([]debug.BuildSetting{}, vcs...), debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	for _, tc := range []struct {
		name              string
		bi                *debug.BuildInfo
		ld                Linked
		wantVer, wantLine string
	}{
		{"release", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, Linked{"9.9.9", rev, "2026-11-30T12:00:00Z"},
			"9.9.9", "mcplint 9.9.9 (commit " + rev + ", built 2026-11-30T12:00:00Z)"},
		{"go install @v0.1.0", &debug.BuildInfo{Main: debug.Module{Path: "github.com/mcplint/mcplint", Version: "v0.1.0", Sum: "h1:abc="}}, Linked{},
			"0.1.0", "mcplint 0.1.0 (module h1:abc=)"},
		{"checkout, go 1.24+ pseudo-version", &debug.BuildInfo{Main: debug.Module{Version: "v0.1.1-0.20261205080000-0123456789ab+dirty"}, Settings: dirty}, Linked{},
			"0.1.1-0.20261205080000-0123456789ab+dirty", "mcplint 0.1.1-0.20261205080000-0123456789ab+dirty (commit " + rev + ", modified, built 2026-12-05T08:00:00Z)"},
		{"checkout, VCS info but no module version", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, Linked{},
			"0.1.1-dev+0123456789ab", "mcplint 0.1.1-dev+0123456789ab (commit " + rev + ", built 2026-12-05T08:00:00Z)"},
		{"checkout, -buildvcs=false", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, Linked{},
			"0.1.1-dev", "mcplint 0.1.1-dev (no VCS information: built with -buildvcs=false or outside a git checkout)"},
		{"no build info", nil, Linked{}, "0.1.1-dev", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := Of(tc.ld, tc.bi, tc.bi != nil)
			if s.Version != tc.wantVer {
				t.Errorf("version %q, want %q", s.Version, tc.wantVer)
			}
			if !SemverRe.MatchString(s.Version) {
				t.Errorf("version %q is not semver (SARIF tool.driver.version)", s.Version)
			}
			line := s.Line()
			if tc.wantLine != "" && line != tc.wantLine {
				t.Errorf("version line\n got %q\nwant %q", line, tc.wantLine)
			}
			if strings.Contains(line, " dev ") || strings.HasSuffix(line, " dev") {
				t.Errorf("bare dev: %q", line)
			}
		})
	}
}

// TestLastReleaseIsTheChangelogs: the version a build without better
// information is based on is the newest release of CHANGELOG.md.
func TestLastReleaseIsTheChangelogs(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^## \[(\d+\.\d+\.\d+[^\]]*)\]`).FindSubmatch(b)
	if m == nil || string(m[1]) != LastRelease {
		t.Errorf("CHANGELOG.md's newest release %q, buildinfo's LastRelease %q", m, LastRelease)
	}
}
