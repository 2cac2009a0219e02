package facts

import (
	"strings"
	"testing"
)

// The shapes of a template's placeholder, and values like them that are
// real: a script with a redirection, a word "path" in a flag, a folder
// named to.
func TestTemplateWhy(t *testing.T) {
	for v, want := range map[string]string{
		"/path/to/allowed/files":              `a "path/to" placeholder`,
		`C:\path\to\server.py`:                `a "path/to" placeholder`,
		"/ABSOLUTE/PATH/TO/PARENT/server":     `a "path/to" placeholder`,
		"absolute path to python (in .venv)":  `an "absolute path" placeholder`,
		"full path to your server.js":         `a "path to your …" placeholder`,
		"<path-to-uv>":                        "a <placeholder>",
		"/Users/<you>/notes/index.js":         "a <placeholder>",
		"--root=<project-dir>":                "a <placeholder>",
		"node dist/index.js < in.txt > out":   "",
		"./tools/path/to.js":                  "",
		"/srv/paths/towns":                    "",
		"--path":                              "",
		"a<b>c":                               "",
		"${workspaceFolder}/docs":             "",
		"https://mcp.example.com/mcp":         "",
		"/home/ann/code/absolutely-path-free": "",
	} {
		if got := templateWhy(v); got != want {
			t.Errorf("templateWhy(%q) = %q, want %q", v, got, want)
		}
	}
}

// An /sse address handed to mcp-remote is its legacy SSE endpoint; an
// /mcp address, or another program's /sse argument, is not.
func TestBridgeSSE(t *testing.T) {
	in := loadFacts(t, map[string]string{".cursor/mcp.json": `{"mcpServers": {
		"neon": {"command": "npx", "args": ["-y", "mcp-remote@0.1.29", "https://mcp.neon.tech/sse"]},
		"dev": {"command": "npx", "args": ["-y", "mcp-remote@0.1.29", "http://localhost:3000/sse", "--allow-http"]},
		"linear": {"command": "npx", "args": ["-y", "mcp-remote@0.1.29", "https://mcp.linear.app/mcp"]},
		"other": {"command": "npx", "args": ["-y", "acme-proxy@1.0.0", "https://mcp.neon.tech/sse"]}
	}}`})
	got := map[string]string{}
	for _, s := range in.Servers {
		for _, a := range s.BridgeSSE {
			got[s.Name] = a.Value + " " + a.Host
		}
	}
	if len(got) != 2 || got["neon"] != "https://mcp.neon.tech/sse " || got["dev"] != "http://localhost:3000/sse loopback" {
		t.Errorf("bridge SSE addresses %q", got)
	}
}

// A config kept to show readers the shape keeps its placeholders.
func TestDocumentationFile(t *testing.T) {
	for path, want := range map[string]bool{
		"examples/claude_desktop_config.json": true,
		`docs\mcp\.mcp.json`:                  true,
		"mcp.example.json":                    true,
		"claude_desktop_config.template.json": true,
		".cursor/mcp.json":                    false,
		"src/exampleapp/.mcp.json":            false,
		"backend/.vscode/mcp.json":            false,
	} {
		if got := documentationFile(path); got != want {
			t.Errorf("documentationFile(%q) = %v, want %v", path, got, want)
		}
	}
}

// A placeholder command or cwd that also holds a credential reaches the
// policy masked.
func TestTemplateValuesAreMasked(t *testing.T) {
	const tok = "ghp_62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"
	in := loadFacts(t, map[string]string{".mcp.json": `{"mcpServers": {"x": {"command": "/path/to/` + tok + `/node", "cwd": "/path/to/` + tok + `"}}}`})
	n := 0
	for _, s := range in.Servers {
		for _, tf := range s.Templates {
			n++
			if strings.Contains(tf.Value, "62d8o7") {
				t.Errorf("%s %q is not masked", tf.Where, tf.Value)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d template placeholders, want the command's and the cwd's", n)
	}
}
