package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/export"
	"github.com/mcplint/mcplint/output"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

func (c *Command) export(args []string) int {
	fs := newFlagSet("export", "Write the configured server NAME (from any client's file in the PATHs) as a Paseo\n"+
		"catalogue entry, templated as Paseo's \"Copy as catalogue entry\" does, or as an\n"+
		"MCP Registry server.json. No stored value is written: every value becomes a\n"+
		"declared placeholder. Usage: mcplint export NAME [PATH...]", c.Stderr)
	var lf loadFlags
	lf.register(fs)
	format := fs.String("format", "paseo", "output `FORMAT`: paseo (a team catalogue file) or registry (server.json)")
	out := fs.String("output", "", "write to `FILE` instead of standard output")
	namespace := fs.String("namespace", "", "registry form: the reverse-DNS `NAMESPACE` the server is published under (default: from a remote's host)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if *format != "paseo" && *format != "registry" {
		fmt.Fprintf(c.Stderr, "mcplint export: --format %q: want paseo or registry\n", *format)
		return exitUsage
	}
	if len(rest) == 0 {
		fmt.Fprintln(c.Stderr, "mcplint export: name the server to export: mcplint export NAME [PATH...]")
		return exitUsage
	}
	if err := output.CheckPath(*out, c.Dir); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint export: %s\n", secret.Display(err.Error()))
		return exitUsage
	}
	name, paths := rest[0], rest[1:]
	if err := export.CheckName(name); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint export: %v\n", err)
		return exitUsage
	}
	ws, code := lf.load(c, paths, "export")
	if ws == nil {
		return code
	}
	s, err := export.Find(ws, name)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint export: %q: %v\n", name, err)
		return exitUsage
	}
	if what := export.SecretLikeName(s); what != "" {
		fmt.Fprintf(c.Stderr, "mcplint export: %s is not exported: %s looks like a secret; rename it first\n", secret.Display(strconv.Quote(name)), what)
		return exitFindings
	}
	doc, err := export.Document(s, *format, *namespace, func(doc []byte) ([]string, error) {
		return rules.CheckDocument(context.Background(), "catalog.json", doc)
	})
	if err != nil {
		return c.exportRefused(name, err)
	}
	if *out == "" {
		_, err = c.Stdout.Write(doc)
	} else {
		// Replaced whole, like every --output: a link there is replaced,
		// not written through.
		err = output.WriteFile(c.path(*out), doc)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint export: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// exportRefused says why name was not exported and gives the exit code.
func (c *Command) exportRefused(name string, err error) int {
	lines, theirs := export.Explain(name, err)
	fmt.Fprintf(c.Stderr, "mcplint export: %s\n", strings.Join(lines, "\n"))
	if theirs {
		return exitFindings
	}
	return exitInternal
}
