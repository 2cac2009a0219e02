package rules

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"unsafe"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

// packed is the findings of one part of a check, encoded and compressed
// until the check ends. A monorepo's 100,000 findings took 80 MB as
// values (struct, string headers, substrings of each part's files) and
// kept the collector busy near the memory limit; packed, with their
// repetitive messages, they take a few MB. Unpacking gives back exactly
// the findings that were packed (a nil slice stays nil).
type packed struct {
	data []byte
	n    int
	raw  int // the length of data decompressed
}

type packWriter struct {
	varintBuffer
	// lines numbers the source lines written so far, by their bytes'
	// address: the findings of one line share its string, and on a
	// one-line file of thousands of servers that line is the whole file,
	// so it is written (and read back) once, not once a finding.
	lines map[lineKey]int
}

type lineKey struct {
	p *byte
	n int
}

// line writes a source line: 0 and the text the first time, else the
// number of the earlier copy.
func (w *packWriter) line(s string) {
	if s == "" {
		w.uint(0)
		w.str(s)
		return
	}
	k := lineKey{unsafe.StringData(s), len(s)}
	if i, ok := w.lines[k]; ok {
		w.uint(uint64(i) + 1)
		return
	}
	if w.lines == nil {
		w.lines = map[lineKey]int{}
	}
	w.lines[k] = len(w.lines)
	w.uint(0)
	w.str(s)
}

func (w *packWriter) str(s string) {
	w.uint(uint64(len(s)))
	w.WriteString(s)
}

func (w *packWriter) pos(p syntax.Position) {
	w.int(p.Offset)
	w.int(p.Line)
	w.int(p.Column)
	w.int(p.UTF16Column)
	w.int(p.ByteColumn)
}

func (w *packWriter) rng(r finding.Range) { w.pos(r.Start); w.pos(r.End) }

// count writes 0 for a nil slice, else its length plus one.
func (w *packWriter) count(isNil bool, n int) {
	if isNil {
		w.uint(0)
	} else {
		w.uint(uint64(n) + 1)
	}
}

func pack(fs []finding.Finding) (packed, error) {
	var pk packer
	return pk.pack(fs)
}

// packer packs the parts of a check one after another with one buffer
// and one compressor: a compressor is half a megabyte of tables, and the
// buffers grew by doubling for every part, a tenth of what a check of a
// monorepo allocated.
type packer struct {
	w   packWriter
	zw  *flate.Writer
	out bytes.Buffer
}

func (pk *packer) pack(fs []finding.Finding) (packed, error) {
	w := &pk.w
	w.Reset()
	clear(w.lines)
	for i := range fs {
		f := &fs[i]
		w.str(f.Rule)
		w.uint(uint64(f.Level))
		w.str(f.Message)
		w.str(f.File)
		w.rng(f.Range)
		w.str(f.Pointer)
		w.str(f.Server)
		w.str(f.Client)
		w.str(f.Tier)
		w.str(f.Fingerprint)
		w.count(f.Related == nil, len(f.Related))
		for _, r := range f.Related {
			w.str(r.File)
			w.rng(r.Range)
			w.str(r.Pointer)
			w.str(r.Message)
		}
		if f.Fix == nil {
			w.uint(0)
		} else {
			w.uint(1)
			w.str(f.Fix.Title)
			w.str(f.Fix.Note)
			w.count(f.Fix.Edits == nil, len(f.Fix.Edits))
			for _, e := range f.Fix.Edits {
				w.str(e.File)
				w.rng(e.Range)
				w.str(e.NewText)
			}
		}
		w.line(f.Source)
	}
	pk.out.Reset()
	if pk.zw == nil {
		zw, err := flate.NewWriter(&pk.out, flate.BestSpeed)
		if err != nil {
			return packed{}, err
		}
		pk.zw = zw
	} else {
		pk.zw.Reset(&pk.out)
	}
	zw := pk.zw
	if _, err := zw.Write(w.Bytes()); err != nil {
		return packed{}, err
	}
	if err := zw.Close(); err != nil {
		return packed{}, err
	}
	return packed{data: bytes.Clone(pk.out.Bytes()), n: len(fs), raw: w.Len()}, nil
}

type packReader struct {
	varintReader
	in    interner
	lines []string
}

