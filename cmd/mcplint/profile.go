package main

import (
	"os"
	"runtime/pprof"
)

// startProfile writes a CPU profile of the whole process to the file
// MCPLINT_CPUPROFILE names (for BENCHMARKS.md; see bench/run.sh). It
// returns the function that stops it.
func startProfile() func() {
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
