// Package probe connects to one MCP server with the official Go SDK and
// reads what it offers: server info, capabilities, instructions, tools,
// prompts, resources and resource templates (every page of each list).
//
// It is the only part of mcplint that starts a process or opens a socket,
// and it does so defensively: a stdio server runs in its own process group
// that is killed at the end, with no environment beyond a minimal base and
// what its configuration declares; every step has a deadline; responses
// are capped in size. A failure is an error for that one server.
package probe

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Target is one server to probe, with every reference already expanded.
type Target struct {
	Name      string
	Transport string // stdio, http (streamable HTTP) or sse (legacy HTTP+SSE)
	Command   string
	Args      []string
	// Env is the complete environment of a stdio server (KEY=value).
	Env []string
	Dir string
	URL string
	// Headers are sent with every HTTP request to a remote server.
	Headers map[string]string
}

// Options bound a probe.
type Options struct {
	// ConnectTimeout covers starting or connecting and the initialize
	// handshake.
	ConnectTimeout time.Duration
	// RequestTimeout covers each later request (one page of a list).
	RequestTimeout time.Duration
	// MaxResponse caps one message (stdio: one line; HTTP: one response
	// body or event) in bytes.
	MaxResponse int
	// MaxItems caps how many tools, prompts or resources are read from one
	// list, whatever the paging.
	MaxItems int
	// MaxPages caps the pages of one list (a server may answer empty pages
	// with a new cursor each time).
	MaxPages int
	// Deadline bounds the whole probe of one server.
	Deadline time.Duration
	// ClientVersion is sent as clientInfo.version.
	ClientVersion string
}

// Defaults.
const (
	DefaultConnectTimeout = 30 * time.Second
	DefaultRequestTimeout = 15 * time.Second
	DefaultMaxResponse    = 4 << 20
	DefaultMaxItems       = 2000
	DefaultMaxPages       = 100
	DefaultDeadline       = 2 * time.Minute
)

func (o *Options) defaults() {
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = DefaultConnectTimeout
	}
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = DefaultRequestTimeout
	}
	if o.MaxResponse <= 0 {
		o.MaxResponse = DefaultMaxResponse
	}
	if o.MaxItems <= 0 {
		o.MaxItems = DefaultMaxItems
	}
	if o.MaxPages <= 0 {
		o.MaxPages = DefaultMaxPages
	}
	if o.Deadline <= 0 {
		o.Deadline = DefaultDeadline
	}
	if o.ClientVersion == "" {
		o.ClientVersion = "dev"
	}
}

// Result is what a server offered.
type Result struct {
	ProtocolVersion   string
	ServerInfo        *mcp.Implementation
	Capabilities      *mcp.ServerCapabilities
	Instructions      string
	Tools             []*mcp.Tool
	Prompts           []*mcp.Prompt
	Resources         []*mcp.Resource
	ResourceTemplates []*mcp.ResourceTemplate
	// Notes are non-fatal problems (a list that failed while the others
	// were read, a list cut at MaxItems).
	Notes []string
}

// protocolVersion is the version offered in initialize: the newest one
// that still uses the initialize handshake, which every server released so
// far answers.
const protocolVersion = "2025-11-25"

