package loader

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
)

// StdinOverlay replaces the PATH "-" by name (--stdin-filename, "stdin"
// when empty) and returns the overlay that makes Load read the text of
// r under that name, in the working folder wd. At most limit+1 bytes are
// read, so the size cap applies to it as to a file.
func StdinOverlay(paths []string, name string, r io.Reader, limit int64, wd string) ([]string, map[string][]byte, error) {
	n := 0
	for _, p := range paths {
		if p == "-" {
			n++
		}
	}
	if n == 0 {
		if name != "" {
			return nil, nil, errors.New("--stdin-filename needs the PATH - (standard input)")
		}
		return paths, nil, nil
	}
	if n > 1 {
		return nil, nil, errors.New("standard input (-) can be named only once")
	}
	if name == "" {
		name = "stdin"
	}
	abs := name
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, name)
	}
	if limit <= 0 {
		limit = 1 << 20
	}
	src, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, nil, fmt.Errorf("reading standard input: %w", err)
	}
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if p == "-" {
			p = name
		}
		out = append(out, p)
	}
	return out, map[string][]byte{filepath.Clean(abs): src}, nil
}
