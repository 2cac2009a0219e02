package rules

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/fixtures"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/report"
)

// seedRow is one row of a statement table in docs/seeds/: a statement of
// a seed, the rule that implements it, the fixture that shows it and the
// words the failing fixture's message must contain.
type seedRow struct {
	table, num, rule, fixture string
	words                     []string
}

var spaces = regexp.MustCompile(` +`)

var backticked = regexp.MustCompile("`([^`]+)`")

// seedTables reads the rows of docs/seeds/*.md that name a rule and a
// fixture. Rows with "—" in the rule column are statements that cannot be
// checked from files; they are listed for completeness.
func seedTables(t *testing.T) []seedRow {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "docs", "seeds", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no statement tables in docs/seeds (%v)", err)
	}
	var rows []seedRow
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") || strings.HasPrefix(line, "| #") {
				continue
			}
			cells := strings.Split(strings.Trim(strings.ReplaceAll(line, `\|`, "\x00"), "|"), "|")
			if len(cells) != 5 {
				t.Errorf("%s: a row needs 5 cells (# | statement | rule | fixture | words): %s", f, line)
				continue
			}
			rule := backticked.FindStringSubmatch(cells[2])
			fix := backticked.FindStringSubmatch(cells[3])
			if rule == nil && fix == nil {
				continue // not checkable from files
			}
			if rule == nil || fix == nil {
				t.Errorf("%s: row %s names a rule or a fixture but not both", f, strings.TrimSpace(cells[0]))
				continue
			}
			r := seedRow{table: strings.TrimSuffix(filepath.Base(f), ".md"), num: strings.TrimSpace(cells[0]), rule: rule[1], fixture: fix[1]}
			for _, m := range backticked.FindAllStringSubmatch(cells[4], -1) {
				r.words = append(r.words, m[1])
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// runSeedCase copies fixture <which> (and <which>-home) out of fixtures/
// and loads it as `mcplint check` would; paths.txt names the PATHs,
// client.txt the --client, env.txt environment variables (@ROOT@ is the
// copy's root).
func runSeedCase(t *testing.T, fixture, which string) (*loader.Workspace, string) {
	t.Helper()
	fsys := fs.FS(fixtures.Rules)
	if strings.HasPrefix(fixture, "seeds/") {
		fsys = fixtures.Seeds
	}
	root := t.TempDir()
	err := fs.WalkDir(fsys, fixture, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, fixture), "/")
		if rel == "" {
			return nil
		}
		top := strings.Split(rel, "/")[0]
		if top != which && top != which+"-home" && top != which+"-xdg" {
			return nil
		}
		target := filepath.Join(root, filepath.FromSlash(rel))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, []byte(strings.ReplaceAll(string(b), "@PROJECT@", filepath.ToSlash(filepath.Join(root, which)))), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, which)); err != nil {
		t.Fatalf("fixture %s has no %s/", fixture, which)
	}
	opts := loader.Options{WorkDir: root, Paths: []string{filepath.Join(root, which)}}
	if fi, err := os.Stat(filepath.Join(root, which+"-home")); err == nil && fi.IsDir() {
		opts.Home = filepath.Join(root, which+"-home")
	}
	read := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(root, which, name))
		if err != nil {
			return nil
		}
		var out []string
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				out = append(out, strings.ReplaceAll(line, "@ROOT@", root))
			}
		}
		return out
	}
	if ps := read("paths.txt"); ps != nil {
		opts.Paths = nil
		for _, p := range ps {
			opts.Paths = append(opts.Paths, filepath.Join(root, which, p))
		}
	}
	if c := read("client.txt"); c != nil {
		opts.Client = c[0]
	}
	for _, kv := range read("env.txt") {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	ws, err := loader.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	return ws, root
}

