package rules

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// flowsDir holds real multi-server configs with the findings a reader
// expects of the rules across servers (labels.tsv, committed before the
// rules ran on them).
const flowsDir = "../fixtures/flows"

var flowRules = []string{"flow/lethal-trifecta", "supply-chain/look-alike-package", "compat/clients-disagree"}

// TestFlowCorpus checks every case of fixtures/flows and compares the
// findings of the rules across servers with the labels: precision
// (findings a label expects / all findings) must stay at 90% or more, and
// recall is reported.
func TestFlowCorpus(t *testing.T) {
	want := readFlowLabels(t)
	e := engine(t)
	tp, fp, fn := 0, 0, 0
	cases := make([]string, 0, len(want))
	for c := range want {
		cases = append(cases, c)
	}
	sort.Strings(cases)
	for _, c := range cases {
		root := t.TempDir()
		if err := copyPrecisionTree(filepath.Join(flowsDir, c), root); err != nil {
			t.Fatal(err)
		}
		fs := loadAndCheck(t, e, loader.Options{WorkDir: root, Paths: []string{root}})
		got := map[string]int{}
		for _, f := range fs {
			for _, r := range flowRules {
				if f.Rule == r {
					got[r]++
				}
			}
		}
		for _, r := range flowRules {
			w, g := want[c][r], got[r]
			hit := min(w, g)
			tp += hit
			fp += g - hit
			fn += w - hit
			if g != w {
				t.Logf("%s: %s: %d findings, %d labelled", c, r, g, w)
			}
		}
	}
	precision := 1.0
	if tp+fp > 0 {
		precision = float64(tp) / float64(tp+fp)
	}
	recall := 1.0
	if tp+fn > 0 {
		recall = float64(tp) / float64(tp+fn)
	}
	t.Logf("%d cases: %d findings as labelled, %d not labelled, %d labelled and missed: precision %.1f%%, recall %.1f%%",
		len(cases), tp, fp, fn, 100*precision, 100*recall)
	if len(cases) < 20 {
		t.Errorf("%d cases, want at least 20", len(cases))
	}
	if precision < 0.90 {
		t.Errorf("precision %.1f%% is under 90%%", 100*precision)
	}
}

// readFlowLabels reads labels.tsv: case, source, expected findings
// ("rule:count" separated by commas, or "none"), note.
func readFlowLabels(t *testing.T) map[string]map[string]int {
	t.Helper()
	f, err := os.Open(filepath.Join(flowsDir, "labels.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	out := map[string]map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 {
			t.Fatalf("labels.tsv:%d: %d columns, want 4", n, len(cols))
		}
		m := map[string]int{}
		if cols[2] != "none" {
			for _, e := range strings.Split(cols[2], ",") {
				rule, count, ok := strings.Cut(strings.TrimSpace(e), ":")
				k, err := strconv.Atoi(count)
				if !ok || err != nil {
					t.Fatalf("labels.tsv:%d: %q is not rule:count", n, e)
				}
				m[rule] = k
			}
		}
		out[cols[0]] = m
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
