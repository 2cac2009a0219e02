package rules

import (
	"math/rand"
	"testing"
	"unsafe"

	"github.com/mcplint/mcplint/finding"
)

// TestPackWritesALineOnce: the findings of one long line (a one-line
// file of thousands of servers) pack the line once and unpack sharing one
// string, so packing stays linear in the findings.
func TestPackWritesALineOnce(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	b := make([]byte, 200_000)
	for i := range b {
		b[i] = byte('a' + r.Intn(26))
	}
	long, other := string(b), "short line"
	var fs []finding.Finding
	for i := 0; i < 500; i++ {
		src := long
		if i%7 == 0 {
			src = other
		}
		if i%11 == 0 {
			src = ""
		}
		fs = append(fs, finding.Finding{Rule: "r", File: "f", Source: src})
	}
	p, err := pack(fs)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.data) > 2*len(long) {
		t.Errorf("500 findings of one 200 kB line packed into %d bytes", len(p.data))
	}
	got, err := p.unpack(nil, interner{})
	if err != nil || len(got) != len(fs) {
		t.Fatalf("%d findings, %v", len(got), err)
	}
	var shared *byte
	for i, f := range got {
		if f.Source != fs[i].Source {
			t.Fatalf("finding %d: source differs", i)
		}
		if f.Source == long {
			if shared == nil {
				shared = unsafe.StringData(f.Source)
			} else if unsafe.StringData(f.Source) != shared {
				t.Fatalf("finding %d has its own copy of the line", i)
			}
		}
	}
}
