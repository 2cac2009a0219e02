package facts

import (
	"slices"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// clientReferences says which reference syntaxes each client expands
// (clients.md §18.2 and the seeds) and in which of them a reference to an
// environment variable is written. Clients missing here (Claude Desktop,
// Codex, Cline, Zed, Goose, Kimi, LM Studio, Junie, Amazon Q) expand
// nothing.
var clientReferences = map[string]struct {
	expands []string
	env     string
}{
	"claude-code": {[]string{secret.SyntaxDollarBrace}, secret.SyntaxDollarBrace},
	"super-pi":    {[]string{secret.SyntaxDollarBrace}, secret.SyntaxDollarBrace}, // header values only
	"gemini":      {[]string{secret.SyntaxDollarBrace, secret.SyntaxDollar}, secret.SyntaxDollarBrace},
	"kiro":        {[]string{secret.SyntaxDollarBrace}, secret.SyntaxDollarBrace},
	"copilot-cli": {[]string{secret.SyntaxDollarBrace}, secret.SyntaxDollarBrace},
	"grok":        {[]string{secret.SyntaxDollarBrace, secret.SyntaxTemplate}, secret.SyntaxDollarBrace},
	"cursor":      {[]string{secret.SyntaxEnvColon, secret.SyntaxEditorVar}, secret.SyntaxEnvColon},
	"vscode":      {[]string{secret.SyntaxEnvColon, secret.SyntaxEditorVar, secret.SyntaxInput}, secret.SyntaxEnvColon},
	"windsurf":    {[]string{secret.SyntaxEnvColon, secret.SyntaxFile}, secret.SyntaxEnvColon},
	"roo":         {[]string{secret.SyntaxEnvColon}, secret.SyntaxEnvColon},
	"kilo":        {[]string{secret.SyntaxEnvColon}, secret.SyntaxEnvColon},
	"opencode":    {[]string{secret.SyntaxOpencode}, secret.SyntaxOpencode},
	"continue":    {[]string{secret.SyntaxContinue}, secret.SyntaxContinue},
	"registry":    {[]string{secret.SyntaxCatalogueInput}, ""},
	"paseo":       {[]string{secret.SyntaxCatalogueInput}, ""},
}

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
	return slices.Contains(clientReferences[s.Client].expands, syn)
}

// ReferenceFor writes a reference to variable name in the syntax the
// client expands in field ("" when it expands none there).
func ReferenceFor(s *loader.Server, field, name string) string {
	syn := clientReferences[s.Client].env
	if syn == "" || !Expands(s, syn, field) {
		return ""
	}
	return envReference[syn](name)
}
