package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestExplainSuggestsTheRuleMeant(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"explain", "literal-key"}, &out, &errb); code != exitUsage {
		t.Fatalf("exit %d, want %d", code, exitUsage)
	}
	if want := `unknown rule "literal-key": did you mean secrets/literal-key?`; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"explain", "secrets/literal-key"}, &out, &errb); code != exitOK || !strings.Contains(out.String(), "Rotate it") {
		t.Errorf("explain secrets/literal-key: exit %d, rotation advice missing:\n%s", code, out.String())
	}
}
