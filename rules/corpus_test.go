package rules

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/fixtures"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/report"
)

// corpusGolden holds one line per input and output format: the SHA-256 of
// the bytes `mcplint check --format F` writes. Hashes, not the outputs, so
// the file stays small; any changed byte fails the test.
const corpusGolden = "testdata/corpus-outputs.txt"

const corpusUpdateHint = "if the change is intended, regenerate with: go test ./rules -run TestCorpusOutputs -update"

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
// seeds byte-identical: a change meant to make the engine faster must not
// change a byte of what it reports.
func TestCorpusOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every corpus input in every format: the full suite runs it")
	}
	e := engine(t)
	inputs := corpusInputs(t, e)
	// MCPLINT_CORPUS_DUMP=DIR writes every output there, to see what
	// changed (diff -r two dumps).
	dump := os.Getenv("MCPLINT_CORPUS_DUMP")
	got := map[string]string{}
	var names []string
	for _, in := range inputs {
		outs := corpusOutputs(t, e, in)
		for _, format := range []string{"json", "text", "sarif", "diff"} {
			key := in.name + " " + format
			sum := sha256.Sum256(outs[format])
			if dump != "" {
				p := filepath.Join(dump, filepath.FromSlash(in.name), format)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, outs[format], 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got[key] = fmt.Sprintf("%s %d", hex.EncodeToString(sum[:12]), len(outs[format]))
			names = append(names, key)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("# sha256[:12] and size of each output; regenerate: go test ./rules -run TestCorpusOutputs -update\n")
	for _, k := range names {
		fmt.Fprintf(&b, "%s %s\n", k, got[k])
	}
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(corpusGolden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(corpusGolden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(corpusGolden)
	if err != nil {
		t.Fatalf("%v: %s", err, corpusUpdateHint)
	}
	want := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("%s: malformed line %q: %s", corpusGolden, line, corpusUpdateHint)
		}
		want[f[0]+" "+f[1]] = f[2] + " " + f[3]
	}
	var diffs []string
	for _, k := range names {
		if w, ok := want[k]; !ok {
			diffs = append(diffs, "new output "+k)
		} else if w != got[k] {
			diffs = append(diffs, fmt.Sprintf("%s: got %s, want %s", k, got[k], w))
		}
		delete(want, k)
	}
	for k := range want {
		diffs = append(diffs, "missing output "+k)
	}
	sort.Strings(diffs)
	if len(diffs) > 0 {
		t.Errorf("%d of %d outputs differ from %s:\n%s\n%s", len(diffs), len(names), corpusGolden, strings.Join(diffs, "\n"), corpusUpdateHint)
	}
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
