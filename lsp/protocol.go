package lsp

import "encoding/json"

// The subset of the Language Server Protocol 3.17 that mcplint speaks.
// Field names follow the specification.

// Position is a zero-based line and a zero-based character offset counted
// in UTF-16 code units.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a span; End is exclusive.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// Diagnostic severities.
const (
	SeverityError       = 1
	SeverityWarning     = 2
	SeverityInformation = 3
	SeverityHint        = 4
)

// Diagnostic is one finding shown in the editor.
type Diagnostic struct {
	Range              Range                          `json:"range"`
	Severity           int                            `json:"severity,omitempty"`
	Code               string                         `json:"code,omitempty"`
	CodeDescription    *CodeDescription               `json:"codeDescription,omitempty"`
	Source             string                         `json:"source,omitempty"`
	Message            string                         `json:"message"`
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
	Tags               []int                          `json:"tags,omitempty"`
	Data               string                         `json:"data,omitempty"`
}

// Diagnostic tags.
const (
	// TagUnnecessary: the client fades the span (an ignore that ignores
	// nothing).
	TagUnnecessary = 1
	TagDeprecated  = 2
)

// CodeDescription links a diagnostic's code to its documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// DiagnosticRelatedInformation is a related span, e.g. the copy of a
// server in another tier.
type DiagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// PublishDiagnosticsParams is textDocument/publishDiagnostics.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int32       `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// TextDocumentItem is an opened document with its text.
type TextDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int32  `json:"version"`
	Text       string `json:"text"`
}

// VersionedTextDocumentIdentifier names a document at a version.
type VersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int32  `json:"version"`
}

// OptionalVersionedTextDocumentIdentifier is used in TextDocumentEdit;
// a null version means "the file on disk".
type OptionalVersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version *int32 `json:"version"`
}

// DidOpenTextDocumentParams is textDocument/didOpen.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// TextDocumentContentChangeEvent is the whole new text (Range nil) or a
// replaced range.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

// DidChangeTextDocumentParams is textDocument/didChange.
type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// DidSaveTextDocumentParams is textDocument/didSave.
type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

// DidCloseTextDocumentParams is textDocument/didClose.
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// WorkspaceFolder is one root of the workspace.
type WorkspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// InitializeParams is the part of initialize the server reads.
type InitializeParams struct {
	ProcessID             *int               `json:"processId"`
	InitializationOptions json.RawMessage    `json:"initializationOptions"`
	RootURI               *string            `json:"rootUri"`
	RootPath              *string            `json:"rootPath"`
	WorkspaceFolders      []WorkspaceFolder  `json:"workspaceFolders"`
	Capabilities          ClientCapabilities `json:"capabilities"`
}

// ClientCapabilities is the part of the client's capabilities the server
// looks at.
type ClientCapabilities struct {
	Workspace struct {
		WorkspaceEdit struct {
			DocumentChanges bool `json:"documentChanges"`
		} `json:"workspaceEdit"`
		DidChangeWatchedFiles struct {
			DynamicRegistration bool `json:"dynamicRegistration"`
		} `json:"didChangeWatchedFiles"`
		// Configuration: the client answers workspace/configuration.
		Configuration bool `json:"configuration"`
		Diagnostics   struct {
			RefreshSupport bool `json:"refreshSupport"`
		} `json:"diagnostics"`
		ApplyEdit bool `json:"applyEdit"`
	} `json:"workspace"`
	TextDocument struct {
		Hover struct {
			ContentFormat []string `json:"contentFormat"`
		} `json:"hover"`
		// Diagnostic is present when the client pulls diagnostics.
		Diagnostic *json.RawMessage `json:"diagnostic"`
	} `json:"textDocument"`
}

