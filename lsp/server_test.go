package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/finding"
)

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func secretConfig() string { return fmt.Sprintf(e2eConfig, fakeToken()) }

const httpConfig = `{
  "mcpServers": {
    "docs": { "type": "http", "url": "http://docs.example.com/mcp" }
  }
}
`

func waitCode(t *testing.T, done <-chan int, want int) {
	t.Helper()
	select {
	case code := <-done:
		if code != want {
			t.Errorf("exit code %d, want %d", code, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
}

func TestMalformedInput(t *testing.T) {
	c, _, done := inProcess(t, Options{})

	// Before initialize, requests are refused and notifications dropped.
	resp := c.request("textDocument/hover", map[string]any{})
	if resp.Error == nil || resp.Error.Code != codeServerNotInitialized {
		t.Errorf("before initialize: %+v", resp)
	}
	c.initialize("")
	if resp := c.request("initialize", map[string]any{}); resp.Error == nil || resp.Error.Code != codeInvalidRequest {
		t.Errorf("second initialize: %+v", resp)
	}

	errorFor := func(raw string) *rpcError {
		t.Helper()
		c.sendRaw(frame(raw))
		m := c.wait("an error for "+raw, func(m message) bool { return m.Method == "" && string(m.ID) == "null" })
		return m.Error
	}
	for raw, code := range map[string]int{
		`{"jsonrpc":"2.0","id":1,"method":`:              codeParseError,
		`not json at all`:                                codeParseError,
		`[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]`: codeInvalidRequest,
		`{"jsonrpc":"2.0"}`:                              codeInvalidRequest,
		`"just a string"`:                                codeParseError,
		// An id must be a string or a number: an array or object id is
		// not echoed as if it named a request (and shutdown not obeyed).
		`{"jsonrpc":"2.0","id":[1],"method":"shutdown"}`:     codeInvalidRequest,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}`: codeInvalidRequest,
	} {
		if e := errorFor(raw); e == nil || e.Code != code {
			t.Errorf("%s: error %+v, want code %d", raw, e, code)
		}
	}
	// Framing garbage is skipped.
	c.sendRaw("Content-Length: nope\r\n\r\n")
	c.sendRaw("\x00\x01garbage without a colon\r\n\r\n")

	if resp := c.request("textDocument/codeAction", "not an object"); resp.Error == nil || resp.Error.Code != codeInvalidParams {
		t.Errorf("bad params: %+v", resp)
	}
	if resp := c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": 42}}); resp.Error == nil || resp.Error.Code != codeInvalidParams {
		t.Errorf("bad params: %+v", resp)
	}
	if resp := c.request("workspace/symbol", map[string]any{}); resp.Error == nil || resp.Error.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v", resp)
	}
	// Notifications with bad or odd params are logged, never fatal.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/.mcp.json", "version": 2}, "contentChanges": []any{map[string]any{"text": "{}"}}})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "untitled:1", "text": "{}"}})
	c.notify("textDocument/didOpen", "nope")
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": "file:///never/opened"}})
	c.notify("$/cancelRequest", map[string]any{"id": 1})
	c.notify("some/unknownNotification", nil)
	// A string id is echoed as it came.
	c.send(map[string]any{"jsonrpc": "2.0", "id": "abc", "method": "textDocument/hover", "params": map[string]any{
		"textDocument": map[string]any{"uri": "file:///x/.mcp.json"}, "position": Position{}}})
	m := c.wait("the string-id response", func(m message) bool { return string(m.ID) == `"abc"` })
	if m.Error != nil || string(m.Result) != "null" {
		t.Errorf("hover on an unknown file: %+v", m)
	}

	if resp := c.request("shutdown", nil); resp.Error != nil {
		t.Fatalf("shutdown: %+v", resp)
	}
	if resp := c.request("textDocument/hover", map[string]any{}); resp.Error == nil || resp.Error.Code != codeInvalidRequest {
		t.Errorf("after shutdown: %+v", resp)
	}
	c.notify("exit", nil)
	waitCode(t, done, 0)
}

func TestExitWithoutShutdown(t *testing.T) {
	c, _, done := inProcess(t, Options{})
	c.initialize("")
	c.notify("exit", nil)
	waitCode(t, done, 1)
}

// TestPanicIsAnswered: a panic while handling a request becomes an
// internal error and the server goes on.
func TestPanicIsAnswered(t *testing.T) {
	c, srv, done := inProcess(t, Options{})
	c.initialize("")
	// A nil engine makes hover panic.
	srv.opts.Engine = nil
	srv.results["/boom"] = &fileResult{entries: []entry{{diag: Diagnostic{Range: Range{End: Position{Line: 9}}}, f: &finding.Finding{Rule: "x/y"}}}}
	resp := c.request("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///boom"}, "position": Position{Line: 1}})
	if resp.Error == nil || resp.Error.Code != codeInternalError {
		t.Fatalf("hover that panics: %+v", resp)
	}
	srv.opts.Engine = testEngine(t)
	if resp := c.request("shutdown", nil); resp.Error != nil {
		t.Fatalf("shutdown after a panic: %+v", resp)
	}
	c.notify("exit", nil)
	waitCode(t, done, 0)
}

// TestProjectTiers: the other tiers of the project are read from disk and
// their diagnostics published; a file that is fixed on disk is cleared
// when the client reports the change.
func TestProjectTiers(t *testing.T) {
	proj := t.TempDir()
	mcp := filepath.Join(proj, ".mcp.json")
	cursor := filepath.Join(proj, ".cursor", "mcp.json")
	writeFile(t, mcp, "{\"mcpServers\": {}}\n")
	writeFile(t, cursor, httpConfig)
	c, _, _ := inProcess(t, Options{NoConfig: true})
	c.initialize(pathToURI(proj))
	c.open(pathToURI(mcp), secretConfig(), 1)

	p := c.diagnostics(pathToURI(cursor), func(p PublishDiagnosticsParams) bool { return hasCode(p, "transport/https-only") })
	if p.Version != nil {
		t.Errorf("a file that is not open has a version: %v", *p.Version)
	}
	c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })

	writeFile(t, cursor, strings.Replace(httpConfig, "http://", "https://", 1))
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathToURI(cursor), "type": 2}}})
	c.diagnostics(pathToURI(cursor), func(p PublishDiagnosticsParams) bool { return !hasCode(p, "transport/https-only") })

	// Closing the last open document clears everything of its project.
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": pathToURI(mcp)}})
	c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
}

// TestConfigReload: .mcplint.toml is read per project and read again when
// it is saved; one that does not load is reported on itself.
func TestConfigReload(t *testing.T) {
	proj := t.TempDir()
	mcp := filepath.Join(proj, ".mcp.json")
	cfg := filepath.Join(proj, ".mcplint.toml")
	writeFile(t, mcp, httpConfig)
	c, _, _ := inProcess(t, Options{})
	c.initialize(pathToURI(proj))
	c.open(pathToURI(mcp), httpConfig, 1)
	c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool { return hasCode(p, "transport/https-only") })

	writeFile(t, cfg, "[rules]\n\"transport/https-only\" = \"off\"\n")
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": pathToURI(cfg)}})
	c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool { return !hasCode(p, "transport/https-only") })

	// Twice the same level change, so an ignore that was used stays
	// quiet on the next lint (Check marks ignores; the cache is copied).
	writeFile(t, cfg, "[[ignore]]\nrule = \"transport/https-only\"\npath = \".mcp.json\"\nreason = \"internal docs\"\n")
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": pathToURI(cfg)}})
	c.change(pathToURI(mcp), httpConfig+" ", 2)
	c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 2 && !hasCode(p, "transport/https-only")
	})
	c.change(pathToURI(mcp), httpConfig, 3)
	p := c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 3 })
	if hasCode(p, "transport/https-only") {
		t.Errorf("the ignore stopped working on the second lint: %+v", p.Diagnostics)
	}
	time.Sleep(200 * time.Millisecond)
	c.drain()
	for _, m := range c.queue {
		var pp PublishDiagnosticsParams
		if m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &pp) == nil && pp.URI == pathToURI(cfg) && hasCode(pp, "config/unused-ignore") {
			t.Errorf("the used ignore is reported unused: %+v", pp)
		}
	}

	writeFile(t, cfg, "[rules]\n\"no/such-rule\" = \"off\"\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathToURI(cfg), "type": 2}}})
	cp := c.diagnostics(pathToURI(cfg), func(p PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	if d := cp.Diagnostics[0]; d.Range.Start.Line != 1 || !strings.Contains(d.Message, "no/such-rule") {
		t.Errorf("config error diagnostic = %+v", d)
	}
	c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool { return hasCode(p, "transport/https-only") })

	os.Remove(cfg)
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathToURI(cfg), "type": 3}}})
	c.diagnostics(pathToURI(cfg), func(p PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
}

// TestNotAnMCPFile: a JSON file the editor attaches the server to that is
// no MCP config gets no diagnostics.
func TestNotAnMCPFile(t *testing.T) {
	proj := t.TempDir()
	pkg := filepath.Join(proj, "package.json")
	text := `{"name": "x", "version": "1.0.0"}`
	writeFile(t, pkg, text)
	c, _, _ := inProcess(t, Options{NoConfig: true})
	c.initialize(pathToURI(proj))
	c.open(pathToURI(pkg), text, 1)
	p := c.diagnostics(pathToURI(pkg), nil)
	if len(p.Diagnostics) != 0 {
		t.Errorf("package.json: %+v", p.Diagnostics)
	}
}

// TestNoWorkspaceFolder: without a root, a file is linted with its
// project (the folder above .cursor/mcp.json), and an unsaved new file
// that exists only in the editor is linted too.
func TestNoWorkspaceFolder(t *testing.T) {
	proj := t.TempDir()
	writeFile(t, filepath.Join(proj, ".mcp.json"), httpConfig)
	cursor := filepath.Join(proj, ".cursor", "mcp.json")
	c, _, _ := inProcess(t, Options{NoConfig: true})
	c.initialize("")
	c.open(pathToURI(cursor), secretConfig(), 1) // never saved
	c.diagnostics(pathToURI(cursor), func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	c.diagnostics(pathToURI(filepath.Join(proj, ".mcp.json")), func(p PublishDiagnosticsParams) bool { return hasCode(p, "transport/https-only") })
}

func TestCodeActionsAndHover(t *testing.T) {
	proj := t.TempDir()
	mcp := filepath.Join(proj, ".mcp.json")
	// Two literal keys, so a fix-all is offered.
	text := strings.Replace(secretConfig(), `"env": {`, `"env": {`+"\n        \"OTHER_TOKEN\": \"ghp_"+tokenBody()[:35]+"Q\",", 1)
	writeFile(t, mcp, text)
	c, _, _ := inProcess(t, Options{NoConfig: true})
	resp := c.request("initialize", map[string]any{"rootUri": pathToURI(proj), "capabilities": map[string]any{
		"workspace":    map[string]any{"workspaceEdit": map[string]any{"documentChanges": true}},
		"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"plaintext"}}},
	}})
	if resp.Error != nil {
		t.Fatal(resp.Error)
	}
	c.notify("initialized", map[string]any{})
	uri := pathToURI(mcp)
	c.open(uri, text, 7)
	p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	var keys []Diagnostic
	for _, d := range p.Diagnostics {
		if d.Code == "secrets/literal-key" {
			keys = append(keys, d)
		}
	}
	if len(keys) != 2 {
		t.Fatalf("want 2 literal keys, got %+v", p.Diagnostics)
	}

	actions := func(r Range, only []string) []CodeAction {
		t.Helper()
		ctx := map[string]any{"diagnostics": []any{}}
		if only != nil {
			ctx["only"] = only
		}
		resp := c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": r, "context": ctx})
		var as []CodeAction
		if err := json.Unmarshal(resp.Result, &as); err != nil {
			t.Fatalf("codeAction = %s", resp.Result)
		}
		return as
	}
	// The cursor (an empty range) inside the first key.
	cur := Position{Line: keys[0].Range.Start.Line, Character: keys[0].Range.Start.Character + 3}
	as := actions(Range{Start: cur, End: cur}, nil)
	if len(as) != 2 || as[0].Kind != KindQuickFix || as[1].Kind != KindSourceFixAll {
		t.Fatalf("actions at the cursor = %+v", as)
	}
	dc := as[0].Edit.DocumentChanges
	if len(dc) != 1 || dc[0].TextDocument.URI != uri || dc[0].TextDocument.Version == nil || *dc[0].TextDocument.Version != 7 || len(dc[0].Edits) != 1 {
		t.Fatalf("versioned edit = %+v", as[0].Edit)
	}
	if all := as[1].Edit.DocumentChanges; len(all) != 1 || len(all[0].Edits) != 2 {
		t.Fatalf("fix-all edit = %+v", as[1].Edit)
	}
	// A line without a diagnostic has no quick fix; only=source.fixAll
	// gives just the fix-all.
	if as := actions(Range{Start: Position{0, 0}, End: Position{0, 1}}, []string{KindQuickFix}); len(as) != 0 {
		t.Errorf("actions on line 1 = %+v", as)
	}
	if as := actions(Range{}, []string{"source"}); len(as) != 1 || as[0].Kind != KindSourceFixAll {
		t.Errorf("source actions = %+v", as)
	}
	// Applying the fix-all leaves no literal key.
	fixed := []byte(text)
	edits := as[1].Edit.DocumentChanges[0].Edits
	for i := len(edits) - 1; i >= 0; i-- {
		fixed = applyChange(fixed, TextDocumentContentChangeEvent{Range: &edits[i].Range, Text: edits[i].NewText})
	}
	c.change(uri, string(fixed), 8)
	p = c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return *p.Version == 8 })
	if hasCode(p, "secrets/literal-key") {
		t.Errorf("after fix-all: %+v", p.Diagnostics)
	}
	c.change(uri, text, 9)

	// Plain-text hover, and nothing outside a diagnostic.
	resp = c.request("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": cur})
	var h Hover
	if err := json.Unmarshal(resp.Result, &h); err != nil || h.Contents.Kind != "plaintext" || !strings.Contains(h.Contents.Value, "secrets/literal-key: ") || strings.Contains(h.Contents.Value, "```") {
		t.Errorf("hover = %s", resp.Result)
	}
	if h.Range == nil || *h.Range != keys[0].Range {
		t.Errorf("hover range = %+v, want %+v", h.Range, keys[0].Range)
	}
	resp = c.request("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{0, 0}})
	if string(resp.Result) != "null" {
		t.Errorf("hover outside diagnostics = %s", resp.Result)
	}
	if strings.Contains(c.allSent(), tokenBody()[:20]) {
		t.Error("a message holds the token")
	}
}

func TestEscapeMarkdown(t *testing.T) {
	got := escapeMarkdown("ghp_…**** in GITHUB_TOKEN, _x_ <b> `c` [l]")
	want := "ghp\\_…\\*\\*\\*\\* in GITHUB_TOKEN, \\_x\\_ \\<b\\> \\`c\\` \\[l\\]"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestNestedProjects: in a monorepo, a change to the top project's file
// lints that project only, not the projects below it; each nested project
// is linted when one of its files is open.
func TestNestedProjects(t *testing.T) {
	root := t.TempDir()
	top := filepath.Join(root, ".mcp.json")
	topCursor := filepath.Join(root, ".cursor", "mcp.json")
	sub := filepath.Join(root, "services", "a", ".mcp.json")
	writeFile(t, top, "{\"mcpServers\": {}}\n")
	writeFile(t, topCursor, httpConfig)
	writeFile(t, sub, httpConfig)
	c, srv, _ := inProcess(t, Options{NoConfig: true})
	c.initialize(pathToURI(root))
	c.open(pathToURI(top), "{\"mcpServers\": {}}\n", 1)
	c.diagnostics(pathToURI(topCursor), func(p PublishDiagnosticsParams) bool { return hasCode(p, "transport/https-only") })
	c.diagnostics(pathToURI(top), nil)
	c.drain()
	for _, m := range c.queue {
		var p PublishDiagnosticsParams
		if m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &p) == nil && p.URI == pathToURI(sub) {
			t.Errorf("the nested project was linted with the top one: %+v", p)
		}
	}
	c.open(pathToURI(sub), httpConfig, 1)
	c.diagnostics(pathToURI(sub), func(p PublishDiagnosticsParams) bool { return hasCode(p, "transport/https-only") })
	resp := c.request("shutdown", nil) // a request orders the checks below after the lints
	if resp.Error != nil {
		t.Fatal(resp.Error)
	}
	if len(srv.units) != 2 || srv.units["dir:"+root] == nil || srv.units["dir:"+filepath.Dir(sub)] == nil {
		t.Errorf("units = %v", srv.units)
	}
	if m := srv.units["dir:"+root].members; len(m) != 2 {
		t.Errorf("members of the top project = %v", m)
	}
}

// TestWatcherRegistration: a client that can watch files is asked to
// report changes to .mcplint.toml and the config files; its answer (even
// an error) is accepted quietly.
func TestWatcherRegistration(t *testing.T) {
	c, _, _ := inProcess(t, Options{NoConfig: true})
	resp := c.request("initialize", map[string]any{"capabilities": map[string]any{
		"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}},
	}})
	if resp.Error != nil {
		t.Fatal(resp.Error)
	}
	c.notify("initialized", map[string]any{})
	m := c.wait("client/registerCapability", func(m message) bool { return m.Method == "client/registerCapability" })
	var p RegistrationParams
	if err := json.Unmarshal(m.Params, &p); err != nil || len(p.Registrations) != 1 || p.Registrations[0].Method != "workspace/didChangeWatchedFiles" {
		t.Fatalf("registration = %s", m.Params)
	}
	if !strings.Contains(string(m.Params), ".mcplint.toml") {
		t.Errorf("no watcher for .mcplint.toml: %s", m.Params)
	}
	c.send(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(m.ID), "error": map[string]any{"code": -32601, "message": "no"}})
	if resp := c.request("shutdown", nil); resp.Error != nil {
		t.Fatalf("shutdown: %+v", resp)
	}
}

// TestConfigFileOpen: .mcplint.toml open in the editor (attached to every
// TOML file) shows its own problems, such as an ignore that matches
// nothing.
func TestConfigFileOpen(t *testing.T) {
	proj := t.TempDir()
	mcp := filepath.Join(proj, ".mcp.json")
	cfg := filepath.Join(proj, ".mcplint.toml")
	writeFile(t, mcp, httpConfig)
	cfgText := "[[ignore]]\nrule = \"transport/https-only\"\npath = \"nowhere/.mcp.json\"\nreason = \"old\"\n"
	writeFile(t, cfg, cfgText)
	c, _, _ := inProcess(t, Options{})
	c.initialize(pathToURI(proj))
	c.open(pathToURI(cfg), cfgText, 1)
	p := c.diagnostics(pathToURI(cfg), func(p PublishDiagnosticsParams) bool { return hasCode(p, "config/unused-ignore") })
	if d := findCode(p, "config/unused-ignore"); d.Range.Start.Line != 0 {
		t.Errorf("unused ignore at %+v", d.Range)
	}
	c.diagnostics(pathToURI(mcp), func(p PublishDiagnosticsParams) bool { return hasCode(p, "transport/https-only") })
}
