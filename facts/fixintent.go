package facts

// FixIntent is a policy's declarative fix; Go turns it into byte edits.
type FixIntent struct {
	Kind    string `json:"kind"`
	Pointer string `json:"pointer"`
	Value   string `json:"value"`
}

// Fix kinds a policy may ask for. Policies only see masked values, so they
// describe the fix; package fix makes the edit from the real bytes.
const (
	// FixSecretToReference replaces every credential in the string at
	// pointer with a reference to the variable named by value, in the
	// reading client's own syntax.
	FixSecretToReference = "secret-to-reference"
	// FixValueToReference replaces the whole string at pointer with a
	// reference to the variable named by value (a webhook URL, or a
	// reference whose default holds the key).
	FixValueToReference = "value-to-reference"
	// FixAddMember adds "key": value (a JSON text in value as "key=json")
	// as the first member of the object at pointer.
	FixAddMember = "add-member"
	// FixRenameKey renames the member at pointer to value.
	FixRenameKey = "rename-key"
	// FixReplaceString replaces the string at pointer with value.
	FixReplaceString = "replace-string"
	// FixStripBOM deletes a leading UTF-8 byte order mark.
	FixStripBOM = "strip-bom"
)

// Codex expands no variables: its fixes move a literal key into the
// indirection fields Codex reads instead (env_vars, bearer_token_env_var,
// env_http_headers).
const (
	FixCodexEnv       = "codex-env"        // env KEY = "literal" → env_vars = ["VAR"]
	FixCodexBearer    = "codex-bearer"     // Authorization = "Bearer literal" → bearer_token_env_var = "VAR"
	FixCodexEnvHeader = "codex-env-header" // H = "literal" → env_http_headers = { H = "VAR" }
	CodexKindPrefix   = "codex-"
)
