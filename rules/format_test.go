package rules

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"

	"github.com/mcplint/mcplint/policies"
)

// TestPoliciesAreFormatted is `opa fmt --list policies/` with the OPA
// that mcplint embeds: every policy and Rego test is laid out as the
// formatter writes it, so a diff shows only what changed.
func TestPoliciesAreFormatted(t *testing.T) {
	n := 0
	err := fs.WalkDir(policies.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		src, err := fs.ReadFile(policies.FS, p)
		if err != nil {
			return err
		}
		n++
		got, err := format.SourceWithOpts(p, src, format.Opts{RegoVersion: ast.RegoV1})
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		if !bytes.Equal(got, src) {
			t.Errorf("policies/%s is not formatted: run opa fmt -w policies/ (OPA of go.mod)", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("only %d Rego files checked", n)
	}
}
