//go:build !linux

package probe

import "syscall"

func setDeathSignal(*syscall.SysProcAttr) {}

func descendants(int) []int { return nil }

// Reaper is Linux's; elsewhere a server's detached child is not tracked.
func Reaper() error { return nil }

// ReapOrphans is Linux's; elsewhere it ends nothing.
func ReapOrphans() int { return 0 }
