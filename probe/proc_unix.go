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
}

// killGroup kills the server's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
