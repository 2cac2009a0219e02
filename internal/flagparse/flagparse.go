// Package flagparse parses a command's flags as mcplint's users expect:
// flags before, between or after the paths, a mistyped flag answered by
// the flag meant, and the usage printed once for --help.
package flagparse

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/internal/editdist"
)

// NewSet is the flag set of the command `prog name`, its usage the
// operands it takes ("[PATH...]", or none), the synopsis and the flags,
// written to stderr.
func NewSet(prog, name, operands, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if operands != "" {
		operands = " " + operands
	}
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: %s %s [flags]%s\n\n%s\n\nFlags:\n", prog, name, operands, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// Parse parses flags that may come before, between or after the paths
// (`mcplint check dir --format json`) and returns the paths; "--" ends
// the flags. An error is flag.ErrHelp for --help (the usage printed), or
// a mistake (said on the set's output, with the flag meant).
func Parse(prog string, fs *flag.FlagSet, args []string) ([]string, error) {
	var paths []string
	for {
		if err := parseOnce(prog, fs, args); err != nil {
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

// parseOnce is fs.Parse, with an unknown flag answered by the flag meant
// ("unknown flag --formt: did you mean --format?") instead of the whole
// flag list.
func parseOnce(prog string, fs *flag.FlagSet, args []string) error {
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
	fmt.Fprintf(out, "%s %s: %s\nRun '%s %s --help' for its flags.\n", prog, fs.Name(), msg, prog, fs.Name())
	return err
}

// List is a repeatable flag's values.
type List []string

func (l *List) String() string     { return strings.Join(*l, ",") }
func (l *List) Set(v string) error { *l = append(*l, v); return nil }

// Words is a comma-separated, repeatable flag: each value's words are
// appended to To, and Given (when not nil) says the flag was given.
type Words struct {
	To    *[]string
	Given *bool
}

func (l Words) String() string {
	if l.To == nil {
		return ""
	}
	return strings.Join(*l.To, ",")
}

// Set adds the words of v.
func (l Words) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l.To = append(*l.To, s)
		}
	}
	if l.Given != nil {
		*l.Given = true
	}
	return nil
}
