// Package startgc keeps the collector off while the program starts: the
// schema and policy libraries allocate megabytes of garbage at init, and
// compiling the policies tens more, in a process that may live for
// 30 ms. The main package imports it, and it imports only standard
// packages that the libraries import too, so Go initialises it before
// those libraries (in import path order among the packages whose
// dependencies are ready). The main package calls Restore in its own
// init, which runs after every library's.
//
// Restore does not turn the collector on at once: it keeps it off until
// the heap has grown by Grace bytes (a memory limit), so a short run
// (one file) never collects, and a long one collects for the first time
// at that limit. That first collection ends the hold: from then on the
// collector runs with the settings asked for through SetGCPercent and
// SetMemoryLimit (or GOGC and GOMEMLIMIT). When GOGC or GOMEMLIMIT is
// set there is no hold: the user's settings apply from the start.
package startgc

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

var initial = debug.SetGCPercent(-1)

// Grace is how far the heap may grow after Restore before the collector
// first runs.
const Grace = 64 << 20

var (
	mu        sync.Mutex
	held      bool
	holdLimit int64 // the memory limit that ends the hold
	percent   int   // GOGC to apply when the hold ends
	limit     int64 // memory limit to apply when the hold ends
)

// Restore ends the pause of init: the collector stays off until the heap
// has grown by Grace bytes, then runs as asked.
func Restore() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		debug.SetGCPercent(initial)
		return
	}
	mu.Lock()
	defer mu.Unlock()
	percent = initial
	limit = debug.SetMemoryLimit(-1)
	holdLimit = inUse() + Grace
	held = true
	debug.SetMemoryLimit(min(limit, holdLimit))
	// The sentinel is unreachable at once: the first collection, when the
	// heap reaches holdLimit, runs its cleanup, which ends the hold.
	runtime.AddCleanup(new([4]*byte), func(int) { release() }, 0)
}

// Held reports whether the collector is still waiting for the heap to
// reach the hold's limit.
func Held() bool {
	mu.Lock()
	defer mu.Unlock()
	return held
}

func release() {
	mu.Lock()
	defer mu.Unlock()
	if !held {
		return
	}
	held = false
	debug.SetMemoryLimit(limit)
	debug.SetGCPercent(percent)
}

// SetGCPercent is debug.SetGCPercent, kept until the hold ends.
func SetGCPercent(p int) {
	mu.Lock()
	defer mu.Unlock()
	if held {
		percent = p
		return
	}
	debug.SetGCPercent(p)
}

// SetMemoryLimit is debug.SetMemoryLimit; during the hold the lower of
// it and the hold's limit applies.
func SetMemoryLimit(l int64) {
	mu.Lock()
	defer mu.Unlock()
	if held {
		limit = l
		debug.SetMemoryLimit(min(l, holdLimit))
		return
	}
	debug.SetMemoryLimit(l)
}

// Pause turns the collector off for a phase that makes only garbage and
// returns the function that turns it back on. During the hold it does
// nothing: the collector is off already.
func Pause() (resume func()) {
	mu.Lock()
	defer mu.Unlock()
	if held {
		return func() {}
	}
	p := debug.SetGCPercent(-1)
	return func() { SetGCPercent(p) }
}

// inUse is the memory the runtime's limit counts: everything it mapped
// less what it gave back.
func inUse() int64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
}
