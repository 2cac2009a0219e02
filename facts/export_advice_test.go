package facts

// The advice helpers, for the test that holds them to the policies'
// own functions (advice_rego_test.go).
var (
	Snake         = snake
	EnvName       = envName
	ReferenceForm = referenceForm
	ArgKey        = argKey
)

// LiteralKeys builds the literal keys of one server.
var LiteralKeys = literalKeys
