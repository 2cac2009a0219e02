// Package parallel runs independent pieces of work on every core.
package parallel

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Panic is a panic of a worker goroutine, raised again in the goroutine
// that waits for it: a recover there (the command's, the language
// server's) then sees it, where a panic left in the worker would end the
// whole process.
type Panic struct {
	Value any
	Stack []byte
}

func (p *Panic) Error() string { return fmt.Sprintf("%v", p.Value) }

// Group runs functions on goroutines; Wait waits for all of them and
// panics with the first worker's *Panic, if any.
type Group struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	first *Panic
}

// Go runs f on a goroutine of its own.
func (g *Group) Go(f func()) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		defer func() {
			if r := recover(); r != nil {
				g.mu.Lock()
				if g.first == nil {
					p, ok := r.(*Panic)
					if !ok {
						p = &Panic{Value: r, Stack: debug.Stack()}
					}
					g.first = p
				}
				g.mu.Unlock()
			}
		}()
		f()
	}()
}

// Wait waits for every function, then raises the first panic again.
func (g *Group) Wait() {
	g.wg.Wait()
	if g.first != nil {
		panic(g.first)
	}
}

// For runs f(0…n-1) on every core, in contiguous chunks. Small n runs
// inline: a goroutine costs more than the work. A panic in f is raised
// again in the caller's goroutine (see Group).
func For(n int, f func(i int)) {
	workers := runtime.GOMAXPROCS(0)
	if n < 16 || workers < 2 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var g Group
	chunk := (n + workers - 1) / workers
	for w := 0; w < workers; w++ {
		lo, hi := w*chunk, min((w+1)*chunk, n)
		if lo >= hi {
			break
		}
		g.Go(func() {
			for i := lo; i < hi; i++ {
				f(i)
			}
		})
	}
	g.Wait()
}