// InitializeResult answers initialize.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   ServerInfo         `json:"serverInfo"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities says what the server does.
type ServerCapabilities struct {
	PositionEncoding   string                  `json:"positionEncoding,omitempty"`
	TextDocumentSync   TextDocumentSyncOptions `json:"textDocumentSync"`
	CodeActionProvider CodeActionOptions       `json:"codeActionProvider"`
	HoverProvider      bool                    `json:"hoverProvider"`
	DiagnosticProvider *DiagnosticOptions      `json:"diagnosticProvider,omitempty"`
	ExecuteCommand     *ExecuteCommandOptions  `json:"executeCommandProvider,omitempty"`
	Workspace          *WorkspaceCapabilities  `json:"workspace,omitempty"`
}

// DiagnosticOptions: the server answers textDocument/diagnostic and
// workspace/diagnostic.
type DiagnosticOptions struct {
	Identifier            string `json:"identifier,omitempty"`
	InterFileDependencies bool   `json:"interFileDependencies"`
	WorkspaceDiagnostics  bool   `json:"workspaceDiagnostics"`
}

// ExecuteCommandOptions lists the commands of workspace/executeCommand.
type ExecuteCommandOptions struct {
	Commands []string `json:"commands"`
}

// ExecuteCommandParams is workspace/executeCommand.
type ExecuteCommandParams struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments,omitempty"`
}

// ApplyWorkspaceEditParams is workspace/applyEdit (server to client).
type ApplyWorkspaceEditParams struct {
	Label string         `json:"label,omitempty"`
	Edit  *WorkspaceEdit `json:"edit"`
}

// DocumentDiagnosticParams is textDocument/diagnostic.
type DocumentDiagnosticParams struct {
	TextDocument     TextDocumentIdentifier `json:"textDocument"`
	Identifier       string                 `json:"identifier,omitempty"`
	PreviousResultID string                 `json:"previousResultId,omitempty"`
}

// Document diagnostic report kinds.
const (
	ReportFull      = "full"
	ReportUnchanged = "unchanged"
)

// DocumentDiagnosticReport answers textDocument/diagnostic: the items
// (kind full) or "unchanged since previousResultId".
type DocumentDiagnosticReport struct {
	Kind     string        `json:"kind"`
	ResultID string        `json:"resultId,omitempty"`
	Items    *[]Diagnostic `json:"items,omitempty"`
}

// PreviousResultID is one entry of workspace/diagnostic's
// previousResultIds.
type PreviousResultID struct {
	URI   string `json:"uri"`
	Value string `json:"value"`
}

// WorkspaceDiagnosticParams is workspace/diagnostic.
type WorkspaceDiagnosticParams struct {
	Identifier        string             `json:"identifier,omitempty"`
	PreviousResultIDs []PreviousResultID `json:"previousResultIds"`
}

// WorkspaceDocumentDiagnosticReport is one file of a workspace report.
type WorkspaceDocumentDiagnosticReport struct {
	URI      string        `json:"uri"`
	Version  *int32        `json:"version"`
	Kind     string        `json:"kind"`
	ResultID string        `json:"resultId,omitempty"`
	Items    *[]Diagnostic `json:"items,omitempty"`
}

// WorkspaceDiagnosticReport answers workspace/diagnostic.
type WorkspaceDiagnosticReport struct {
	Items []WorkspaceDocumentDiagnosticReport `json:"items"`
}

// ConfigurationItem asks for one section of the settings, for a scope.
type ConfigurationItem struct {
	ScopeURI string `json:"scopeUri,omitempty"`
	Section  string `json:"section,omitempty"`
}

// ConfigurationParams is workspace/configuration (server to client).
type ConfigurationParams struct {
	Items []ConfigurationItem `json:"items"`
}

// DidChangeConfigurationParams is workspace/didChangeConfiguration.
type DidChangeConfigurationParams struct {
	Settings json.RawMessage `json:"settings"`
}

// CreateFile is a resource operation of a workspace edit.
type CreateFile struct {
	Kind    string            `json:"kind"` // "create"
	URI     string            `json:"uri"`
	Options *CreateFileOption `json:"options,omitempty"`
}

