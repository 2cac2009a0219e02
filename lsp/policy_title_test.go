package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/rules"
)

// TestHoverEscapesAPolicysTitle: a --policy module's title is untrusted
// text; the hover shows its control characters escaped, in plain text and
// in markdown.
func TestHoverEscapesAPolicysTitle(t *testing.T) {
	pol := t.TempDir()
	src := `# METADATA
# title: "Evil \e]0;owned\a title"
# description: Every remote server.
# custom:
#   level: warning
package mcplint.custom.org["evil"]

import data.mcplint.lib

report contains lib.at(s, s.url.pointer, "remote") if {
	some s in lib.servers("url")
}
`
	if err := os.WriteFile(filepath.Join(pol, "evil.rego"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	eng, err := rules.New(context.Background(), []string{pol})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"plaintext", "markdown"} {
		root := t.TempDir()
		file := filepath.Join(root, ".mcp.json")
		text := `{"mcpServers": {"api": {"type": "http", "url": "https://api.example.com/mcp"}}}`
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		c, _, _ := inProcess(t, Options{Engine: eng, NoConfig: true})
		caps := map[string]any{"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{format}}}}
		if resp := c.request("initialize", map[string]any{"rootUri": pathToURI(root), "capabilities": caps}); resp.Error != nil {
			t.Fatal(resp.Error)
		}
		c.notify("initialized", map[string]any{})
		uri := pathToURI(file)
		c.open(uri, text, 1)
		p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
			for _, d := range p.Diagnostics {
				if d.Code == "org/evil" {
					return true
				}
			}
			return false
		})
		var at Position
		for _, d := range p.Diagnostics {
			if d.Code == "org/evil" {
				at = d.Range.Start
			}
		}
		resp := c.request("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at})
		got := string(resp.Result)
		if !strings.Contains(got, "Evil") {
			t.Fatalf("%s: hover = %s", format, got)
		}
		if strings.Contains(got, `\u001b`) || strings.Contains(got, `\u0007`) {
			t.Errorf("%s: the hover holds the title's control characters raw:\n%s", format, got)
		}
	}
}
