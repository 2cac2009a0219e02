package facts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The advice of secrets/literal-key, built once in Go for each detected
// credential: the variable a fix names, the reference to it in the
// reading client's syntax, what to write instead in that client's terms
// and the fix. In Rego these cost a regex, a sprintf and a chain of
// client checks and function calls per finding, several times over, and
// are the same whatever the policy decides; the policy still decides
// whether a key is a finding.
//
// Everything here is derived from the policy input itself, after masking
// and after secret-like names were replaced by their ids (hide.go): a
// variable name built from a server's name is built from what the
// policies see, never from the hidden name.

// addLiteralKeys fills LiteralKeys for the servers with a detected
// credential (the secrets aspect); every other server keeps none.
func addLiteralKeys(in *Input) {
	for _, i := range in.Index[AspectSecrets] {
		s := &in.Servers[i]
		var doc *DocFact
		if s.Doc >= 0 && s.Doc < len(in.Documents) {
			doc = &in.Documents[s.Doc]
		}
		s.LiteralKeys = literalKeys(s, doc)
	}
}

// literalKeys lists the credentials detected in s's env, headers, args
// and address, in that order (secrets.fields), one entry per credential.
func literalKeys(s *ServerFact, doc *DocFact) []LiteralKeyFact {
	var out []LiteralKeyFact
	for _, e := range s.Env {
		if len(e.Secrets) > 0 {
			out = appendKeys(out, s, doc, keyValue{field: "env", key: e.Key, pointer: e.Pointer, value: e.Value, where: "env " + e.Key, refs: e.Refs, secrets: e.Secrets})
		}
	}
	for _, h := range s.Headers {
		if len(h.Secrets) > 0 {
			out = appendKeys(out, s, doc, keyValue{field: "headers", key: h.Key, pointer: h.Pointer, value: h.Value, where: "header " + h.Key, refs: h.Refs, secrets: h.Secrets})
		}
	}
	for _, a := range s.Args {
		if len(a.Secrets) > 0 {
			out = appendKeys(out, s, doc, keyValue{field: "args", key: argKey(s, a), pointer: a.Pointer, value: a.Value, where: "args[" + strconv.Itoa(a.Index) + "]", refs: a.Refs, secrets: a.Secrets})
		}
	}
	if u := s.URL; u != nil && len(u.Secrets) > 0 {
		out = appendKeys(out, s, doc, keyValue{field: "url", pointer: u.Pointer, value: u.Value, where: "the address", refs: u.Refs, secrets: u.Secrets})
	}
	return out
}

// keyValue is one value of a server that may hold credentials, as
// secrets.fields lists it.
type keyValue struct {
	field, key, pointer, value, where string
	refs                              []RefFact
	secrets                           []SecretFact
}

func appendKeys(out []LiteralKeyFact, s *ServerFact, doc *DocFact, v keyValue) []LiteralKeyFact {
	unsure := doc != nil && doc.ClientUnsure
	settings := doc != nil && doc.Kind == "settings"
	hasDefault, defaultRef := false, ""
	for _, r := range v.refs {
		if r.HasDefault {
			hasDefault = true
			if defaultRef == "" && r.Syntax == "dollar-brace" {
				defaultRef = r.Name
			}
		}
	}
	webhook := false
	for _, d := range v.secrets {
		if strings.Contains(d.Detector, "webhook") {
			webhook = true
		}
	}
	name := s.Client
	if doc != nil && doc.ClientName != "" {
		name = doc.ClientName
	}
	for _, d := range v.secrets {
		k := LiteralKeyFact{Field: v.field, Key: v.key, Pointer: v.pointer, Where: v.where, Value: v.value, Secret: d}
		k.Var = varFor(s.Name, v, d)
		k.Ref = referenceForm(s.Client, settings, v.field, k.Var)
		rewritten := ""
		if k.Ref != "" {
			if strings.Contains(d.Detector, "webhook") {
				rewritten = k.Ref
			} else {
				rewritten = strings.ReplaceAll(v.value, d.Masked, k.Ref)
			}
		}
		k.Instead = instead(s.Client, name, unsure, settings, defaultRef, rewritten, &k)
		if kind := fixKind(s.Client, unsure, k.Ref != "", hasDefault, webhook, v); kind != "" {
			k.Fix = &FixIntent{Kind: kind, Pointer: v.pointer, Value: k.Var}
		}
		out = append(out, k)
	}
	return out
}

