package parallel

import (
	"strings"
	"testing"
)

// A panic in a worker reaches the caller's goroutine, where it can be
// recovered, instead of ending the process.
func TestPanicReachesTheCaller(t *testing.T) {
	got := func() (r any) {
		defer func() { r = recover() }()
		For(1000, func(i int) {
			if i == 777 {
				panic("bad input at 777")
			}
		})
		return nil
	}()
	p, ok := got.(*Panic)
	if !ok || !strings.Contains(p.Error(), "bad input at 777") || len(p.Stack) == 0 {
		t.Fatalf("recovered %#v", got)
	}
}

func TestForRunsEveryIndex(t *testing.T) {
	seen := make([]bool, 5000)
	For(len(seen), func(i int) { seen[i] = true })
	for i, ok := range seen {
		if !ok {
			t.Fatalf("index %d not run", i)
		}
	}
}
