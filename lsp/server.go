// Package lsp is mcplint's language server: it speaks the Language Server
// Protocol over a stream (stdio for `mcplint lsp`) so editors show
// mcplint's findings as diagnostics, offer its fixes as quick fixes and
// explain a rule on hover.
//
// The JSON-RPC framing is written here by hand (Content-Length headers,
// JSON bodies). Documents are synchronised as full text. Every change to
// an open document re-lints the folder its project belongs to, with the
// unsaved text of every open document standing in for the file on disk
// and the other tiers read from disk, using the policies compiled once at
// start. Messages are handled one at a time; linting waits until no
// message is queued, so a burst of changes is linted once.
package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

// Options configures a server.
type Options struct {
	// Engine holds the compiled policies; it is reused for every lint.
	Engine *rules.Engine
	// ConfigPath is a .mcplint.toml to use instead of the one found
	// upward from each project folder.
	ConfigPath string
	// NoConfig ignores every .mcplint.toml.
	NoConfig bool
	// Home adds the user-level tiers found under it (like check --home).
	Home string
	// MaxFileSize overrides the loader's file size cap when > 0.
	MaxFileSize int64
	// Version is reported in serverInfo.
	Version string
	// Log receives the server's own messages (stderr). Nothing written to
	// it holds document text or a finding's message.
	Log io.Writer
	// WorkDir is the folder finding paths are relative to (default: the
	// process's working directory).
	WorkDir string
}

// Server is one language server session.
type Server struct {
	opts Options
	out  *writer
	wd   string
	// userHome and the root of the file system are never walked as a
	// project: a file outside every workspace folder whose project would
	// be one of them is linted with the other open documents only.
	userHome string

	initialized bool
	shutdown    bool
	caps        ClientCapabilities
	roots       []string

	docs    map[string]*document    // open documents by absolute path
	units   map[string]*unit        // lint units by key
	results map[string]*fileResult  // current diagnostics by absolute path
	configs map[string]*configEntry // parsed .mcplint.toml files by path
	dirty   map[string]bool         // units to lint before the next answer
	nextID  int

	// settings are the client's mcplint.* settings for the workspace,
	// scoped those of each workspace folder that has its own.
	settings Settings
	scoped   map[string]Settings
	// pending maps the id of a request the server sent to what handles
	// the client's answer.
	pending map[string]func(*message)
	// pull: the client pulls diagnostics (textDocument/diagnostic), so
	// none are pushed.
	pull bool
	// untitled maps an untitled document's URI to the path that stands
	// for it.
	untitled map[string]string
	// pinned units are the workspace's projects, linted for
	// workspace/diagnostic whether or not a file of theirs is open.
	pinned map[string]bool
	// changed: a lint changed some file's diagnostics since the last
	// refresh.
	changed bool
	// formats is the syntax of each file linted (for ignore comments).
	formats map[string]syntax.Format

	// published is called after each publishDiagnostics (tests and the
	// benchmark use it to know a lint finished).
	published func(PublishDiagnosticsParams)
}

// document is an open text document.
type document struct {
	uri     string
	path    string
	version int32
	text    []byte
	unit    string
}

// NewServer makes a server. opts.Engine must be set.
func NewServer(opts Options) *Server {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	wd := opts.WorkDir
	if wd == "" {
		wd, _ = os.Getwd()
	}
	if opts.ConfigPath != "" {
		if abs, err := filepath.Abs(opts.ConfigPath); err == nil {
			opts.ConfigPath = abs
		}
	}
	home, _ := os.UserHomeDir()
	// One compile of every policy, not one whenever an edit needs a rule
	// the inputs so far did not.
	opts.Engine.CompileAll()
	return &Server{
		opts:     opts,
		wd:       wd,
		userHome: home,
		docs:     map[string]*document{},
		units:    map[string]*unit{},
		results:  map[string]*fileResult{},
		configs:  map[string]*configEntry{},
		dirty:    map[string]bool{},
		pending:  map[string]func(*message){},
		untitled: map[string]string{},
		formats:  map[string]syntax.Format{},
	}
}

