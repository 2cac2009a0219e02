package main

import (
	"fmt"

	"github.com/mcplint/mcplint/internal/buildinfo"
)

// Stamped by release builds (.goreleaser.yaml):
//
//	-ldflags "-X main.version=1.2.3 -X main.commit=<sha> -X main.date=<RFC 3339>"
var (
	version = ""
	commit  = ""
	date    = ""
)

func (c *Command) version([]string) int {
	fmt.Fprintln(c.Stdout, stamp().Line())
	return exitOK
}

// versionString is the semantic version of this build (SARIF
// tool.driver.version, the JSON report, the SBOM, the language server).
func versionString() string { return stamp().Version }

func stamp() buildinfo.Stamp {
	return buildinfo.Read(buildinfo.Linked{Version: version, Commit: commit, Date: date})
}
