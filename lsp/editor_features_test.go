package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// The tests of this file speak plain JSON-RPC to the server, as an editor
// does, for what an editor extension relies on: pull diagnostics, the
// "ignore this finding here" actions and the fix-all kind,
// workspace/executeCommand and hover, codeDescription and tags, untitled
// documents, multi-root workspaces and settings changed at run time.

// initializeWith sends initialize with the given capabilities (and
// workspace folders) and initialized, and returns the result.
func initializeWith(t *testing.T, c *testClient, caps map[string]any, folders ...string) InitializeResult {
	t.Helper()
	params := map[string]any{"processId": nil, "capabilities": caps}
	if len(folders) > 0 {
		var wf []map[string]any
		for _, f := range folders {
			wf = append(wf, map[string]any{"uri": pathToURI(f), "name": filepath.Base(f)})
		}
		params["workspaceFolders"] = wf
		params["rootUri"] = pathToURI(folders[0])
	}
	resp := c.request("initialize", params)
	if resp.Error != nil {
		t.Fatalf("initialize: %v", resp.Error)
	}
	var res InitializeResult
	if err := json.Unmarshal(resp.Result, &res); err != nil {
		t.Fatal(err)
	}
	c.notify("initialized", map[string]any{})
	return res
}

// serverRequest waits for a request from the server and returns it.
func (c *testClient) serverRequest(method string) message {
	c.t.Helper()
	return c.wait("a "+method+" request from the server", func(m message) bool { return m.Method == method && len(m.ID) > 0 })
}

// answer replies to a request from the server.
func (c *testClient) answer(m message, result any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
}

// applyEdits applies LSP text edits (non-overlapping, any order).
func applyEdits(text string, edits []TextEdit) string {
	sorted := append([]TextEdit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return before(sorted[j].Range.Start, sorted[i].Range.Start) })
	b := []byte(text)
	for i := range sorted {
		b = applyChange(b, TextDocumentContentChangeEvent{Range: &sorted[i].Range, Text: sorted[i].NewText})
	}
	return string(b)
}

func decodeActions(t *testing.T, resp message) []CodeAction {
	t.Helper()
	if resp.Error != nil {
		t.Fatalf("codeAction: %v", resp.Error)
	}
	var as []CodeAction
	if err := json.Unmarshal(resp.Result, &as); err != nil {
		t.Fatalf("codeAction = %s", resp.Result)
	}
	return as
}