// line reads what packWriter.line wrote; findings of one line get one
// string again.
func (r *packReader) line() string {
	i := r.uint()
	if i == 0 {
		s := r.str()
		if s != "" {
			r.lines = append(r.lines, s)
		}
		return s
	}
	if i > uint64(len(r.lines)) {
		r.fail("line %d of %d", i, len(r.lines))
		return ""
	}
	return r.lines[i-1]
}

func (r *packReader) str() string {
	return string(r.bytes(r.uint()))
}

// shared reads a string many findings repeat (a rule id, a path, a
// pointer, a fix's title and note): one copy, and no copy made to find
// it.
func (r *packReader) shared() string {
	b := r.bytes(r.uint())
	if s, ok := r.in[string(b)]; ok {
		return s
	}
	s := string(b)
	r.in[s] = s
	return s
}

func (r *packReader) pos() syntax.Position {
	return syntax.Position{Offset: r.int(), Line: r.int(), Column: r.int(), UTF16Column: r.int(), ByteColumn: r.int()}
}

func (r *packReader) rng() finding.Range {
	s := r.pos()
	return finding.Range{Start: s, End: r.pos()}
}

// unpack appends the packed findings to dst.
func (p packed) unpack(dst []finding.Finding, in interner) ([]finding.Finding, error) {
	u := unpacker{in: in}
	return u.unpack(dst, p)
}

// unpacker unpacks the parts of a check one after another into one
// buffer and with one decompressor: reading each part whole into a
// growing buffer made twice its size in garbage, 100 MB at the end of a
// monorepo's check, collected while the findings (all live) filled the
// heap. The strings read are copies, so the buffer is reused.
type unpacker struct {
	in  interner
	zr  io.ReadCloser
	src bytes.Reader
	buf []byte
}

func (u *unpacker) unpack(dst []finding.Finding, p packed) ([]finding.Finding, error) {
	u.src.Reset(p.data)
	if u.zr == nil {
		u.zr = flate.NewReader(&u.src)
	} else if err := u.zr.(flate.Resetter).Reset(&u.src, nil); err != nil {
		return dst, err
	}
	if cap(u.buf) < p.raw {
		u.buf = make([]byte, p.raw)
	}
	raw := u.buf[:p.raw]
	if _, err := io.ReadFull(u.zr, raw); err != nil {
		return dst, fmt.Errorf("packed findings: %w", err)
	}
	var one [1]byte
	if n, err := u.zr.Read(one[:]); n > 0 || !errors.Is(err, io.EOF) {
		if err == nil || errors.Is(err, io.EOF) {
			err = fmt.Errorf("longer than the %d bytes packed", p.raw)
		}
		return dst, fmt.Errorf("packed findings: %w", err)
	}
	in := u.in
	r := &packReader{varintReader: varintReader{buf: raw}, in: in}
	for i := 0; i < p.n && r.err == nil; i++ {
		var f finding.Finding
		f.Rule = r.shared()
		f.Level = finding.Level(r.uint())
		f.Message = r.shared()
		f.File = r.shared()
		f.Range = r.rng()
		f.Pointer = r.shared()
		f.Server = r.shared()
		f.Client = r.shared()
		f.Tier = r.shared()
		f.Fingerprint = r.str()
		if n := r.uint(); n > 0 {
			f.Related = make([]finding.Location, 0, n-1)
			for j := uint64(1); j < n && r.err == nil; j++ {
				f.Related = append(f.Related, finding.Location{File: r.shared(), Range: r.rng(), Pointer: r.shared(), Message: r.shared()})
			}
		}
		if r.uint() == 1 {
			f.Fix = &finding.Fix{Title: r.shared(), Note: r.shared()}
			if n := r.uint(); n > 0 {
				f.Fix.Edits = make([]finding.Edit, 0, n-1)
				for j := uint64(1); j < n && r.err == nil; j++ {
					f.Fix.Edits = append(f.Fix.Edits, finding.Edit{File: r.shared(), Range: r.rng(), NewText: r.shared()})
				}
			}
		}
		f.Source = r.line()
		dst = append(dst, f)
	}
	if r.err != nil {
		return dst, fmt.Errorf("packed findings: %w", r.err)
	}
	return dst, nil
}