// instead says what to write instead of the key, in the terms of the
// client reading it (client, shown as name): a reference in its syntax
// (rewritten is the value with it), an input for a catalogue, Codex's and
// Goose's own ways to pass a variable on, or, where nothing expands, how
// to keep the key out of the file. defaultRef is the reference whose
// literal default holds the key; unsure: nothing says which client reads
// the file; settings: the file is Claude Code's managed settings.
func instead(client, name string, unsure, settings bool, defaultRef, rewritten string, k *LiteralKeyFact) string {
	switch {
	case unsure:
		return fmt.Sprintf(`replace it with a reference to a variable %s in the syntax of the client that loads this file (${%s} in Claude Code, ${env:%s} in Cursor, VS Code and Windsurf) and set %s where that client starts; nothing says which client this file is for (name it with --client)`, k.Var, k.Var, k.Var, k.Var)
	case defaultRef != "":
		return fmt.Sprintf(`the default of ${%s:-…} is literal text stored in the file: drop it, write "${%s}" and set %s where %s starts`, defaultRef, defaultRef, defaultRef, name)
	case (client == "paseo" || client == "registry") && k.Ref != "":
		return fmt.Sprintf(`write "%s" and declare %s as a secret input ("secret": true), so each user fills it in`, rewritten, k.Var)
	case k.Ref != "":
		return fmt.Sprintf(`write "%s" instead and set %s in the environment %s starts from`, rewritten, k.Var, name)
	case (client == "codex" || client == "goose") && k.Field == "env" && !plainVar(k.Key):
		// Codex's env_vars and Goose's env_keys pass a variable on under
		// its own name, so the key itself must be one.
		forwarder := "env_vars"
		if client == "goose" {
			forwarder = "env_keys"
		}
		return fmt.Sprintf("%s passes a variable on only under its own name, and %s cannot name one: if the server also reads the key under a plain name (letters, digits and _), use that name and list it in %s", name, k.Key, forwarder)
	case client == "codex":
		switch {
		case k.Field == "env":
			return fmt.Sprintf(`Codex expands no variables, so remove it from env and list it in env_vars = ["%s"]; Codex then passes %s on from its own environment`, k.Var, k.Var)
		case k.Field == "headers" && bearerAuth(k.Key, k.Value):
			return fmt.Sprintf(`Codex expands no variables, so remove the header and write bearer_token_env_var = "%s"; Codex then sends "Bearer " and the value of %s`, k.Var, k.Var)
		case k.Field == "headers":
			return fmt.Sprintf(`Codex expands no variables, so remove the header and write env_http_headers = { "%s" = "%s" }; Codex then reads the value from %s`, k.Key, k.Var, k.Var)
		}
		return fmt.Sprintf(`Codex expands no variables in %s, so have the server read %s from its environment and pass it with env_vars = ["%s"]`, k.Field, k.Var, k.Var)
	case client == "goose" && k.Field == "env":
		return fmt.Sprintf("list %s in env_keys instead and store its value with goose configure, which keeps it in the system keyring", k.Var)
	case client == "claude-code" && settings:
		return "managedMcpServers expands no variables and is sent to every user: sign in to this server with OAuth instead of a shared key"
	case client == "super-pi":
		return fmt.Sprintf("super-pi expands ${NAME} only in header values, so here the key stays in clear text: keep this file private, or let the server read %s from the environment super-pi starts in", k.Var)
	}
	return fmt.Sprintf("%s expands no variables, so the key stays in clear text in this file: keep the file out of version control and shared backups, or start the server through a wrapper that reads %s from a secret store", name, k.Var)
}

