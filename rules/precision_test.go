package rules

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite fixtures/corpus/expected.txt (new findings are marked ?)")

// corpusDir holds realistic project trees written after the shapes of
// public MCP configs; expected.txt lists every finding they give, each
// marked useful or noise.
const corpusDir = "../fixtures/corpus"

// precisionFloor is the share of findings that must be useful on a set of
// realistic configs. It is never lowered to let a change pass.
const precisionFloor = 95.0

// precisionTally counts the marks of one set of findings. Precision is
// taken over the findings that ask for a change (warnings and errors);
// an info says something is there without calling it wrong, does not
// fail a check at any --fail-level but info, and is counted apart (a
// false info still fails the test).
type precisionTally struct {
	useful, noise, false, unjudged int
	infos, infoNoise               int
}

func (p precisionTally) total() int { return p.useful + p.noise + p.false + p.unjudged }

func (p precisionTally) precision() float64 {
	if p.total() == 0 {
		return 100
	}
	return 100 * float64(p.useful) / float64(p.total())
}

// isInfo says whether a finding "<file>:<line>:<col> <level> <rule>" is
// at info level.
func isInfo(finding string) bool {
	f := strings.Fields(finding)
	return len(f) > 1 && f[1] == "info"
}

func (p *precisionTally) add(finding, mark string) {
	if isInfo(finding) && !strings.HasPrefix(mark, "false") {
		p.infos++
		if !strings.HasPrefix(mark, "useful") {
			p.infoNoise++
		}
		return
	}
	switch {
	case strings.HasPrefix(mark, "useful"):
		p.useful++
	case strings.HasPrefix(mark, "noise"):
		p.noise++
	case strings.HasPrefix(mark, "false"):
		p.false++
	default:
		p.unjudged++
	}
}

// corpusCase is one folder of the corpus, checked like `mcplint check
// <case>` (or the paths its paths.txt names, with the client its
// client.txt names).
func runCorpusCase(t *testing.T, e *Engine, name string) ([]string, *loader.Workspace) {
	t.Helper()
	return runPrecisionCase(t, e, corpusDir, name)
}

// runPrecisionCase checks the case folder dir/name like `mcplint check
// <name>` run in dir, and gives its findings as
// "<name>/<file>:<line>:<col> <level> <rule>".
func runPrecisionCase(t *testing.T, e *Engine, dir, name string) ([]string, *loader.Workspace) {
	t.Helper()
	root := t.TempDir()
	dst := filepath.Join(root, name)
	if err := copyPrecisionTree(filepath.Join(dir, name), dst); err != nil {
		t.Fatal(err)
	}
	opts := loader.Options{WorkDir: root, Paths: []string{dst}}
	if b, err := os.ReadFile(filepath.Join(dst, "paths.txt")); err == nil {
		opts.Paths = nil
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				opts.Paths = append(opts.Paths, filepath.Join(dst, line))
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(dst, "client.txt")); err == nil {
		opts.Client = strings.TrimSpace(string(b))
	}
	ws, err := loader.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := e.Check(context.Background(), ws, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d:%d %s %s", filepath.ToSlash(f.File), f.Range.Start.Line, f.Range.Start.Column, f.Level, f.Rule))
	}
	return out, ws
}

func copyPrecisionTree(src, dst string) error {
	return filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// TestCorpusPrecision checks every corpus case and compares the findings
// with expected.txt: any finding added or lost fails, and so does a
// precision (useful findings / all findings) below 95%.
func TestCorpusPrecision(t *testing.T) {
	e := engine(t)
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	expected := map[string]string{} // finding → "useful" or "noise" (with its note)
	b, err := os.ReadFile(filepath.Join(corpusDir, "expected.txt"))
	if err != nil && !*updateCorpus {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		// <file>:<line>:<col> <level> <rule> <mark> [note]
		fields := strings.Fields(line)
		if len(fields) < 4 {
			t.Fatalf("expected.txt: malformed line %q", line)
		}
		expected[strings.Join(fields[:3], " ")] = strings.Join(fields[3:], " ")
	}
	var got []string
	configs, clients := 0, map[string]bool{}
	for _, en := range entries {
		if !en.IsDir() {
			continue
		}
		fs, ws := runCorpusCase(t, e, en.Name())
		got = append(got, fs...)
		for _, d := range ws.Documents {
			if d.Kind == loader.KindClientConfig || d.Kind == loader.KindTeamCatalogue || d.Kind == loader.KindRegistryList || d.Kind == loader.KindRegistryDoc {
				configs++
				clients[d.Client] = true
			}
		}
	}
	sort.Strings(got)
	if *updateCorpus {
		var w strings.Builder
		w.WriteString("# Every finding of the corpus: <file>:<line>:<col> <level> <rule> useful|noise [why]\n")
		w.WriteString("# TestCorpusPrecision fails on any finding added or lost, and below 95% useful.\n")
		for _, g := range got {
			mark := expected[g]
			if mark == "" {
				mark = "?"
			}
			fmt.Fprintf(&w, "%s %s\n", g, mark)
		}
		if err := os.WriteFile(filepath.Join(corpusDir, "expected.txt"), []byte(w.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	classes := readClassCases(t)
	var realistic, class precisionTally
	seen := map[string]bool{}
	for _, g := range got {
		seen[g] = true
		mark, ok := expected[g]
		tally := &realistic
		if classes[strings.SplitN(g, "/", 2)[0]] {
			tally = &class
		}
		switch {
		case !ok:
			t.Errorf("new finding not in expected.txt: %s", g)
			tally.unjudged++
		case strings.HasPrefix(mark, "useful"), strings.HasPrefix(mark, "noise"):
			tally.add(g, mark)
		case strings.HasPrefix(mark, "false"):
			tally.add(g, mark)
			t.Errorf("false finding: %s %s", g, mark)
		default:
			t.Errorf("finding not marked useful, noise or false: %s %s", g, mark)
			tally.unjudged++
		}
	}
	for k := range expected {
		if !seen[k] {
			t.Errorf("expected finding no longer reported: %s", k)
		}
	}
	if len(got) == 0 {
		t.Fatal("the corpus gave no findings")
	}
	t.Logf("corpus: %d configs of %d clients; realistic trees: %d findings, %d useful: precision %.1f%% (and %d infos, not counted); class cases (not counted): %d findings, %d useful",
		configs, len(clients), realistic.total(), realistic.useful, realistic.precision(), realistic.infos, class.total(), class.useful)
	if configs < 40 || len(clients) < 8 {
		t.Errorf("the corpus holds %d configs of %d clients, want at least 40 of 8", configs, len(clients))
	}
	if realistic.precision() < precisionFloor {
		t.Errorf("precision %.1f%% on the realistic trees is below %.0f%%", realistic.precision(), precisionFloor)
	}
}

// readClassCases reads fixtures/corpus/classes.txt: the case folders
// written alongside a fix, which the precision figure leaves out.
func readClassCases(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, "classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := os.Stat(filepath.Join(corpusDir, line)); err != nil {
			t.Fatalf("classes.txt: %v", err)
		}
		out[line] = true
	}
	return out
}