func actionsAt(t *testing.T, c *testClient, uri string, r Range, only ...string) []CodeAction {
	t.Helper()
	ctx := map[string]any{"diagnostics": []any{}}
	if len(only) > 0 {
		ctx["only"] = only
	}
	return decodeActions(t, c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": r, "context": ctx}))
}

func pullDiagnostics(t *testing.T, c *testClient, uri, previous string) DocumentDiagnosticReport {
	t.Helper()
	params := map[string]any{"textDocument": map[string]any{"uri": uri}}
	if previous != "" {
		params["previousResultId"] = previous
	}
	resp := c.request("textDocument/diagnostic", params)
	if resp.Error != nil {
		t.Fatalf("textDocument/diagnostic: %v", resp.Error)
	}
	var rep DocumentDiagnosticReport
	if err := json.Unmarshal(resp.Result, &rep); err != nil {
		t.Fatalf("textDocument/diagnostic = %s", resp.Result)
	}
	return rep
}

func reportHas(items *[]Diagnostic, code string) bool {
	if items == nil {
		return false
	}
	return hasCode(PublishDiagnosticsParams{Diagnostics: *items}, code)
}

// TestPullDiagnostics (7): a client that pulls gets diagnosticProvider,
// its open document's diagnostics on request, "unchanged" for the same
// result, every project file of the workspace from workspace/diagnostic,
// a refresh request when a change alters them, and no pushes.
func TestPullDiagnostics(t *testing.T) {
	proj := t.TempDir()
	mcp := filepath.Join(proj, ".mcp.json")
	cursor := filepath.Join(proj, ".cursor", "mcp.json")
	writeFile(t, mcp, secretConfig())
	writeFile(t, cursor, httpConfig)
	c, _, _ := inProcess(t, Options{NoConfig: true})
	res := initializeWith(t, c, map[string]any{
		"textDocument": map[string]any{"diagnostic": map[string]any{"relatedDocumentSupport": false}},
		"workspace":    map[string]any{"diagnostics": map[string]any{"refreshSupport": true}},
	}, proj)
	if dp := res.Capabilities.DiagnosticProvider; dp == nil || !dp.WorkspaceDiagnostics || !dp.InterFileDependencies {
		t.Fatalf("diagnosticProvider = %+v", dp)
	}

	// workspace/diagnostic before anything is open covers the project.
	resp := c.request("workspace/diagnostic", map[string]any{"previousResultIds": []any{}})
	var wr WorkspaceDiagnosticReport
	if err := json.Unmarshal(resp.Result, &wr); err != nil || resp.Error != nil {
		t.Fatalf("workspace/diagnostic = %s %v", resp.Result, resp.Error)
	}
	byURI := map[string]WorkspaceDocumentDiagnosticReport{}
	for _, it := range wr.Items {
		byURI[it.URI] = it
	}
	if it := byURI[pathToURI(cursor)]; it.Kind != ReportFull || !reportHas(it.Items, "transport/https-only") {
		t.Errorf("workspace report for .cursor/mcp.json = %+v", it)
	}
	if it := byURI[pathToURI(mcp)]; !reportHas(it.Items, "secrets/literal-key") {
		t.Errorf("workspace report for .mcp.json = %+v", it)
	}

	uri := pathToURI(mcp)
	c.open(uri, secretConfig(), 1)
	rep := pullDiagnostics(t, c, uri, "")
	if rep.Kind != ReportFull || !reportHas(rep.Items, "secrets/literal-key") || rep.ResultID == "" {
		t.Fatalf("pulled report = %+v", rep)
	}
	if again := pullDiagnostics(t, c, uri, rep.ResultID); again.Kind != ReportUnchanged || again.Items != nil {
		t.Errorf("same result pulled again = %+v", again)
	}

	// The key replaced: the server asks the client to pull again, and the
	// pull no longer has it.
	fixed := strings.Replace(secretConfig(), fakeToken(), "${GITHUB_PERSONAL_ACCESS_TOKEN}", 1)
	c.change(uri, fixed, 2)
	refresh := c.serverRequest("workspace/diagnostic/refresh")
	c.answer(refresh, nil)
	if rep2 := pullDiagnostics(t, c, uri, rep.ResultID); rep2.Kind != ReportFull || reportHas(rep2.Items, "secrets/literal-key") {
		t.Errorf("pulled after the fix = %+v", rep2)
	}
	// The workspace pull with the earlier ids: the changed file is sent in
	// full, the other is unchanged.
	var prev []map[string]any
	for _, it := range wr.Items {
		prev = append(prev, map[string]any{"uri": it.URI, "value": it.ResultID})
	}
	resp = c.request("workspace/diagnostic", map[string]any{"previousResultIds": prev})
	wr = WorkspaceDiagnosticReport{}
	if err := json.Unmarshal(resp.Result, &wr); err != nil {
		t.Fatal(err)
	}
	for _, it := range wr.Items {
		switch it.URI {
		case uri:
			if it.Kind != ReportFull || reportHas(it.Items, "secrets/literal-key") || it.Version == nil || *it.Version != 2 {
				t.Errorf("workspace report for the changed file = %+v", it)
			}
		case pathToURI(cursor):
			if it.Kind != ReportUnchanged {
				t.Errorf("workspace report for the unchanged file = %+v", it)
			}
		}
	}
	time.Sleep(100 * time.Millisecond)
	if strings.Contains(c.allSent(), "textDocument/publishDiagnostics") {
		t.Errorf("a pulling client was sent publishDiagnostics")
	}
}

const codexToken = `[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github@2025.4.8"]

[mcp_servers.github.env]
GITHUB_PERSONAL_ACCESS_TOKEN = "%s"
`

// TestIgnoreHereAndFixAllKind (8): "ignore this finding here" writes a
// mcplint-ignore comment with a reason placeholder in the file's comment
// syntax (// in JSONC, # in TOML) that silences the finding, and an
// [[ignore]] in a new .mcplint.toml for JSON; fix-all has the kind
// source.fixAll.mcplint, which an editor asking for source.fixAll gets.
func TestIgnoreHereAndFixAllKind(t *testing.T) {
	proj := t.TempDir()
	vscode := filepath.Join(proj, ".vscode", "mcp.json")
	codex := filepath.Join(proj, ".codex", "config.toml")
	mcp := filepath.Join(proj, ".mcp.json")
	vsText := strings.Replace(secretConfig(), `"mcpServers"`, `"servers"`, 1)
	tomlText := strings.Replace(codexToken, "%s", fakeToken(), 1)
	writeFile(t, vscode, vsText)
	writeFile(t, codex, tomlText)
	writeFile(t, mcp, secretConfig())
	c, _, _ := inProcess(t, Options{})
	res := initializeWith(t, c, map[string]any{
		"workspace": map[string]any{"workspaceEdit": map[string]any{"documentChanges": true}},
	}, proj)
	kinds := strings.Join(res.Capabilities.CodeActionProvider.CodeActionKinds, " ")
	if !strings.Contains(kinds, "source.fixAll.mcplint") || !strings.Contains(kinds, "quickfix") {
		t.Errorf("codeActionKinds = %s", kinds)
	}

	for _, tc := range []struct {
		path, text, marker string
	}{
		{vscode, vsText, "//"},
		{codex, tomlText, "#"},
	} {
		uri := pathToURI(tc.path)
		c.open(uri, tc.text, 1)
		p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
		d := findCode(p, "secrets/literal-key")
		var ignore *CodeAction
		for _, a := range actionsAt(t, c, uri, d.Range, KindQuickFix) {
			if strings.HasPrefix(a.Title, "Ignore secrets/literal-key here") {
				ignore = &a
			}
		}
		if ignore == nil || len(ignore.Edit.DocumentChanges) != 1 || ignore.Edit.DocumentChanges[0].TextDocumentEdit == nil {
			t.Fatalf("%s: no ignore action: %+v", tc.path, ignore)
		}
		got := applyEdits(tc.text, ignore.Edit.DocumentChanges[0].Edits)
		lines := strings.Split(got, "\n")
		comment := strings.TrimSpace(lines[d.Range.Start.Line])
		if want := tc.marker + " mcplint-ignore secrets/literal-key: " + ignoreReason; comment != want {
			t.Errorf("%s: line %d = %q, want %q", tc.path, d.Range.Start.Line+1, comment, want)
		}
		c.change(uri, got, 2)
		p = c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 })
		if hasCode(p, "secrets/literal-key") || hasCode(p, unusedIgnoreRule) {
			t.Errorf("%s after the ignore: %+v", tc.path, p.Diagnostics)
		}
	}

	// JSON has no comments: the ignore goes to a new .mcplint.toml.
	uri := pathToURI(mcp)
	c.open(uri, secretConfig(), 1)
	p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	d := findCode(p, "secrets/literal-key")
	as := actionsAt(t, c, uri, d.Range)
	var ignore *CodeAction
	for i, a := range as {
		if strings.HasPrefix(a.Title, "Ignore secrets/literal-key for this file in .mcplint.toml") {
			ignore = &as[i]
		}
		if a.Edit != nil && len(a.Edit.DocumentChanges) > 0 && a.Edit.DocumentChanges[0].TextDocumentEdit != nil {
			for _, e := range a.Edit.DocumentChanges[0].Edits {
				if strings.Contains(e.NewText, "mcplint-ignore") {
					t.Errorf("a comment offered in a JSON file: %+v", a)
				}
			}
		}
	}
	cfg := filepath.Join(proj, ".mcplint.toml")
	if ignore == nil || len(ignore.Edit.DocumentChanges) != 2 || ignore.Edit.DocumentChanges[0].CreateFile == nil ||
		ignore.Edit.DocumentChanges[0].URI != pathToURI(cfg) || ignore.Edit.DocumentChanges[1].TextDocumentEdit == nil {
		t.Fatalf("JSON ignore action = %+v", ignore)
	}
	toml := applyEdits("", ignore.Edit.DocumentChanges[1].Edits)
	if !strings.Contains(toml, "rule = \"secrets/literal-key\"\npath = \".mcp.json\"\nserver = \"github\"\nreason = \""+ignoreReason+"\"") {
		t.Errorf(".mcplint.toml written:\n%s", toml)
	}
	writeFile(t, cfg, toml)
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathToURI(cfg), "type": 1}}})
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return !hasCode(p, "secrets/literal-key") })
	// A second ignore is appended to the file that now exists.
	c.change(uri, strings.Replace(secretConfig(), `"docs"`, `"docs2"`, 1), 2)
	p = c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 })
	if d := findCode(p, "transport/https-only"); d != nil {
		for _, a := range actionsAt(t, c, uri, d.Range, KindQuickFix) {
			if strings.Contains(a.Title, ".mcplint.toml") {
				if len(a.Edit.DocumentChanges) != 1 {
					t.Fatalf("append action = %+v", a)
				}
				both := applyEdits(toml, a.Edit.DocumentChanges[0].Edits)
				if !strings.HasPrefix(both, toml+"\n[[ignore]]\nrule = \"transport/https-only\"") {
					t.Errorf("appended:\n%s", both)
				}
			}
		}
	} else {
		t.Errorf("no https-only finding: %+v", p.Diagnostics)
	}

	// Fix on save asks for source.fixAll and gets mcplint's kind.
	os.Remove(cfg)
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathToURI(cfg), "type": 3}}})
	c.change(uri, secretConfig(), 3)
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 3 && hasCode(p, "secrets/literal-key")
	})
	as = actionsAt(t, c, uri, Range{}, "source.fixAll")
	if len(as) != 1 || as[0].Kind != "source.fixAll.mcplint" {
		t.Fatalf("source.fixAll actions = %+v", as)
	}
	if fixed := applyEdits(secretConfig(), as[0].Edit.DocumentChanges[0].Edits); strings.Contains(fixed, fakeToken()) {
		t.Errorf("fix-all left the key:\n%s", fixed)
	}
	if as := actionsAt(t, c, uri, Range{}, "source.organizeImports"); len(as) != 0 {
		t.Errorf("another source kind = %+v", as)
	}
}

