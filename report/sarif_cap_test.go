package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/schema"
)

type sarifDoc struct {
	Runs []struct {
		Invocations []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []struct {
				Level   string
				Message struct{ Text string }
			}
		}
		OriginalURIBaseIDs map[string]json.RawMessage `json:"originalUriBaseIds"`
		Results            []struct {
			RuleID    string
			Level     string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI, URIBaseID string }
				}
			}
		}
	}
}

func decodeSARIF(t *testing.T, b []byte) sarifDoc {
	t.Helper()
	if err := schema.ValidateSARIF(b); err != nil {
		t.Fatalf("SARIF does not validate: %v", err)
	}
	var d sarifDoc
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs", len(d.Runs))
	}
	return d
}

// TestSARIFCapsResultsWithANotification: 30,000 findings (10,000 of each
// level) give GitHub's 25,000 results per run: every error and warning,
// the first 5,000 infos, and a notification saying 5,000 were left out.
func TestSARIFCapsResultsWithANotification(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 25,000 results: the full suite runs it")
	}
	rules := []RuleMeta{
		{ID: "a/error", Title: "e", Level: finding.Error},
		{ID: "a/warning", Title: "w", Level: finding.Warning},
		{ID: "a/info", Title: "i", Level: finding.Info},
	}
	var fs []finding.Finding
	for i := 0; i < 30000; i++ {
		// Interleaved, so the cap must pick by level, not by position.
		r := rules[(i+2)%3]
		fs = append(fs, finding.Finding{Rule: r.ID, Level: r.Level, Message: fmt.Sprintf("n%d", i), File: "x/.mcp.json",
			Range: finding.Range{Start: pos(i+1, 1, 1), End: pos(i+1, 2, 2)}})
	}
	var b bytes.Buffer
	if err := WriteSARIF(&b, Tool{Name: "mcplint", Version: "1"}, rules, fs, SARIFOptions{WorkDir: "/r", Root: "/r"}); err != nil {
		t.Fatal(err)
	}
	d := decodeSARIF(t, b.Bytes())
	run := d.Runs[0]
	if len(run.Results) != MaxSARIFResults {
		t.Fatalf("%d results, want %d", len(run.Results), MaxSARIFResults)
	}
	count := map[string]int{}
	lastInfo := ""
	for _, r := range run.Results {
		count[r.Level]++
		if r.Level == "note" {
			lastInfo = r.Message.Text
		}
	}
	if count["error"] != 10000 || count["warning"] != 10000 || count["note"] != 5000 {
		t.Errorf("levels kept: %v", count)
	}
	// The infos kept are the first ones: the k-th info is finding 3k.
	if lastInfo != fmt.Sprintf("n%d", 3*4999) {
		t.Errorf("last info kept %q", lastInfo)
	}
	if len(run.Invocations) != 1 || !run.Invocations[0].ExecutionSuccessful || len(run.Invocations[0].ToolExecutionNotifications) != 1 {
		t.Fatalf("invocations: %+v", run.Invocations)
	}
	n := run.Invocations[0].ToolExecutionNotifications[0]
	if n.Level != "warning" || !strings.Contains(n.Message.Text, "30000 results were found; 5000 of the lowest level were left out") {
		t.Errorf("notification: %+v", n)
	}

	// Under the cap: every result, no notification.
	b.Reset()
	if err := WriteSARIF(&b, Tool{Name: "mcplint", Version: "1"}, rules, fs[:MaxSARIFResults], SARIFOptions{WorkDir: "/r"}); err != nil {
		t.Fatal(err)
	}
	d = decodeSARIF(t, b.Bytes())
	if len(d.Runs[0].Results) != MaxSARIFResults || len(d.Runs[0].Invocations[0].ToolExecutionNotifications) != 0 {
		t.Errorf("under the cap: %d results, %d notifications", len(d.Runs[0].Results), len(d.Runs[0].Invocations[0].ToolExecutionNotifications))
	}
}

// TestSARIFURIsAreRelativeToTheRoot: a check run in a subfolder of the
// repository gives URIs relative to the repository root, and the file
// holds no local absolute path.
func TestSARIFURIsAreRelativeToTheRoot(t *testing.T) {
	rules := []RuleMeta{{ID: "a/b", Title: "t", Level: finding.Error}}
	fs := []finding.Finding{
		{Rule: "a/b", Level: finding.Error, Message: "m", File: "svc/.mcp.json", Range: finding.Range{Start: pos(1, 1, 1), End: pos(1, 2, 2)}},
		{Rule: "a/b", Level: finding.Error, Message: "m", File: "/home/alice/repo/other/.cursor/mcp.json", Range: finding.Range{Start: pos(1, 1, 1), End: pos(1, 2, 2)}},
		{Rule: "a/b", Level: finding.Error, Message: "m", File: "/home/alice/.claude.json", Range: finding.Range{Start: pos(1, 1, 1), End: pos(1, 2, 2)}},
	}
	var b bytes.Buffer
	if err := WriteSARIF(&b, Tool{Name: "mcplint", Version: "1"}, rules, fs, SARIFOptions{WorkDir: "/home/alice/repo/packages", Root: "/home/alice/repo"}); err != nil {
		t.Fatal(err)
	}
	d := decodeSARIF(t, b.Bytes())
	var got []string
	for _, r := range d.Runs[0].Results {
		l := r.Locations[0].PhysicalLocation.ArtifactLocation
		got = append(got, l.URIBaseID+" "+l.URI)
	}
	want := []string{"%SRCROOT% packages/svc/.mcp.json", "%SRCROOT% other/.cursor/mcp.json", " file:///home/alice/.claude.json"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("URIs:\n got %q\nwant %q", got, want)
	}
	base := string(d.Runs[0].OriginalURIBaseIDs["%SRCROOT%"])
	if base == "" || strings.Contains(base, "alice") || strings.Contains(base, "file:") {
		t.Errorf("originalUriBaseIds[%%SRCROOT%%] = %s", base)
	}
}

// TestSARIFFailureIsAValidDocument: a run that checked nothing still
// writes a schema-valid log: no results, an unsuccessful invocation and
// the error as its notification.
func TestSARIFFailureIsAValidDocument(t *testing.T) {
	var b bytes.Buffer
	if err := SARIFFailure(&b, Tool{Name: "mcplint", Version: "1", InformationURI: "https://x"}, "missing-folder: no such file or folder"); err != nil {
		t.Fatal(err)
	}
	d := decodeSARIF(t, b.Bytes())
	run := d.Runs[0]
	if len(run.Results) != 0 || len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful {
		t.Fatalf("run: %+v", run)
	}
	if n := run.Invocations[0].ToolExecutionNotifications; len(n) != 1 || n[0].Level != "error" || n[0].Message.Text != "missing-folder: no such file or folder" {
		t.Errorf("notification: %+v", n)
	}
}
