package lsp

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/leakcorpus"
)

// TestLeakCorpusInTheEditor opens every file of a generated corpus of
// planted secrets (internal/leakcorpus) in the language server and asks
// for hovers and code actions at every diagnostic: no 8-character piece
// of a planted secret may be in anything the server sends or logs.
func TestLeakCorpusInTheEditor(t *testing.T) {
	projects := 80
	if testing.Short() {
		projects = 20
	}
	root := t.TempDir()
	corpus, err := leakcorpus.Generate(root, leakcorpus.Seed(), projects)
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	c, _, _ := inProcess(t, Options{NoConfig: true, Log: &lockedWriter{w: &log}})
	if resp := c.request("initialize", map[string]any{"rootUri": pathToURI(root), "capabilities": map[string]any{}}); resp.Error != nil {
		t.Fatal(resp.Error)
	}
	c.notify("initialized", map[string]any{})
	diags := 0
	for _, file := range corpus.Files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		uri := pathToURI(file)
		c.open(uri, string(text), 1)
		p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
		for _, d := range p.Diagnostics {
			diags++
			pos := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": d.Range.Start}
			if resp := c.request("textDocument/hover", pos); resp.Error != nil {
				t.Errorf("hover: %v", resp.Error)
			}
			ctx := map[string]any{"diagnostics": []any{d}}
			resp := c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": d.Range, "context": ctx})
			var as []CodeAction
			if err := json.Unmarshal(resp.Result, &as); err != nil {
				t.Fatalf("codeAction = %s", resp.Result)
			}
		}
	}
	if diags < len(corpus.Files) {
		t.Errorf("only %d diagnostics in %d files", diags, len(corpus.Files))
	}
	if strings.Contains(c.allSent(), "‹id-") {
		t.Errorf("a diagnostic shows a policy-input id instead of the masked name")
	}
	for _, leak := range corpus.Leaks(c.allSent()) {
		t.Errorf("sent to the editor: %s", leak)
	}
	for _, leak := range corpus.Leaks(log.String()) {
		t.Errorf("logged: %s", leak)
	}
	t.Logf("%d secrets, %d files, %d diagnostics", len(corpus.Secrets), len(corpus.Files), diags)
}
