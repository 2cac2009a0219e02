// Command compare times two commands as whole processes, in alternation
// (A B A B …) so both see the same machine state, and prints the median
// wall and CPU (user + system) time and the peak resident memory of each,
// and their ratios.
//
//	go run ./bench/compare -pairs 7 -label 2000 -a "mcplint check --no-config dir" -b "conftest test dir"
//
// Exit codes of the commands are ignored: both report findings on purpose.
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"
)

type sample struct {
	wall   time.Duration
	cpu    time.Duration // user + system
	maxRSS int64         // KiB
}

func run(cmdline string) sample {
	args := strings.Fields(cmdline)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = nil, nil
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) {
			log.Fatalf("%s: %v", cmdline, err)
		}
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return sample{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss}
}

// median gives the median wall and CPU time and the highest peak RSS.
func median(xs []sample) (time.Duration, time.Duration, int64) {
	ws := make([]time.Duration, len(xs))
	cs := make([]time.Duration, len(xs))
	var peak int64
	for i, x := range xs {
		ws[i], cs[i] = x.wall, x.cpu
		if x.maxRSS > peak {
			peak = x.maxRSS
		}
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i] < ws[j] })
	sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
	return ws[len(ws)/2], cs[len(cs)/2], peak
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func main() {
	a := flag.String("a", "", "first command (mcplint)")
	b := flag.String("b", "", "second command (the baseline)")
	pairs := flag.Int("pairs", 5, "number of A/B pairs")
	label := flag.String("label", "", "row label")
	record := flag.String("record", "", "append \"label wall-ms-A cpu-ms-A wall-ms-B cpu-ms-B\" to `FILE`")
	flag.Parse()
	if *a == "" || *b == "" {
		flag.Usage()
		os.Exit(2)
	}
	// One warm-up each, so the page cache holds the files for both.
	run(*a)
	run(*b)
	var as, bs []sample
	for i := 0; i < *pairs; i++ {
		as = append(as, run(*a))
		bs = append(bs, run(*b))
	}
	am, ac, arss := median(as)
	bm, bc, brss := median(bs)
	fmt.Printf("| %s | %.1f ms | %.1f ms | %.1f MB | %.1f ms | %.1f ms | %.1f MB | %.2f | %.2f |\n", *label,
		ms(am), ms(ac), float64(arss)/1024, ms(bm), ms(bc), float64(brss)/1024,
		float64(am)/float64(bm), float64(ac)/float64(bc))
	if *record != "" {
		f, err := os.OpenFile(*record, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(f, "%s %.1f %.1f %.1f %.1f\n", strings.ReplaceAll(*label, " ", "_"), ms(am), ms(ac), ms(bm), ms(bc))
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
	}
}
