package facts

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/mcplint/mcplint/loader"
)

// projectFiles keeps what one Build read of each project folder's
// manifests: a folder is read once however many documents and servers
// it holds, and read again by the next Build, so an editor's language
// server, which builds facts for every change, sees a package.json that
// was edited since.
type projectFiles struct {
	builds folderCache[*projectBuild] // package.json names and compose builds (ownBuild)
	dev    folderCache[string]        // why the folder develops an MCP server (developsServer)
	box    folderCache[bool]          // the folder has a dev container (.devcontainer)
}

// devContainer: the project folder of d defines a dev container
// (.devcontainer/devcontainer.json or .devcontainer.json), so its servers
// may run inside it, where /workspaces/<repo> is the project.
func (pf *projectFiles) devContainer(d *loader.Document) bool {
	if d == nil || d.ProjectDir == "" {
		return false
	}
	return pf.box.get(d.ProjectDir, func() bool {
		for _, f := range []string{filepath.Join(".devcontainer", "devcontainer.json"), ".devcontainer.json"} {
			if st, err := os.Stat(filepath.Join(d.ProjectDir, f)); err == nil && st.Mode().IsRegular() {
				return true
			}
		}
		matches, _ := filepath.Glob(filepath.Join(d.ProjectDir, ".devcontainer", "*", "devcontainer.json"))
		return len(matches) > 0
	})
}

// folderCache is one value per folder, computed once; it is safe for the
// servers built in parallel.
type folderCache[T any] struct {
	mu sync.Mutex
	m  map[string]T
}

// get returns dir's value, reading it the first time (outside the lock:
// two readers of one folder agree, and the first stored wins).
func (c *folderCache[T]) get(dir string, read func() T) T {
	c.mu.Lock()
	v, ok := c.m[dir]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = read()
	c.mu.Lock()
	defer c.mu.Unlock()
	if first, ok := c.m[dir]; ok {
		return first
	}
	if c.m == nil {
		c.m = map[string]T{}
	}
	c.m[dir] = v
	return v
}