// fixKind is the fix of a literal key in v (secrets/literal-key's plan):
// the credential becomes a reference in the client's syntax; a webhook
// address, or a reference whose default holds the key, becomes a
// reference as a whole; Codex, which expands nothing, gets the key moved
// into env_vars, bearer_token_env_var or env_http_headers. "" when no
// fix can be made: nothing says which client reads the file, or the
// client has no reference there.
func fixKind(client string, unsure, hasRef, hasDefault, webhook bool, v keyValue) string {
	switch {
	case unsure:
		return ""
	case hasRef && !hasDefault && !webhook:
		return FixSecretToReference
	case hasRef && (v.field == "env" || v.field == "headers") && wholeValueSecret(v.value, hasDefault, webhook):
		return FixValueToReference
	case client == "codex":
		switch {
		case v.field == "env" && plainVar(v.key):
			return FixCodexEnv
		case v.field == "headers" && bearerAuth(v.key, v.value):
			return FixCodexBearer
		case v.field == "headers":
			return FixCodexEnvHeader
		}
	}
	return ""
}

// wholeValueSecret: a webhook address is a credential as a whole, and so
// is a value that is one reference (${NAME:-default}) whose default holds
// the key.
func wholeValueSecret(value string, hasDefault, webhook bool) bool {
	if webhook {
		return true
	}
	if !hasDefault || len(value) < 3 || !strings.HasPrefix(value, "${") || !strings.HasSuffix(value, "}") {
		return false
	}
	return !strings.ContainsAny(value[2:len(value)-1], "{}")
}

// bearerAuth: an Authorization header of the Bearer scheme.
func bearerAuth(key, value string) bool {
	return strings.ToLower(key) == "authorization" && strings.HasPrefix(strings.ToLower(value), "bearer ")
}

// referenceForm is a reference to name that the client expands in field
// (data.mcplint.secrets.form): "" when it has none there. A catalogue
// (paseo, registry) names an input; Claude Code's managed settings
// (managedMcpServers) and super-pi outside headers expand nothing.
func referenceForm(client string, settings bool, field, name string) string {
	switch {
	case client == "paseo" || client == "registry":
		return "{" + name + "}"
	case client == "claude-code" && settings:
		return ""
	case client == "super-pi" && field != "headers":
		return ""
	}
	c := clientData.Client[client]
	if c.Reference == "" || !slices.Contains(c.Expands, c.Reference) {
		return ""
	}
	return envReference[c.Reference](name)
}

// varFor names the variable a fix sets for credential d of v: an env key
// that is a plain name keeps it (with the credential's kind when it is
// only part of the value); otherwise the server's name and what the
// value goes by, in upper snake case (envName).
func varFor(server string, v keyValue, d SecretFact) string {
	switch v.field {
	case "env":
		if plainVar(v.key) {
			if partOfValue(v, d) {
				// The key is part of the value (a password in a
				// connection string): a variable of the entry's own name
				// would hold itself; name the part.
				return v.key + "_" + kindSuffix(d)
			}
			return v.key
		}
		return envName(server, v.key)
	case "headers":
		if k := strings.ToLower(v.key); k == "authorization" || k == "proxy-authorization" {
			return envName(server, "TOKEN")
		}
		key := v.key
		if len(key) >= 2 && (key[0] == 'x' || key[0] == 'X') && key[1] == '-' {
			key = key[2:]
		}
		return envName(server, key)
	case "args":
		if v.key != "" {
			return envName(server, v.key)
		}
		return envName(server, kindSuffix(d))
	case "url":
		for _, p := range queryPairs(v.value) {
			if strings.Contains(p[1], d.Masked) {
				return envName(server, p[0])
			}
		}
		return envName(server, kindSuffix(d))
	}
	return ""
}

// partOfValue: the credential is only part of a literal value (a password
// in a connection string), not the whole of it, a webhook address (whose
// whole value becomes the reference) or the default of a reference.
func partOfValue(v keyValue, d SecretFact) bool {
	return d.Masked != "" && strings.TrimSpace(v.value) != d.Masked && len(v.refs) == 0 && !strings.Contains(d.Detector, "webhook")
}

// kindSuffix names a credential by its kind when nothing else names it.
func kindSuffix(d SecretFact) string {
	switch {
	case strings.Contains(d.Detector, "webhook"):
		return "WEBHOOK_URL"
	case d.Detector == "connection-string" || d.Detector == "url-password" || d.Detector == "basic-auth-literal":
		return "PASSWORD"
	case strings.Contains(d.Detector, "key"):
		return "API_KEY"
	}
	return "TOKEN"
}

