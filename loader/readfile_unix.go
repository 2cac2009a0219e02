//go:build unix

package loader

import "syscall"

// nonBlock opens a FIFO without waiting for a writer, so it can be
// refused.
const nonBlock = syscall.O_NONBLOCK
