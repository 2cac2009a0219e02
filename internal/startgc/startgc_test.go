package startgc

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// The hold keeps the collector off and the settings asked for during it
// pending; the first collection applies them.
func TestHoldEndsAtFirstCollection(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT set: no hold")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	Restore()
	if !Held() {
		t.Fatal("Restore did not hold the collector")
	}
	SetGCPercent(400)
	SetMemoryLimit(math.MaxInt64)
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Fatalf("GOGC during the hold = %d, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != holdLimit || l <= Grace {
		t.Fatalf("memory limit during the hold = %d, want the hold's %d (above Grace)", l, holdLimit)
	}
	resume := Pause()
	resume()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Fatalf("Pause/resume during the hold turned the collector on: GOGC %d", p)
	}
	runtime.GC()
	for i := 0; Held(); i++ {
		if i == 500 {
			t.Fatal("the hold did not end after a collection")
		}
		time.Sleep(2 * time.Millisecond)
	}
	if p := debug.SetGCPercent(-1); p != 400 {
		t.Fatalf("GOGC after the hold = %d, want 400", p)
	}
	debug.SetGCPercent(400)
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Fatalf("memory limit after the hold = %d, want the one asked for", l)
	}
	resume = Pause()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Fatalf("Pause after the hold left GOGC %d", p)
	}
	resume()
	if p := debug.SetGCPercent(-1); p != 400 {
		t.Fatalf("resume after the hold set GOGC %d, want 400", p)
	}
}
