package fix

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// Options say which files a fix may write besides plain files inside the
// folders being fixed.
type Options struct {
	// Roots are the folders being fixed (the PATHs, a named file's
	// folder, --home). A link whose target lies outside them is left
	// alone unless OutsideRoots.
	Roots        []string
	OutsideRoots bool
	// HardLinks allows writing a file that has other names; it is then
	// written in place, so every name sees the fix.
	HardLinks bool
	// ReadOnly allows writing a file without write permission (keeping
	// its mode).
	ReadOnly bool
}

// Result is what fixing one file did.
type Result struct {
	// Target is the file written: the path itself, or where its links
	// lead.
	Target string
	Linked bool
	// Gone is true when the file read back after the write no longer
	// holds any of the replaced values: only then may a fix say so.
	Gone bool
	// Skipped are the edits not made because they overlap one that was:
	// their findings are not fixed, and must not be counted as fixed.
	Skipped []finding.Edit
}

// Fixed says whether every edit of a fix was made.
func (r Result) Fixed(fx *finding.Fix) bool {
	for _, e := range fx.Edits {
		for _, k := range r.Skipped {
			if e.File == k.File && e.Range.Start.Offset == k.Range.Start.Offset && e.Range.End.Offset == k.Range.End.Offset && e.NewText == k.NewText {
				return false
			}
		}
	}
	return true
}

// Refused is a file left alone on purpose; nothing was written.
type Refused struct{ Reason string }

func (r *Refused) Error() string { return r.Reason }

// GoneClaim is the part of a fix's note that says a value left the file.
const GoneClaim = "(the old value is no longer in the file)"

const goneClaims = "(the old values are no longer in the file)"

// goneNow is how RotateNote says the key left the file.
const goneNow = "even now it is gone from the file"

// Unproven rewrites a note whose claim that the old value left the file
// was not proven by reading the file back.
func Unproven(note string) string {
	note = strings.ReplaceAll(note, GoneClaim, "(the old value may still be in the file: look for it)")
	note = strings.ReplaceAll(note, goneClaims, "(the old values may still be in the file: look for them)")
	return strings.ReplaceAll(note, goneNow, "even once it is gone from the file")
}

// HasGoneClaim reports whether a note claims a value left the file.
func HasGoneClaim(note string) bool {
	return strings.Contains(note, GoneClaim) || strings.Contains(note, goneClaims) || strings.Contains(note, goneNow)
}

// Apply writes edits into the file at path, whose bytes were src when
// the edits were made, with the compare-before-replace steps. A link is
// followed and its target edited, the link kept. A target outside the
// roots, a file with other hard links and a read-only file are refused
// (a *Refused error) unless opts allow them.
func Apply(path string, src []byte, format syntax.Format, edits []finding.Edit, opts Options) (Result, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return Result{}, err
	}
	target, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return Result{}, err
	}
	res := Result{Target: target}
	if fi, err := os.Lstat(abs); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		res.Linked = true
	}
	// Roots are compared with their links resolved too, so a plain file
	// under a linked temporary folder (macOS's /var) is inside.
	if !opts.OutsideRoots && !insideRoots(target, opts.Roots) {
		how := "it is a link to"
		if !res.Linked {
			how = "a folder on its path is a link, so it is"
		}
		return res, &Refused{fmt.Sprintf("%s %s, outside the folders being fixed; nothing was written (--fix-outside-roots edits it there)", how, target)}
	}
	fi, err := os.Stat(target)
	if err != nil {
		return res, err
	}
	links := linkCount(fi)
	if links > 1 && !opts.HardLinks {
		return res, &Refused{fmt.Sprintf("it has %d hard links: replacing it would leave the old text under its other names; nothing was written (--fix-hard-links edits it in place, for every name)", links)}
	}
	readOnly := fi.Mode().Perm()&0o200 == 0
	if readOnly && !opts.ReadOnly {
		return res, &Refused{"it is read-only; nothing was written (--fix-read-only writes it, keeping its mode)"}
	}
	cur, stamp, err := ReadStamped(target)
	if err != nil {
		return res, err
	}
	if !bytes.Equal(cur, src) {
		return res, ErrChanged
	}
	out, applied, skipped := finding.Apply(cur, edits)
	res.Skipped = skipped
	if _, perr := syntax.Parse(out, format); perr != nil {
		return res, fmt.Errorf("the fixed file would not parse (%w); nothing was written", perr)
	}
	if links > 1 {
		err = replaceInPlace(target, stamp, out, readOnly)
	} else {
		err = ReplaceGuarded(target, stamp, out)
	}
	if err != nil {
		return res, err
	}
	back, err := os.ReadFile(target)
	if err != nil {
		return res, nil
	}
	res.Gone = gone(src, applied, back)
	return res, nil
}

// insideRoots reports whether p (links resolved) lies in one of roots.
func insideRoots(p string, roots []string) bool {
	for _, r := range roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
			abs = filepath.Dir(abs)
		}
		if rel, err := filepath.Rel(abs, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// gone reports whether none of the values the edits replaced is left in
// the file read back: the secrets found in each replaced span, or the
// whole span when the scan finds none.
func gone(src []byte, edits []finding.Edit, back []byte) bool {
	checked := false
	for _, e := range edits {
		s, t := e.Range.Start.Offset, e.Range.End.Offset
		if s < 0 || t > len(src) || s >= t {
			continue
		}
		old := strings.Trim(string(src[s:t]), `"'`)
		if old == "" || strings.Contains(e.NewText, old) {
			continue
		}
		pieces := []string{}
		for _, d := range secret.Scan("", old) {
			pieces = append(pieces, old[d.Start:d.End])
		}
		if len(pieces) == 0 {
			pieces = append(pieces, old)
		}
		for _, p := range pieces {
			checked = true
			if bytes.Contains(back, []byte(p)) {
				return false
			}
		}
	}
	return checked
}

// replaceInPlace writes data into the file itself rather than renaming a
// new file over it, so that every hard link sees the change. It is not
// atomic; it is used only when asked for (--fix-hard-links).
func replaceInPlace(path string, stamp Stamp, data []byte, readOnly bool) (err error) {
	if !stamp.same(path) {
		return ErrChanged
	}
	if readOnly {
		if err := os.Chmod(path, stamp.Mode|0o200); err != nil {
			return err
		}
		// The file was read-only before the fix and must be again: a
		// failure to restore the mode is the command's error too.
		defer func() {
			if cerr := os.Chmod(path, stamp.Mode); cerr != nil && err == nil {
				err = fmt.Errorf("%s was fixed but its read-only mode was not restored: %w", filepath.Base(path), cerr)
			}
		}()
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if err := f.Truncate(0); err != nil {
		_ = f.Close() // the write's error is the one to report
		return err
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		_ = f.Close() // the write's error is the one to report
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close() // the write's error is the one to report
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if back, err := os.ReadFile(path); err != nil || !bytes.Equal(back, data) {
		return fmt.Errorf("%s did not read back as written", filepath.Base(path))
	}
	return nil
}
