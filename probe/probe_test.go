package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/probe/probetest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMain(m *testing.M) {
	probetest.Main()
	os.Exit(m.Run())
}

func writeTools(t *testing.T, n int, desc string) string {
	t.Helper()
	var tools []map[string]any
	for i := range n {
		tools = append(tools, map[string]any{
			"name":        fmt.Sprintf("tool_%02d", i),
			"description": fmt.Sprintf("%s %d", desc, i),
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string", "description": "where"}}},
			"annotations": map[string]any{"readOnlyHint": i%2 == 0},
		})
	}
	b, _ := json.Marshal(tools)
	p := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func self(t *testing.T, env ...string) Target {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Target{Name: "self", Transport: "stdio", Command: exe, Env: append([]string{"PATH=/usr/bin:/bin"}, env...)}
}

func TestProbeStdioPagesThroughEveryList(t *testing.T) {
	tools := writeTools(t, 7, "Reads a note")
	tg := self(t, probetest.EnvMode+"=stdio", probetest.EnvTools+"="+tools, probetest.EnvPage+"=2", probetest.EnvInstr+"=Use tool_00 first")
	r, err := Probe(context.Background(), tg, Options{ConnectTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Tools) != 7 {
		t.Fatalf("want 7 tools over 4 pages, got %d", len(r.Tools))
	}
	for i, tl := range r.Tools {
		if want := fmt.Sprintf("tool_%02d", i); tl.Name != want {
			t.Errorf("tool %d: %q, want %q", i, tl.Name, want)
		}
	}
	if r.Tools[0].Annotations == nil || !r.Tools[0].Annotations.ReadOnlyHint {
		t.Errorf("annotations lost: %+v", r.Tools[0].Annotations)
	}
	if len(r.Prompts) != 1 || r.Prompts[0].Name != "summarise" || len(r.Resources) != 1 || r.Resources[0].URI != "notes://readme" {
		t.Errorf("prompts %v resources %v", r.Prompts, r.Resources)
	}
	if r.ServerInfo == nil || r.ServerInfo.Name != "probetest" || r.Instructions != "Use tool_00 first" || r.Capabilities == nil || r.Capabilities.Tools == nil {
		t.Errorf("server info %+v instructions %q caps %+v", r.ServerInfo, r.Instructions, r.Capabilities)
	}
	if r.ProtocolVersion == "" {
		t.Error("no protocol version")
	}
}

func TestProbeHangIsCutOffAtTheTimeout(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "ran")
	tg := self(t, probetest.EnvMode+"=hang", probetest.EnvRecord+"="+rec)
	start := time.Now()
	_, err := Probe(context.Background(), tg, Options{ConnectTimeout: 700 * time.Millisecond})
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "initialize: no answer within 700ms") {
		t.Fatalf("err = %v", err)
	}
	if took > 10*time.Second {
		t.Errorf("took %s", took)
	}
	if _, err := os.Stat(rec); err != nil {
		t.Errorf("the server never ran: %v", err)
	}
}

