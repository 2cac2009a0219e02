package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/internal/completion"
)

// commandFlags reads each command's flags from its own --help, so the
// completion scripts follow the flag sets.
func commandFlags() []completion.Command {
	var out []completion.Command
	for _, cmd := range commands() {
		var help bytes.Buffer
		cmd.run(&Command{Stdout: &help, Stderr: &help}, []string{"--help"})
		out = append(out, completion.Command{Name: cmd.name, Summary: cmd.summary, Flags: completion.FlagsOf(help.String())})
	}
	return out
}

func (c *Command) completion(args []string) int {
	stdout, stderr := c.Stdout, c.Stderr
	fs := newFlagSet("completion", "Print a completion script for SHELL (bash, zsh or fish). Load it with\n  bash: source <(mcplint completion bash)\n  zsh:  source <(mcplint completion zsh)\n  fish: mcplint completion fish | source", stderr)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if len(rest) != 1 {
		fmt.Fprintf(stderr, "mcplint completion: name one shell: %s\n", strings.Join(completion.Shells, ", "))
		return exitUsage
	}
	script, err := completion.Script(rest[0], "mcplint", commandFlags())
	if err != nil {
		fmt.Fprintf(stderr, "mcplint completion: %v\n", err)
		return exitUsage
	}
	_, err = io.WriteString(stdout, script)
	if err != nil {
		return exitInternal
	}
	return exitOK
}
