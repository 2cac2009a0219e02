//go:build linux

package probe

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// setDeathSignal kills the server when mcplint itself dies, however it
// dies (SIGKILL included), so no server outlives the probe that started
// it.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }

// descendants lists every process below pid, by the parent links in
// /proc, whatever group or session it moved to.
func descendants(pid int) []int {
	children := map[int][]int{}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pp := parentOf(p); pp > 0 {
			children[pp] = append(children[pp], p)
		}
	}
	var out []int
	queue := []int{pid}
	for len(queue) > 0 && len(out) < 4096 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			out = append(out, c)
			queue = append(queue, c)
		}
	}
	return out
}

// parentOf reads the parent pid of p from /proc/p/stat (0 when unknown).
// The command name in parentheses may hold spaces and ")", so the fields
// are read after its last ")".
func parentOf(p int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0
	}
	pp, _ := strconv.Atoi(f[1])
	return pp
}

// Reaper makes this process the subreaper of everything it starts: a
// server's child that detaches (setsid and exit of its parent) is
// re-parented here instead of to init, so ReapOrphans can end it. Only
// the command line calls it (a test binary starts other children too).
func Reaper() error {
	const prSetChildSubreaper = 36
	_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// ReapOrphans kills every child of this process and their descendants: in
// the command line after the probes, those are what servers left behind.
func ReapOrphans() int {
	n := 0
	for _, pid := range descendants(os.Getpid()) {
		if syscall.Kill(pid, syscall.SIGKILL) == nil {
			n++
		}
	}
	return n
}
