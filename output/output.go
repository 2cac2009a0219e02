// Package output is where a report goes: standard output, or a file that
// is replaced whole and never left half-written, and whether a terminal
// gets colour.
package output

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// CheckPath refuses, before any work, an --output FILE that cannot be
// written: its folder is missing or is no folder, or FILE is a folder or
// a device. That is a bad path, not an internal error found after the
// report was made. dir is the working folder a relative path is in.
func CheckPath(path, dir string) error {
	if path == "" {
		return nil
	}
	abs := In(dir, path)
	if fi, err := os.Stat(filepath.Dir(abs)); err != nil || !fi.IsDir() {
		return fmt.Errorf("--output %s: the folder %s does not exist", path, filepath.Dir(path))
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return fmt.Errorf("--output %s: is a folder", path)
	}
	return nil
}

// In is path in the folder dir: path itself when it is absolute or dir
// is "" (the process's working folder).
func In(dir, path string) string {
	if path == "" || dir == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

// Destination is where a report is written: stdout, or a buffer that
// Commit writes to the file atomically.
type Destination struct {
	path   string
	stdout io.Writer
	buf    bytes.Buffer
}

// To is the destination of a report: the file path (in the working
// folder dir), or stdout when path is "".
func To(path, dir string, stdout io.Writer) *Destination {
	return &Destination{path: In(dir, path), stdout: stdout}
}

// Writer is what the report is written to.
func (d *Destination) Writer() io.Writer {
	if d.path == "" {
		return d.stdout
	}
	return &d.buf
}

// Reset drops what was written to a file destination so far.
func (d *Destination) Reset() { d.buf.Reset() }

// Commit writes the buffered report to the file: a temporary file in the
// same folder, synced, then renamed over the target, so a reader sees the
// old report or the new one, never part of one.
func (d *Destination) Commit() error {
	if d.path == "" {
		return nil
	}
	return WriteFile(d.path, d.buf.Bytes())
}

// WriteFile replaces a regular file (or creates one) atomically.
// Anything else that exists there (/dev/null, /dev/stdout, a FIFO a
// reader waits on) cannot be replaced and is written directly, as the
// user named it.
func WriteFile(path string, data []byte) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return fmt.Errorf("--output %s: is a folder", path)
		}
		return writeDirect(path, data)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			_ = tmp.Close() // the error that stopped the write is reported
			_ = os.Remove(name)
		}
	}()
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	if err := os.Chmod(name, mode); err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	if err := os.Rename(name, path); err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	ok = true
	return nil
}

// writeDirect writes data to a device or FIFO that already exists.
func writeDirect(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close() // the write error is the one reported
		return fmt.Errorf("--output: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	return nil
}

// Color decides colour for a text report written to w. when is --color
// (auto, always or never); toFile says the report goes to a file; env
// reads the environment. In auto, colour is on for a terminal, never with
// NO_COLOR set (https://no-color.org) or TERM=dumb; FORCE_COLOR turns it
// on whatever w is (NO_COLOR still wins).
func Color(when string, toFile bool, w io.Writer, env func(string) (string, bool)) bool {
	switch when {
	case "always":
		return true
	case "never":
		return false
	}
	if toFile {
		return false
	}
	get := func(k string) string { v, _ := env(k); return v }
	if get("NO_COLOR") != "" || get("TERM") == "dumb" {
		return false
	}
	if forceColor(env) {
		return true
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// forceColor reports whether FORCE_COLOR asks for colour: set, and not
// "0" or "false" (the values other tools read as off).
func forceColor(env func(string) (string, bool)) bool {
	v, ok := env("FORCE_COLOR")
	if !ok {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "0", "false":
		return false
	}
	return true
}

// InAll is paths in the folder dir (In).
func InAll(dir string, paths []string) []string {
	if dir == "" {
		return paths
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = In(dir, p)
	}
	return out
}

// WorkDir is dir, or the process's working folder when dir is "".
func WorkDir(dir string) string {
	if dir != "" {
		return dir
	}
	wd, _ := os.Getwd()
	return wd
}

// Replace drops what was written so far and writes the destination anew
// with write; nothing is committed when write fails. The error is the
// commit's.
func (d *Destination) Replace(write func(io.Writer) error) error {
	d.buf.Reset()
	if write(d.Writer()) != nil {
		return nil
	}
	return d.Commit()
}
