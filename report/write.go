package report

import (
	"io"

	"github.com/mcplint/mcplint/finding"
)

// Options say how Write writes a check's report.
type Options struct {
	// Format is text, json, sarif, github or diff.
	Format string
	// Tool names mcplint (the JSON report's version, SARIF's driver).
	Tool Tool
	// Rules are SARIF's rule descriptions.
	Rules []RuleMeta
	// WorkDir and Root are SARIF's (SARIFOptions).
	WorkDir, Root string
	// Sources gives the diff the files' bytes.
	Sources *Sources
	Text    TextOptions
}

// Write writes the findings and their summary in o.Format.
func Write(w io.Writer, fs []finding.Finding, sum Summary, o Options) error {
	switch o.Format {
	case "json":
		return JSONVersion(w, o.Tool.Version, fs, sum)
	case "sarif":
		return WriteSARIF(w, o.Tool, o.Rules, fs, SARIFOptions{WorkDir: o.WorkDir, Root: o.Root, Configuration: sum.Configuration})
	case "github":
		return GitHub(w, fs, sum)
	case "diff":
		return Diff(w, fs, o.Sources.Bytes)
	}
	return Text(w, fs, nil, sum, o.Text)
}
