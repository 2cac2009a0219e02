package output

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// CheckAppend refuses, before any work, a file named by the flag (such
// as --summary) to append to: its folder is missing, or it is a folder.
// dir is the working folder a relative path is in.
func CheckAppend(flag, path, dir string) error {
	abs := In(dir, path)
	if fi, err := os.Stat(filepath.Dir(abs)); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s %s: the folder %s does not exist", flag, path, filepath.Dir(path))
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return fmt.Errorf("%s %s: a folder", flag, path)
	}
	return nil
}

// Append appends what write writes to the file path (in the working
// folder dir), created when missing (a GitHub job summary).
func Append(flag, path, dir string, write func(io.Writer) error) error {
	f, err := os.OpenFile(In(dir, path), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("%s: %w", flag, err)
	}
	werr := write(f)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		return fmt.Errorf("%s %s: %w", flag, path, err)
	}
	return nil
}
