package main

import (
	"io"
	"os"
	"strings"
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
