package rules

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var updateRealWorld = flag.Bool("update-realworld", false, "rewrite fixtures/realworld/judged.tsv (new findings are marked ?)")

// realWorldDir holds real public configs written after their shapes;
// labels.tsv (committed before mcplint ran on them) lists every problem a
// reviewer wants reported, judged.tsv judges every finding mcplint gives.
const realWorldDir = "../fixtures/realworld"

// realWorldLabel is one row of labels.tsv: a problem at file:line that a
// rule (or no rule, "-") should report, or "none" for a file with nothing
// to report.
type realWorldLabel struct {
	file, rule, why string
	line            int
}

func (l realWorldLabel) ref() string { return fmt.Sprintf("%s:%d %s", l.file, l.line, l.rule) }

func readRealWorldLabels(t *testing.T) []realWorldLabel {
	t.Helper()
	rows := readTSV(t, filepath.Join(realWorldDir, "labels.tsv"), 4)
	var out []realWorldLabel
	for _, r := range rows {
		l := realWorldLabel{file: r.cols[0], rule: r.cols[2], why: r.cols[3]}
		if r.cols[1] != "-" {
			n, err := strconv.Atoi(r.cols[1])
			if err != nil || n < 1 {
				t.Fatalf("labels.tsv:%d: line %q is not a line number or -", r.n, r.cols[1])
			}
			l.line = n
		}
		if (l.rule == "none") != (l.line == 0) {
			t.Fatalf("labels.tsv:%d: a file with nothing to report has line - and rule none, a problem has both", r.n)
		}
		if _, err := os.Stat(filepath.Join(realWorldDir, filepath.FromSlash(l.file))); err != nil {
			t.Fatalf("labels.tsv:%d: %v", r.n, err)
		}
		out = append(out, l)
	}
	return out
}

type tsvRow struct {
	n    int
	cols []string
}

// readTSV reads a tab-separated file, skipping blank and # lines; every
// row must have exactly cols columns.
func readTSV(t *testing.T, path string, cols int) []tsvRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	var out []tsvRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != cols {
			t.Fatalf("%s:%d: %d columns, want %d", filepath.Base(path), n, len(c), cols)
		}
		out = append(out, tsvRow{n: n, cols: c})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRealWorldPrecision checks every case of fixtures/realworld and holds
// the findings to judged.tsv: a finding not judged, a judged one that no
// longer appears, a false finding, a useful one that names no labelled
// problem, or a precision under 95% fails. Recall is the share of the
// labelled problems some useful finding reports.
func TestRealWorldPrecision(t *testing.T) {
	labels := readRealWorldLabels(t)
	labelled := map[string]realWorldLabel{}
	problems := 0
	for _, l := range labels {
		if l.rule != "none" {
			labelled[l.ref()] = l
			problems++
		}
	}
	judged := map[string][2]string{} // finding → mark, label ref or why
	if _, err := os.Stat(filepath.Join(realWorldDir, "judged.tsv")); err == nil || !*updateRealWorld {
		for _, r := range readTSV(t, filepath.Join(realWorldDir, "judged.tsv"), 3) {
			judged[r.cols[0]] = [2]string{r.cols[1], r.cols[2]}
		}
	}
	entries, err := os.ReadDir(realWorldDir)
	if err != nil {
		t.Fatal(err)
	}
	e := engine(t)
	var got []string
	cases := 0
	for _, en := range entries {
		if !en.IsDir() {
			continue
		}
		cases++
		fs, _ := runPrecisionCase(t, e, realWorldDir, en.Name())
		got = append(got, fs...)
	}
	sort.Strings(got)
	if *updateRealWorld {
		var w strings.Builder
		w.WriteString("# Every finding mcplint gives on fixtures/realworld, judged against labels.tsv.\n")
		w.WriteString("# finding\tuseful|noise|false\tthe label it reports (file:line rule) for useful, else why\n")
		for _, g := range got {
			j, ok := judged[g]
			if !ok {
				j = [2]string{"?", "-"}
			}
			fmt.Fprintf(&w, "%s\t%s\t%s\n", g, j[0], j[1])
		}
		if err := os.WriteFile(filepath.Join(realWorldDir, "judged.tsv"), []byte(w.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var tally precisionTally
	found := map[string]bool{}
	seen := map[string]bool{}
	for _, g := range got {
		seen[g] = true
		j, ok := judged[g]
		if !ok {
			t.Errorf("finding not in judged.tsv: %s", g)
			tally.unjudged++
			continue
		}
		tally.add(g, j[0])
		switch j[0] {
		case "useful":
			if _, ok := labelled[j[1]]; !ok {
				t.Errorf("useful finding names no labelled problem (%q): %s", j[1], g)
			}
			if !isInfo(g) {
				found[j[1]] = true
			}
		case "noise":
		case "false":
			t.Errorf("false finding: %s (%s)", g, j[1])
		default:
			t.Errorf("finding not judged useful, noise or false: %s %s", g, j[0])
		}
	}
	for k := range judged {
		if !seen[k] {
			t.Errorf("judged finding no longer reported: %s", k)
		}
	}
	recall := 100 * float64(len(found)) / float64(max(problems, 1))
	t.Logf("realworld: %d cases, %d files labelled, %d findings (warnings and errors): %d useful, %d noise, %d false: precision %.1f%%; %d of %d labelled problems found: recall %.1f%%; %d infos (not counted, %d of them noise)",
		cases, countFiles(labels), tally.total(), tally.useful, tally.noise, tally.false, tally.precision(), len(found), problems, recall, tally.infos, tally.infoNoise)
	if countFiles(labels) < 100 {
		t.Errorf("%d labelled files, want at least 100", countFiles(labels))
	}
	if tally.precision() < precisionFloor {
		t.Errorf("precision %.1f%% is below %.0f%%", tally.precision(), precisionFloor)
	}
}

func countFiles(labels []realWorldLabel) int {
	files := map[string]bool{}
	for _, l := range labels {
		files[l.file] = true
	}
	return len(files)
}
