// Package loader finds every MCP configuration file of every client, parses
// it with positions and normalises it into one model: documents, servers,
// tiers, and which copy of a server wins when a name is defined twice.
package loader

import (
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/knowledge"
	"github.com/mcplint/mcplint/loader/syntax"
)

// Tier is where a definition lives. Precedence between tiers is per client
// (see clients.go).
type Tier string

const (
	TierManaged Tier = "managed" // admin-deployed (managed-mcp.json, managedMcpServers, managed_config.toml)
	TierLocal   Tier = "local"   // Claude Code's per-project entries in ~/.claude.json
	TierProject Tier = "project" // committed with the project
	TierUser    Tier = "user"    // the user's own file in the home folder
	TierPlugin  Tier = "plugin"  // shipped by a plugin or extension
	TierGlobal  Tier = "global"  // super-pi's one global file
	TierSystem  Tier = "system"  // machine-wide defaults (/etc/…)
	TierAgent   Tier = "agent"   // an agent profile's own servers
	TierLibrary Tier = "library" // a registry or catalogue document: servers offered, not configured
	// TierCopy is a user-level file met inside a scanned folder (a
	// claude_desktop_config.json committed in a dotfiles or example
	// repository): linted as its client's, but no client loads it from
	// there, so it shadows nothing and counts in no budget.
	TierCopy Tier = "copy"
)

// Kind is what a document is.
type Kind string

const (
	KindClientConfig  Kind = "client-config"
	KindSettings      Kind = "settings"        // approvals and policy, no server definitions
	KindRegistryDoc   Kind = "registry-server" // one official server.json
	KindRegistryList  Kind = "registry-list"   // {"servers":[{"server":…}]} or a bare array of server.json
	KindRegistryOld   Kind = "registry-legacy" // the 2025-05 snake_case seed shape
	KindTeamCatalogue Kind = "team-catalogue"  // Paseo 0.12.0 list or {"entries":[…]}
	KindTrustFile     Kind = "trust-file"      // oceancode ~/.oceancode/trust.json
	KindState         Kind = "state"           // client state such as Gemini's mcp-server-enablement.json
	KindUnknown       Kind = "unknown"
)

// Document is one file that was read (or that failed to be read).
type Document struct {
	Path       string // as shown to the user
	AbsPath    string
	Kind       Kind
	Client     string
	Tier       Tier
	ProjectDir string // absolute project folder for project/local/plugin tiers; "" for home tiers
	// ProjectNames are the names in ProjectDir when discovery read the
	// folder (shared by its documents; do not modify), nil when it did not.
	ProjectNames []string
	Format       syntax.Format
	File         *syntax.File // nil when the file could not be read
	ParseFailed  bool
	Error        string // first loader error, masked, when ParseFailed
	// Outside is where the file's link (or a linked folder on its path)
	// leads when that is outside the PATHs and --home: the file was not
	// read (Options.FollowOutside).
	Outside string
	Servers []*Server
	// Size is the file size in bytes.
	Size int64
	// Explicit is true when the user named the file as a PATH.
	Explicit bool
	// Context is true for a file read only because a named file of the
	// same client and project needs it (pre-commit passes staged files
	// only); findings in it are not reported.
	Context bool
	// Pins is the pins file of a tool snapshot's project (nil: none); for
	// the pins file itself, its own contents.
	Pins *PinsDocument
	// Sniffed is true when the dialect was recognised from the content of
	// a file named explicitly: no client loads a file at that place by
	// itself, so it is a copy kept for reference (a catalogue, an example)
	// and rules about what a client loads (budgets) do not apply.
	Sniffed bool
	// Assumed says why a sniffed file was read as its client's; Unsure is
	// set when nothing did (read as Claude Code's, advice kept neutral).
	Assumed string
	Unsure  bool
	// Team is set for Paseo's team catalogue, read from its place under
	// $PASEO_HOME whatever its shape (a 0.12.0 entry list or a library).
	Team bool
	// Variant names a sub-shape when it matters, e.g. "legacy-settings"
	// for a VS Code settings.json `mcp` block, "exclusive" for
	// managed-mcp.json, "seed" for a bare array of server.json.
	Variant string
}

// Pair is one entry of an env or headers map, with where it was written.
type Pair struct {
	Key     string
	Value   string
	Pointer string
	Node    *syntax.Node // the value node (nil when synthesised)
	// Doc is the document the pair was written in when that is not its
	// server's own: a pair a field-merging client (Codex) took from a lower
	// copy. Pointer and Node are then in Doc. nil for the server's own.
	Doc *Document
}

// OAuth is a server's OAuth block as written.
type OAuth struct {
	Pointer   string
	ClientID  string
	HasSecret bool   // a client secret is stored in the file
	SecretPtr string // where
	Disabled  bool   // OpenCode "oauth": false
}

// Trust collects the approval and trust fields of an entry.
type Trust struct {
	AutoApprove  []string // Cline autoApprove, Roo alwaysAllow, Kiro autoApprove
	TrustAll     bool     // Gemini "trust": true
	ApprovalMode string   // Codex default_tools_approval_mode
	Pointer      string   // where the strongest of these was written
}

// Package is a package reference from a registry document.
type Package struct {
	RegistryType    string
	Identifier      string
	Version         string
	RegistryBaseURL string
	Transport       string
	Pointer         string
}

// Remote is a remote endpoint from a registry document.
type Remote struct {
	Type    string
	URL     string
	Pointer string
}

