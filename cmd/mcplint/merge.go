package main

import (
	"fmt"

	"github.com/mcplint/mcplint/merge"
	"github.com/mcplint/mcplint/output"
	"github.com/mcplint/mcplint/secret"
)

func (c *Command) merge(args []string) int {
	stderr := c.Stderr
	fs := newFlagSet("merge", "Combine many repositories' JSON reports (check --format json) and CycloneDX\ndocuments (list --format cyclonedx) into one organisation report: findings by\nrule, server packages by version, remote endpoints, repositories affected.\n\nA PATH folder is walked for *.json files; each belongs to the repository named\nby its first folder under PATH (or by its own name, less .json/.cdx.json, when\nit lies directly in PATH); a named file belongs to the folder holding it.\nA report that does not parse or match its schema is named with file:line:col\non standard error and in the report, and skipped. Exit 0 when something was\nmerged, 2 when nothing was.", stderr)
	format := fs.String("format", "json", "output `FORMAT`: json, or markdown (for $GITHUB_STEP_SUMMARY)")
	out := fs.String("output", "", "write the report to `FILE` (replaced whole, never left half-written) instead of standard output")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if *format != "json" && *format != "markdown" {
		fmt.Fprintf(stderr, "mcplint merge: --format %q: want json or markdown\n", *format)
		return exitUsage
	}
	if len(paths) == 0 {
		fmt.Fprintln(stderr, "mcplint merge: name the reports or folders to merge")
		return exitUsage
	}
	if err := output.CheckPath(*out, c.Dir); err != nil {
		fmt.Fprintf(stderr, "mcplint merge: %s\n", secret.Display(err.Error()))
		return exitUsage
	}
	m := merge.New()
	m.OnSkip = func(s merge.Skip) { fmt.Fprintf(stderr, "mcplint merge: skipped %s\n", s) }
	m.AddPaths(c.paths(paths))
	res := m.Result()
	dst := output.To(*out, c.Dir, c.Stdout)
	if *format == "markdown" {
		err = merge.WriteMarkdown(dst.Writer(), res)
	} else {
		err = merge.WriteJSON(dst.Writer(), res)
	}
	if err == nil {
		err = dst.Commit()
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint merge: %v\n", err)
		return exitInternal
	}
	if res.Inputs.Reports+res.Inputs.SBOMs == 0 {
		fmt.Fprintln(stderr, "mcplint merge: nothing was merged")
		return exitUsage
	}
	return exitOK
}
