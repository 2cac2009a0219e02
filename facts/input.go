package facts

// The policy input. Every policy, built-in or custom, sees exactly this
// shape; schema/input.schema.json is generated from these types (go
// generate ./rules) and type-checks policies at compile time.
//
// No field ever holds a secret: string values are masked before they are
// put here (see mask.go), so print() in a policy cannot leak one.

// Input is the whole workspace of one run.
type Input struct {
	Documents      []DocFact       `json:"documents"`
	Servers        []ServerFact    `json:"servers"`
	LoaderFindings []LoaderFinding `json:"loader_findings"`
	Config         ConfigFact      `json:"config"`
	// Groups are the servers each client loads together per project.
	Groups []GroupFact `json:"groups"`
	// Index lists, per aspect, the servers that have it (see index.go);
	// policies start from lib.servers(aspect) instead of every server.
	Index map[string][]int `json:"index"`
	// DocIndex lists, per aspect, the documents that have it (index.go);
	// policies start from lib.documents(aspect) instead of every document.
	DocIndex map[string][]int `json:"doc_index"`
	// Hidden maps the ids that stand for secret-like names and keys back
	// to them (hide.go); policies never see it.
	Hidden *Hidden `json:"-"`
}

// DocFact describes one file.
type DocFact struct {
	Index    int    `json:"index"`
	Path     string `json:"path"`
	Kind     string `json:"kind"`
	Client   string `json:"client"`
	Tier     string `json:"tier"`
	Format   string `json:"format"`
	Variant  string `json:"variant"`
	Project  string `json:"project"`
	ParseOK  bool   `json:"parse_ok"`
	Explicit bool   `json:"explicit"`
	Size     int    `json:"size"`
	// Sniffed is set for a file recognised by its content rather than by
	// its place: no client loads it from there (a catalogue, an example).
	Sniffed bool `json:"sniffed"`
	// ClientUnsure is set when nothing said which client the file is for;
	// advice then fits any client.
	ClientUnsure bool `json:"client_unsure"`
	// DevelopsServer says why the document's project looks like an MCP
	// server under development ("" when it does not).
	DevelopsServer string `json:"develops_server"`
	// RootKeys are the top-level keys of the document.
	RootKeys []FieldFact `json:"root_keys"`
	// ServersKey is the key this client reads servers from ("" when the
	// document has no servers key of its own, e.g. a bare server map).
	ServersKey string `json:"servers_key"`
	// ServersKind is the kind of value found at ServersKey: object,
	// array, … or "missing".
	ServersKind string `json:"servers_kind"`
	ServerCount int    `json:"server_count"`
	// Settings are trust-relevant switches written at the document level
	// (enableAllProjectMcpServers, dangerouslySkipPermissions, …).
	Settings []SettingFact `json:"settings"`
	// Problems are document-level shape problems (wrong root key, …).
	Problems []FieldProblem `json:"problems"`
	// ClientName is the client's display name ("Claude Code"), for
	// messages.
	ClientName string `json:"client_name"`
	// Registry holds facts of a registry document (schema version and
	// validation errors).
	Registry *RegistryDocFact `json:"registry"`
	// Catalogue holds facts of a Paseo library or team catalogue.
	Catalogue *CatalogueDocFact `json:"catalogue"`
	// Snapshot holds facts of a tool snapshot: drift against the pins,
	// tool names, tools other servers offer too.
	Snapshot *SnapshotFact `json:"snapshot"`
	// AllowedTools are the MCP tools a Claude Code settings file's
	// permissions.allow lets run without asking (mcp__<server> or
	// mcp__<server>__<tool>).
	AllowedTools []AllowedToolFact `json:"allowed_tools"`
	// StraySecrets are credentials written in a client config or settings
	// file outside its server entries (under a key the client does not
	// read, in a permission rule, in the client's own env), masked.
	StraySecrets []StraySecretFact `json:"stray_secrets"`
}

// AllowedToolFact is one permissions.allow rule for MCP tools: Tool is
// "" for a whole server (mcp__<server>, or mcp__<server>__*), and Writes
// says the rule lets a tool that changes things run (every tool of a
// server counts).
type AllowedToolFact struct {
	Pointer string `json:"pointer"`
	Server  string `json:"server"`
	Tool    string `json:"tool"`
	Writes  bool   `json:"writes"`
}

