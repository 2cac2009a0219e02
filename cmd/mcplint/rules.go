package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

func runRules(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules", "List the rule catalog: id, default level, whether mcplint fix can fix it, title.", stderr)
	var pf policyFlags
	pf.register(fs)
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	if _, err := parseFlags(fs, args); err != nil {
		return flagError(err)
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "mcplint rules: --format %q: want text or json\n", *format)
		return exitUsage
	}
	eng, err := rules.New(context.Background(), pf.policies)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint rules: %v\n", err)
		return exitUsage
	}
	if *format == "json" {
		type jr struct {
			ID          string   `json:"id"`
			Title       string   `json:"title"`
			Level       string   `json:"level"`
			Fixable     bool     `json:"fixable"`
			Source      string   `json:"source"`
			Tags        []string `json:"tags"`
			HelpURL     string   `json:"helpUri"`
			Description string   `json:"description"`
			Custom      bool     `json:"custom"`
		}
		var out []jr
		for _, r := range eng.Rules() {
			out = append(out, jr{r.ID, r.Title, r.Level.String(), r.Fixable, r.Source, r.Tags, r.HelpURL, r.Description, r.Custom})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return exitInternal
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tLEVEL\tFIX\tTITLE")
	for _, r := range eng.Rules() {
		fix := ""
		if r.Fixable {
			fix = "fix"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", secret.Display(r.ID), r.Level, fix, secret.Display(r.Title))
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintf(stderr, "mcplint rules: %v\n", err)
		return exitInternal
	}
	fmt.Fprintf(stdout, "%d rules. mcplint explain RULE shows one with examples.\n", len(eng.Rules()))
	return exitOK
}

func runExplain(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("explain", "Print a rule's documentation with a failing and a passing example.\nUsage: mcplint explain RULE", stderr)
	var pf policyFlags
	pf.register(fs)
	ids, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if len(ids) != 1 {
		fmt.Fprintln(stderr, "mcplint explain: name one rule, e.g. mcplint explain transport/https-only (mcplint rules lists them)")
		return exitUsage
	}
	eng, err := rules.New(context.Background(), pf.policies)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint explain: %v\n", err)
		return exitUsage
	}
	r, ok := eng.Rule(ids[0])
	if !ok {
		if s := eng.Suggest(ids[0]); s != "" {
			fmt.Fprintf(stderr, "mcplint explain: unknown rule %q: did you mean %s?\n", ids[0], s)
			return exitUsage
		}
		fmt.Fprintf(stderr, "mcplint explain: unknown rule %q (mcplint rules lists them)\n", ids[0])
		return exitUsage
	}
	// A policy's id, title and description are untrusted text.
	fmt.Fprint(stdout, secret.EscapeLines(rules.Explain(r)))
	return exitOK
}
