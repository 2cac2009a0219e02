package fix

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists means a file appeared where a new one was to be created;
// nothing was written.
var ErrExists = errors.New("the file appeared while writing; nothing was written, run the command again")

// CreateNew writes data to path, which must not exist: the bytes go to a
// 0600 temporary file in the same folder that is read back, then linked to
// path, which fails rather than replace a file created meanwhile. The new
// file gets mode perm.
func CreateNew(path string, data []byte, perm fs.FileMode) error {
	name, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(name) }() // linked under its final name, or not kept
	if err := os.Chmod(name, perm); err != nil {
		return err
	}
	if err := os.Link(name, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return ErrExists
		}
		// No hard links here: create exclusively instead.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err != nil {
			if errors.Is(err, fs.ErrExist) {
				return ErrExists
			}
			return err
		}
		_, werr := f.Write(data)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return werr
		}
	}
	if back, err := os.ReadFile(path); err != nil || !bytes.Equal(back, data) {
		return fmt.Errorf("%s did not read back as written", filepath.Base(path))
	}
	return nil
}

// WriteIfChanged writes data to path compare-before-replace: a new file
// with CreateNew, an existing one with ReplaceGuarded against the stamp
// taken when it was read (old), and nothing at all when the bytes are the
// same. It reports whether it wrote.
func WriteIfChanged(path string, data []byte) (bool, error) {
	old, stamp, err := ReadStamped(path)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return false, err
		}
		return true, CreateNew(path, data, 0o644)
	}
	if err != nil {
		return false, err
	}
	if bytes.Equal(old, data) {
		return false, nil
	}
	return true, ReplaceGuarded(path, stamp, data)
}
