package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	mcplintOnce sync.Once
	mcplintBin  string
	mcplintErr  error
)

// buildMcplint builds the mcplint binary once for the package (the
// end-to-end and Neovim tests run the same one) into a temporary folder
// that TestMain removes.
func buildMcplint(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	mcplintOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mcplint-lsp-")
		if err != nil {
			mcplintErr = err
			return
		}
		mcplintBin = filepath.Join(dir, "mcplint")
		cmd := exec.Command("go", "build", "-o", mcplintBin, "github.com/mcplint/mcplint/cmd/mcplint")
		if out, err := cmd.CombinedOutput(); err != nil {
			mcplintErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if mcplintErr != nil {
		t.Fatal(mcplintErr)
	}
	return mcplintBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if mcplintBin != "" {
		os.RemoveAll(filepath.Dir(mcplintBin))
	}
	os.Exit(code)
}

// recorder keeps every byte the server wrote, to check that no secret
// was ever sent.
type recorder struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.buf.Write(p)
}

func (r *recorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.buf.String()
}

const e2eConfig = `{
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"],
      "env": {
        "GITHUB_PERSONAL_ACCESS_TOKEN": "%s"
      }
    },
    "docs": { "type": "http", "url": "http://docs.example.com/mcp" }
  }
}
`

