package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
)

func fingerprintsOf(t *testing.T, mcpJSON string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(mcpJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fs := checkPaths(t, loader.Options{WorkDir: dir, Paths: []string{dir}})
	out := map[string]string{}
	for _, f := range fs {
		out[f.Rule+" "+f.Pointer] = f.Fingerprint
	}
	return out
}

// The fingerprint in JSON and SARIF output is not computed from the
// value: two files that differ only in a password give the same one, so
// no output holds a hash to test a guessed secret against.
func TestFingerprintIsNotComputedFromTheSecret(t *testing.T) {
	const tmpl = `{"mcpServers": {"db": {"command": "npx", "args": ["-y", "@acme/db-mcp@1.0.0"], "env": {"DATABASE_URL": "postgres://app:%s@db.example.com/app"}}}}`
	a := fingerprintsOf(t, fmt.Sprintf(tmpl, "correct-horse-battery-staple"))
	b := fingerprintsOf(t, fmt.Sprintf(tmpl, "Tr0ub4dor&3-different-one"))
	checked := 0
	for k, fa := range a {
		if strings.HasPrefix(k, "secrets/") {
			checked++
			if b[k] != fa {
				t.Errorf("%s: fingerprint %s with one password, %s with another", k, fa, b[k])
			}
		}
	}
	if checked == 0 {
		t.Fatalf("no secrets finding to compare: %v", a)
	}
}

// A count in a message (servers over the budget) does not change the
// fingerprint, so a baseline keeps the finding when a server is added.
func TestFingerprintIgnoresCounts(t *testing.T) {
	servers := func(n int) string {
		var parts []string
		for i := 0; i < n; i++ {
			parts = append(parts, fmt.Sprintf(`"s%d": {"command": "npx", "args": ["-y", "@acme/s%d@1.0.0"]}`, i, i))
		}
		return `{"mcpServers": {` + strings.Join(parts, ",") + `}}`
	}
	withBudget := func(s string) map[string]finding.Finding {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, ".cursor"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".cursor", "mcp.json"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		_, fs := checkPaths(t, loader.Options{WorkDir: dir, Paths: []string{dir}})
		out := map[string]finding.Finding{}
		for _, f := range fs {
			if f.Rule == "budget/server-count" {
				out[f.Pointer] = f
			}
		}
		return out
	}
	a, b := withBudget(servers(16)), withBudget(servers(17))
	if len(a) == 0 {
		t.Fatal("no budget/server-count finding")
	}
	for p, fa := range a {
		fb, ok := b[p]
		if !ok || fb.Message == fa.Message || fb.Fingerprint != fa.Fingerprint {
			t.Errorf("%s: %q %s, then %q %s", p, fa.Message, fa.Fingerprint, fb.Message, fb.Fingerprint)
		}
	}
}
