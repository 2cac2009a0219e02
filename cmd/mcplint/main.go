// Command mcplint lints MCP server configuration: every config tier of
// every MCP client, and MCP Registry and catalogue documents.
package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/mcplint/mcplint/internal/editdist"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/mcplint/mcplint/internal/startgc"
	"github.com/mcplint/mcplint/probe"
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
	if len(os.Args) > 1 && os.Args[1] == "probe" {
		// What a server leaves behind (a child that detached with setsid)
		// is re-parented here and ended when probe ends.
		reapOrphans = probe.Reaper() == nil
	}
	stop := startProfile()
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"check", "lint configs and print findings (the default command)", runCheck},
		{"list", "show every server definition with its client, tier and state", runList},
		{"rules", "list the rule catalog", runRules},
		{"explain", "print a rule's documentation with examples", runExplain},
		{"export", "write a configured server as a Paseo catalogue entry or a server.json", runExport},
		{"merge", "combine many repositories' JSON reports and SBOMs into one organisation report", runMerge},
		{"fix", "apply safe fixes in place (--diff to only show them)", runFix},
		{"probe", "start or connect to the effective servers and record their tools, with pins", runProbe},
		{"baseline", "record current findings so check reports only new ones", runBaseline},
		{"lsp", "run the language server over stdio", runLSP},
		{"version", "print the version", runVersion},
		{"completion", "print a shell completion script (bash, zsh or fish)", runCompletion},
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

// run is main without the process: it returns the exit code. A panic
// anywhere below is reported as an internal error, never a crash dump.
func run(args []string, stdout, stderr io.Writer) (code int) {
	// Standard error quotes file names and errors about scanned files:
	// every line is masked and its control characters escaped, and no line
	// starts a GitHub workflow command.
	ew := secret.NewWriter(stderr)
	defer func() { _ = ew.Flush() }() // standard error has nowhere else to report to
	stderr = ew
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "mcplint: internal error: %v\nPlease report this with the command you ran.\n%s", r, debug.Stack())
			code = exitInternal
		}
	}()
	if len(args) == 0 {
		return runCheck(nil, stdout, stderr)
	}
	switch args[0] {
	case "-h", "--help", "help":
		usage(stdout)
		return exitOK
	case "-v", "--version":
		return runVersion(nil, stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	if strings.HasPrefix(args[0], "-") || looksLikePath(args[0]) {
		return runCheck(args, stdout, stderr)
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	if s := editdist.Nearest(args[0], names); s != "" {
		fmt.Fprintf(stderr, "mcplint: unknown command %q: did you mean %s?\nRun 'mcplint --help' for the commands.\n", args[0], s)
		return exitUsage
	}
	fmt.Fprintf(stderr, "mcplint: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func looksLikePath(s string) bool {
	_, err := os.Stat(s)
	return err == nil
}

// parseOnce is fs.Parse, with an unknown flag answered by the flag meant
// ("unknown flag --formt: did you mean --format?") instead of the whole
// flag list.
func parseOnce(fs *flag.FlagSet, args []string) error {
	// The flag package prints its error and the usage itself; both are
	// held back here (a command's own Usage may write elsewhere), so the
	// usage is printed once for --help and never for a mistake.
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	if err == nil {
		return nil
	}
	if errors.Is(err, flag.ErrHelp) {
		usage()
		return err
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		name = strings.TrimLeft(name, "-")
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		msg = "unknown flag --" + name
		if s := editdist.Nearest(name, names); s != "" {
			msg += ": did you mean --" + s + "?"
		}
	}
	fmt.Fprintf(out, "mcplint %s: %s\nRun 'mcplint %s --help' for its flags.\n", fs.Name(), msg, fs.Name())
	return err
}

// parseFlags parses flags that may come before, between or after the
// paths (`mcplint check dir --format json` works as users expect).
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var paths []string
	for {
		if err := parseOnce(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return paths, nil
		}
		if rest[0] == "--" {
			return append(paths, rest[1:]...), nil
		}
		paths = append(paths, rest[0])
		args = rest[1:]
	}
}

func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: mcplint %s [flags] [PATH...]\n\n%s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// flagError turns a flag parsing error into an exit code: --help is not
// an error.
func flagError(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}