// TestEndToEnd starts `mcplint lsp` and speaks JSON-RPC to it over stdio:
// diagnostics for a literal key on the right line, a quick fix that
// replaces it, hover, the diagnostics clearing after the fixed text is
// sent, shutdown and exit.
func TestEndToEnd(t *testing.T) {
	bin := buildMcplint(t)
	proj := t.TempDir()
	token := fakeToken()
	text := fmt.Sprintf(e2eConfig, token)
	file := filepath.Join(proj, ".mcp.json")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := pathToURI(file)
	if _, ok := testEngine(t).Rule("secrets/literal-key"); !ok {
		t.Fatal("secrets/literal-key is not in the rule catalog")
	}

	cmd := exec.Command(bin, "lsp", "--no-config")
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr recorder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	}()
	var sent recorder
	c := newTestClient(t, io.TeeReader(stdout, &sent), stdin)

	resp := c.initialize(pathToURI(proj))
	var init InitializeResult
	if err := json.Unmarshal(resp.Result, &init); err != nil {
		t.Fatal(err)
	}
	caps := init.Capabilities
	if caps.TextDocumentSync.Change != SyncFull || !caps.TextDocumentSync.OpenClose || !caps.HoverProvider || init.ServerInfo.Name != "mcplint" {
		t.Fatalf("capabilities = %+v", init)
	}

	c.open(uri, text, 1)
	lines := strings.Split(text, "\n")
	want := func(code string) *Diagnostic {
		t.Helper()
		p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return hasCode(p, code) })
		if p.Version == nil || *p.Version != 1 {
			t.Errorf("diagnostics version = %v, want 1", p.Version)
		}
		c.queue = append(c.queue, message{Method: "textDocument/publishDiagnostics", Params: mustJSON(t, p)})
		return findCode(p, code)
	}

	// transport/https-only: the http url on line 10.
	https := want("transport/https-only")
	if wantLine, wantChar := 9, strings.Index(lines[9], `"http://`); https.Range.Start.Line != wantLine || https.Range.Start.Character != wantChar {
		t.Errorf("https-only at %+v, want line %d character %d", https.Range.Start, wantLine, wantChar)
	}
	if https.Severity != SeverityError || https.Source != "mcplint" || https.CodeDescription == nil ||
		!strings.HasSuffix(https.CodeDescription.Href, "transport/https-only.md") {
		t.Errorf("https-only diagnostic = %+v", https)
	}

	d := want("secrets/literal-key")
	wantChar := strings.Index(lines[6], `"ghp_`)
	if d.Range.Start.Line != 6 || d.Range.Start.Character != wantChar || d.Range.End.Line != 6 ||
		d.Range.End.Character != wantChar+len(token)+2 {
		t.Errorf("literal-key range = %+v, want line 6 characters %d–%d", d.Range, wantChar, wantChar+len(token)+2)
	}
	if d.Severity != SeverityError || d.Source != "mcplint" || d.CodeDescription == nil ||
		!strings.HasSuffix(d.CodeDescription.Href, "secrets/literal-key.md") {
		t.Errorf("literal-key diagnostic = %+v", d)
	}

	// The quick fix replaces the literal with a reference.
	resp = c.request("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        d.Range,
		"context":      map[string]any{"diagnostics": []any{d}},
	})
	var actions []CodeAction
	if err := json.Unmarshal(resp.Result, &actions); err != nil || len(actions) == 0 {
		t.Fatalf("codeAction = %s, %v", resp.Result, err)
	}
	a := actions[0]
	if a.Kind != KindQuickFix || !a.IsPreferred || a.Title == "" || a.Edit == nil || len(a.Edit.Changes[uri]) != 1 {
		t.Fatalf("code action = %+v", a)
	}
	edit := a.Edit.Changes[uri][0]
	if edit.Range != d.Range || edit.NewText != `"${GITHUB_PERSONAL_ACCESS_TOKEN}"` {
		t.Errorf("edit = %+v, want %q over %+v", edit, `"${GITHUB_PERSONAL_ACCESS_TOKEN}"`, d.Range)
	}
	fixed := string(applyChange([]byte(text), TextDocumentContentChangeEvent{Range: &edit.Range, Text: edit.NewText}))
	if strings.Contains(fixed, token) || !strings.Contains(fixed, `"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PERSONAL_ACCESS_TOKEN}"`) {
		t.Fatalf("fixed text:\n%s", fixed)
	}

	// Hover on the key explains the rule.
	resp = c.request("textDocument/hover", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"position":     Position{Line: 6, Character: wantChar + 5},
	})
	var h Hover
	if err := json.Unmarshal(resp.Result, &h); err != nil {
		t.Fatalf("hover = %s: %v", resp.Result, err)
	}
	if h.Contents.Kind != "markdown" || !strings.Contains(h.Contents.Value, "secrets/literal-key") ||
		!strings.Contains(h.Contents.Value, "Credential") || !strings.Contains(h.Contents.Value, "Quick fix") {
		t.Errorf("hover = %+v", h)
	}

	// The fixed text, unsaved: the literal-key diagnostic goes away.
	c.change(uri, fixed, 2)
	p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 })
	if hasCode(p, "secrets/literal-key") || !hasCode(p, "transport/https-only") {
		t.Errorf("after the fix: %+v", p.Diagnostics)
	}
	// Fix the url too.
	c.change(uri, strings.Replace(fixed, "http://docs", "https://docs", 1), 3)
	p = c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 3 })
	if hasCode(p, "secrets/literal-key") || hasCode(p, "transport/https-only") {
		t.Errorf("after both fixes: %+v", p.Diagnostics)
	}

	// An unknown request gets MethodNotFound; the server goes on.
	resp = c.request("textDocument/definition", map[string]any{})
	if resp.Error == nil || resp.Error.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v", resp)
	}

	resp = c.request("shutdown", nil)
	if resp.Error != nil || string(resp.Result) != "null" {
		t.Errorf("shutdown = %+v", resp)
	}
	c.notify("exit", nil)
	waitExit(t, cmd, 0)

	for name, s := range map[string]string{"stdout": sent.String(), "stderr": stderr.String()} {
		if strings.Contains(s, tokenBody()) {
			t.Errorf("the token was sent on %s", name)
		}
	}
}

func waitExit(t *testing.T, cmd *exec.Cmd, want int) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		code := 0
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("wait: %v", err)
		}
		if code != want {
			t.Errorf("exit code %d, want %d", code, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit")
	}
}

func mustJSON(t testing.TB, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
