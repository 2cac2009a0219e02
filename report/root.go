package report

import (
	"fmt"
	"os"
	"path/filepath"
)

// SARIFRoot is the folder SARIF URIs are relative to: root (--root, in
// the working folder wd) when given, which must be a folder, else
// RepoRoot(wd).
func SARIFRoot(root, wd string) (string, error) {
	if root == "" {
		return RepoRoot(wd), nil
	}
	abs := filepath.Clean(root)
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, root)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("--root %s: not a folder", root)
	}
	return abs, nil
}

// RepoRoot is the nearest folder at or above wd that holds .git (a
// folder, or a file in a worktree or submodule), or wd.
func RepoRoot(wd string) string {
	for dir := wd; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return wd
		}
		dir = parent
	}
}