// StraySecretFact is one credential found outside any server entry.
type StraySecretFact struct {
	Pointer     string `json:"pointer"`
	Detector    string `json:"detector"`
	Description string `json:"description"`
	Masked      string `json:"masked"`
}

// FieldFact is one key of an object and the kind of its value.
type FieldFact struct {
	Key     string `json:"key"`
	Pointer string `json:"pointer"`
	Kind    string `json:"kind"`
	// Value is the masked text of a scalar value ("" for objects and arrays).
	Value string `json:"value"`
}

// SettingFact is a document-level switch.
type SettingFact struct {
	Key     string `json:"key"`
	Pointer string `json:"pointer"`
	Value   string `json:"value"`
}

// ServerFact is one server definition with everything the policies need
// already worked out in Go.
// NameShape is what the name rules need to know of a server's name
// without seeing it: its length in characters, the characters tool names
// do not allow (each once, sorted) and whether it holds the "__"
// separator.
type NameShape struct {
	Length    int      `json:"length"`
	Bad       []string `json:"bad"`
	Separator bool     `json:"separator"`
}

type ServerFact struct {
	Index int    `json:"index"`
	Doc   int    `json:"doc"`
	Name  string `json:"name"`
	// NameShape describes the real name, read before a secret-like name is
	// replaced by its id: rules that judge a name's characters or length
	// read it, never the characters of Name.
	NameShape NameShape `json:"name_shape"`
	Client    string    `json:"client"`
	// Via is the client whose file oceancode read this copy from (cursor,
	// opencode); "" for a definition read in its own client's terms.
	Via string `json:"via"`
	// Builtin names the app whose own server this is ("paseo": the
	// server the Paseo daemon adds to every agent); "" for a definition
	// written in a config file.
	Builtin   string `json:"builtin"`
	Tier      string `json:"tier"`
	Project   string `json:"project"`
	Pointer   string `json:"pointer"`
	Transport string `json:"transport"`
	// Type is the transport word as written ("" when absent).
	Type    string `json:"type"`
	Enabled bool   `json:"enabled"`
	// DisabledBy says what switched it off.
	DisabledBy  string `json:"disabled_by"`
	Untrusted   bool   `json:"untrusted"`
	UntrustedBy string `json:"untrusted_by"`
	// State is enabled, disabled, shadowed, untrusted or not-loaded (an
	// entry of a server list the client does not read).
	State string `json:"state"`
	// ShadowedBy is the index of the copy that runs instead (-1: none).
	ShadowedBy int   `json:"shadowed_by"`
	Shadows    []int `json:"shadows"`
	// MergedFrom is the lower copy whose fields this one inherits (-1).
	MergedFrom int `json:"merged_from"`
	// Fields are the entry's own keys.
	Fields []FieldFact `json:"fields"`

	Command *CommandFact `json:"command"`
	Args    []ArgFact    `json:"args"`
	Env     []PairFact   `json:"env"`
	Headers []PairFact   `json:"headers"`
	URL     *URLFact     `json:"url"`
	Runner  *RunnerFact  `json:"runner"`
	OAuth   *OAuthFact   `json:"oauth"`
	Trust   TrustFact    `json:"trust"`
	Pin     PinFact      `json:"pin"`
	Tools   ToolsFact    `json:"tools"`
	Shell   *ShellFact   `json:"shell"`
	// FieldProblems are fields the client does not read or reads
	// differently (unknown names, wrong types, values out of the enum).
	FieldProblems []FieldProblem `json:"field_problems"`
	// Registry holds registry facts for an official server.json entry.
	Registry *RegistryFact `json:"registry"`
	// Catalogue holds Paseo facts for a library or team catalogue entry.
	Catalogue *CatalogueFact `json:"catalogue"`
	// Text lists hidden characters and model-directed instructions found
	// in the server's names, descriptions and tool descriptions.
	Text []TextFact `json:"text"`
	// PlainArgs are plain-http addresses of non-local hosts given in the
	// arguments (mcp-remote http://…, --url http://…).
	PlainArgs []AddressFact `json:"plain_args"`
	// BridgeSSE is the legacy SSE endpoint (a path ending in /sse) handed
	// to mcp-remote, with Host "loopback" or "local" for a local one and
	// Why the path.
	BridgeSSE []AddressFact `json:"bridge_sse"`
	// ListenAll are the places the server is told to listen on every
	// network interface (--host 0.0.0.0, -p 0.0.0.0:…, HOST=0.0.0.0).
	ListenAll []AddressFact `json:"listen_all"`
	// MachinePaths are absolute paths that exist on one machine only
	// (/Users/<name>/…, C:/…, an editor's workspaceStorage).
	MachinePaths []AddressFact `json:"machine_paths"`
	// Templates are the command, arguments and cwd still written as a
	// template's placeholder (/path/to/…, <path-to-uv>).
	Templates []TemplateFact `json:"templates"`
	// LiteralKeys are the credentials detected in the args, env, headers
	// and address, with the parts of secrets/literal-key's advice worked
	// out once in Go (advice.go); null for a server without one.
	LiteralKeys []LiteralKeyFact `json:"literal_keys"`
	// Capability is what the server's tools can do, by class.
	Capability CapabilityFact `json:"capability"`
	// Disagrees lists other clients' copies of the same server in the
	// same project that run it differently (null when none).
	Disagrees []DisagreeFact `json:"disagrees"`
	// forwarded are the variables the client passes on from its own
	// environment by name (Codex env_vars, Goose env_keys): env entries
	// all the same when copies of a server are compared.
	forwarded []string
}

