package facts

import (
	"regexp"
	"testing"
)

// TestLazyPatternsCompile compiles every lazily compiled pattern, which
// start-up no longer does.
func TestLazyPatternsCompile(t *testing.T) {
	if len(lazyPatterns) < 30 {
		t.Fatalf("%d lazy patterns: the package's patterns are not made with lazyRE", len(lazyPatterns))
	}
	for _, l := range lazyPatterns {
		if _, err := regexp.Compile(l.expr); err != nil {
			t.Errorf("%q: %v", l.expr, err)
		}
	}
	l := lazyRE(`a+b`)
	if l.re != nil {
		t.Fatal("compiled before its first use")
	}
	if !l.MatchString("xaab") || l.FindString("xaab") != "aab" || l.re == nil {
		t.Error("a lazy pattern does not match as its regexp does")
	}
}