// Serve reads messages from in and writes to out until the client sends
// exit or closes the stream. It returns the process exit code: 0 after
// shutdown and exit, 1 when the stream ended or exit came without
// shutdown (as the specification asks).
func (s *Server) Serve(in io.Reader, out io.Writer) int {
	s.out = &writer{w: out}
	type item struct {
		body []byte
		err  error
	}
	ch := make(chan item, 64)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		defer close(ch)
		br := bufio.NewReaderSize(in, 64<<10)
		for {
			body, err := readMessage(br)
			if errors.Is(err, io.EOF) {
				return
			}
			fatal := err != nil && !errors.Is(err, errFraming)
			select {
			case ch <- item{body, err}:
			case <-quit:
				return
			}
			if fatal {
				return
			}
		}
	}()
	for {
		var it item
		var ok bool
		select {
		case it, ok = <-ch:
		default:
			// Nothing queued: lint what changed, then wait.
			if len(s.dirty) > 0 {
				s.flush()
				continue
			}
			it, ok = <-ch
		}
		if !ok {
			if s.shutdown {
				return 0
			}
			return 1
		}
		if it.err != nil {
			s.logf("%v", it.err)
			if !errors.Is(it.err, errFraming) {
				return 1
			}
			continue
		}
		if done, code := s.handle(it.body); done {
			return code
		}
	}
}

// handle processes one message. A panic is logged and, for a request,
// answered with an internal error; the server goes on.
func (s *Server) handle(body []byte) (done bool, code int) {
	var m message
	answered := false
	defer func() {
		if r := recover(); r != nil {
			s.logf("internal error handling %s: %s\n%s", safeMethod(m.Method), mask(fmt.Sprint(r)), debug.Stack())
			if m.isRequest() && !answered {
				s.replyError(m.ID, codeInternalError, "internal error in mcplint; see its log")
			}
			done = false
		}
	}()
	trimmed := strings.TrimLeft(string(body[:min(len(body), 16)]), " \t\r\n")
	if strings.HasPrefix(trimmed, "[") {
		s.replyError(nil, codeInvalidRequest, "batch requests are not supported")
		return false, 0
	}
	if err := json.Unmarshal(body, &m); err != nil {
		s.logf("message is not valid JSON-RPC: %s", describeJSONError(err))
		s.replyError(nil, codeParseError, "message is not valid JSON")
		return false, 0
	}
	if !validID(m.ID) {
		// JSON-RPC ids are strings, numbers or null; an object or array
		// id would be echoed back as if it named a request.
		s.logf("message has an id that is not a string or a number")
		s.replyError(nil, codeInvalidRequest, "the id must be a string or a number")
		return false, 0
	}
	switch {
	case m.isRequest():
		result, rerr := s.request(&m)
		answered = true
		if rerr != nil {
			s.replyError(m.ID, rerr.Code, rerr.Message)
		} else {
			s.reply(m.ID, result)
		}
		return false, 0
	case m.isNotification():
		if m.Method == "exit" {
			if s.shutdown {
				return true, 0
			}
			return true, 1
		}
		s.notification(&m)
		return false, 0
	case m.Method == "" && len(m.ID) > 0:
		// A response to a request the server sent: handled when the
		// server waits for it (workspace/configuration), else nothing to
		// do, failures included.
		var id string
		if json.Unmarshal(m.ID, &id) == nil {
			if h := s.pending[id]; h != nil {
				delete(s.pending, id)
				h(&m)
			}
		}
		return false, 0
	}
	s.replyError(nil, codeInvalidRequest, "not a JSON-RPC request, notification or response")
	return false, 0
}

// request answers one request.
func (s *Server) request(m *message) (any, *rpcError) {
	if m.Method == "initialize" {
		if s.initialized {
			return nil, &rpcError{codeInvalidRequest, "initialize was already received"}
		}
		return s.initialize(m.Params)
	}
	if !s.initialized {
		return nil, &rpcError{codeServerNotInitialized, "the server is not initialized"}
	}
	if s.shutdown {
		return nil, &rpcError{codeInvalidRequest, "the server is shut down"}
	}
	switch m.Method {
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := decodeParams(m.Params, &p); err != nil {
			return nil, err
		}
		s.flush()
		return s.codeActions(&p), nil
	case "textDocument/diagnostic":
		var p DocumentDiagnosticParams
		if err := decodeParams(m.Params, &p); err != nil {
			return nil, err
		}
		return s.documentDiagnostic(&p)
	case "workspace/diagnostic":
		var p WorkspaceDiagnosticParams
		if err := decodeParams(m.Params, &p); err != nil {
			return nil, err
		}
		return s.workspaceDiagnostic(&p), nil
	case "workspace/executeCommand":
		var p ExecuteCommandParams
		if err := decodeParams(m.Params, &p); err != nil {
			return nil, err
		}
		s.flush()
		return s.executeCommand(&p)
	case "textDocument/hover":
		var p TextDocumentPositionParams
		if err := decodeParams(m.Params, &p); err != nil {
			return nil, err
		}
		s.flush()
		if h := s.hover(&p); h != nil {
			return h, nil
		}
		return nil, nil
	}
	return nil, &rpcError{codeMethodNotFound, "method not supported: " + safeMethod(m.Method)}
}