// queryPairs are the key=value pairs of an address's query, without the
// fragment; a pair without "=" or with an empty key is left out.
func queryPairs(u string) [][2]string {
	i := strings.Index(u, "?")
	if i < 0 {
		return nil
	}
	q, _, _ := strings.Cut(u[i+1:], "#")
	var out [][2]string
	for _, p := range strings.Split(q, "&") {
		if j := strings.Index(p, "="); j > 0 {
			out = append(out, [2]string{p[:j], p[j+1:]})
		}
	}
	return out
}

// argKey is the name an argument's value goes by (secrets.arg_key): NAME
// of NAME=value or --flag=value, or the flag just before it ("--api-key",
// value); "" when nothing names it.
func argKey(s *ServerFact, a ArgFact) string {
	if k, ok := assignedName(a.Value); ok {
		return k
	}
	if a.Index > 0 && a.Index-1 < len(s.Args) {
		prev := s.Args[a.Index-1].Value
		if isFlag(prev) && !strings.Contains(prev, "=") {
			return strings.TrimLeft(prev, "-")
		}
	}
	return ""
}

// assignedName matches ^-{0,2}([A-Za-z_][A-Za-z0-9_.-]*)= and returns the
// name.
func assignedName(v string) (string, bool) {
	i := 0
	for i < 2 && i < len(v) && v[i] == '-' {
		i++
	}
	start := i
	if i >= len(v) || !(isLetter(v[i]) || v[i] == '_') {
		return "", false
	}
	for i++; i < len(v) && (isLetter(v[i]) || isDigit(v[i]) || v[i] == '_' || v[i] == '.' || v[i] == '-'); i++ {
	}
	if i < len(v) && v[i] == '=' {
		return v[start:i], true
	}
	return "", false
}

// isFlag matches ^-{1,2}[A-Za-z].
func isFlag(v string) bool {
	if len(v) < 2 || v[0] != '-' {
		return false
	}
	if v[1] == '-' {
		return len(v) > 2 && isLetter(v[2])
	}
	return isLetter(v[1])
}

// plainVar is a name an environment variable can have:
// ^[A-Za-z_][A-Za-z0-9_]*$.
func plainVar(k string) bool {
	if k == "" || !(isLetter(k[0]) || k[0] == '_') {
		return false
	}
	for i := 1; i < len(k); i++ {
		if !(isLetter(k[i]) || isDigit(k[i]) || k[i] == '_') {
			return false
		}
	}
	return true
}

// envName is a variable name for key of server (secrets.env_name): the
// server's name and the key (github + TOKEN → GITHUB_TOKEN), or the key
// alone when it already starts with the server's name; MCP_ in front
// when the name would not start with a letter or _.
func envName(server, key string) string {
	k := snake(key)
	if strings.HasPrefix(k+"_", snake(server)+"_") {
		return k
	}
	n := snake(server + "_" + key)
	if n != "" && (n[0] >= 'A' && n[0] <= 'Z' || n[0] == '_') {
		return n
	}
	return "MCP_" + n
}

// snake is upper snake case (secrets.snake): "exa" → "EXA",
// "exaApiKey" → "EXA_API_KEY", "x-api-key" → "X_API_KEY". Each run of
// characters other than A-Z and 0-9 (after upper-casing) becomes one _,
// and _ is trimmed from both ends.
func snake(x string) string {
	// A lower-case letter or digit followed by an upper-case letter gets
	// a _ between them (left to right, pairs not overlapping).
	var b strings.Builder
	b.Grow(len(x) + 4)
	for i := 0; i < len(x); i++ {
		c := x[i]
		if i+1 < len(x) && (c >= 'a' && c <= 'z' || isDigit(c)) && x[i+1] >= 'A' && x[i+1] <= 'Z' {
			b.WriteByte(c)
			b.WriteByte('_')
			b.WriteByte(x[i+1])
			i++
			continue
		}
		b.WriteByte(c)
	}
	up := strings.ToUpper(b.String())
	b.Reset()
	run := false
	for i := 0; i < len(up); i++ {
		c := up[i]
		if c >= 'A' && c <= 'Z' || isDigit(c) {
			b.WriteByte(c)
			run = false
			continue
		}
		if !run {
			b.WriteByte('_')
			run = true
		}
	}
	return strings.Trim(b.String(), "_")
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
