package report

import (
	"testing"

	"github.com/mcplint/mcplint/finding"
)

// A baseline written before fingerprints left the value out (version 1)
// still absorbs its findings, matched by rule, file and message, whatever
// the counts in the message say now.
func TestBaselineVersion1IsMatchedByMessage(t *testing.T) {
	b := &Baseline{Version: 1, Findings: []BaselineEntry{
		{Fingerprint: "0123456789abcdef", Rule: "budget/server-count", File: ".mcp.json", Message: "Claude Code loads 9 servers"},
	}}
	fresh, known := b.Filter([]finding.Finding{
		{Rule: "budget/server-count", File: ".mcp.json", Message: "Claude Code loads 11 servers", Fingerprint: "feedfacefeedface"},
		{Rule: "budget/server-count", File: "other.json", Message: "Claude Code loads 11 servers", Fingerprint: "feedfacefeedface"},
	})
	if known != 1 || len(fresh) != 1 || fresh[0].File != "other.json" {
		t.Errorf("known %d, fresh %+v", known, fresh)
	}
	v2 := &Baseline{Version: 2, Findings: []BaselineEntry{{Fingerprint: "feedfacefeedface"}}}
	if _, known := v2.Filter([]finding.Finding{{Fingerprint: "feedfacefeedface"}, {Fingerprint: "feedfacefeedface"}}); known != 1 {
		t.Errorf("a fingerprint recorded once absorbed %d findings", known)
	}
}
