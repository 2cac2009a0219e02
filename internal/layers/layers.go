// Package layers records the direction of mcplint's pipeline as data: a
// package may import only packages of a lower layer. The test in this
// package reads every import with `go list` and fails on one that points
// up or sideways, or on a package that has no layer yet.
package layers

// Module is the import path every package below starts with.
const Module = "github.com/mcplint/mcplint"

// Of gives each package (relative to Module) its layer; lower layers are
// closer to the bytes of a file.
var Of = map[string]int{
	// data and leaf helpers
	"loader/syntax":       0, // parsers that keep byte spans
	"internal/parallel":   0,
	"internal/editdist":   0, // edit distance for "did you mean"
	"internal/flagparse":  1, // interspersed flags, "did you mean" for a flag
	"internal/completion": 0, // shell completion scripts
	"internal/startgc":    0,
	"internal/buildinfo":  0, // the version a binary knows of itself
	"internal/cpuprofile": 0,
	"output":              1, // stdout or a file replaced whole; colour
	"internal/layers":     0,
	"internal/leakcorpus": 0, // generated secrets for leak tests
	"fixtures":            0, // embedded example files
	"policies":            0, // embedded Rego
	"schema":              0, // embedded JSON Schemas and validation

	"finding": 1, // the one Finding type every output reads
	"secret":  1, // detection and masking, used everywhere above
	// the records of well-known MCP servers and what their tools can do
	"knowledge": 1,

	"loader": 2, // discovery, dialects, the normalised model

	"facts": 3, // what a policy receives, one builder per aspect

	"fix": 4, // fix intents to byte edits, and the safe write

	// consumers of facts: the engine and the things beside it
	"rules":           5,
	"report":          5,
	"probe":           5,
	"probe/probetest": 5,
	"export":          5,
	"inventory":       5,
	"merge":           5,

	"lsp":      6, // the language server reuses rules, fix and report
	"snapshot": 6, // probe's records: snapshots, pins and drift

	"cmd/mcplint":          7,
	"internal/genprebuilt": 7, // go generate ./rules: the compiled policies
	"integration":          7, // tests of the built binary
}
