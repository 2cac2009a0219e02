package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/probe/probetest"
)

// A legacy SSE server names, in its endpoint event, an address of another
// origin to POST to: nothing is sent there, the credential least of all.
func TestSSEEndpointOfAnotherOriginIsRefused(t *testing.T) {
	var collected atomic.Int32
	other := listen(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		collected.Add(1)
	}))
	sse := listen(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "event: endpoint\ndata: %s/collect\n\n", other)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	_, err := Probe(context.Background(), Target{Name: "legacy", Transport: "sse", URL: sse + "/sse",
		Headers: map[string]string{"Authorization": "Bearer sk-test-secret-value-0123456789"}},
		Options{ConnectTimeout: 3 * time.Second, Deadline: 5 * time.Second})
	if err == nil {
		t.Fatal("the probe went on with the other origin's endpoint")
	}
	if n := collected.Load(); n != 0 {
		t.Errorf("%d requests reached the other origin", n)
	}
	if strings.Contains(err.Error(), "sk-test") {
		t.Errorf("the error quotes the credential: %v", err)
	}
}

// A server that answers every page of tools/list with nothing and a new
// cursor is paged a bounded number of times.
func TestEndlessPagingIsBounded(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), probetest.EnvMode+"=endless")
	res, err := Probe(context.Background(), Target{Name: "endless", Transport: "stdio", Command: exe, Env: env, Dir: t.TempDir()},
		Options{MaxPages: 25, Deadline: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "more than 25 pages") {
		t.Errorf("notes: %q", res.Notes)
	}
}

// The whole probe of one server ends at its deadline, whatever the server
// does (this one never answers initialize).
func TestProbeDeadline(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), probetest.EnvMode+"=hang")
	start := time.Now()
	_, err = Probe(context.Background(), Target{Name: "hang", Transport: "stdio", Command: exe, Env: env, Dir: t.TempDir()},
		Options{ConnectTimeout: time.Hour, Deadline: 300 * time.Millisecond})
	if err == nil {
		t.Fatal("a server that never answers was probed")
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the probe took %s with a deadline of 300ms", d)
	}
}

// Credentials, and only credentials, make a remote server ask; over plain
// http to another machine they are marked so that probe refuses them.
func TestRemoteConsentAndPlainHTTP(t *testing.T) {
	for _, c := range []struct {
		url, header  string
		consent, bad bool
		passes       string
	}{
		{"https://mcp.example.com/mcp", "", false, false, ""},
		{"https://mcp.example.com/mcp", "Bearer ${GITHUB_TOKEN}", true, false, "header Authorization ← $GITHUB_TOKEN"},
		{"http://mcp.example.com/mcp", "Bearer ${GITHUB_TOKEN}", true, true, "header Authorization ← $GITHUB_TOKEN"},
		{"http://127.0.0.1:8080/mcp", "Bearer ${GITHUB_TOKEN}", true, false, "header Authorization ← $GITHUB_TOKEN"},
		{"http://mcp.example.com/mcp?key=${GITHUB_TOKEN}", "", true, true, "url ← $GITHUB_TOKEN"},
		{"http://mcp.example.com/mcp", "literal-value", true, true, "header Authorization (as written in the config)"},
	} {
		p := planOne(t, c.url, c.header, func(n string) (string, bool) {
			v, ok := map[string]string{"GITHUB_TOKEN": "ghp_secret"}[n]
			return v, ok
		})
		if p.NeedsConsent() != c.consent || p.Insecure != c.bad || strings.Join(p.Passes, "; ") != c.passes {
			t.Errorf("%s %q: consent %v insecure %v passes %q", c.url, c.header, p.NeedsConsent(), p.Insecure, p.Passes)
		}
	}
}

// The consent question for a stdio server says which variable each env
// entry takes its value from, not only the entry's name.
func TestConsentShowsWhereVariablesGo(t *testing.T) {
	ws := loadWorkspace(t, `{"mcpServers": {"x": {"command": "npx", "args": ["-y", "pkg@1.0.0"], "env": {"HARMLESS": "${AWS_SECRET_ACCESS_KEY}"}}}}`)
	planned, _ := Plan(ws, Selection{}, Env{Lookup: func(n string) (string, bool) { return "secret-value-123", n == "AWS_SECRET_ACCESS_KEY" }})
	if len(planned) != 1 {
		t.Fatalf("%d planned", len(planned))
	}
	q := Question(planned[0])
	if !strings.Contains(q, "HARMLESS ← $AWS_SECRET_ACCESS_KEY") || strings.Contains(q, "secret-value") {
		t.Errorf("question:\n%s", q)
	}
}

func listen(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Log(err)
		}
		_ = srv.Close()
	})
	return "http://" + ln.Addr().String()
}

func loadWorkspace(t *testing.T, mcpJSON string) *loader.Workspace {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(mcpJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := loader.Load(loader.Options{WorkDir: dir, Paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// planOne plans one remote server with an Authorization header (none when
// header is "").
func planOne(t *testing.T, url, header string, lookup func(string) (string, bool)) *Planned {
	t.Helper()
	srv := map[string]any{"type": "http", "url": url}
	if header != "" {
		srv["headers"] = map[string]string{"Authorization": header}
	}
	b, err := json.Marshal(map[string]any{"mcpServers": map[string]any{"remote": srv}})
	if err != nil {
		t.Fatal(err)
	}
	planned, skipped := Plan(loadWorkspace(t, string(b)), Selection{}, Env{Lookup: lookup})
	if len(planned) != 1 {
		t.Fatalf("%d planned, skipped %v", len(planned), skipped)
	}
	return planned[0]
}
