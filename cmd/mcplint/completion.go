package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/mcplint/mcplint/internal/completion"
)

// flagLine is a flag in a command's --help (the flag package's
// PrintDefaults): "  -name value" then its usage on the next line, or
// "  -name\tusage" for a short one.
var flagLine = regexp.MustCompile(`^  -([A-Za-z0-9][A-Za-z0-9-]*)(?:[ \t](.*))?$`)

// commandFlags reads each command's flags from its own --help, so the
// completion scripts follow the flag sets.
func commandFlags() []completion.Command {
	var out []completion.Command
	for _, c := range commands() {
		cc := completion.Command{Name: c.name, Summary: c.summary}
		var help bytes.Buffer
		c.run([]string{"--help"}, &help, &help)
		lines := strings.Split(help.String(), "\n")
		for i, l := range lines {
			m := flagLine.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			usage := ""
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "    \t") {
				usage = strings.TrimSpace(lines[i+1])
			} else if _, after, ok := strings.Cut(m[2], "\t"); ok {
				usage = strings.TrimSpace(after)
			}
			cc.Flags = append(cc.Flags, completion.Flag{Name: m[1], Usage: usage})
		}
		out = append(out, cc)
	}
	return out
}

func runCompletion(args []string, stdout, stderr io.Writer) int {
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