// LiteralKeyFact is one credential detected in a value of a server (one
// entry per credential, in the order env, headers, args, address), with
// secrets/literal-key's advice, the same whatever the policy decides.
// Like every string of the input it holds masked values only.
type LiteralKeyFact struct {
	// Field is env, headers, args or url.
	Field string `json:"field"`
	// Key is the env or header key, the name an argument goes by (NAME=…,
	// --flag=…, or the flag before it; "" when none) or "" for the address.
	Key     string `json:"key"`
	Pointer string `json:"pointer"`
	// Where names the value in a message: "env KEY", "header KEY",
	// "args[N]" or "the address".
	Where string `json:"where"`
	// Value is the masked value the credential is in.
	Value  string     `json:"value"`
	Secret SecretFact `json:"secret"`
	// Var is the variable a fix sets: a plain env key itself, otherwise
	// the server's name and what the value goes by in upper snake case
	// (GITHUB_TOKEN, GITHUB_API_KEY, DB_PASSWORD).
	Var string `json:"var"`
	// Ref is a reference to Var that the reading client expands in Field,
	// in its syntax (${VAR}, ${env:VAR}, {VAR} in a catalogue); "" when
	// the client expands none there.
	Ref string `json:"ref"`
	// Instead says what to write instead of the key, in the terms of the
	// client reading it: the reference in its syntax (the value
	// rewritten with it), an input for a catalogue, Codex's and Goose's
	// own ways to pass a variable on, or, where nothing expands, how to
	// keep the key out of the file.
	Instead string `json:"instead"`
	// Fix is the fix package fix makes from the real bytes (null when
	// none can be made: no client is known, or it has no reference there).
	Fix *FixIntent `json:"fix"`
}

// CommandFact is the command as written.
type CommandFact struct {
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	// Kind is the kind of the command value: string, array or object.
	Kind string `json:"kind"`
	// Base is the executable name without folders or extension ("npx").
	Base string `json:"base"`
}

// ArgFact is one argument.
type ArgFact struct {
	Index   int          `json:"index"`
	Value   string       `json:"value"`
	Pointer string       `json:"pointer"`
	Refs    []RefFact    `json:"refs"`
	Secrets []SecretFact `json:"secrets"`
}

// PairFact is one env or header entry.
type PairFact struct {
	Key     string `json:"key"`
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Kind    string `json:"kind"`
	// IsReference is true when the whole value is one variable reference
	// or placeholder.
	IsReference bool         `json:"is_reference"`
	Placeholder bool         `json:"placeholder"`
	Refs        []RefFact    `json:"refs"`
	Secrets     []SecretFact `json:"secrets"`
	// KeyShape describes a header's real name (null for env), read before
	// a secret-like name is replaced by its id: transport/header-name
	// judges it, never the characters of Key.
	KeyShape *HeaderShape `json:"key_shape"`
}

// HeaderShape is what transport/header-name needs to know of a header
// name without seeing it: whether it is empty (or only spaces), whether
// it is a valid name with spaces around it, the characters outside the
// HTTP token set (each once, sorted) and whether it holds a ".".
type HeaderShape struct {
	Empty  bool     `json:"empty"`
	Padded bool     `json:"padded"`
	Bad    []string `json:"bad"`
	Dot    bool     `json:"dot"`
}

