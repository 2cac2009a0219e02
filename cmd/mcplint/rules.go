package main

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

func (c *Command) rules(args []string) int {
	fs := newFlagSet("rules", "List the rule catalog: id, default level, whether mcplint fix can fix it, title.", c.Stderr)
	var pf policyFlags
	pf.register(fs)
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	_, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(c.Stderr, "mcplint rules: --format %q: want text or json\n", *format)
		return exitUsage
	}
	eng, err := rules.New(context.Background(), c.paths(pf.Policies))
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint rules: %v\n", err)
		return exitUsage
	}
	if *format == "json" {
		err = rules.WriteCatalogJSON(c.Stdout, eng.Rules())
	} else {
		err = rules.WriteCatalogText(c.Stdout, eng.Rules())
	}
	if err != nil {
		if *format == "text" {
			fmt.Fprintf(c.Stderr, "mcplint rules: %v\n", err)
		}
		return exitInternal
	}
	return exitOK
}

func (c *Command) explain(args []string) int {
	fs := newFlagSet("explain", "Print a rule's documentation with a failing and a passing example.\nUsage: mcplint explain RULE", c.Stderr)
	var pf policyFlags
	pf.register(fs)
	ids, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if len(ids) != 1 {
		fmt.Fprintln(c.Stderr, "mcplint explain: name one rule, e.g. mcplint explain transport/https-only (mcplint rules lists them)")
		return exitUsage
	}
	eng, err := rules.New(context.Background(), c.paths(pf.Policies))
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint explain: %v\n", err)
		return exitUsage
	}
	doc, err := eng.ExplainID(ids[0])
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint explain: %v\n", err)
		return exitUsage
	}
	// A policy's id, title and description are untrusted text.
	fmt.Fprint(c.Stdout, secret.EscapeLines(doc))
	return exitOK
}
