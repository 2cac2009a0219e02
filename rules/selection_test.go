package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSelectionSemantics(t *testing.T) {
	ids := []string{"secrets/literal-key", "secrets/oauth-client-secret", "transport/https-only", "supply-chain/unpinned-package"}
	for _, c := range []struct {
		name string
		lint Lint
		want string // the ids that run, comma-joined
	}{
		{"default", Lint{}, "secrets/literal-key,secrets/oauth-client-secret,transport/https-only,supply-chain/unpinned-package"},
		{"select a category", Lint{Select: []string{"secrets/"}}, "secrets/literal-key,secrets/oauth-client-secret"},
		{"category without slash", Lint{Select: []string{"secrets"}}, "secrets/literal-key,secrets/oauth-client-secret"},
		{"extend", Lint{Select: []string{"secrets/"}, ExtendSelect: []string{"transport/https-only"}}, "secrets/literal-key,secrets/oauth-client-secret,transport/https-only"},
		{"ignore an id", Lint{Ignore: []string{"secrets/literal-key"}}, "secrets/oauth-client-secret,transport/https-only,supply-chain/unpinned-package"},
		{"id beats category", Lint{Select: []string{"secrets/literal-key"}, Ignore: []string{"secrets/"}}, "secrets/literal-key"},
		{"ignore id beats select category", Lint{Select: []string{"secrets/"}, Ignore: []string{"secrets/literal-key"}}, "secrets/oauth-client-secret"},
		{"tie goes to ignore", Lint{Select: []string{"transport"}, Ignore: []string{"transport/"}}, ""},
	} {
		var got []string
		for _, id := range ids {
			if c.lint.selected(id) {
				got = append(got, id)
			}
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s: runs %v, want %s", c.name, got, c.want)
		}
	}
}

// A selector the catalog does not know is an error at its place in the
// file, or naming the flag, with the one meant.
func TestUnknownSelectorsAreErrors(t *testing.T) {
	e := engine(t)
	var ids []string
	for _, r := range e.Rules() {
		ids = append(ids, r.ID)
	}
	p := filepath.Join(t.TempDir(), ConfigFileName)
	if err := os.WriteFile(p, []byte("[lint]\nselect = [\"secrets/\", \"secret/\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = cfg.SetSelection(Selection{}, ids)
	if err == nil || !strings.Contains(err.Error(), ":2:23: [lint] select: rule selector \"secret/\" matches no rule: did you mean secrets/?") {
		t.Errorf("file selector: %v", err)
	}
	err = DefaultConfig().SetSelection(Selection{Ignore: []string{"supply-chain/unpined-package"}}, ids)
	if err == nil || err.Error() != `--ignore: rule selector "supply-chain/unpined-package" matches no rule: did you mean supply-chain/unpinned-package?` {
		t.Errorf("flag selector: %v", err)
	}
}