// TestExecuteCommandHoverAndCodeDescription (9, 10): fix-all and explain
// as commands, a hover with the first paragraph of the rule's doc and a
// link, codeDescription.href to the rule's doc, and the Unnecessary tag
// on an ignore that ignores nothing.
func TestExecuteCommandHoverAndCodeDescription(t *testing.T) {
	proj := t.TempDir()
	mcp := filepath.Join(proj, ".mcp.json")
	writeFile(t, mcp, secretConfig())
	c, _, _ := inProcess(t, Options{NoConfig: true})
	res := initializeWith(t, c, map[string]any{
		"workspace":    map[string]any{"applyEdit": true},
		"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"markdown"}}},
	}, proj)
	if ec := res.Capabilities.ExecuteCommand; ec == nil || strings.Join(ec.Commands, " ") != CommandFixAll+" "+CommandExplain {
		t.Errorf("executeCommandProvider = %+v", ec)
	}
	uri := pathToURI(mcp)
	c.open(uri, secretConfig(), 4)
	p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	d := findCode(p, "secrets/literal-key")
	r, _ := testEngine(t).Rule("secrets/literal-key")
	if d.CodeDescription == nil || d.CodeDescription.Href != r.HelpURL || !strings.Contains(r.HelpURL, "secrets/literal-key") {
		t.Errorf("codeDescription = %+v, want %s", d.CodeDescription, r.HelpURL)
	}
	if len(d.Tags) != 0 {
		t.Errorf("a finding tagged %v", d.Tags)
	}

	// Fix all: the server sends the edit with workspace/applyEdit.
	resp := c.request("workspace/executeCommand", map[string]any{"command": CommandFixAll, "arguments": []any{map[string]any{"uri": uri}}})
	if resp.Error != nil || !strings.Contains(string(resp.Result), `"fixed":1`) {
		t.Fatalf("fix-all command = %s %v", resp.Result, resp.Error)
	}
	ae := c.serverRequest("workspace/applyEdit")
	var ap ApplyWorkspaceEditParams
	if err := json.Unmarshal(ae.Params, &ap); err != nil || ap.Edit == nil || len(ap.Edit.Changes[uri]) != 1 {
		t.Fatalf("applyEdit = %s", ae.Params)
	}
	c.answer(ae, map[string]any{"applied": true})
	if fixed := applyEdits(secretConfig(), ap.Edit.Changes[uri]); strings.Contains(fixed, fakeToken()) || !strings.Contains(fixed, "${GITHUB_PERSONAL_ACCESS_TOKEN}") {
		t.Errorf("applyEdit text:\n%s", fixed)
	}

	// Explain.
	resp = c.request("workspace/executeCommand", map[string]any{"command": CommandExplain, "arguments": []any{"secrets/literal-key"}})
	var ex ExplainResult
	if err := json.Unmarshal(resp.Result, &ex); err != nil || ex.URL != r.HelpURL || ex.Title != r.Title || !strings.Contains(ex.Explanation, firstParagraph(r.Description)[:20]) {
		t.Errorf("explain = %s %v", resp.Result, resp.Error)
	}
	if resp := c.request("workspace/executeCommand", map[string]any{"command": CommandExplain, "arguments": []any{"no/such-rule"}}); resp.Error == nil {
		t.Errorf("explain of an unknown rule: %s", resp.Result)
	}
	if resp := c.request("workspace/executeCommand", map[string]any{"command": "mcplint.nothing"}); resp.Error == nil {
		t.Errorf("unknown command: %s", resp.Result)
	}

	// Hover: the first paragraph of the doc and a link, not the whole
	// explanation.
	resp = c.request("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": d.Range.Start})
	var h Hover
	if err := json.Unmarshal(resp.Result, &h); err != nil {
		t.Fatal(err)
	}
	para := firstParagraph(r.Description)
	if !strings.Contains(h.Contents.Value, escapeMarkdown(mask(para))) || !strings.Contains(h.Contents.Value, "]("+r.HelpURL+")") {
		t.Errorf("hover lacks the first paragraph or the link:\n%s", h.Contents.Value)
	}
	if _, rest, ok := strings.Cut(strings.TrimSpace(r.Description), "\n\n"); ok && len(strings.Fields(rest)) >= 6 {
		if second := strings.Join(strings.Fields(rest)[:6], " "); strings.Contains(h.Contents.Value, escapeMarkdown(second)) {
			t.Errorf("hover shows more than the first paragraph:\n%s", h.Contents.Value)
		}
	} else {
		t.Errorf("the rule's doc has one paragraph; pick a rule with two for this test")
	}

	// An ignore comment that matches nothing is tagged Unnecessary.
	vscode := filepath.Join(proj, ".vscode", "mcp.json")
	text := "{\n  // mcplint-ignore transport/https-only: internal\n  \"servers\": {}\n}\n"
	writeFile(t, vscode, text)
	c.open(pathToURI(vscode), text, 1)
	p = c.diagnostics(pathToURI(vscode), func(p PublishDiagnosticsParams) bool { return hasCode(p, unusedIgnoreRule) })
	if u := findCode(p, unusedIgnoreRule); len(u.Tags) != 1 || u.Tags[0] != TagUnnecessary {
		t.Errorf("unused ignore tags = %v", u.Tags)
	}
}

