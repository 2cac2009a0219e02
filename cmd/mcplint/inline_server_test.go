package main

import (
	"strings"
	"testing"
)

// An inline ignore above a server's key covers the findings anywhere in
// that entry (TOML table, JSONC object, YAML item), and only there.
func TestInlineIgnoreAboveAServerCoversIt(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		".codex/config.toml": `# mcplint-ignore supply-chain/unpinned-package: we follow the latest docs server on purpose
[mcp_servers.docs]
command = "npx"
args = [
  "-y",
  "@acme/docs-mcp",
]

[mcp_servers.other]
command = "npx"
args = ["-y", "@acme/other-mcp"]
`,
		".vscode/mcp.json": `{
  "servers": {
    // mcplint-ignore supply-chain/unpinned-package: same, for VS Code
    "docs": {
      "command": "npx",
      "args": ["-y", "@acme/docs-mcp"]
    },
    "other": {"command": "npx", "args": ["-y", "@acme/other-mcp"]}
  }
}
`,
	})
	code, out, errOut := runCLI(t, "check", "--no-config", root)
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "docs-mcp") || strings.Contains(out, "config/unused-ignore") {
		t.Errorf("the ignored servers are still reported, or the ignores called unused:\n%s", out)
	}
	if n := strings.Count(out, "other-mcp with no version"); n != 2 {
		t.Errorf("%d findings on the servers not ignored, want 2:\n%s", n, out)
	}
}
