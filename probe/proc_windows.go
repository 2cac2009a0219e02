//go:build windows

package probe

import (
	"os/exec"
	"syscall"
)

// setGroup starts the server in a new process group (Windows has no
// signal to a group; stop kills the process itself).
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
