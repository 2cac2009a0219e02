package fix

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"
)

// Stamp identifies the state of a file when it was read: which file
// (inode), its size, modification time and a SHA-256 of its bytes — the
// compare-before-replace steps of Paseo's safe writer.
type Stamp struct {
	info    fs.FileInfo
	Size    int64
	ModTime time.Time
	Sum     [32]byte
	Mode    fs.FileMode
}

// ErrChanged means the file changed between the read and the write;
// nothing was written.
var ErrChanged = errors.New("the file changed while fixing; nothing was written, run mcplint fix again")

// beforeRename is called right before the final re-stamp; tests use it to
// change the file between read and write.
var beforeRename func(path string)

// ReadStamped reads a file and stamps it.
func ReadStamped(path string) ([]byte, Stamp, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, Stamp{}, err
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, Stamp{}, err
	}
	return b, Stamp{info: fi, Size: fi.Size(), ModTime: fi.ModTime(), Sum: sha256.Sum256(b), Mode: fi.Mode().Perm()}, nil
}

func (s Stamp) same(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !os.SameFile(fi, s.info) || fi.Size() != s.Size || !fi.ModTime().Equal(s.ModTime) {
		return false
	}
	b, err := os.ReadFile(path)
	return err == nil && sha256.Sum256(b) == s.Sum
}

// writeTemp writes data to a new 0600 temporary file in path's folder,
// synced, closed and read back, and returns its name; on any failure the
// file is removed and nothing is left behind.
func writeTemp(path string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".mcplint-*")
	if err != nil {
		return "", err
	}
	name := tmp.Name()
	werr := tmp.Chmod(0o600)
	if werr == nil {
		_, werr = tmp.Write(data)
	}
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		if back, err := os.ReadFile(name); err != nil || !bytes.Equal(back, data) {
			werr = fmt.Errorf("the temporary copy of %s did not read back as written; nothing was written", filepath.Base(path))
		}
	}
	if werr != nil {
		_ = os.Remove(name)
		return "", werr
	}
	return name, nil
}

// ReplaceGuarded writes data over path only if the file is still exactly
// as stamped: the new text goes to a 0600 temporary file in the same
// folder, is read back and compared, the original is stamped again right
// before the rename, the file keeps its mode, and the result is read back
// once more. A file that is not valid UTF-8 is never rewritten.
func ReplaceGuarded(path string, stamp Stamp, data []byte) error {
	cur, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !utf8.Valid(cur) {
		return fmt.Errorf("%s is not valid UTF-8; mcplint never rewrites such a file", filepath.Base(path))
	}
	name, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	cleanup := func() { _ = os.Remove(name) }
	if beforeRename != nil {
		beforeRename(path)
	}
	if !stamp.same(path) {
		cleanup()
		return ErrChanged
	}
	if err := os.Chmod(name, stamp.Mode); err != nil {
		cleanup()
		return err
	}
	if err := os.Rename(name, path); err != nil {
		cleanup()
		return err
	}
	if back, err := os.ReadFile(path); err != nil || !bytes.Equal(back, data) {
		return fmt.Errorf("%s did not read back as written after the rename", filepath.Base(path))
	}
	return nil
}
