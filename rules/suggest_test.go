package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDidYouMean(t *testing.T) {
	e := engine(t)
	for in, want := range map[string]string{
		"literal-key":          "secrets/literal-key",
		"literal_key":          "secrets/literal-key",
		"transport/https-onyl": "transport/https-only",
		"https-only":           "transport/https-only",
		"shell-launchr":        "supply-chain/shell-launcher",
		"zzz":                  "",
		"secrets/literal-key":  "secrets/literal-key",
	} {
		if got := e.Suggest(in); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
		if got := Suggest(in, builtinIDs()); got != want {
			t.Errorf("Suggest(%q) over the built-in ids = %q, want %q", in, got, want)
		}
	}
	known := func(id string) bool { _, ok := e.Rule(id); return ok }
	dir := t.TempDir()
	for _, c := range []struct{ text, want string }{
		{"[rules]\n\"literal-key\" = \"warning\"\n", `unknown rule "literal-key": did you mean secrets/literal-key?`},
		{"[[ignore]]\nrule = \"https-only\"\npath = \"x\"\nreason = \"r\"\n", `[[ignore]] names unknown rule "https-only": did you mean transport/https-only?`},
		{"[rules]\n\"zzz\" = \"off\"\n", `unknown rule "zzz" (mcplint rules lists them)`},
	} {
		p := filepath.Join(dir, ConfigFileName)
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadConfig(p, known)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.text, err, c.want)
		}
	}
	if got := unknownInline([]string{"literal-key", "transport/https-only"}); got != ` ("literal-key" is no rule: did you mean secrets/literal-key?)` {
		t.Errorf("inline ignore: got %q", got)
	}
}
