// Package cpuprofile profiles a whole run of the command when the
// environment asks for it (for BENCHMARKS.md; see bench/run.sh).
package cpuprofile

import (
	"os"
	"runtime/pprof"
)

// Start writes a CPU profile of the whole process to the file
// MCPLINT_CPUPROFILE names. It returns the function that stops it.
func Start() func() {
	path := os.Getenv("MCPLINT_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}
}
