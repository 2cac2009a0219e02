// Package buildinfo works out what a binary knows of its origin: the
// version a release stamped into it, the module version and VCS settings
// Go recorded, or a development pre-release of the last release.
package buildinfo

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"
)

// LastRelease is the newest release named in CHANGELOG.md (a test keeps
// them in step). A build that knows no better version, one from a
// checkout built without VCS stamping (-buildvcs=false, a tarball), calls
// itself the next patch's development pre-release of it, as Go's
// pseudo-versions do.
const LastRelease = "0.1.0"

// Linked is what a release build stamps with -ldflags -X (.goreleaser.yaml).
type Linked struct {
	Version string
	Commit  string
	Date    string // RFC 3339
}

// Stamp is what one binary knows of its origin.
type Stamp struct {
	Version  string // semver, without "v"
	Revision string // VCS commit
	Time     string // commit time (or the release's date)
	Modified bool   // built from a checkout with uncommitted changes
	Sum      string // the module's go.sum hash (go install MODULE@VERSION)
}

// SemverRe is Semantic Versioning 2.0.0's grammar (without the "v").
var SemverRe = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

// Read is the stamp of the running binary.
func Read(ld Linked) Stamp {
	bi, ok := debug.ReadBuildInfo()
	return Of(ld, bi, ok)
}

// Of works out the version from, in order: the release's -X stamp, the
// module version Go recorded (go install MODULE@vX.Y.Z gives vX.Y.Z; go
// build in a checkout gives a pseudo-version such as
// v0.1.1-0.20261205120000-0123456789ab+dirty), else the development
// pre-release after LastRelease, with the commit when VCS stamping
// recorded one.
func Of(ld Linked, bi *debug.BuildInfo, ok bool) Stamp {
	var s Stamp
	if ok && bi != nil {
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				s.Revision = kv.Value
			case "vcs.time":
				s.Time = kv.Value
			case "vcs.modified":
				s.Modified = kv.Value == "true"
			}
		}
		if v := strings.TrimPrefix(bi.Main.Version, "v"); v != bi.Main.Version && SemverRe.MatchString(v) {
			s.Version = v
			s.Sum = bi.Main.Sum
		}
	}
	if ld.Commit != "" {
		s.Revision = ld.Commit
	}
	if ld.Date != "" {
		s.Time = ld.Date
	}
	if v := strings.TrimPrefix(ld.Version, "v"); SemverRe.MatchString(v) {
		s.Version = v
	}
	if s.Version == "" {
		s.Version = nextPatch(LastRelease) + "-dev"
		if s.Revision != "" {
			s.Version += "+" + shortRev(s.Revision)
			if s.Modified {
				s.Version += ".dirty"
			}
		}
	}
	return s
}

func nextPatch(v string) string {
	m := SemverRe.FindStringSubmatch(v)
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

// Line is what `mcplint version` prints:
// "mcplint 1.2.3 (commit 0123abc…, built 2026-11-30T12:00:00Z)", with
// "modified" for a checkout with uncommitted changes, the module hash for
// go install MODULE@VERSION, and "no VCS information" when the build
// recorded none.
func (s Stamp) Line() string {
	var parts []string
	if s.Revision != "" {
		c := "commit " + s.Revision
		if s.Modified {
			c += ", modified"
		}
		parts = append(parts, c)
	}
	if s.Time != "" {
		parts = append(parts, "built "+s.Time)
	}
	if s.Sum != "" {
		parts = append(parts, "module "+s.Sum)
	}
	if len(parts) == 0 {
		parts = append(parts, "no VCS information: built with -buildvcs=false or outside a git checkout")
	}
	return "mcplint " + s.Version + " (" + strings.Join(parts, ", ") + ")"
}
