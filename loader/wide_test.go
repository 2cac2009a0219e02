package loader

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestWideEncodingsAreRefusedWithoutText: a config saved as UTF-16 or
// UTF-32 (PowerShell 5's > writes UTF-16LE with a byte order mark) read as
// UTF-8 is its characters with NULs between, which no secret check sees
// through. It is refused at 1:1 and no text of it is kept for an excerpt.
func TestWideEncodingsAreRefusedWithoutText(t *testing.T) {
	const cfg = `{"mcpServers":{"gh":{"command":"npx","env":{"GITHUB_TOKEN":"ghp_62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"}}}}`
	le16 := func(bom bool) string {
		var b []byte
		if bom {
			b = append(b, 0xFF, 0xFE)
		}
		for _, u := range utf16.Encode([]rune(cfg)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return string(b)
	}
	be16 := func() string {
		b := []byte{0xFE, 0xFF}
		for _, u := range utf16.Encode([]rune(cfg)) {
			b = append(b, byte(u>>8), byte(u))
		}
		return string(b)
	}
	le32 := func() string {
		b := []byte{0xFF, 0xFE, 0, 0}
		for _, r := range cfg {
			b = append(b, byte(r), byte(r>>8), 0, 0)
		}
		return string(b)
	}
	for name, body := range map[string]string{"le-bom": le16(true), "le": le16(false), "be-bom": be16(), "le32": le32()} {
		t.Run(name, func(t *testing.T) {
			root := writeTree(t, map[string]string{"project/.mcp.json": body})
			ws := mustLoad(t, Options{Paths: []string{filepath.Join(root, "project")}, WorkDir: root})
			if len(ws.Servers) != 0 {
				t.Errorf("servers read from a %s file: %d", name, len(ws.Servers))
			}
			if len(ws.Findings) != 1 || ws.Findings[0].Rule != "schema/encoding" || !strings.Contains(ws.Findings[0].Message, "UTF-") {
				t.Fatalf("findings: %+v", ws.Findings)
			}
			f := ws.Findings[0]
			if f.Range.Start.Line != 1 || f.Range.Start.Column != 1 {
				t.Errorf("position %d:%d, want 1:1", f.Range.Start.Line, f.Range.Start.Column)
			}
			for _, d := range ws.Documents {
				if d.File != nil && len(d.File.Src) != 0 {
					t.Errorf("the %s text is kept for excerpts (%d bytes)", name, len(d.File.Src))
				}
			}
		})
	}
}
