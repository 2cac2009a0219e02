package facts

import (
	"github.com/mcplint/mcplint/loader"
	"path/filepath"
	"strings"
)

// A repository that is itself an MCP server under development commits a
// config that points at its own code or at the server it runs on
// localhost: a local-development habit, not a config that leaks to users.

// serverMarkers are manifest files and the dependency names in them that
// show the project builds an MCP server.
var serverMarkers = []struct {
	file  string
	words []string
}{
	{"package.json", []string{`"@modelcontextprotocol/sdk"`, `"fastmcp"`, `"mcp-framework"`, `"@mastra/mcp"`, `"xmcp"`}},
	{"pyproject.toml", []string{`"mcp>`, `"mcp[`, `"mcp=`, `"mcp"`, `"mcp<`, `"mcp~`, `"fastmcp`, `mcp = "`, `fastmcp = "`}},
	{"requirements.txt", []string{"\nmcp=", "\nmcp>", "\nmcp[", "\nmcp\n", "\nfastmcp"}},
	{"go.mod", []string{"github.com/modelcontextprotocol/go-sdk", "github.com/mark3labs/mcp-go"}},
	{"Cargo.toml", []string{"rmcp", "mcp-sdk"}},
}

// developsServer says why the project folder looks like an MCP server under
// development ("pyproject.toml depends on mcp"), or "" when it does not.
// names are the folder's names as discovery read them, nil when
// it did not: then every marker file is tried. A folder of many projects'
// documents is read once per Build (projectFiles).
func developsServer(dir string, names []string) string {
	if dir == "" {
		return ""
	}
	why := ""
	for _, m := range serverMarkers {
		if names != nil && !listed(names, m.file) {
			continue // not there when discovery read the folder
		}
		b, err := loader.ReadRegularFile(filepath.Join(dir, m.file), 1<<20)
		if err != nil {
			continue
		}
		text := "\n" + string(b)
		for _, w := range m.words {
			if strings.Contains(text, w) {
				why = m.file + " depends on " + strings.Trim(strings.TrimSpace(w), `"=<>~[ `)
				break
			}
		}
		if why != "" {
			break
		}
	}
	return why
}

// listed says whether names holds file, in any case: on a file system
// that ignores case, Package.json is read as package.json.
func listed(names []string, file string) bool {
	for _, n := range names {
		if len(n) == len(file) && strings.EqualFold(n, file) {
			return true
		}
	}
	return false
}
