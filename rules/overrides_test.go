package rules

import (
	"os"
	"path/filepath"
	"testing"
)

// Settings that make the budget rules quieter count as changes too; a
// level set to the rule's own default does not.
func TestOverridesNameBudgetAndEnvironment(t *testing.T) {
	p := filepath.Join(t.TempDir(), ConfigFileName)
	src := "[rules]\n\"transport/https-only\" = \"error\"\n\n[budget]\nservers_warn = 40\n\n[env]\ntool_search = true\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	e := engine(t)
	cfg, err := LoadConfig(p, func(id string) bool { _, ok := e.Rule(id); return ok })
	if err != nil {
		t.Fatal(err)
	}
	got := cfg.Overrides(e)
	if len(got) != 2 || got[0].Kind != "budget" || got[0].Line != 4 || got[1].Kind != "env" || got[1].Line != 8 {
		t.Errorf("Overrides = %+v, want the budget (line 4) and tool_search (line 8) only", got)
	}
	if DefaultConfig().Overrides(e) != nil {
		t.Error("the defaults report changes")
	}
}

// A file's own [lint] ignore is a change it makes; what the command line
// adds on top is the caller's own and is not reported as the file's.
func TestOverridesNameTheFilesOwnSelection(t *testing.T) {
	p := filepath.Join(t.TempDir(), ConfigFileName)
	if err := os.WriteFile(p, []byte("[lint]\nignore = [\"secrets/\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := engine(t)
	var ids []string
	for _, r := range e.Rules() {
		ids = append(ids, r.ID)
	}
	cfg, err := LoadConfig(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.SetSelection(Selection{Ignore: []string{"transport/"}}, ids); err != nil {
		t.Fatal(err)
	}
	got := cfg.Overrides(e)
	if len(got) != 1 || got[0].Kind != "select" || got[0].Scope != "[lint] ignore secrets/" || got[0].Line != 2 {
		t.Errorf("Overrides = %+v, want the file's [lint] ignore at line 2 only", got)
	}
	if cfg.Lint.selected("transport/https-only") || cfg.Lint.selected("secrets/literal-key") {
		t.Error("the file's and the command line's ignores are not both applied")
	}
}