// RefFact is a variable reference inside a value.
type RefFact struct {
	Syntax     string `json:"syntax"`
	Name       string `json:"name"`
	HasDefault bool   `json:"has_default"`
	// Expanded is true when the reading client expands this syntax in
	// this field; false means the text is passed on literally.
	Expanded bool `json:"expanded"`
	// Set is true/false when the run was given the environment to check
	// (--env-check), and absent otherwise.
	Set *bool `json:"set"`
}

// SecretFact is a credential found in a value: the detector and the
// masked form only.
type SecretFact struct {
	Detector    string `json:"detector"`
	Description string `json:"description"`
	Masked      string `json:"masked"`
}

// URLFact is the parsed address of a remote server.
type URLFact struct {
	Value    string `json:"value"`
	Pointer  string `json:"pointer"`
	Key      string `json:"key"`
	Valid    bool   `json:"valid"`
	Scheme   string `json:"scheme"`
	Host     string `json:"host"`
	Port     string `json:"port"`
	Path     string `json:"path"`
	Loopback bool   `json:"loopback"`
	// LocalNetwork is set for a host reachable only on a local network (a
	// single-label name such as a compose service, .local, .internal, a
	// private address).
	LocalNetwork bool `json:"local_network"`
	// HasUser and HasPassword report userinfo in the URL.
	HasUser     bool `json:"has_user"`
	HasPassword bool `json:"has_password"`
	// SecretQueryKeys are query parameters with key-like names and a
	// literal value.
	SecretQueryKeys []string     `json:"secret_query_keys"`
	Refs            []RefFact    `json:"refs"`
	Secrets         []SecretFact `json:"secrets"`
	Length          int          `json:"length"`
}

// OAuthFact is the OAuth block.
type OAuthFact struct {
	Pointer       string `json:"pointer"`
	ClientID      string `json:"client_id"`
	HasSecret     bool   `json:"has_secret"`
	SecretPointer string `json:"secret_pointer"`
	Disabled      bool   `json:"disabled"`
}

// LoaderFinding is a problem the loader found before policies ran.
type LoaderFinding struct {
	Rule    string `json:"rule"`
	Level   string `json:"level"`
	Message string `json:"message"`
	Doc     int    `json:"doc"`
	Offset  int    `json:"offset"`
	End     int    `json:"end"`
}

// ConfigFact is the part of .mcplint.toml policies read.
type ConfigFact struct {
	Budget BudgetConfig `json:"budget"`
	// AllowHosts, DenyHosts, AllowPackages, DenyPackages, AllowCommands
	// and DenyCommands come from [allow] and [deny].
	AllowHosts    []string `json:"allow_hosts"`
	DenyHosts     []string `json:"deny_hosts"`
	AllowPackages []string `json:"allow_packages"`
	DenyPackages  []string `json:"deny_packages"`
	AllowCommands []string `json:"allow_commands"`
	DenyCommands  []string `json:"deny_commands"`
	// ToolSearch is true when tools are deferred (ENABLE_TOOL_SEARCH,
	// super-pi mcp_tool_exposure: :deferred).
	ToolSearch bool `json:"tool_search"`
	// MetaTools mirrors OC_MCP_META_TOOLS=1 for oceancode.
	MetaTools bool `json:"meta_tools"`
	// TargetWindows makes windows-only compatibility rules apply.
	TargetWindows bool `json:"target_windows"`
}

// DefaultBudget is Paseo's context budget.
func DefaultBudget() BudgetConfig {
	return BudgetConfig{ServersWarn: 8, ServersMax: 16, ToolsWarn: 40, ToolsMax: 80, ToolsPerServer: 5}
}

// BudgetConfig are the context-budget thresholds (Paseo's by default).
type BudgetConfig struct {
	ServersWarn int `json:"servers_warn" toml:"servers_warn"`
	ServersMax  int `json:"servers_max" toml:"servers_max"`
	ToolsWarn   int `json:"tools_warn" toml:"tools_warn"`
	ToolsMax    int `json:"tools_max" toml:"tools_max"`
	// ToolsPerServer is the estimate for a server whose tools are unknown.
	ToolsPerServer int `json:"tools_per_server" toml:"tools_per_server"`
}
