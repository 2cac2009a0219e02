package main

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// --select, --extend-select and --ignore on the demo: the rules that
// report are exactly those selected.
func TestRuleSelectionFlags(t *testing.T) {
	t.Parallel()
	demo := filepath.Join("..", "..", "fixtures", "demo")
	rulesOf := func(args ...string) string {
		code, out, errOut := runCLI(t, append(append([]string{"check", "--no-config", "--format", "json"}, args...), demo)...)
		if code == exitUsage || code == exitInternal {
			t.Fatalf("%v: exit %d %s", args, code, errOut)
		}
		var doc struct{ Findings []struct{ Rule string } }
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, f := range doc.Findings {
			seen[f.Rule] = true
		}
		var ids []string
		for id := range seen {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		return strings.Join(ids, " ")
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--select", "secrets/"}, "secrets/literal-key"},
		{[]string{"--select", "secrets", "--extend-select", "transport/https-only"}, "secrets/literal-key transport/https-only"},
		{[]string{"--ignore", "supply-chain/,schema/parse-error", "--ignore", "schema/url-without-type"}, "secrets/literal-key transport/https-only"},
		{[]string{"--ignore", "supply-chain", "--select", "supply-chain/unpinned-package"}, "supply-chain/unpinned-package"},
	} {
		if got := rulesOf(c.args...); got != c.want {
			t.Errorf("%v: rules %q, want %q", c.args, got, c.want)
		}
	}
	code, _, errOut := runCLI(t, "check", "--select", "secret/", demo)
	if code != exitUsage || !strings.Contains(errOut, `--select: rule selector "secret/" matches no rule: did you mean secrets/?`) {
		t.Errorf("unknown selector: exit %d, %q", code, errOut)
	}
}