// Probe connects to t, reads everything it lists and disconnects (for a
// stdio server: stops its whole process group). The error says which step
// failed; it holds no header or environment value.
func Probe(ctx context.Context, t Target, o Options) (*Result, error) {
	o.defaults()
	ctx, cancelAll := context.WithTimeout(ctx, o.Deadline)
	defer cancelAll()
	client := mcp.NewClient(&mcp.Implementation{Name: "mcplint", Version: o.ClientVersion}, &mcp.ClientOptions{
		// Answer nothing a server asks of the client: no sampling, no
		// elicitation, no roots.
		Capabilities: &mcp.ClientCapabilities{},
	})
	var (
		transport mcp.Transport
		proc      *process
		err       error
	)
	switch t.Transport {
	case "stdio":
		proc, err = start(t)
		if err != nil {
			return nil, err
		}
		defer proc.stop()
		transport = &mcp.IOTransport{Reader: proc.stdout, Writer: proc.stdin, MaxLineLength: o.MaxResponse}
	case "http", "streamable-http", "streamableHttp":
		transport = &mcp.StreamableClientTransport{Endpoint: t.URL, HTTPClient: httpClient(t, o), MaxRetries: -1,
			DisableStandaloneSSE: true, MaxEventSize: o.MaxResponse}
	case "sse":
		transport = &mcp.SSEClientTransport{Endpoint: t.URL, HTTPClient: httpClient(t, o), MaxEventSize: o.MaxResponse}
	default:
		return nil, fmt.Errorf("transport %q cannot be probed", t.Transport)
	}

	// The connection lives on the context it was made with (legacy SSE
	// reads its event stream on it), so the connect deadline is a timer
	// that cancels it only while the handshake runs.
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	timer := time.AfterFunc(o.ConnectTimeout, cancel)
	session, err := connect(cctx, client, transport, proc)
	if !timer.Stop() {
		if session != nil {
			_ = session.Close() // late and abandoned: the time-out is the error
		}
		return nil, fmt.Errorf("initialize: no answer within %s", o.ConnectTimeout)
	}
	if err != nil {
		return nil, stepError("initialize", err, o.ConnectTimeout, proc)
	}
	defer func() { _ = session.Close() }() // the tools are listed; an error closing changes nothing

	init := session.InitializeResult()
	r := &Result{ProtocolVersion: init.ProtocolVersion, ServerInfo: init.ServerInfo, Capabilities: init.Capabilities, Instructions: init.Instructions}
	caps := init.Capabilities
	if caps == nil {
		caps = &mcp.ServerCapabilities{}
	}
	// tools/list is asked even when the capability is missing: a server
	// that lists tools without declaring them is what a client sees too.
	tools, err := list(ctx, o, "tools/list", func(c context.Context, cur string) ([]*mcp.Tool, string, error) {
		res, err := session.ListTools(c, &mcp.ListToolsParams{Cursor: cur})
		if err != nil {
			return nil, "", err
		}
		return res.Tools, res.NextCursor, nil
	})
	if err != nil {
		if caps.Tools != nil || !isMethodNotFound(err) {
			return nil, stepError("tools/list", err, o.RequestTimeout, proc)
		}
	}
	r.Tools = tools.items
	r.Notes = append(r.Notes, tools.notes...)
	if caps.Prompts != nil {
		p, err := list(ctx, o, "prompts/list", func(c context.Context, cur string) ([]*mcp.Prompt, string, error) {
			res, err := session.ListPrompts(c, &mcp.ListPromptsParams{Cursor: cur})
			if err != nil {
				return nil, "", err
			}
			return res.Prompts, res.NextCursor, nil
		})
		r.Prompts = p.items
		r.Notes = append(r.Notes, p.notes...)
		if err != nil {
			r.Notes = append(r.Notes, stepError("prompts/list", err, o.RequestTimeout, nil).Error())
		}
	}
	if caps.Resources != nil {
		rs, err := list(ctx, o, "resources/list", func(c context.Context, cur string) ([]*mcp.Resource, string, error) {
			res, err := session.ListResources(c, &mcp.ListResourcesParams{Cursor: cur})
			if err != nil {
				return nil, "", err
			}
			return res.Resources, res.NextCursor, nil
		})
		r.Resources = rs.items
		r.Notes = append(r.Notes, rs.notes...)
		if err != nil {
			r.Notes = append(r.Notes, stepError("resources/list", err, o.RequestTimeout, nil).Error())
		}
		rt, err := list(ctx, o, "resources/templates/list", func(c context.Context, cur string) ([]*mcp.ResourceTemplate, string, error) {
			res, err := session.ListResourceTemplates(c, &mcp.ListResourceTemplatesParams{Cursor: cur})
			if err != nil {
				return nil, "", err
			}
			return res.ResourceTemplates, res.NextCursor, nil
		})
		r.ResourceTemplates = rt.items
		r.Notes = append(r.Notes, rt.notes...)
		if err != nil && !isMethodNotFound(err) {
			r.Notes = append(r.Notes, stepError("resources/templates/list", err, o.RequestTimeout, nil).Error())
		}
	}
	return r, nil
}

// connect runs the SDK's handshake, giving up as soon as a stdio server
// exits (its pipe may stay open through a child it left behind).
func connect(ctx context.Context, c *mcp.Client, t mcp.Transport, proc *process) (*mcp.ClientSession, error) {
	if proc == nil {
		return c.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-proc.exited:
			cancel()
		case <-ctx.Done():
		}
	}()
	s, err := c.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	if err != nil && proc.hasExited() {
		return nil, fmt.Errorf("the server exited before answering (%s)", proc.exitStatus())
	}
	return s, err
}

type listed[T any] struct {
	items []*T
	notes []string
}

// list reads every page of a list, each page under its own deadline. A
// cursor seen twice ends the paging (a server that loops).
func list[T any](ctx context.Context, o Options, method string, page func(context.Context, string) ([]*T, string, error)) (listed[T], error) {
	var out listed[T]
	out.items = []*T{}
	seen := map[string]bool{}
	cursor := ""
	for pages := 1; ; pages++ {
		if pages > o.MaxPages {
			out.notes = append(out.notes, fmt.Sprintf("%s: more than %d pages; the rest were not read", method, o.MaxPages))
			return out, nil
		}
		if err := ctx.Err(); err != nil {
			return out, err
		}
		c, cancel := context.WithTimeout(ctx, o.RequestTimeout)
		items, next, err := page(c, cursor)
		cancel()
		if err != nil {
			return out, err
		}
		for _, it := range items {
			if it == nil {
				continue
			}
			if len(out.items) >= o.MaxItems {
				out.notes = append(out.notes, fmt.Sprintf("%s: more than %d items; the rest were not read", method, o.MaxItems))
				return out, nil
			}
			out.items = append(out.items, it)
		}
		if next == "" {
			return out, nil
		}
		if seen[next] {
			out.notes = append(out.notes, fmt.Sprintf("%s: the server returned the same cursor twice; paging stopped", method))
			return out, nil
		}
		seen[next] = true
		cursor = next
	}
}

