package facts

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// A repository that is itself an MCP server under development commits a
// config that points at its own code or at the server it runs on
// localhost: a local-development habit, not a config that leaks to users.
var (
	devMu    sync.Mutex
	devCache = map[string]string{}
)

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
func developsServer(dir string) string {
	if dir == "" {
		return ""
	}
	devMu.Lock()
	defer devMu.Unlock()
	if why, ok := devCache[dir]; ok {
		return why
	}
	why := ""
	for _, m := range serverMarkers {
		b, err := os.ReadFile(filepath.Join(dir, m.file))
		if err != nil || len(b) > 1<<20 {
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
	devCache[dir] = why
	return why
}
