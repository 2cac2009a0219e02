package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

// TestJSONStreamsTheDocumentEncodingJSONWouldWrite compares the report
// written one finding at a time with the whole document indented by
// encoding/json, with and without a version and with no findings.
func TestJSONStreamsTheDocumentEncodingJSONWouldWrite(t *testing.T) {
	p := func(line, col int) syntax.Position {
		return syntax.Position{Line: line, Column: col, UTF16Column: col, ByteColumn: col, Offset: line * 10}
	}
	fs := []finding.Finding{
		{Rule: "secrets/literal-key", Level: finding.Error, Message: `a <key> & "quote" ✓`, File: ".mcp.json",
			Range: finding.Range{Start: p(3, 5), End: p(3, 9)}, Pointer: "/mcpServers/a", Server: "a", Client: "claude-code", Tier: "project",
			Fingerprint: "0123456789abcdef",
			Related:     []finding.Location{{File: "b.json", Range: finding.Range{Start: p(1, 1), End: p(1, 2)}, Message: "here"}},
			Fix:         &finding.Fix{Title: "t", Note: "n", Edits: []finding.Edit{{File: ".mcp.json", Range: finding.Range{Start: p(3, 5), End: p(3, 9)}, NewText: "${A}"}}}},
		{Rule: "transport/https-only", Level: finding.Warning, Message: "m", File: "x.json", Range: finding.Range{Start: p(1, 1), End: p(1, 1)}},
	}
	type doc struct {
		Version  string        `json:"version,omitempty"`
		Findings []jsonFinding `json:"findings"`
		Summary  Summary       `json:"summary"`
	}
	for _, tc := range []struct {
		version string
		fs      []finding.Finding
	}{{"", fs}, {"1.2.3", fs}, {"", nil}, {"v<1>", fs[:1]}} {
		d := doc{Version: tc.version, Findings: []jsonFinding{}, Summary: Summarise(tc.fs, 2, 3)}
		for _, f := range tc.fs {
			d.Findings = append(d.Findings, jsonFinding{
				Rule: f.Rule, Level: f.Level.String(), Message: f.Message, File: f.File,
				Line: f.Range.Start.Line, Column: f.Range.Start.Column, EndLine: f.Range.End.Line, EndColumn: f.Range.End.Column,
				Pointer: f.Pointer, Server: f.Server, Client: f.Client, Tier: f.Tier,
				Fingerprint: f.Fingerprint, Related: related(f.Related), Fix: fixJSON(f.Fix),
			})
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(d); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := JSONVersion(&got, tc.version, tc.fs, Summarise(tc.fs, 2, 3)); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("version %q, %d findings:\ngot:\n%s\nwant:\n%s", tc.version, len(tc.fs), got.String(), want.String())
		}
	}
}
