// Package startgc turns the collector off while the program's packages
// initialise: the schema and policy libraries allocate megabytes of
// garbage at init in a process that may live for 30 ms. It imports
// nothing but runtime/debug, and the main package imports it, so Go
// initialises it before those libraries (in import path order among the
// packages whose dependencies are ready). The main package calls Restore
// in its own init, which runs after every library's.
package startgc

import "runtime/debug"

var initial = debug.SetGCPercent(-1)

// Restore turns the collector back on with the setting it had (GOGC).
func Restore() { debug.SetGCPercent(initial) }
