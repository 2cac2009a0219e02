package report

import (
	"errors"
	"testing"

	"github.com/mcplint/mcplint/finding"
)

type failingWriter struct{ after, n int }

var errFull = errors.New("no space left on device")

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.n >= f.after {
		return 0, errFull
	}
	f.n++
	return len(p), nil
}

// A report that cannot be written (a closed pipe, a full disk) is an
// error of the command, not a report cut short with exit 0.
func TestReportsReturnTheWriteError(t *testing.T) {
	fs := []finding.Finding{{File: "a.json", Rule: "transport/https-only", Level: finding.Error, Message: "m"}}
	for name, write := range map[string]func(w *failingWriter) error{
		"text":   func(w *failingWriter) error { return Text(w, fs, nil, Summary{}, TextOptions{}) },
		"quiet":  func(w *failingWriter) error { return Text(w, fs, nil, Summary{}, TextOptions{Quiet: true}) },
		"github": func(w *failingWriter) error { return GitHub(w, fs, Summary{}) },
	} {
		if err := write(&failingWriter{after: 0}); !errors.Is(err, errFull) {
			t.Errorf("%s: err = %v, want the write error", name, err)
		}
		if err := write(&failingWriter{after: 1 << 20}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
