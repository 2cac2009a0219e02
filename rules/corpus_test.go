package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mcplint/mcplint/fixtures"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/report"
)

// corpusGoldenDir holds what `mcplint check --format F` writes for every
// corpus input, one readable file per input and format:
// <input>.txt, .json, .sarif and .diff (an empty output has no file). The
// SARIF rule table (each fired rule's help, the same bytes in every
// input) is kept once, in sarif-rules.json, and each input's .sarif names
// the rules it lists.
const corpusGoldenDir = "testdata/corpus"

const corpusSARIFRules = "sarif-rules.json"

const corpusUpdateHint = "if the change is intended, regenerate with: go test ./rules -run TestCorpusOutputs -update (and read git diff rules/testdata/corpus)"

// corpusFormats maps a format to the extension of its golden file.
var corpusFormats = []struct{ format, ext string }{{"json", ".json"}, {"text", ".txt"}, {"sarif", ".sarif"}, {"diff", ".diff"}}

// corpusInput is one check run of the corpus: what to load, relative to
// root, and the configuration file if the input has one.
type corpusInput struct {
	name string
	opts loader.Options
	cfg  string
	root string
	// rooted inputs name their own temporary folder inside a file (a
	// trust store keyed by project path), so their fingerprints, hashes
	// of that value, change from run to run and are left out.
	rooted bool
}

var corpusFingerprint = regexp.MustCompile(`("fingerprint"|"mcplintFingerprint/v1"): "[0-9a-f]+"`)

