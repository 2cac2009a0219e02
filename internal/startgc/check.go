package startgc

import (
	"math"
	"os"
)

// softMemoryLimit keeps a monorepo check within about this much memory:
// the collector works harder as the heap nears it (it is a soft limit, so
// a check that needs more still gets it). GOMEMLIMIT overrides it.
const softMemoryLimit = 110 << 20

// checkGCPercent lets the heap grow to five times what is live before a
// collection: a check's heap is mostly short-lived, and the memory limit,
// not the ratio, is what bounds a large run. GOGC overrides it.
const checkGCPercent = 400

// ForCheck sets the collector for a check of many files: a soft memory
// limit and a high GOGC, unless GOMEMLIMIT or GOGC says otherwise.
func ForCheck() {
	if os.Getenv("GOMEMLIMIT") == "" {
		SetMemoryLimit(softMemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		SetGCPercent(checkGCPercent)
	}
}

// OnePart lifts the soft memory limit for a check that cannot be split
// (one part, or one workspace for diffs). The limit keeps a monorepo
// within bounds by checking it in parts; one large file (a one-line
// .mcp.json of 15,000 servers) has its whole heap live at once, so under
// the limit the collector ran again and again over the same live heap
// and time grew faster than the servers. The memory such a check needs
// is bounded by --max-file-size.
func OnePart(onePart bool) {
	if onePart && os.Getenv("GOMEMLIMIT") == "" {
		SetMemoryLimit(math.MaxInt64)
	}
}
