package facts

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/mcplint/mcplint/loader"
)

// An env file that is a FIFO or a link to a device is not read: reading
// it blocked the whole check forever (or filled memory from /dev/zero).
func TestEnvFileThatIsNoRegularFileIsNotRead(t *testing.T) {
	for name, mk := range map[string]func(p string) error{
		"fifo":      func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"/dev/zero": func(p string) error { return os.Symlink("/dev/zero", p) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := mk(filepath.Join(dir, EnvFileName)); err != nil {
				t.Skipf("%s: %v", name, err)
			}
			doc := &loader.Document{AbsPath: filepath.Join(dir, ".mcp.json")}
			done := make(chan map[*loader.Document]*Environment, 1)
			go func() { done <- docEnvironments(nil, []*loader.Document{doc}) }()
			select {
			case envs := <-done:
				if envs[doc] != nil {
					t.Errorf("an environment was read from the %s", name)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("reading the env file that is a %s did not end", name)
			}
		})
	}
}
