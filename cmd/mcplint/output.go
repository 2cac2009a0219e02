package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// stdin is what PATH - reads (a variable so tests can set it).
var stdin io.Reader = os.Stdin

// outputFlags are check's conventions shared with other linters: where
// the report goes, how loud it is, colour, stdin and the repository root.
type outputFlags struct {
	output        string
	quiet         bool
	color         string
	stdinName     string
	root          string
	skipUnrelated bool
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.output, "output", "", "write the report to `FILE` (replaced whole, never left half-written) instead of standard output")
	fs.BoolVar(&o.quiet, "quiet", false, "print findings only: no summary and no help lines (a clean run prints nothing)")
	fs.BoolVar(&o.quiet, "q", false, "short for --quiet")
	fs.StringVar(&o.color, "color", "auto", "colour the text report: `WHEN` auto (a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never")
	fs.StringVar(&o.stdinName, "stdin-filename", "", "with PATH -, the `NAME` the text read from standard input is checked as (its place and name give the client: .cursor/mcp.json)")
	fs.StringVar(&o.root, "root", "", "the repository root `DIR` SARIF URIs are relative to (default: the folder above holding .git, else the working folder)")
	fs.BoolVar(&o.skipUnrelated, "skip-unrelated", false, "leave out silently a named file of a generic name (server.json, mcp_config.json, …) whose content is not an MCP document, as the folder scan does (pre-commit passes it)")
}

func (o *outputFlags) validate() error {
	switch o.color {
	case "auto", "always", "never":
	default:
		return fmt.Errorf("--color %q: want auto, always or never", o.color)
	}
	return checkOutputPath(o.output)
}

// checkOutputPath refuses, before any work, an --output FILE that cannot
// be written: its folder is missing or is no folder, or FILE is a folder
// or a device. That is a bad path (exit 2), not an internal error found
// after the report was made.
func checkOutputPath(path string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("--output %s: the folder %s does not exist", path, dir)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("--output %s: is a folder", path)
	}
	return nil
}

// colorOn decides colour for the text report written to w.
func (o *outputFlags) colorOn(w io.Writer) bool {
	switch o.color {
	case "always":
		return true
	case "never":
		return false
	}
	if o.output != "" {
		return false
	}
	return colorFor(w)
}

// stdinPath is the name the loader sees for text read from stdin.
func (o *outputFlags) stdinPath() string {
	if o.stdinName != "" {
		return o.stdinName
	}
	return "stdin"
}

// readStdin replaces the path "-" by the --stdin-filename name and
// returns the overlay that makes the loader read stdin's text under that
// name. At most limit+1 bytes are read, so the loader's size cap applies.
func (o *outputFlags) readStdin(paths []string, stdin io.Reader, limit int64) ([]string, map[string][]byte, error) {
	n := 0
	for _, p := range paths {
		if p == "-" {
			n++
		}
	}
	if n == 0 {
		if o.stdinName != "" {
			return nil, nil, errors.New("--stdin-filename needs the PATH - (standard input)")
		}
		return paths, nil, nil
	}
	if n > 1 {
		return nil, nil, errors.New("standard input (-) can be named only once")
	}
	abs, err := filepath.Abs(o.stdinPath())
	if err != nil {
		return nil, nil, err
	}
	if limit <= 0 {
		limit = 1 << 20
	}
	src, err := io.ReadAll(io.LimitReader(stdin, limit+1))
	if err != nil {
		return nil, nil, fmt.Errorf("reading standard input: %w", err)
	}
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if p == "-" {
			p = o.stdinPath()
		}
		out = append(out, p)
	}
	return out, map[string][]byte{abs: src}, nil
}

// repoRoot is --root, or the nearest folder at or above wd that holds
// .git (a folder, or a file in a worktree or submodule), or wd.
func (o *outputFlags) repoRoot(wd string) (string, error) {
	if o.root != "" {
		abs, err := filepath.Abs(o.root)
		if err != nil {
			return "", err
		}
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("--root %s: not a folder", o.root)
		}
		return abs, nil
	}
	for dir := wd; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return wd, nil
		}
		dir = parent
	}
}

// destination is where check writes its report: stdout, or a buffer that
// commit writes to --output FILE atomically.
type destination struct {
	path   string
	stdout io.Writer
	buf    bytes.Buffer
}

func (o *outputFlags) destination(stdout io.Writer) *destination {
	return &destination{path: o.output, stdout: stdout}
}

func (d *destination) writer() io.Writer {
	if d.path == "" {
		return d.stdout
	}
	return &d.buf
}

// commit writes the buffered report to the file: a temporary file in the
// same folder, synced, then renamed over the target, so a reader sees the
// old report or the new one, never part of one.
func (d *destination) commit() error {
	if d.path == "" {
		return nil
	}
	return writeFileAtomic(d.path, d.buf.Bytes())
}

// writeFileAtomic replaces a regular file (or creates one) atomically.
// Anything else that exists there (/dev/null, /dev/stdout, a FIFO a
// reader waits on) cannot be replaced and is written directly, as the
// user named it.
func writeFileAtomic(path string, data []byte) error {
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

// forceColor reports whether FORCE_COLOR asks for colour: set, and not
// "0" or "false" (the values other tools read as off).
func forceColor() bool {
	v, ok := os.LookupEnv("FORCE_COLOR")
	if !ok {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "0", "false":
		return false
	}
	return true
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