// Server is one definition of an MCP server: one per definition, so a name
// defined at two tiers gives two Servers, one shadowing the other.
type Server struct {
	Name      string
	Client    string
	Tier      Tier
	Transport string // stdio, http, sse, ws, extension, builtin, unknown
	Command   string
	Args      []string
	Env       []Pair
	URL       string
	Headers   []Pair
	Cwd       string
	EnvFile   string

	// Enabled is the entry's own switch combined with the client's
	// external enable/disable state; DisabledBy says which one.
	Enabled    bool
	DisabledBy string
	// Unread is set for an entry of a server list the client does not read
	// at all (servers written as a list where it wants a map): it is kept
	// so a committed secret in it is still found, but it never runs,
	// shadows nothing and gives no finding derived from its guessed shape.
	Unread bool
	// Untrusted is set when the client holds the server until trusted
	// (oceancode trust.json); UntrustedBy says why.
	Untrusted   bool
	UntrustedBy string
	// Approved is set for a Claude Code project server the user approved
	// (enabledMcpjsonServers or enableAllProjectMcpServers); ApprovedBy
	// says where.
	Approved   bool
	ApprovedBy string
	// PinnedHash is the oceancode trust pin recorded for the server and
	// PinSource the trust.json that holds it ("" when there is none).
	PinnedHash string
	PinSource  string

	Trust Trust
	OAuth *OAuth

	Packages []Package // registry documents
	Remotes  []Remote  // registry documents
	// Tools are the server's tools from a tool snapshot (nil: unknown).
	Tools *ToolSet

	Doc *Document
	// Project is the absolute project folder the definition applies to
	// ("" for home tiers, which apply to every project).
	Project string
	Pointer string       // JSON pointer of the entry
	Node    *syntax.Node // the entry's value
	// KeyStart/KeyEnd span the name as written (the map key, or the list
	// item's name value); the entry is reported there.
	KeyStart, KeyEnd int

	// ShadowedBy is the copy that runs instead of this one.
	ShadowedBy *Server
	// Shadows lists copies this one hides.
	Shadows []*Server
	// Via names the client whose file oceancode read this copy from
	// (cursor, opencode): oceancode picks up those files as-is, so each of
	// their project servers is also an oceancode server, with Client
	// "claude-code" (oceancode folds it with Claude Code's files by tier).
	// "" for every definition read in its own client's terms.
	Via string
	// Builtin names the app whose own server this is, written in no
	// client's file: "paseo" for the server the Paseo daemon adds to every
	// agent it starts ($PASEO_HOME/config.json). It counts towards the
	// budget of the agents' clients and is judged by no other rule.
	// "paseo-agent" for a server another plugin's hook added to a Paseo
	// agent, read from the daemon's agent record: it counts towards that
	// agent's budget only.
	Builtin string

	// MergedFrom is set for clients that merge a name's fields across
	// tiers (Codex): the lower copy this one took missing fields from.
	MergedFrom *Server

	// written records which fields the entry itself sets, for clients
	// that merge a name's fields across tiers.
	written field
}

// field is a set of the normalised fields an entry wrote.
type field uint16

const (
	fCommand field = 1 << iota
	fArgs
	fEnv
	fURL
	fHeaders
	fCwd
	fEnabled // an on/off switch (enabled or disabled) with a boolean value
)

// State is what a client does with the definition.
func (s *Server) State() string {
	switch {
	case s.Unread:
		return "not-loaded"
	case s.ShadowedBy != nil:
		return "shadowed"
	case !s.Enabled:
		return "disabled"
	case s.Untrusted:
		return "untrusted"
	}
	return "enabled"
}

// Workspace is everything one run loaded.
type Workspace struct {
	Documents []*Document
	Servers   []*Server
	// Findings are the loader's own: parse errors, encoding, limits.
	Findings []finding.Finding
	// Projects are the absolute project folders the run linted.
	Projects []string
	// Oceancode is true when oceancode's view applies: its trust file was
	// read, or a file was read with --client oceancode.
	Oceancode bool
	// ToolSearch is Claude Code's tool search per project folder ("" for
	// the home tiers alone), from the env of its settings files.
	ToolSearch map[string]ToolSearch
	// Knowledge are the projects' own records of known servers
	// (.mcplint/knowledge/*.toml), for the whole run.
	Knowledge []*knowledge.Record
	// listings are the names in each walked project folder (MayHold).
	listings map[string][]string
}

// QualifiedName is oceancode's <tier>:<name> for a copy that lost its
// name to another tier's (user:cloudflare-dev); the plain name otherwise.
func (s *Server) QualifiedName(ws *Workspace) string {
	if ws != nil && ws.Oceancode && s.Client == "claude-code" && s.ShadowedBy != nil {
		return string(s.Tier) + ":" + s.Name
	}
	return s.Name
}

// Lookup finds the node a JSON pointer names in the server's document.
// A pointer into the server's own entry is resolved from the entry
// itself: a name written twice in one object gives two entries with one
// pointer, and each must be read, reported and fixed in its own copy.
func (s *Server) Lookup(pointer string) *syntax.Node {
	if s == nil || s.Doc == nil || s.Doc.File == nil || s.Doc.File.Root == nil {
		return nil
	}
	if s.Node != nil && s.Pointer != "" {
		if pointer == s.Pointer {
			return s.Node
		}
		if strings.HasPrefix(pointer, s.Pointer+"/") {
			return s.Node.Lookup(pointer[len(s.Pointer):])
		}
	}
	return s.Doc.File.Root.Lookup(pointer)
}
