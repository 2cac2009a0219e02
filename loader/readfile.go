package loader

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ReadRegularFile reads the file at path when it is a regular file (links
// followed) of at most limit bytes. A FIFO or a device (a repository's
// package.json made a FIFO, an .mcplint.toml linked to /dev/zero) would
// block the run or fill its memory, so every file mcplint reads beside the
// configs goes through here. The size is checked on the open file, and
// the read stops at limit+1 bytes whatever the file grew to.
func ReadRegularFile(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read only
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("the file is %s, over the %s read", human(fi.Size()), human(limit))
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("the file is over the %s read", human(limit))
	}
	return b, nil
}