func seedFindings(t *testing.T, e *Engine, fixture, which string) (string, []string) {
	ws, root := runSeedCase(t, fixture, which)
	cfg := DefaultConfig()
	if p := filepath.Join(root, which, ConfigFileName); fileExists(p) {
		cwd, _ := os.Getwd()
		if err := os.Chdir(root); err != nil {
			t.Fatal(err)
		}
		var err error
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
	var msgs []string
	for _, f := range fs {
		// The level closes the line, so a row can say "[warning]" (a
		// finding without its own level has the rule's).
		level := f.Level
		if r, ok := e.Rule(f.Rule); ok && level == 0 {
			level = r.Level
		}
		msgs = append(msgs, f.Rule+": "+f.Message+" ["+level.String()+"]")
	}
	var list bytes.Buffer
	if err := report.ListText(&list, ws); err != nil {
		t.Fatal(err)
	}
	// The pseudo-rule list-json reads the JSON of mcplint list.
	list.WriteString("\n--- json\n")
	if err := report.ListJSON(&list, ws); err != nil {
		t.Fatal(err)
	}
	// Columns are padded: words are matched with single spaces.
	return spaces.ReplaceAllString(list.String(), " "), msgs
}

func containsAll(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// TestSeedStatementTables checks every row of docs/seeds/*.md that names
// a rule: the rule exists, the fixture's failing case reports it with a
// message holding every listed word, and its passing case does not. The
// pseudo-rule `list` checks `mcplint list` output instead.
func TestSeedStatementTables(t *testing.T) {
	e := engine(t)
	rows := seedTables(t)
	if len(rows) == 0 {
		t.Fatal("no checkable rows")
	}
	for _, r := range rows {
		t.Run(r.table+"/"+r.num, func(t *testing.T) {
			isList := r.rule == "list" || r.rule == "list-json"
			if !isList {
				if _, ok := e.Rule(r.rule); !ok {
					t.Fatalf("unknown rule %s", r.rule)
				}
			}
			list, msgs := seedFindings(t, e, r.fixture, "fail")
			if isList {
				if !containsAll(list, r.words) {
					t.Errorf("%s: mcplint list does not show %q:\n%s", r.fixture, r.words, list)
				}
			} else {
				ok := false
				for _, m := range msgs {
					if strings.HasPrefix(m, r.rule+": ") && containsAll(m, r.words) {
						ok = true
					}
				}
				if !ok {
					t.Errorf("%s fail: no %s finding with %q; got:\n%s", r.fixture, r.rule, r.words, strings.Join(msgs, "\n"))
				}
			}
			if _, err := fs.Stat(fsFor(r.fixture), r.fixture+"/pass"); err != nil {
				if strings.HasPrefix(r.fixture, "seeds/") && !isList {
					t.Fatalf("%s has no pass/ case", r.fixture)
				}
				return
			}
			list, msgs = seedFindings(t, e, r.fixture, "pass")
			if isList {
				if containsAll(list, r.words) {
					t.Errorf("%s pass: mcplint list still shows %q:\n%s", r.fixture, r.words, list)
				}
				return
			}
			// A seed case's pass/ may still meet the rule for another
			// reason; it must not say what the statement's words say. A
			// rule's own pass/ has no finding of the rule at all.
			for _, m := range msgs {
				if strings.HasPrefix(m, r.rule+": ") && (strings.HasPrefix(r.fixture, "rules/") || containsAll(m, r.words)) {
					t.Errorf("%s pass: %s", r.fixture, m)
				}
			}
		})
	}
}

func fsFor(fixture string) fs.FS {
	if strings.HasPrefix(fixture, "seeds/") {
		return fixtures.Seeds
	}
	return fixtures.Rules
}

// TestEverySeedFixtureIsInATable: a seed case no table names checks a
// statement nobody can find.
func TestEverySeedFixtureIsInATable(t *testing.T) {
	named := map[string]bool{}
	for _, r := range seedTables(t) {
		named[r.fixture] = true
	}
	var missing []string
	seeds, _ := fs.ReadDir(fixtures.Seeds, "seeds")
	for _, s := range seeds {
		if !s.IsDir() {
			continue
		}
		cases, _ := fs.ReadDir(fixtures.Seeds, "seeds/"+s.Name())
		for _, c := range cases {
			if p := "seeds/" + s.Name() + "/" + c.Name(); c.IsDir() && !named[p] {
				missing = append(missing, p)
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("seed fixtures no table in docs/seeds names: %v", missing)
	}
}
