package report

import (
	"os"
	"path/filepath"
)

// RepoRoot is the folder SARIF URIs are relative to when --root is not
// given: the nearest folder at or above wd that holds .git (a folder, or
// a file in a worktree or submodule), or wd.
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