// CreateFileOption: leave an existing file as it is.
type CreateFileOption struct {
	IgnoreIfExists bool `json:"ignoreIfExists,omitempty"`
}

// TextDocumentSync kinds.
const (
	SyncNone        = 0
	SyncFull        = 1
	SyncIncremental = 2
)

// TextDocumentSyncOptions: open/close, full text on change, save.
type TextDocumentSyncOptions struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"`
	Save      SaveOptions `json:"save"`
}

// SaveOptions: whether didSave carries the text.
type SaveOptions struct {
	IncludeText bool `json:"includeText"`
}

// CodeActionOptions lists the kinds of code action offered.
type CodeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// WorkspaceCapabilities: workspace folder support.
type WorkspaceCapabilities struct {
	WorkspaceFolders WorkspaceFoldersServerCapabilities `json:"workspaceFolders"`
}

// WorkspaceFoldersServerCapabilities says folder changes are wanted.
type WorkspaceFoldersServerCapabilities struct {
	Supported           bool `json:"supported"`
	ChangeNotifications bool `json:"changeNotifications"`
}

// DidChangeWorkspaceFoldersParams is workspace/didChangeWorkspaceFolders.
type DidChangeWorkspaceFoldersParams struct {
	Event struct {
		Added   []WorkspaceFolder `json:"added"`
		Removed []WorkspaceFolder `json:"removed"`
	} `json:"event"`
}

// FileEvent is one entry of workspace/didChangeWatchedFiles.
type FileEvent struct {
	URI  string `json:"uri"`
	Type int    `json:"type"`
}

// DidChangeWatchedFilesParams is workspace/didChangeWatchedFiles.
type DidChangeWatchedFilesParams struct {
	Changes []FileEvent `json:"changes"`
}

// Code action kinds.
const (
	KindQuickFix = "quickfix"
	// KindSourceFixAll is mcplint's fix-all kind; a client asking for
	// source.fixAll (fix on save) gets it too.
	KindSourceFixAll = "source.fixAll.mcplint"
)

// CodeActionParams is textDocument/codeAction.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      CodeActionContext      `json:"context"`
}

// CodeActionContext carries the diagnostics the client sees in the range
// and an optional kind filter.
type CodeActionContext struct {
	Diagnostics []json.RawMessage `json:"diagnostics"`
	Only        []string          `json:"only,omitempty"`
}

// CodeAction is one quick fix.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
	Command     *Command       `json:"command,omitempty"`
}

// Command names a workspace/executeCommand call.
type Command struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

// WorkspaceEdit is a set of text edits, per document: as "changes" (URI to
// edits) or, when the client supports it, as versioned "documentChanges"
// that the client refuses to apply to a document that changed since.
type WorkspaceEdit struct {
	Changes         map[string][]TextEdit `json:"changes,omitempty"`
	DocumentChanges []DocumentChange      `json:"documentChanges,omitempty"`
}

// DocumentChange is one entry of documentChanges: a text edit of a
// document or the creation of a file (exactly one is set).
type DocumentChange struct {
	*TextDocumentEdit
	*CreateFile
}

// TextDocumentEdit is the edits of one document at a version.
type TextDocumentEdit struct {
	TextDocument OptionalVersionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []TextEdit                              `json:"edits"`
}

// TextEdit replaces a range with new text.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// TextDocumentPositionParams names a place in a document.
type TextDocumentPositionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

// Hover is the answer to textDocument/hover.
type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// MarkupContent is markdown or plain text.
type MarkupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// Registration is one capability registered at run time.
type Registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions,omitempty"`
}

// RegistrationParams is client/registerCapability.
type RegistrationParams struct {
	Registrations []Registration `json:"registrations"`
}

// FileSystemWatcher is a glob to watch.
type FileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}

// DidChangeWatchedFilesRegistrationOptions lists the watchers.
type DidChangeWatchedFilesRegistrationOptions struct {
	Watchers []FileSystemWatcher `json:"watchers"`
}

// LogMessageParams is window/logMessage.
type LogMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}
