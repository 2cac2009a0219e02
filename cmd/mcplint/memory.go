package main

import (
	"math"
	"os"

	"github.com/mcplint/mcplint/internal/startgc"
)

// onePartMemory lifts the soft memory limit for a check that cannot be
// split (one part, or one workspace for diffs). The limit keeps a
// monorepo within bounds by checking it in parts; one large file (a
// one-line .mcp.json of 15,000 servers) has its whole heap live at once,
// so under the limit the collector ran again and again over the same
// live heap and time grew faster than the servers. The memory such a
// check needs is bounded by --max-file-size.
func onePartMemory(onePart bool) {
	if onePart && os.Getenv("GOMEMLIMIT") == "" {
		startgc.SetMemoryLimit(math.MaxInt64)
	}
}