// TestUntitledMultiRootAndSettings (11 and the settings): an untitled
// document with a language id is linted and fixed; each folder of a
// multi-root workspace is linted with its own settings, read through
// workspace/configuration, and a didChangeConfiguration applies new ones
// without a restart.
func TestUntitledMultiRootAndSettings(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	aFile, bFile := filepath.Join(a, ".mcp.json"), filepath.Join(b, ".mcp.json")
	writeFile(t, aFile, secretConfig())
	writeFile(t, bFile, secretConfig())
	c, _, _ := inProcess(t, Options{NoConfig: true})
	initializeWith(t, c, map[string]any{"workspace": map[string]any{"configuration": true, "workspaceFolders": true}}, a, b)

	cfgReq := c.serverRequest("workspace/configuration")
	var cp ConfigurationParams
	if err := json.Unmarshal(cfgReq.Params, &cp); err != nil || len(cp.Items) != 3 {
		t.Fatalf("configuration items = %s", cfgReq.Params)
	}
	scopes := map[string]int{}
	for i, it := range cp.Items {
		if it.Section != "mcplint" {
			t.Errorf("section %q", it.Section)
		}
		scopes[it.ScopeURI] = i
	}
	ia, okA := scopes[pathToURI(a)]
	ib, okB := scopes[pathToURI(b)]
	if _, okG := scopes[""]; !okA || !okB || !okG {
		t.Fatalf("scopes = %v", scopes)
	}
	vals := make([]any, 3)
	vals[ia] = map[string]any{"ignore": []string{"secrets"}}
	vals[ib] = map[string]any{}
	c.answer(cfgReq, vals)

	c.open(pathToURI(aFile), secretConfig(), 1)
	c.open(pathToURI(bFile), secretConfig(), 1)
	c.diagnostics(pathToURI(aFile), func(p PublishDiagnosticsParams) bool {
		return hasCode(p, "transport/https-only") && !hasCode(p, "secrets/literal-key")
	})
	pb := c.diagnostics(pathToURI(bFile), func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	if d := findCode(pb, "transport/https-only"); d == nil || d.Severity != SeverityError {
		t.Fatalf("b's https-only before failLevel = %+v", d)
	}

	// An untitled document with a language id.
	untitled := "untitled:Untitled-1"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": untitled, "languageId": "json", "version": 1, "text": secretConfig()}})
	p := c.diagnostics(untitled, func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	d := findCode(p, "secrets/literal-key")
	if as := actionsAt(t, c, untitled, d.Range, KindQuickFix); len(as) != 0 {
		t.Errorf("a fix with no client known: %+v", as)
	}

	// New settings, no restart: b selects only transport rules and never
	// fails, so https-only (an error) shows as a warning there.
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
	cfgReq = c.serverRequest("workspace/configuration")
	vals = make([]any, 3)
	vals[0] = map[string]any{"client": "cursor"}
	vals[ia] = map[string]any{}
	vals[ib] = map[string]any{"select": []string{"transport"}, "failLevel": "never"}
	c.answer(cfgReq, vals)
	c.diagnostics(pathToURI(aFile), func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	pb = c.diagnostics(pathToURI(bFile), func(p PublishDiagnosticsParams) bool {
		return !hasCode(p, "secrets/literal-key") && hasCode(p, "transport/https-only")
	})
	if d := findCode(pb, "transport/https-only"); d.Severity != SeverityWarning {
		t.Errorf("https-only under failLevel never has severity %d", d.Severity)
	}

	// The untitled document is read as Cursor's now: its fix is there.
	p = c.diagnostics(untitled, func(p PublishDiagnosticsParams) bool { return hasCode(p, "secrets/literal-key") })
	d = findCode(p, "secrets/literal-key")
	var fix *CodeAction
	for _, a := range actionsAt(t, c, untitled, d.Range, KindQuickFix) {
		if a.IsPreferred {
			fix = &a
		}
	}
	if fix == nil || len(fix.Edit.Changes[untitled]) != 1 {
		t.Fatalf("quick fix on the untitled document = %+v (actions %+v, diag %+v)", fix, actionsAt(t, c, untitled, d.Range), d)
	}
	if fixed := applyEdits(secretConfig(), fix.Edit.Changes[untitled]); !strings.Contains(fixed, "${env:GITHUB_PERSONAL_ACCESS_TOKEN}") {
		t.Errorf("the fix is not in Cursor's syntax:\n%s", fixed)
	}
	c.change(untitled, applyEdits(secretConfig(), fix.Edit.Changes[untitled]), 2)
	c.diagnostics(untitled, func(p PublishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 2 && !hasCode(p, "secrets/literal-key")
	})
	// A language mcplint does not read is refused, quietly.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": "untitled:Untitled-2", "languageId": "python", "version": 1, "text": "x = 1"}})
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": untitled}})
	c.diagnostics(untitled, func(p PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
}

// TestSettingsWithoutConfigurationRequests: a client that cannot answer
// workspace/configuration sends the settings in initializationOptions and
// didChangeConfiguration.
func TestSettingsWithoutConfigurationRequests(t *testing.T) {
	proj := t.TempDir()
	mcp := filepath.Join(proj, ".mcp.json")
	writeFile(t, mcp, secretConfig())
	c, _, _ := inProcess(t, Options{NoConfig: true})
	resp := c.request("initialize", map[string]any{"processId": nil, "rootUri": pathToURI(proj), "capabilities": map[string]any{},
		"initializationOptions": map[string]any{"settings": map[string]any{"ignore": []string{"secrets/literal-key"}}}})
	if resp.Error != nil {
		t.Fatal(resp.Error)
	}
	c.notify("initialized", map[string]any{})
	uri := pathToURI(mcp)
	c.open(uri, secretConfig(), 1)
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
		return hasCode(p, "transport/https-only") && !hasCode(p, "secrets/literal-key")
	})
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"mcplint": map[string]any{"ignore": []string{"transport"}}}})
	c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
		return !hasCode(p, "transport/https-only") && hasCode(p, "secrets/literal-key")
	})
	if strings.Contains(c.allSent(), "workspace/configuration") {
		t.Errorf("asked a client without the capability for its configuration")
	}
}