func isMethodNotFound(err error) bool {
	var we *jsonrpc.Error
	return errors.As(err, &we) && we.Code == jsonrpc.CodeMethodNotFound
}

// stepError words a failed step. A deadline is said as such; the SDK's
// text (which may quote the server) is kept short.
func stepError(step string, err error, limit time.Duration, proc *process) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: no answer within %s", step, limit)
	}
	if proc != nil {
		// A closed pipe usually means the server is exiting: say so.
		select {
		case <-proc.exited:
		case <-time.After(time.Second):
		}
	}
	if proc != nil && proc.hasExited() {
		why := err.Error()
		if !strings.Contains(why, "exited") {
			why = fmt.Sprintf("the server exited (%s)", proc.exitStatus())
		}
		if last := proc.lastStderr(); last != "" {
			why += "; its last words: " + last
		}
		return fmt.Errorf("%s: %s", step, why)
	}
	msg := err.Error()
	if len(msg) > 300 {
		msg = msg[:300] + "…"
	}
	return fmt.Errorf("%s: %s", step, msg)
}

// httpClient sends t's headers with every request, refuses redirects to
// another host (the headers may hold credentials) and caps each response
// body.
func httpClient(t Target, o Options) *http.Client {
	return &http.Client{
		Transport: &headerTransport{base: http.DefaultTransport, headers: t.Headers, max: int64(o.MaxResponse), origin: origin(t.URL)},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			if req.URL.Host != via[0].URL.Host {
				return fmt.Errorf("redirect to another host refused")
			}
			if via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
				// The headers would go out in clear text.
				return fmt.Errorf("redirect from https to %s refused", req.URL.Scheme)
			}
			return nil
		},
	}
}

type headerTransport struct {
	base    http.RoundTripper
	headers map[string]string
	max     int64
	// origin is the configured address's scheme://host:port: nothing,
	// headers or not, is sent anywhere else (a legacy SSE server names the
	// address it wants messages POSTed to in its endpoint event).
	origin string
}

// origin is scheme://host:port of an address, with the scheme's default
// port written out ("" when it does not parse).
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// ErrOtherOrigin is a request the server steered to another origin.
var ErrOtherOrigin = errors.New("the server asked mcplint to send to another address, which only the configured address may receive; nothing was sent")

func (h *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if o := origin(req.URL.String()); o == "" || o != h.origin {
		return nil, ErrOtherOrigin
	}
	req = req.Clone(req.Context())
	for k, v := range h.headers {
		req.Header.Set(k, v)
	}
	res, err := h.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden {
		_ = res.Body.Close() // refused: the status is the error
		if strings.Contains(strings.ToLower(res.Header.Get("WWW-Authenticate")), "bearer") {
			return nil, fmt.Errorf("HTTP %d: the server requires OAuth sign-in, which probe does not do", res.StatusCode)
		}
		return nil, fmt.Errorf("HTTP %d: the server refused the configured credentials", res.StatusCode)
	}
	// An event stream is capped per event by the SDK (MaxEventSize); any
	// other body as a whole.
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		res.Body = &capped{r: res.Body, left: h.max}
	}
	return res, nil
}

// capped fails a read past its limit.
type capped struct {
	r    io.ReadCloser
	left int64
}

var errTooLarge = errors.New("response larger than the size cap")

func (c *capped) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

func (c *capped) Close() error { return c.r.Close() }

// process is a running stdio server.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.ReadCloser
	stderr *tail
	exited chan struct{}
	once   sync.Once
	err    error
}

func (p *process) hasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

func (p *process) exitStatus() string {
	<-p.exited
	if p.err == nil {
		return "exit status 0"
	}
	return p.err.Error()
}

// start runs the server in its own process group with exactly t.Env.
func start(t Target) (*process, error) {
	if t.Command == "" {
		return nil, errors.New("no command to run")
	}
	path, err := lookPath(t.Command, t.Env)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, t.Args...)
	cmd.Args[0] = t.Command
	cmd.Env = t.Env
	cmd.Dir = t.Dir
	// A server that exits while a child of its holds stderr open would
	// keep Wait (and so the handshake) waiting for the whole time-out.
	cmd.WaitDelay = 500 * time.Millisecond
	setGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, stdin: stdin, stdout: stdout, stderr: &tail{max: 4096}, exited: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// stop closes the server's input, gives it a moment to exit and then kills
// its whole process group, children included.
func (p *process) stop() {
	p.once.Do(func() {
		_ = p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(500 * time.Millisecond):
		}
		killGroup(p.cmd)
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second):
		}
	})
}

// lastStderr is the last non-empty line the server wrote on stderr, cut
// to 200 bytes. (Callers mask it: a server may print its own secrets.)
func (p *process) lastStderr() string {
	lines := strings.Split(strings.TrimSpace(p.stderr.String()), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if len(last) > 200 {
		last = last[:200] + "…"
	}
	return strings.ToValidUTF8(last, "?")
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.max {
		t.buf = bytes.Clone(t.buf[len(t.buf)-t.max:])
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