// notification handles one notification. Errors are logged: there is no
// one to answer.
func (s *Server) notification(m *message) {
	if !s.initialized || s.shutdown {
		return // dropped, as the specification asks
	}
	var err *rpcError
	switch m.Method {
	case "initialized":
		s.registerWatchers()
		s.requestConfiguration()
	case "workspace/didChangeConfiguration":
		var p DidChangeConfigurationParams
		if err = decodeParams(m.Params, &p); err == nil {
			s.didChangeConfiguration(&p)
		}
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if err = decodeParams(m.Params, &p); err == nil {
			s.didOpen(&p)
		}
	case "textDocument/didChange":
		var p DidChangeTextDocumentParams
		if err = decodeParams(m.Params, &p); err == nil {
			s.didChange(&p)
		}
	case "textDocument/didSave":
		var p DidSaveTextDocumentParams
		if err = decodeParams(m.Params, &p); err == nil {
			s.didSave(&p)
		}
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if err = decodeParams(m.Params, &p); err == nil {
			s.didClose(&p)
		}
	case "workspace/didChangeWatchedFiles":
		var p DidChangeWatchedFilesParams
		if err = decodeParams(m.Params, &p); err == nil {
			s.didChangeWatchedFiles(&p)
		}
	case "workspace/didChangeWorkspaceFolders":
		var p DidChangeWorkspaceFoldersParams
		if err = decodeParams(m.Params, &p); err == nil {
			s.didChangeWorkspaceFolders(&p)
		}
	default:
		// $/cancelRequest, $/setTrace and anything unknown: nothing to
		// do.
	}
	if err != nil {
		s.logf("%s: %s", safeMethod(m.Method), err.Message)
	}
}

func (s *Server) initialize(raw json.RawMessage) (any, *rpcError) {
	var p InitializeParams
	if err := decodeParams(raw, &p); err != nil {
		return nil, err
	}
	s.caps = p.Capabilities
	s.pull = p.Capabilities.TextDocument.Diagnostic != nil
	if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		// Settings given at start by a client that cannot answer
		// workspace/configuration ({"settings": {...}} or the section).
		var wrapped struct {
			Settings json.RawMessage `json:"settings"`
		}
		raw := p.InitializationOptions
		if json.Unmarshal(raw, &wrapped) == nil && len(wrapped.Settings) > 0 {
			raw = wrapped.Settings
		}
		if st, err := decodeSettings(raw); err != nil {
			s.logf("initializationOptions: %v", err)
		} else {
			s.settings = s.cleanSettings(st)
		}
	}
	var roots []string
	for _, f := range p.WorkspaceFolders {
		if dir, err := uriToPath(f.URI); err == nil {
			roots = append(roots, dir)
		}
	}
	if len(roots) == 0 && p.RootURI != nil && *p.RootURI != "" {
		if dir, err := uriToPath(*p.RootURI); err == nil {
			roots = append(roots, dir)
		}
	}
	if len(roots) == 0 && p.RootPath != nil && *p.RootPath != "" {
		if dir, err := filepath.Abs(*p.RootPath); err == nil {
			roots = append(roots, dir)
		}
	}
	s.setRoots(roots)
	s.initialized = true
	var diag *DiagnosticOptions
	if s.pull {
		diag = &DiagnosticOptions{Identifier: "mcplint", InterFileDependencies: true, WorkspaceDiagnostics: true}
	}
	return InitializeResult{
		Capabilities: ServerCapabilities{
			PositionEncoding: "utf-16",
			TextDocumentSync: TextDocumentSyncOptions{OpenClose: true, Change: SyncFull, Save: SaveOptions{IncludeText: false}},
			CodeActionProvider: CodeActionOptions{
				CodeActionKinds: []string{KindQuickFix, KindSourceFixAll},
			},
			HoverProvider:      true,
			DiagnosticProvider: diag,
			ExecuteCommand:     &ExecuteCommandOptions{Commands: []string{CommandFixAll, CommandExplain}},
			Workspace: &WorkspaceCapabilities{WorkspaceFolders: WorkspaceFoldersServerCapabilities{
				Supported: true, ChangeNotifications: true,
			}},
		},
		ServerInfo: ServerInfo{Name: "mcplint", Version: s.opts.Version},
	}, nil
}

