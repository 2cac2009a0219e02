//go:build !windows

package probe

import (
	"os/exec"
	"syscall"
)

// setGroup puts the server in a process group of its own, so that stop
// reaches every child it started (npx starts node, node may start more).
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(cmd.SysProcAttr)
}

// killGroup kills the server's process group, and every descendant that
// left it (setsid, setpgid) found before the group was killed.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	escaped := descendants(cmd.Process.Pid)
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
	for _, pid := range escaped {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}
