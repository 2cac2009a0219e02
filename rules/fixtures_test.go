package rules

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fixtures"
	"github.com/mcplint/mcplint/loader"
)

var updateGolden = flag.Bool("update", false, "rewrite fail.golden files")

var (
	engineOnce sync.Once
	testEngine *Engine
	engineErr  error
)

// loadAndCheck loads what opts names and checks it with the default
// settings.
func loadAndCheck(t testing.TB, e *Engine, opts loader.Options) []finding.Finding {
	t.Helper()
	ws, err := loader.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := e.Check(context.Background(), ws, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func engine(t testing.TB) *Engine {
	t.Helper()
	engineOnce.Do(func() { testEngine, engineErr = New(context.Background(), nil) })
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return testEngine
}

// Example is one rule's fail or pass case, copied out of the embedded
// fixtures into a folder of its own.
type exampleRun struct {
	root     string // the copy's root: paths in output are relative to it
	findings []finding.Finding
}

// runExample copies fixtures/rules/<id>/<which> (and <which>-home when
// present) to a temp folder and checks it like `mcplint check` would.
func runExample(t *testing.T, e *Engine, id, which string) exampleRun {
	t.Helper()
	root, opts, _ := copyExample(t, id, which)
	ws, err := loader.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	if p := filepath.Join(root, which, ConfigFileName); fileExists(p) {
		cwd, _ := os.Getwd()
		if err := os.Chdir(root); err != nil {
			t.Fatal(err)
		}
		cfg, err = LoadConfig(p, func(id string) bool { _, ok := e.Rule(id); return ok })
		_ = os.Chdir(cwd)
		if err != nil {
			t.Fatal(err)
		}
	}
	fs, err := e.Check(context.Background(), ws, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return exampleRun{root: root, findings: fs}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func compact(fs []finding.Finding, rule string) string {
	var b strings.Builder
	for _, f := range fs {
		if f.Rule != rule {
			continue
		}
		fmt.Fprintf(&b, "%s:%d:%d: %s %s: %s\n", f.File, f.Range.Start.Line, f.Range.Start.Column, f.Level, f.Rule, f.Message)
	}
	return b.String()
}

// TestRuleFixtures runs every rule's failing and passing example: the
// failing one must produce exactly fail.golden for that rule, the passing
// one nothing of that rule. A rule without both examples fails the test.
func TestRuleFixtures(t *testing.T) {
	e := engine(t)
	for _, r := range e.Rules() {
		t.Run(r.ID, func(t *testing.T) {
			dir := "rules/" + r.ID
			for _, which := range []string{"fail", "pass"} {
				if _, err := fs.Stat(fixtures.Rules, dir+"/"+which); err != nil {
					t.Fatalf("rule %s has no %s example: add fixtures/%s/%s/", r.ID, which, dir, which)
				}
			}
			fail := runExample(t, e, r.ID, "fail")
			got := compact(fail.findings, r.ID)
			goldenPath := filepath.Join("..", "fixtures", dir, "fail.golden")
			if *updateGolden {
				if err := os.WriteFile(goldenPath, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				want, err := fs.ReadFile(fixtures.Rules, dir+"/fail.golden")
				if err != nil {
					t.Fatalf("no fail.golden: %v (go test ./rules -run TestRuleFixtures -update)", err)
				}
				if got != string(want) {
					t.Errorf("failing example of %s:\n got:\n%s want:\n%s", r.ID, got, want)
				}
			}
			if got == "" {
				t.Errorf("the failing example of %s does not fail", r.ID)
			}
			pass := runExample(t, e, r.ID, "pass")
			if got := compact(pass.findings, r.ID); got != "" {
				t.Errorf("the passing example of %s fails:\n%s", r.ID, got)
			}
		})
	}
}

// TestEveryFixtureBelongsToARule catches fixtures of renamed rules.
func TestEveryFixtureBelongsToARule(t *testing.T) {
	e := engine(t)
	cats, _ := fs.ReadDir(fixtures.Rules, "rules")
	var orphans []string
	for _, c := range cats {
		names, _ := fs.ReadDir(fixtures.Rules, "rules/"+c.Name())
		for _, n := range names {
			id := c.Name() + "/" + n.Name()
			if _, ok := e.Rule(id); !ok {
				orphans = append(orphans, id)
			}
		}
	}
	sort.Strings(orphans)
	if len(orphans) > 0 {
		t.Errorf("fixtures without a rule: %v", orphans)
	}
}
