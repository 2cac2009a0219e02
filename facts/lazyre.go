package facts

import (
	"regexp"
	"sync"
)

// lazyRegexp is a pattern compiled on its first use, so that a run pays
// at start-up for none of the patterns and later only for those a value
// reaches (most runs never meet a tool description, a catalogue or a
// shell script).
type lazyRegexp struct {
	once sync.Once
	expr string
	re   *regexp.Regexp
}

// lazyPatterns are every lazyRegexp made, for the test that compiles them.
var lazyPatterns []*lazyRegexp

// lazyRE returns expr compiled on its first use; it panics then, as
// regexp.MustCompile would, on a bad pattern. It is called only in
// package variable initialisers.
func lazyRE(expr string) *lazyRegexp {
	l := &lazyRegexp{expr: expr}
	lazyPatterns = append(lazyPatterns, l)
	return l
}

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}

func (l *lazyRegexp) MatchString(s string) bool { return l.get().MatchString(s) }

func (l *lazyRegexp) FindString(s string) string { return l.get().FindString(s) }

func (l *lazyRegexp) FindStringIndex(s string) []int { return l.get().FindStringIndex(s) }

func (l *lazyRegexp) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }

func (l *lazyRegexp) FindAllString(s string, n int) []string { return l.get().FindAllString(s, n) }

func (l *lazyRegexp) FindAllStringIndex(s string, n int) [][]int {
	return l.get().FindAllStringIndex(s, n)
}

func (l *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.get().FindAllStringSubmatchIndex(s, n)
}

func (l *lazyRegexp) ReplaceAllString(s, repl string) string {
	return l.get().ReplaceAllString(s, repl)
}

func (l *lazyRegexp) ReplaceAllStringFunc(s string, repl func(string) string) string {
	return l.get().ReplaceAllStringFunc(s, repl)
}