// TestCorpusOutputs keeps the json, text, sarif and diff output of every
// rule example, client fixture, the demo, the catalogues and the registry
// seeds byte-identical to the goldens in testdata/corpus: a change meant
// to make the engine faster must not change a byte of what it reports,
// and a change meant to change a message shows, as a unified diff, every
// output it changes.
func TestCorpusOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every corpus input in every format: the full suite runs it")
	}
	e := engine(t)
	got := map[string][]byte{} // golden file (slash path under corpusGoldenDir) -> content
	sarifRules := map[string]json.RawMessage{}
	sarifRuleFrom := map[string]string{}
	for _, in := range corpusInputs(t, e) {
		outs := corpusOutputs(t, e, in)
		sarif, rules, err := splitSARIFRules(outs["sarif"])
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		outs["sarif"] = sarif
		for _, r := range rules {
			if prev, ok := sarifRules[r.id]; ok && !bytes.Equal(prev, r.raw) {
				t.Errorf("the SARIF rule %s differs between %s and %s:\n%s", r.id, sarifRuleFrom[r.id], in.name, unifiedDiff(string(prev), string(r.raw)))
				continue
			}
			sarifRules[r.id], sarifRuleFrom[r.id] = r.raw, in.name
		}
		for _, f := range corpusFormats {
			if len(outs[f.format]) > 0 {
				got[in.name+f.ext] = outs[f.format]
			}
		}
	}
	got[corpusSARIFRules] = sarifRuleTable(sarifRules)
	if *updateGolden {
		if err := os.RemoveAll(corpusGoldenDir); err != nil {
			t.Fatal(err)
		}
		for name, b := range got {
			p := filepath.Join(corpusGoldenDir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := map[string][]byte{}
	err := filepath.WalkDir(corpusGoldenDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(corpusGoldenDir, p)
		want[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatalf("%v: %s", err, corpusUpdateHint)
	}
	var changed, added, stale []string
	for name := range got {
		switch w, ok := want[name]; {
		case !ok:
			added = append(added, name)
		case !bytes.Equal(w, got[name]):
			changed = append(changed, name)
		}
	}
	for name := range want {
		if _, ok := got[name]; !ok {
			stale = append(stale, name)
		}
	}
	if len(changed)+len(added)+len(stale) == 0 {
		return
	}
	sort.Strings(changed)
	sort.Strings(added)
	sort.Strings(stale)
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d outputs differ from %s (%d changed, %d new, %d no longer written)\n", len(changed)+len(added)+len(stale), len(got), corpusGoldenDir, len(changed), len(added), len(stale))
	const shown = 12
	for i, name := range changed {
		if i == shown {
			fmt.Fprintf(&b, "… and %d more changed: %s\n", len(changed)-shown, strings.Join(changed[shown:], ", "))
			break
		}
		fmt.Fprintf(&b, "--- %s/%s (golden)\n+++ %s/%s (now)\n%s", corpusGoldenDir, name, corpusGoldenDir, name, unifiedDiff(string(want[name]), string(got[name])))
	}
	for _, name := range added {
		fmt.Fprintf(&b, "new output %s/%s (%d bytes)\n", corpusGoldenDir, name, len(got[name]))
	}
	for _, name := range stale {
		fmt.Fprintf(&b, "%s/%s is no longer written (its input is gone or its output is now empty)\n", corpusGoldenDir, name)
	}
	b.WriteString(corpusUpdateHint)
	t.Error(b.String())
}

type sarifRule struct {
	id  string
	raw json.RawMessage
}

// splitSARIFRules takes the rule objects out of a SARIF log's
// runs[].tool.driver.rules, leaving each as {"id": …} in place, and
// returns them as written (their bytes compared, not their values).
func splitSARIFRules(b []byte) ([]byte, []sarifRule, error) {
	if len(b) == 0 {
		return b, nil, nil
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []json.RawMessage `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b, &log); err != nil {
		return nil, nil, fmt.Errorf("SARIF output is not JSON: %w", err)
	}
	var out []sarifRule
	from := 0
	for _, run := range log.Runs {
		for _, raw := range run.Tool.Driver.Rules {
			var r struct {
				ID string `json:"id"`
			}
			if err := json.Unmarshal(raw, &r); err != nil || r.ID == "" {
				return nil, nil, fmt.Errorf("a SARIF rule has no id: %.80s", raw)
			}
			i := bytes.Index(b[from:], raw)
			if i < 0 {
				return nil, nil, fmt.Errorf("SARIF rule %s not found in the output", r.ID)
			}
			ref, _ := json.Marshal(map[string]string{"id": r.ID})
			b = append(b[:from+i:from+i], append(ref, b[from+i+len(raw):]...)...)
			from += i + len(ref)
			out = append(out, sarifRule{r.ID, raw})
		}
	}
	return b, out, nil
}

// sarifRuleTable is the golden of the SARIF rule objects: one JSON object
// keyed by rule id, each value as the outputs write it.
func sarifRuleTable(rules map[string]json.RawMessage) []byte {
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, id := range ids {
		key, _ := json.Marshal(id)
		fmt.Fprintf(&b, "%s: %s", key, rules[id])
		if i < len(ids)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// unifiedDiff shows the lines that differ between want and got, with
// three lines of context, in the hunks of a unified diff.
func unifiedDiff(want, got string) string {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(want, got)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	type line struct {
		op   byte
		text string
	}
	var all []line
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		text := d.Text
		for text != "" {
			l, rest, ok := strings.Cut(text, "\n")
			if !ok {
				l += "\n\\ No newline at end of file"
			}
			all = append(all, line{op, l})
			text = rest
		}
	}
	const context = 3
	var out strings.Builder
	for i := 0; i < len(all); {
		if all[i].op == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before this change to context
		// lines after the last change closer than 2*context to the next.
		start := max(0, i-context)
		end := i
		for j := i; j < len(all); j++ {
			if all[j].op != ' ' {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		stop := min(len(all), end+context+1)
		oldAt, newAt := 1, 1
		for _, l := range all[:start] {
			if l.op != '+' {
				oldAt++
			}
			if l.op != '-' {
				newAt++
			}
		}
		oldN, newN := 0, 0
		for _, l := range all[start:stop] {
			if l.op != '+' {
				oldN++
			}
			if l.op != '-' {
				newN++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", oldAt, oldN, newAt, newN)
		for k, l := range all[start:stop] {
			out.WriteByte(l.op)
			out.WriteString(l.text)
			out.WriteByte('\n')
			if k := start + k; l.op == '+' && k > 0 && all[k-1].op == '-' && (k < 2 || all[k-2].op != '-') {
				out.WriteString(whereLongLinesDiffer(all[k-1].text, l.text))
			}
		}
		i = stop
	}
	return out.String()
}

// whereLongLinesDiffer points at the change in a long line replaced by
// another (a rule's whole help text is one JSON string), which the
// unified diff shows only as two lines of thousands of characters: the
// byte where they part and a few words around the change on each side.
func whereLongLinesDiffer(old, new string) string {
	const long, around = 160, 40
	if len(old) < long && len(new) < long {
		return ""
	}
	p := 0
	for p < len(old) && p < len(new) && old[p] == new[p] {
		p++
	}
	q := 0
	for q < len(old)-p && q < len(new)-p && old[len(old)-1-q] == new[len(new)-1-q] {
		q++
	}
	cut := func(s string) string {
		from, to := max(0, p-around), min(len(s), len(s)-q+around)
		return strings.ToValidUTF8("…"+s[from:to]+"…", "")
	}
	return fmt.Sprintf("~ the lines part at byte %d: -%s\n~                          +%s\n", p+1, cut(old), cut(new))
}

// corpusInputs lists every input of the corpus, the rule examples copied
// into a temporary folder like TestRuleFixtures does.
func corpusInputs(t *testing.T, e *Engine) []corpusInput {
	var out []corpusInput
	for _, r := range e.Rules() {
		for _, which := range []string{"fail", "pass"} {
			if _, err := fs.Stat(fixtures.Rules, "rules/"+r.ID+"/"+which); err != nil {
				continue
			}
			root, opts, rooted := copyExample(t, r.ID, which)
			in := corpusInput{name: "rules/" + r.ID + "/" + which, opts: opts, root: root, rooted: rooted}
			if p := filepath.Join(root, which, ConfigFileName); fileExists(p) {
				in.cfg = p
			}
			out = append(out, in)
		}
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	add := func(name, path string) {
		out = append(out, corpusInput{name: name, root: repo, opts: loader.Options{WorkDir: repo, Paths: []string{path}}})
	}
	clients, err := os.ReadDir(filepath.Join(repo, "fixtures", "clients"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range clients {
		if c.IsDir() {
			add("fixtures/clients/"+c.Name(), filepath.Join(repo, "fixtures", "clients", c.Name()))
		}
	}
	for _, dir := range []string{"demo", "good"} {
		add("fixtures/"+dir, filepath.Join(repo, "fixtures", dir))
	}
	cats, _ := filepath.Glob(filepath.Join(repo, "fixtures", "catalogue", "*.json"))
	for _, p := range cats {
		add("fixtures/catalogue/"+filepath.Base(p), p)
	}
	corpus := filepath.Join(repo, "testdata", "registry")
	var seeds []string
	_ = filepath.WalkDir(corpus, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			seeds = append(seeds, p)
		}
		return nil
	})
	if len(seeds) == 0 {
		t.Fatalf("no registry corpus at %s", corpus)
	}
	for _, p := range seeds {
		rel, _ := filepath.Rel(corpus, p)
		out = append(out, corpusInput{name: "registry/" + filepath.ToSlash(rel), root: corpus, opts: loader.Options{WorkDir: corpus, Paths: []string{p}}})
	}
	return out
}

// copyExample copies a rule example out of the embedded fixtures and
// gives the options runExample loads it with.
func copyExample(t *testing.T, id, which string) (string, loader.Options, bool) {
	t.Helper()
	root := t.TempDir()
	rooted := false
	src := "rules/" + id
	err := fs.WalkDir(fixtures.Rules, src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, src), "/")
		if rel == "" {
			return nil
		}
		top := strings.Split(rel, "/")[0]
		if top != which && top != which+"-home" {
			return nil
		}
		target := filepath.Join(root, filepath.FromSlash(rel))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(fixtures.Rules, p)
		if err != nil {
			return err
		}
		rooted = rooted || bytes.Contains(b, []byte("@PROJECT@"))
		return os.WriteFile(target, []byte(strings.ReplaceAll(string(b), "@PROJECT@", filepath.ToSlash(filepath.Join(root, which)))), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	opts := loader.Options{WorkDir: root, Paths: []string{filepath.Join(root, which)}}
	if fi, err := os.Stat(filepath.Join(root, which+"-home")); err == nil && fi.IsDir() {
		opts.Home = filepath.Join(root, which+"-home")
	}
	if b, err := os.ReadFile(filepath.Join(root, which, "paths.txt")); err == nil {
		opts.Paths = nil
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				opts.Paths = append(opts.Paths, filepath.Join(root, which, line))
			}
		}
	}
	return root, opts, rooted
}

// corpusOutputs renders one input the way `mcplint check` does: json,
// text and sarif from a check in parts, diff from one workspace. The
// temporary root is replaced by a fixed name, so outputs compare across
// runs.
var (
	metasMu  sync.Mutex
	metasFor = map[*Engine][]report.RuleMeta{}
)

// corpusMetas is the SARIF rule table of e (each rule's Markdown help
// with its masked examples), the same for every input: made once per
// engine, not once per corpus input.
func corpusMetas(e *Engine) []report.RuleMeta {
	metasMu.Lock()
	defer metasMu.Unlock()
	if m, ok := metasFor[e]; ok {
		return m
	}
	var metas []report.RuleMeta
	for _, r := range e.Rules() {
		metas = append(metas, report.RuleMeta{ID: r.ID, Title: r.Title, Description: r.Description, Level: r.Level,
			HelpURL: r.HelpURL, Markdown: Markdown(r), Tags: r.Tags, Precision: r.Precision, SecuritySeverity: r.SecuritySeverity})
	}
	metasFor[e] = metas
	return metas
}

// corpusConfig is the settings an input of the corpus runs with: its
// .mcplint.toml read from its root, or the defaults.
func corpusConfig(t *testing.T, e *Engine, in corpusInput) *Config {
	t.Helper()
	if in.cfg == "" {
		return DefaultConfig()
	}
	cwd, _ := os.Getwd()
	if err := os.Chdir(in.root); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(in.cfg, func(id string) bool { _, ok := e.Rule(id); return ok })
	_ = os.Chdir(cwd)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func corpusOutputs(t *testing.T, e *Engine, in corpusInput) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	cfg := corpusConfig(t, e, in)
	plan, err := loader.Discover(in.opts)
	if err != nil {
		t.Fatalf("%s: %v", in.name, err)
	}
	fs, tot, err := e.CheckPlan(ctx, plan, cfg, 250)
	if err != nil {
		t.Fatalf("%s: %v", in.name, err)
	}
	sum := report.Summarise(fs, tot.Files, tot.Servers)
	out := map[string][]byte{}
	var b bytes.Buffer
	if err := report.JSON(&b, fs, sum); err != nil {
		t.Fatal(err)
	}
	out["json"] = bytes.Clone(b.Bytes())
	b.Reset()
	if err := report.Text(&b, fs, nil, sum, report.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	out["text"] = bytes.Clone(b.Bytes())
	b.Reset()
	metas := corpusMetas(e)
	tool := report.Tool{Name: "mcplint", Version: "corpus", InformationURI: "https://github.com/mcplint/mcplint"}
	if err := report.SARIF(&b, tool, metas, fs, in.root); err != nil {
		t.Fatal(err)
	}
	out["sarif"] = bytes.Clone(b.Bytes())
	b.Reset()
	ws, err := loader.Load(in.opts)
	if err != nil {
		t.Fatal(err)
	}
	all, err := e.Check(ctx, ws, cfg)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]*loader.Document{}
	for _, d := range ws.Documents {
		docs[d.Path] = d
	}
	read := func(file string) ([]byte, syntax.Format, error) {
		if d := docs[file]; d != nil && d.File != nil {
			return d.File.Src, d.Format, nil
		}
		return nil, 0, fmt.Errorf("not read")
	}
	if err := report.Diff(&b, all, read); err != nil {
		t.Fatal(err)
	}
	out["diff"] = bytes.Clone(b.Bytes())
	for k, v := range out {
		v = bytes.ReplaceAll(v, []byte(filepath.ToSlash(in.root)), []byte("$ROOT"))
		v = bytes.ReplaceAll(v, []byte(in.root), []byte("$ROOT"))
		// …and as a JSON pointer token.
		v = bytes.ReplaceAll(v, []byte(strings.ReplaceAll(filepath.ToSlash(in.root), "/", "~1")), []byte("$ROOT"))
		if in.rooted {
			v = corpusFingerprint.ReplaceAll(v, []byte(`$1: "-"`))
		}
		out[k] = v
	}
	return out
}

// TestUnifiedDiff: the hunks TestCorpusOutputs prints are the ones diff -u
// would print (two changes far apart make two hunks, near ones one).
func TestUnifiedDiff(t *testing.T) {
	var old []string
	for i := 1; i <= 20; i++ {
		old = append(old, fmt.Sprintf("line %d", i))
	}
	cur := append([]string(nil), old...)
	cur[1] = "line two"
	cur[16] = "line seventeen"
	cur = append(cur[:18], append([]string{"inserted"}, cur[18:]...)...)
	got := unifiedDiff(strings.Join(old, "\n")+"\n", strings.Join(cur, "\n")+"\n")
	want := `@@ -1,5 +1,5 @@
 line 1
-line 2
+line two
 line 3
 line 4
 line 5
@@ -14,7 +14,8 @@
 line 14
 line 15
 line 16
-line 17
+line seventeen
 line 18
+inserted
 line 19
 line 20
`
	if got != want {
		t.Errorf("unifiedDiff:\n%s\nwant:\n%s", got, want)
	}
	long := strings.Repeat("word ", 60)
	d := unifiedDiff(long+"is not encrypted "+long+"\n", long+"is sent unencrypted "+long+"\n")
	if !strings.Contains(d, "\n~ the lines part at byte 304: -…d word word word word word word word is not encrypted word word word word word word …\n") ||
		!strings.Contains(d, "\n~                          +…d word word word word word word word is sent unencrypted word word word word word word …\n") {
		t.Errorf("a change inside a long line is not pointed at:\n%s", d)
	}
	if d := unifiedDiff("a\nb", "a\nc"); d != "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n" {
		t.Errorf("no final newline: %q", d)
	}
}
