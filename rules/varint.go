package rules

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// varintBuffer is the buffer both of this package's binary encodings
// (prebuilt.bin and the packed findings of a check) are written into:
// bytes, and numbers as varints.
type varintBuffer struct {
	bytes.Buffer
}

func (b *varintBuffer) uint(v uint64) {
	var n [binary.MaxVarintLen64]byte
	b.Write(n[:binary.PutUvarint(n[:], v)])
}

func (b *varintBuffer) int(v int) {
	var n [binary.MaxVarintLen64]byte
	b.Write(n[:binary.PutVarint(n[:], int64(v))])
}

// varintReader reads what a varintBuffer wrote, straight from the bytes.
// The first error is kept and every later read returns zero.
type varintReader struct {
	buf []byte
	pos int
	err error
}

func (r *varintReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
}

func (r *varintReader) uint() uint64 {
	v, n := binary.Uvarint(r.buf[r.pos:])
	if n <= 0 {
		r.fail("bad varint at byte %d", r.pos)
		return 0
	}
	r.pos += n
	return v
}

func (r *varintReader) int() int {
	v, n := binary.Varint(r.buf[r.pos:])
	if n <= 0 {
		r.fail("bad varint at byte %d", r.pos)
		return 0
	}
	r.pos += n
	return int(v)
}

// bytes returns the next n bytes (not a copy), or nil when fewer are left.
func (r *varintReader) bytes(n uint64) []byte {
	if r.err != nil || n > uint64(len(r.buf)-r.pos) {
		r.fail("%d bytes wanted at byte %d of %d", n, r.pos, len(r.buf))
		return nil
	}
	b := r.buf[r.pos : r.pos+int(n)]
	r.pos += int(n)
	return b
}
