package loader

import "strings"

// ProjectPlaces are the names and places a folder scan reads, as slash
// paths of one or more trailing segments ("*" matches one segment's
// characters): ".mcp.json", ".cursor/mcp.json",
// ".continue/mcpServers/*.yaml", …. The pre-commit hook's files pattern
// must match exactly these (a test holds it to them).
func ProjectPlaces() []string {
	out := make([]string, 0, len(projectPatterns))
	for _, p := range projectPatterns {
		out = append(out, strings.Join(p.segs, "/"))
	}
	return out
}

// NamedOnlyPlaces are names read only when a file is named as a PATH
// (managed files, home files named directly); a folder scan ignores them.
func NamedOnlyPlaces() []string {
	out := make([]string, 0, len(namedPatterns))
	for _, p := range namedPatterns {
		out = append(out, strings.Join(p.segs, "/"))
	}
	return out
}
