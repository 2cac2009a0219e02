// Command mcplint lints MCP server configuration: every config tier of
// every MCP client, and MCP Registry and catalogue documents.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"golang.org/x/term"

	"github.com/mcplint/mcplint/internal/cpuprofile"
	"github.com/mcplint/mcplint/internal/editdist"
	"github.com/mcplint/mcplint/internal/flagparse"
	"github.com/mcplint/mcplint/internal/startgc"
	"github.com/mcplint/mcplint/output"
	"github.com/mcplint/mcplint/secret"
)

// Exit codes.
const (
	exitOK       = 0 // nothing at or above the fail level
	exitFindings = 1 // findings at or above the fail level
	exitUsage    = 2 // bad flags, paths or config
	exitInternal = 3 // a bug in mcplint
)

// The collector was off while the libraries initialised (startgc); it
// stays off until the heap has grown by startgc.Grace, so a short run
// never collects.
func init() { startgc.Restore() }

func main() {
	c := &Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, LookupEnv: os.LookupEnv,
		// Standard input is a terminal only when it answers a terminal's
		// ioctl: /dev/null is a character device too, and is no one to ask.
		Terminal: func() bool { return term.IsTerminal(int(os.Stdin.Fd())) }, Process: true}
	stop := cpuprofile.Start()
	code := c.Run(os.Args[1:])
	stop()
	os.Exit(code)
}

// Command is one run of mcplint and the world it sees: its standard
// streams, working folder and environment. main gives it the process's;
// a test gives each run its own, so runs do not share state.
type Command struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Dir is the working folder relative paths are in ("": the
	// process's own).
	Dir string
	// LookupEnv reads the environment (os.LookupEnv).
	LookupEnv func(string) (string, bool)
	// Terminal says whether Stdin is a terminal to ask probe's consent on.
	Terminal func() bool
	// Process says the run owns the process (the command line, not a
	// test): it tunes the collector for a check, and probe becomes the
	// subreaper of what its servers leave behind.
	Process bool
}

// wd is the working folder; path and paths put what the user named in it.
func (c *Command) wd() string                 { return output.WorkDir(c.Dir) }
func (c *Command) path(p string) string       { return output.In(c.Dir, p) }
func (c *Command) paths(ps []string) []string { return output.InAll(c.Dir, ps) }

type command struct {
	name    string
	summary string
	run     func(c *Command, args []string) int
}

func commands() []command {
	return []command{
		{"check", "lint configs and print findings (the default command)", (*Command).check},
		{"list", "show every server definition with its client, tier and state", (*Command).list},
		{"rules", "list the rule catalog", (*Command).rules},
		{"explain", "print a rule's documentation with examples", (*Command).explain},
		{"export", "write a configured server as a Paseo catalogue entry or a server.json", (*Command).export},
		{"merge", "combine many repositories' JSON reports and SBOMs into one organisation report", (*Command).merge},
		{"fix", "apply safe fixes in place (--diff to only show them)", (*Command).fix},
		{"probe", "start or connect to the effective servers and record their tools, with pins", (*Command).probe},
		{"baseline", "record current findings so check reports only new ones", (*Command).baseline},
		{"lsp", "run the language server over stdio", (*Command).lsp},
		{"version", "print the version", (*Command).version},
		{"completion", "print a shell completion script (bash, zsh or fish)", (*Command).completion},
	}
}

const usageHead = `mcplint lints MCP server configuration: every config tier of every MCP
client (Claude Code, Cursor, VS Code, Codex, OpenCode, Gemini CLI, Windsurf,
Zed, Cline, Roo, Continue, Goose, Kimi, Grok, Amazon Q, Kiro, Junie,
LM Studio, super-pi, oceancode) and MCP Registry and Paseo catalogue
documents. Only mcplint probe starts or connects to a server; every other
command reads files only and never uses the network.

Usage:
  mcplint [command] [flags] [PATH...]

PATH is a file or a folder (default "."). Folders are searched for every
project-level config file by name and place; --home DIR adds the user-level
files under DIR.

Commands:
`

func usage(w io.Writer) {
	fmt.Fprint(w, usageHead)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run 'mcplint COMMAND --help' for the flags of a command.

Exit codes: 0 nothing at or above the fail level, 1 findings,
2 bad flags, paths or config, 3 internal error.
`)
}

// Run is main without the process: it returns the exit code. A panic
// anywhere below is reported as an internal error, never a crash dump.
func (c *Command) Run(args []string) (code int) {
	// Standard error quotes file names and errors about scanned files:
	// every line is masked and its control characters escaped, and no line
	// starts a GitHub workflow command.
	ew := secret.NewWriter(c.Stderr)
	defer func() { _ = ew.Flush() }() // standard error has nowhere else to report to
	run := *c
	run.Stderr = ew
	return run.dispatch(args)
}

func (c *Command) dispatch(args []string) (code int) {
	stdout, stderr := c.Stdout, c.Stderr
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "mcplint: internal error: %v\nPlease report this with the command you ran.\n%s", r, debug.Stack())
			code = exitInternal
		}
	}()
	if len(args) == 0 {
		return c.check(nil)
	}
	switch args[0] {
	case "-h", "--help", "help":
		usage(stdout)
		return exitOK
	case "-v", "--version":
		return c.version(nil)
	}
	for _, cmd := range commands() {
		if cmd.name == args[0] {
			return cmd.run(c, args[1:])
		}
	}
	// A flag or a file or folder that exists: a check of PATHs.
	if _, err := os.Stat(c.path(args[0])); strings.HasPrefix(args[0], "-") || err == nil {
		return c.check(args)
	}
	var names []string
	for _, cmd := range commands() {
		names = append(names, cmd.name)
	}
	if s := editdist.Nearest(args[0], names); s != "" {
		fmt.Fprintf(stderr, "mcplint: unknown command %q: did you mean %s?\nRun 'mcplint --help' for the commands.\n", args[0], s)
		return exitUsage
	}
	fmt.Fprintf(stderr, "mcplint: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

// parseFlags parses flags that may come before, between or after the
// paths, and returns the paths.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	return flagparse.Parse("mcplint", fs, args)
}

func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	return flagparse.NewSet("mcplint", name, "[PATH...]", synopsis, stderr)
}

// flagError turns a flag parsing error into an exit code: --help is not
// an error.
func flagError(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}
