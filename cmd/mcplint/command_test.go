package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// world is what one run of a test sees: its working folder, standard
// input and environment (nil: the test process's).
type world struct {
	dir   string
	stdin string
	env   map[string]string
}

// command is a Command writing to stdout and stderr in w, with no
// terminal to ask on.
func (w world) command(stdout, stderr io.Writer) *Command {
	c := &Command{Stdin: strings.NewReader(w.stdin), Stdout: stdout, Stderr: stderr, Dir: w.dir,
		LookupEnv: os.LookupEnv, Terminal: func() bool { return false }}
	if w.env != nil {
		c.LookupEnv = func(k string) (string, bool) { v, ok := w.env[k]; return v, ok }
	}
	return c
}

// run runs mcplint as the command line does, in the test process's
// working folder and environment, with an empty standard input.
func run(args []string, stdout, stderr io.Writer) int {
	return world{}.command(stdout, stderr).Run(args)
}

// runIn runs mcplint in w.
func runIn(w world, args []string, stdout, stderr io.Writer) int {
	return w.command(stdout, stderr).Run(args)
}

// TestEachRunSeesItsOwnWorld: runs at the same time, each in its own
// working folder with its own standard input and environment, read only
// their own (no PATH means the run's folder, not the process's).
func TestEachRunSeesItsOwnWorld(t *testing.T) {
	t.Parallel()
	for i := range 4 {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			name := fmt.Sprintf("server%d", i)
			cfg := `{"mcpServers": {"` + name + `": {"type": "http", "url": "http://` + name + `.example.com/mcp"}}}`
			if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			if code := runIn(world{dir: dir}, []string{"list"}, &out, &errb); code != exitOK || !strings.Contains(out.String(), name) || !strings.Contains(out.String(), ".mcp.json") {
				t.Fatalf("list in its folder: exit %d\n%s%s", code, out.String(), errb.String())
			}
			out.Reset()
			piped := strings.ReplaceAll(cfg, name, fmt.Sprintf("piped%d", i))
			in := world{dir: dir, stdin: piped, env: map[string]string{"FORCE_COLOR": "1"}}
			runIn(in, []string{"check", "--no-config", "--stdin-filename", ".cursor/mcp.json", "-"}, &out, &errb)
			if got := out.String(); !strings.Contains(got, ".cursor/mcp.json") || !strings.Contains(got, fmt.Sprintf("piped%d", i)) || strings.Contains(got, name) || !strings.Contains(got, "\x1b[") {
				t.Errorf("check of standard input with FORCE_COLOR=1 in the run's environment:\n%q", got)
			}
		})
	}
}
