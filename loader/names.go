package loader

import "path"

// ProjectFileNames are the names a folder walk recognises as MCP
// configuration (globs as written, e.g. .amazonq/cli-agents/*.json), in
// the order they are tried.
func ProjectFileNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range projectPatterns {
		n := path.Join(p.segs...)
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
