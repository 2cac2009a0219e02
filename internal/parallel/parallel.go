// Package parallel runs independent pieces of work on every core.
package parallel

import (
	"runtime"
	"sync"
)

// For runs f(0…n-1) on every core, in contiguous chunks. Small n runs
// inline: a goroutine costs more than the work.
func For(n int, f func(i int)) {
	workers := runtime.GOMAXPROCS(0)
	if n < 16 || workers < 2 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for w := 0; w < workers; w++ {
		lo, hi := w*chunk, min((w+1)*chunk, n)
		if lo >= hi {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				f(i)
			}
		}()
	}
	wg.Wait()
}
