package facts

import (
	"slices"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// envReference writes a reference to an environment variable per syntax.
var envReference = map[string]func(name string) string{
	secret.SyntaxDollarBrace: func(n string) string { return "${" + n + "}" },
	secret.SyntaxEnvColon:    func(n string) string { return "${env:" + n + "}" },
	secret.SyntaxOpencode:    func(n string) string { return "{env:" + n + "}" },
	secret.SyntaxContinue:    func(n string) string { return "${{ secrets." + n + " }}" },
}

// Expands reports whether the client reading s replaces references of the
// given syntax in field (command, args, env, url, headers). A reference
// that is not expanded is sent literally.
func Expands(s *loader.Server, syn, field string) bool {
	if s.Client == "claude-code" && s.Doc != nil && s.Doc.Kind == loader.KindSettings && s.Tier == loader.TierManaged {
		return false // managedMcpServers never expand
	}
	if s.Client == "super-pi" && field != "headers" {
		return false // super-pi expands ${NAME} only in header values
	}
	return slices.Contains(clientData.Client[s.Client].Expands, syn)
}

// ReferenceFor writes a reference to variable name in the syntax the
// client expands in field ("" when it expands none there).
func ReferenceFor(s *loader.Server, field, name string) string {
	syn := clientData.Client[s.Client].Reference
	if syn == "" || !Expands(s, syn, field) {
		return ""
	}
	return envReference[syn](name)
}
