package loader

import (
	"strconv"
	"strings"
	"unicode"
)

// NothingFound says in lines that no MCP configuration file was found in
// paths ("." when none), what is looked for and how to name a file of
// another name, so an empty result is not taken for a clean one. home
// says --home was given.
func NothingFound(paths []string, home bool) []string {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	where := make([]string, len(paths))
	for i, p := range paths {
		where[i] = p
		if strings.IndexFunc(p, func(r rune) bool { return !unicode.IsGraphic(r) }) >= 0 {
			where[i] = strconv.Quote(p)
		}
	}
	out := []string{
		"no MCP configuration file found in " + strings.Join(where, ", ") + ".",
		"  mcplint looks for: " + strings.Join(ProjectFileNames(), ", "),
	}
	if !home {
		out = append(out, "  --home DIR also reads the user-level files under DIR (e.g. --home ~).")
	}
	return append(out, "  A file of another name: name it as a PATH, with --client NAME for its dialect ("+strings.Join(ClientIDs(), ", ")+").")
}
