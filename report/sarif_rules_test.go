package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mcplint/mcplint/finding"
)

// SARIF describes the rules its results name, not the whole catalogue:
// the help of every rule was most of a small report's bytes.
func TestSARIFCarriesOnlyTheRulesThatFired(t *testing.T) {
	rules := []RuleMeta{{ID: "a/one", Title: "One", Level: finding.Error}, {ID: "b/two", Title: "Two", Level: finding.Warning}, {ID: "c/three", Title: "Three", Level: finding.Info}}
	fs := []finding.Finding{{Rule: "b/two", Level: finding.Warning, File: "x.json", Message: "m"}}
	var out bytes.Buffer
	if err := WriteSARIF(&out, Tool{Name: "mcplint", Version: "0.1.0"}, rules, fs, SARIFOptions{WorkDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string } `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleIndex int `json:"ruleIndex"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	r := doc.Runs[0]
	if len(r.Tool.Driver.Rules) != 1 || r.Tool.Driver.Rules[0].ID != "b/two" || len(r.Results) != 1 || r.Results[0].RuleIndex != 0 {
		t.Errorf("rules %+v, results %+v", r.Tool.Driver.Rules, r.Results)
	}
}