// setRoots keeps the workspace folders that can be walked as projects.
func (s *Server) setRoots(roots []string) {
	s.roots = s.roots[:0]
	for _, r := range roots {
		if s.walkable(r) {
			s.roots = append(s.roots, r)
		} else {
			s.logf("workspace folder %s is the home folder or the file system root: it is not searched as a project", r)
		}
	}
	sort.Strings(s.roots)
}

// call sends a request to the client; handle gets its answer.
func (s *Server) call(method string, params any, handle func(*message)) {
	s.nextID++
	id := fmt.Sprintf("mcplint-%d", s.nextID)
	if handle != nil {
		s.pending[id] = handle
	}
	if err := s.out.write(outgoing{JSONRPC: "2.0", ID: id, Method: method, Params: params}); err != nil {
		delete(s.pending, id)
		s.logf("cannot write %s: %v", method, err)
	}
}

// registerWatchers asks the client to report changes to .mcplint.toml
// files and MCP configs written by other programs, when it can.
func (s *Server) registerWatchers() {
	if !s.caps.Workspace.DidChangeWatchedFiles.DynamicRegistration {
		return
	}
	s.call("client/registerCapability", RegistrationParams{Registrations: []Registration{{
		ID:     "mcplint-watch",
		Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: DidChangeWatchedFilesRegistrationOptions{Watchers: []FileSystemWatcher{
			{GlobPattern: "**/" + rules.ConfigFileName},
			{GlobPattern: "**/*mcp*.{json,jsonc,toml,yaml,yml}"},
			{GlobPattern: "**/{.claude,.cursor,.vscode,.codex,.gemini,.kiro,.roo,.windsurf,.zed,.continue,.amazonq,.junie}/**"},
			{GlobPattern: "**/{opencode.json,opencode.jsonc,settings.json,config.toml}"},
		}},
	}}}, nil)
}

func (s *Server) reply(id json.RawMessage, result any) {
	raw := json.RawMessage("null")
	if result != nil {
		b, err := json.Marshal(result)
		if err != nil {
			s.replyError(id, codeInternalError, "cannot encode the result")
			return
		}
		raw = b
	}
	if err := s.out.write(response{JSONRPC: "2.0", ID: id, Result: raw}); err != nil {
		s.logf("cannot write a response: %v", err)
	}
}

func (s *Server) replyError(id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if err := s.out.write(response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}); err != nil {
		s.logf("cannot write a response: %v", err)
	}
}

func (s *Server) notify(method string, params any) {
	if err := s.out.write(outgoing{JSONRPC: "2.0", Method: method, Params: params}); err != nil {
		s.logf("cannot write %s: %v", method, err)
	}
}

// logf writes one line to the log. Callers never pass document text or a
// finding's message; the line is masked once more all the same.
func (s *Server) logf(format string, args ...any) {
	fmt.Fprintf(s.opts.Log, "mcplint lsp: %s\n", secret.EscapeLines(secret.Text(fmt.Sprintf(format, args...))))
}

// mask is how untrusted text reaches the editor: masked, with control and
// bidi characters shown escaped (secret.Display).
func mask(s string) string { return secret.Display(s) }

// safeMethod shortens and cleans a method name for the log.
func safeMethod(m string) string {
	if len(m) > 80 {
		m = m[:80] + "…"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, m)
}

// decodeParams reads params; missing params decode as the zero value.
func decodeParams(raw json.RawMessage, v any) *rpcError {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return &rpcError{codeInvalidParams, "invalid params: " + describeJSONError(err)}
	}
	return nil
}

// describeJSONError names what was wrong without quoting the input (a
// syntax error's text never holds the value; a type error names the field
// and the Go type).
func describeJSONError(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("syntax error at byte %d", se.Offset)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q: a JSON %s cannot be a %s", te.Field, te.Value, te.Type)
	}
	return "cannot decode"
}