func TestProbeKillsTheProcessGroup(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	pidFile := filepath.Join(t.TempDir(), "child")
	tg := self(t, probetest.EnvMode+"=spawn", probetest.EnvChild+"="+pidFile)
	if _, err := Probe(context.Background(), tg, Options{ConnectTimeout: 20 * time.Second}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(string(b))
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("child %d still running after the probe", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// alive reports whether pid runs (a zombie waiting for its parent does
// not count).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

func TestProbeExitedServer(t *testing.T) {
	tg := self(t, probetest.EnvMode+"=stdio", probetest.EnvTools+"=/does/not/exist")
	_, err := Probe(context.Background(), tg, Options{ConnectTimeout: 20 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "exited") || !strings.Contains(err.Error(), "its last words: open /does/not/exist: no such file or directory") {
		t.Fatalf("err = %v", err)
	}
}

func TestProbeResponseCap(t *testing.T) {
	tools := writeTools(t, 3, strings.Repeat("x", 4000))
	tg := self(t, probetest.EnvMode+"=stdio", probetest.EnvTools+"="+tools)
	_, err := Probe(context.Background(), tg, Options{ConnectTimeout: 20 * time.Second, MaxResponse: 2000})
	if err == nil {
		t.Fatal("a 12 kB tools/list passed a 2000-byte cap")
	}
	if _, err := Probe(context.Background(), tg, Options{ConnectTimeout: 20 * time.Second, MaxResponse: 64 << 10}); err != nil {
		t.Fatalf("within the cap: %v", err)
	}
}

func TestProbeHTTPAndSSEWithHeaders(t *testing.T) {
	var tools []*mcp.Tool
	for i := range 5 {
		tools = append(tools, &mcp.Tool{Name: fmt.Sprintf("remote_%d", i), Description: "remote tool"})
	}
	srv := httptest.NewServer(probetest.Handlers(probetest.New(tools, "", 2), "Authorization", "Bearer t0ken-for-tests"))
	defer srv.Close()
	for _, tc := range []struct{ transport, path string }{{"http", "/mcp"}, {"sse", "/sse"}} {
		tg := Target{Name: "remote", Transport: tc.transport, URL: srv.URL + tc.path, Headers: map[string]string{"Authorization": "Bearer t0ken-for-tests"}}
		r, err := Probe(context.Background(), tg, Options{ConnectTimeout: 10 * time.Second})
		if err != nil {
			t.Fatalf("%s: %v", tc.transport, err)
		}
		if len(r.Tools) != 5 || r.Tools[4].Name != "remote_4" || len(r.Prompts) != 1 {
			t.Errorf("%s: %d tools, %d prompts", tc.transport, len(r.Tools), len(r.Prompts))
		}
		tg.Headers = nil
		_, err = Probe(context.Background(), tg, Options{ConnectTimeout: 10 * time.Second})
		if err == nil || !strings.Contains(err.Error(), "401") {
			t.Errorf("%s without the header: %v", tc.transport, err)
		}
	}
}

func TestExpand(t *testing.T) {
	env := map[string]string{"TOKEN": "s3cr3t-value", "EMPTY": ""}
	e := &Expander{Lookup: func(k string) (string, bool) { v, ok := env[k]; return v, ok }, Project: "/p", Home: "/h"}
	for _, tc := range []struct {
		in, want string
		missing  []string
	}{
		{"Bearer ${TOKEN}", "Bearer s3cr3t-value", nil},
		{"${env:TOKEN}", "s3cr3t-value", nil},
		{"{env:TOKEN}", "s3cr3t-value", nil},
		{"${EMPTY:-fallback}", "fallback", nil},
		{"${NOPE:-${TOKEN}}", "s3cr3t-value", nil},
		{"${NOPE}", "${NOPE}", []string{"NOPE"}},
		{"${workspaceFolder}/x", "/p/x", nil},
		{"plain", "plain", nil},
	} {
		got, missing := e.Expand(tc.in)
		if got != tc.want || fmt.Sprint(missing) != fmt.Sprint(tc.missing) {
			t.Errorf("Expand(%q) = %q %v, want %q %v", tc.in, got, missing, tc.want, tc.missing)
		}
	}
	if v := e.Values(); len(v) != 1 || v[0] != "s3cr3t-value" {
		t.Errorf("values %v", v)
	}
	// A syntax the client does not expand is sent as written.
	e.Allow = func(syn string) bool { return syn == "dollar-brace" }
	if got, missing := e.Expand("${TOKEN} ${env:TOKEN} $TOKEN"); got != "s3cr3t-value ${env:TOKEN} $TOKEN" || len(missing) != 0 {
		t.Errorf("with Allow: %q %v", got, missing)
	}
}

func TestEnvironIsMinimal(t *testing.T) {
	caller := map[string]string{"PATH": "/bin", "HOME": "/h", "AWS_SECRET_ACCESS_KEY": "x", "GITHUB_TOKEN": "y", "EXTRA": "z"}
	look := func(k string) (string, bool) { v, ok := caller[k]; return v, ok }
	got := strings.Join(Environ(look, []string{"EXTRA"}, [][2]string{{"API_KEY", "k"}, {"HOME", "/override"}}), " ")
	if got != "PATH=/bin HOME=/override EXTRA=z API_KEY=k" {
		t.Errorf("env = %s", got)
	}
}

// A server without tools answers tools/list with "method not found"; that
// is no tools, not a failure.
func TestProbeServerWithoutTools(t *testing.T) {
	exe, _ := os.Executable()
	r, err := Probe(context.Background(), Target{Transport: "stdio", Command: exe, Env: []string{probetest.EnvMode + "=stdio"}}, Options{ConnectTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Tools) != 0 || r.Capabilities.Tools != nil || len(r.Prompts) != 1 {
		t.Errorf("tools %d caps %+v prompts %d", len(r.Tools), r.Capabilities.Tools, len(r.Prompts))
	}
}

// A redirect keeps the configured headers only on the same host and
// never from https down to plain http.
func TestRedirectsThatWouldLeakHeadersAreRefused(t *testing.T) {
	c := httpClient(Target{Headers: map[string]string{"Authorization": "Bearer x"}}, Options{MaxResponse: 1 << 20})
	req := func(u string) *http.Request {
		r, err := http.NewRequest("GET", u, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	first := []*http.Request{req("https://mcp.example.com/mcp")}
	for u, refused := range map[string]bool{
		"https://mcp.example.com/other": false,
		"http://mcp.example.com/mcp":    true,
		"https://evil.example.com/mcp":  true,
	} {
		if err := c.CheckRedirect(req(u), first); (err != nil) != refused {
			t.Errorf("redirect to %s: err = %v, want refused = %v", u, err, refused)
		}
	}
}
