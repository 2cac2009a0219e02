//go:build !unix

package rules

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
