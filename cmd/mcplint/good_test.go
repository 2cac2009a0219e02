package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestCorrectConfigsHaveNoErrors: .mcp.json, .cursor/mcp.json,
// .vscode/mcp.json, .codex/config.toml, opencode.json and
// .gemini/settings.json written correctly (pinned packages, https,
// references in each client's own syntax) give no error-level finding.
func TestCorrectConfigsHaveNoErrors(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run([]string{"check", "--format", "json", "../../fixtures/good"}, &out, &errb)
	var doc struct {
		Findings []struct{ Rule, Level, File, Message string }
		Summary  struct{ Files, Servers, Errors int }
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s%s", err, out.String(), errb.String())
	}
	if code != exitOK || doc.Summary.Errors != 0 {
		t.Errorf("exit %d, %d errors: %+v", code, doc.Summary.Errors, doc.Findings)
	}
	if doc.Summary.Files != 6 || doc.Summary.Servers != 13 {
		t.Errorf("read %d files and %d servers, want 6 and 13", doc.Summary.Files, doc.Summary.Servers)
	}
}
