package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcplint/mcplint/loader"
	"io"
	"io/fs"
	"reflect"
	"strings"

	"github.com/mcplint/mcplint/finding"
)

// Baseline records the findings a team accepts for now, by structural
// fingerprint (rule, file and JSON pointer, never the value), so lines
// moving or a count in a message changing does not make them new.
// Version 1 fingerprints hashed the value as well; a version 1 baseline is
// still read and matched by rule, file and message (digits aside).
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one accepted finding. Rule, file and message are for
// the reader; matching uses the fingerprint only.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	File        string `json:"file"`
	Message     string `json:"message"`
}

// WriteBaseline writes the baseline of fs.
func WriteBaseline(w io.Writer, fs []finding.Finding) error {
	b := Baseline{Version: 2, Findings: []BaselineEntry{}}
	for _, f := range fs {
		b.Findings = append(b.Findings, BaselineEntry{Fingerprint: f.Fingerprint, Rule: f.Rule, File: f.File, Message: f.Message})
	}
	return writeJSON(w, b)
}

// ReadBaseline reads a baseline file.
func ReadBaseline(path string) (*Baseline, error) {
	raw, err := loader.ReadRegularFile(path, 256<<20)
	if err != nil {
		var pe *fs.PathError
		if !errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", path, err)
		}
		return nil, err
	}
	var b Baseline
	if err := json.Unmarshal(raw, &b); err != nil {
		at, msg := jsonProblem(raw, err)
		return nil, fmt.Errorf("%s:%s: not a baseline file (mcplint baseline writes one): %s", path, at, msg)
	}
	if b.Version != 1 && b.Version != 2 {
		return nil, fmt.Errorf("%s:1:1: baseline version %d, want 2 or 1", path, b.Version)
	}
	return &b, nil
}

// jsonProblem turns a JSON decoding error into the line:column it names
// and a message in JSON's terms, not Go's ("findings is a number, not an
// array").
func jsonProblem(raw []byte, err error) (string, string) {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off, msg := int64(0), err.Error()
	switch {
	case errors.As(err, &se):
		off, msg = se.Offset-1, se.Error()
	case errors.As(err, &te):
		off = te.Offset - 1
		what := "the document"
		if te.Field != "" {
			what = te.Field
		}
		msg = fmt.Sprintf("%s is %s, not %s", what, jsonWord(te.Value), goKindWord(te.Type))
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(msg, "unexpected end of JSON input") {
		off, msg = int64(len(raw)), "the JSON ends early"
	}
	if off < 0 {
		off = 0
	}
	if off > int64(len(raw)) {
		off = int64(len(raw))
	}
	line, col := 1, 1
	for _, r := range string(raw[:off]) {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%d:%d", line, col), msg
}

// jsonWord names the JSON value kind an UnmarshalTypeError reports.
func jsonWord(v string) string {
	switch {
	case v == "array":
		return "an array"
	case v == "object":
		return "an object"
	case v == "string":
		return "a string"
	case v == "bool":
		return "a boolean"
	case strings.HasPrefix(v, "number"):
		return "a number"
	}
	return v
}

// goKindWord names what a Go type expects, in JSON's words.
func goKindWord(t reflect.Type) string {
	if t == nil {
		return "the expected value"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "the expected value"
}

// Filter returns the findings not in the baseline and how many were. A
// fingerprint recorded n times absorbs at most n findings.
func (b *Baseline) Filter(fs []finding.Finding) (fresh []finding.Finding, known int) {
	left := map[string]int{}
	id := func(f finding.Finding) string { return f.Fingerprint }
	if b.Version == 1 {
		id = func(f finding.Finding) string { return legacyKey(f.Rule, f.File, f.Message) }
	}
	for _, e := range b.Findings {
		if b.Version == 1 {
			left[legacyKey(e.Rule, e.File, e.Message)]++
		} else {
			left[e.Fingerprint]++
		}
	}
	for _, f := range fs {
		if k := id(f); k != "" && left[k] > 0 {
			left[k]--
			known++
			continue
		}
		fresh = append(fresh, f)
	}
	return fresh, known
}

// legacyKey matches a version 1 entry, whose fingerprint hashed the value:
// rule, file and message with its digits left out (counts and line numbers
// in messages change).
func legacyKey(rule, file, message string) string {
	return rule + "\x00" + file + "\x00" + strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, message)
}

// WithoutBaselined is the findings that are not in the baseline file at
// path, and their summary (of files and servers) counting the ones left
// out.
func WithoutBaselined(path string, fs []finding.Finding, files, servers int) ([]finding.Finding, Summary, error) {
	b, err := ReadBaseline(path)
	if err != nil {
		return nil, Summary{}, err
	}
	fresh, known := b.Filter(fs)
	sum := Summarise(fresh, files, servers)
	sum.Baselined = known
	return fresh, sum, nil
}
