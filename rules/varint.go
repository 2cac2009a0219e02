package rules

import (
	"bytes"
	"encoding/binary"
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
