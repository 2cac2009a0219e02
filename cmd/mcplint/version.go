package main

import (
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"strings"
)

// Stamped by release builds (.goreleaser.yaml):
//
//	-ldflags "-X main.version=1.2.3 -X main.commit=<sha> -X main.date=<RFC 3339>"
var (
	version = ""
	commit  = ""
	date    = ""
)

// lastRelease is the newest release named in CHANGELOG.md (a test keeps
// them in step). A build that knows no better version, one from a
// checkout built without VCS stamping (-buildvcs=false, a tarball), calls
// itself the next patch's development pre-release of it, as Go's
// pseudo-versions do.
const lastRelease = "0.1.0"

func runVersion(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, versionLine())
	return exitOK
}

// buildInfo is what debug.ReadBuildInfo gives (a variable for tests).
var buildInfo = debug.ReadBuildInfo

// buildStamp is what one binary knows of its origin.
type buildStamp struct {
	version  string // semver, without "v"
	revision string // VCS commit
	time     string // commit time (or the release's date)
	modified bool   // built from a checkout with uncommitted changes
	sum      string // the module's go.sum hash (go install MODULE@VERSION)
}

// semverRe is Semantic Versioning 2.0.0's grammar (without the "v").
var semverRe = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

// stamp works out the version from, in order: the release's -X stamp,
// the module version Go recorded (go install MODULE@vX.Y.Z gives vX.Y.Z;
// go build in a checkout gives a pseudo-version such as
// v0.1.1-0.20261205120000-0123456789ab+dirty), else the development
// pre-release after lastRelease, with the commit when VCS stamping
// recorded one.
func stamp() buildStamp {
	var s buildStamp
	bi, ok := buildInfo()
	if ok && bi != nil {
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				s.revision = kv.Value
			case "vcs.time":
				s.time = kv.Value
			case "vcs.modified":
				s.modified = kv.Value == "true"
			}
		}
		if v := strings.TrimPrefix(bi.Main.Version, "v"); v != bi.Main.Version && semverRe.MatchString(v) {
			s.version = v
			s.sum = bi.Main.Sum
		}
	}
	if commit != "" {
		s.revision = commit
	}
	if date != "" {
		s.time = date
	}
	if v := strings.TrimPrefix(version, "v"); semverRe.MatchString(v) {
		s.version = v
	}
	if s.version == "" {
		s.version = nextPatch(lastRelease) + "-dev"
		if s.revision != "" {
			s.version += "+" + shortRev(s.revision)
			if s.modified {
				s.version += ".dirty"
			}
		}
	}
	return s
}

func nextPatch(v string) string {
	m := semverRe.FindStringSubmatch(v)
	if m == nil {
		return v
	}
	n := 0
	for _, r := range m[3] {
		n = n*10 + int(r-'0')
	}
	return fmt.Sprintf("%s.%s.%d", m[1], m[2], n+1)
}

func shortRev(r string) string {
	if len(r) > 12 {
		return r[:12]
	}
	return r
}

// versionLine is what `mcplint version` prints:
// "mcplint 1.2.3 (commit 0123abc…, built 2026-11-30T12:00:00Z)", with
// "modified" for a checkout with uncommitted changes, the module hash for
// go install MODULE@VERSION, and "no VCS information" when the build
// recorded none.
func versionLine() string {
	s := stamp()
	var parts []string
	if s.revision != "" {
		c := "commit " + s.revision
		if s.modified {
			c += ", modified"
		}
		parts = append(parts, c)
	}
	if s.time != "" {
		parts = append(parts, "built "+s.time)
	}
	if s.sum != "" {
		parts = append(parts, "module "+s.sum)
	}
	if len(parts) == 0 {
		parts = append(parts, "no VCS information: built with -buildvcs=false or outside a git checkout")
	}
	return "mcplint " + s.version + " (" + strings.Join(parts, ", ") + ")"
}

// versionString is the semantic version of this build (SARIF
// tool.driver.version, the JSON report, the SBOM, the language server).
func versionString() string {
	return stamp().version
}
