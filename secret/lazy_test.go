package secret

import (
	"os"
	"regexp"
	"testing"
)

// compiledAtStart is how many detector patterns were compiled before any
// test ran: package init must compile none.
var compiledAtStart = -1

func TestMain(m *testing.M) {
	compiledAtStart = compiledPatterns()
	os.Exit(m.Run())
}

func compiledPatterns() int {
	n := 0
	for i := range detectors {
		d := &detectors[i]
		for _, l := range []*lazyRegexp{d.re, d.nameRe} {
			if l != nil && l.re != nil {
				n++
			}
		}
	}
	if connKVRe.re != nil {
		n++
	}
	return n
}

func TestPatternsCompileOnFirstUse(t *testing.T) {
	if compiledAtStart != 0 {
		t.Errorf("%d detector patterns compiled at init, want 0", compiledAtStart)
	}
	// A value without any keyword compiles nothing either.
	before := compiledPatterns()
	Scan("LOG_LEVEL", "info and nothing more")
	if after := compiledPatterns(); after != before {
		t.Errorf("scanning a value without keywords compiled %d patterns", after-before)
	}
	// Every pattern compiles, and one compiles when its keyword is met.
	for i := range detectors {
		d := &detectors[i]
		if _, err := regexp.Compile(d.Pattern); err != nil {
			t.Errorf("%s: %v", d.ID, err)
		}
		if d.Name != "" {
			if _, err := regexp.Compile(`(?i)` + d.Name); err != nil {
				t.Errorf("%s name: %v", d.ID, err)
			}
		}
	}
	Scan("", "ghp_"+"62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr")
	if detectors[0].ID != "github-pat" || detectors[0].re.re == nil {
		t.Error("the github-pat pattern is not compiled after a value with its keyword")
	}
}
