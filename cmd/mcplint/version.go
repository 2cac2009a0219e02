package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// Stamped by release builds (.goreleaser.yaml):
//
//	-ldflags "-X main.version=1.2.3 -X main.commit=<sha> -X main.date=<RFC 3339>"
var (
	version = "dev"
	commit  = ""
	date    = ""
)

func runVersion(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, versionLine())
	return exitOK
}

// versionLine is what `mcplint version` prints:
// "mcplint 1.2.3 (commit 0123abc…, built 2026-11-30T12:00:00Z)".
func versionLine() string {
	line := "mcplint " + versionString()
	c, d := commit, date
	if c == "" {
		// go build in a checkout records the commit and its time.
		if bi, ok := debug.ReadBuildInfo(); ok {
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					c = s.Value
				case "vcs.time":
					if d == "" {
						d = s.Value
					}
				}
			}
		}
	}
	switch {
	case c != "" && d != "":
		line += fmt.Sprintf(" (commit %s, built %s)", c, d)
	case c != "":
		line += fmt.Sprintf(" (commit %s)", c)
	case d != "":
		line += fmt.Sprintf(" (built %s)", d)
	}
	return line
}

// versionString is the release version, or the module version when built
// with go install MODULE@VERSION, or "dev".
func versionString() string {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	return v
}
