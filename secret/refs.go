package secret

import (
	"slices"
	"strings"
)

// Reference syntaxes. The names are stable: they appear in findings.
const (
	// SyntaxDollarBrace is ${VAR} and ${VAR:-default} (Claude Code, Gemini
	// CLI, Kiro, Grok, oceancode, super-pi). Names may hold dots, as in
	// ${user_config.api_key}.
	SyntaxDollarBrace = "dollar-brace"
	// SyntaxDollar is a bare $VAR (Gemini CLI).
	SyntaxDollar = "dollar"
	// SyntaxEnvColon is ${env:VAR} (Cursor, VS Code, Windsurf, Roo).
	SyntaxEnvColon = "env-colon"
	// SyntaxInput is ${input:id} (VS Code prompt inputs).
	SyntaxInput = "input"
	// SyntaxEditorVar is an editor variable such as ${workspaceFolder},
	// ${userHome}, ${pathSeparator}, ${/} or ${config:x}.
	SyntaxEditorVar = "editor-var"
	// SyntaxOpencode is {env:VAR} or {file:path} (opencode).
	SyntaxOpencode = "opencode"
	// SyntaxFile is ${file:path} (Windsurf).
	SyntaxFile = "file"
	// SyntaxContinue is ${{ secrets.X }} or ${{ inputs.X }} (Continue).
	SyntaxContinue = "continue"
	// SyntaxProcessEnv is ${process.env.NAME}: JavaScript's template
	// syntax, copied into configs from code. No client expands it.
	SyntaxProcessEnv = "process-env"
	// SyntaxTemplate is {{name}} (template placeholders such as {{session_id}}).
	SyntaxTemplate = "template"
	// SyntaxCatalogueInput is a Paseo catalogue placeholder {INPUT_NAME}.
	// Standing alone it must be upper case; inside other text ("Bearer
	// {token}") lower case is accepted too.
	SyntaxCatalogueInput = "catalogue-input"
)

// Reference is one variable reference inside a string.
//
// Name is the variable name without its decoration: "VAR" for ${VAR},
// ${env:VAR}, $VAR and {env:VAR}; the id for ${input:id}; the path for
// ${file:p} and {file:p}; "secrets.X" for ${{ secrets.X }}; the whole inner
// text for editor variables ("workspaceFolder", "config:x", "/").
//
// Default is the fallback text of ${VAR:-default}. It is literal text taken
// from the config, so it may itself hold a credential: Scan checks it, and
// callers must pass it through MaskValue before showing it.
type Reference struct {
	Syntax     string
	Name       string
	Start, End int // byte range of the whole reference
	Default    string
	HasDefault bool
}

// editorVars are the VS Code style predefined variables written ${name}.
var editorVars = map[string]bool{
	"workspaceFolder": true, "workspaceFolderBasename": true, "workspaceRoot": true,
	"userHome": true, "pathSeparator": true, "/": true, "cwd": true,
	"file": true, "fileBasename": true, "fileBasenameNoExtension": true,
	"fileDirname": true, "fileDirnameBasename": true, "fileExtname": true,
	"fileWorkspaceFolder": true, "relativeFile": true, "relativeFileDirname": true,
	"lineNumber": true, "selectedText": true, "execPath": true,
	"defaultBuildTask": true, "extensionInstallFolder": true,
}

// editorVarPrefixes are editor variables that take an argument after a colon.
var editorVarPrefixes = []string{"config:", "command:", "workspaceFolder:", "workspaceFolderBasename:", "extensionInstallFolder:"}

// IsReference reports whether s (ignoring surrounding white space) is
// entirely one variable reference or placeholder in any client's syntax, and
// returns that syntax.
func IsReference(s string) (syntax string, ok bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return "", false
	}
	switch t[0] {
	case '$', '{':
	default:
		return "", false
	}
	for _, r := range References(t) {
		if r.Start == 0 && r.End == len(t) {
			return r.Syntax, true
		}
	}
	return "", false
}

// References lists every variable reference inside s, sorted by start
// offset. References nested in a default (${A:-${B}}) are listed too.
func References(s string) []Reference {
	if strings.IndexByte(s, '$') < 0 && strings.IndexByte(s, '{') < 0 {
		return nil
	}
	out := appendRefs(nil, s)
	slices.SortStableFunc(out, func(a, b Reference) int { return a.Start - b.Start })
	return out
}

// appendRefs appends the references in s to dst, unsorted.
// maxRefs bounds the references read from one string. Past it the rest
// is read as plain text: it is then scanned for secrets like any text
// (more is masked, never less), and a value made of "{A}" repeated
// 300,000 times costs no more than its length.
const maxRefs = 4096

func appendRefs(dst []Reference, s string) []Reference {
	p := refParser{s: s}
	if len(s) > 128 {
		p.buildMatch()
	}
	return p.parse(0, len(s), true, dst)
}

// refParser finds references in s. For long strings it first pairs every
// '{' with its '}' in one pass, so that parsing stays linear even for
// hostile input such as "${${${…".
type refParser struct {
	s     string
	match []int32 // for s[i] == '{': index of its '}', or -1; nil for short s
}

// buildMatch fills match. A newline closes nothing: references do not span
// lines.
func (p *refParser) buildMatch() {
	p.match = make([]int32, len(p.s))
	var stackBuf [64]int32
	stack := stackBuf[:0]
	for i := 0; i < len(p.s); i++ {
		p.match[i] = -1
		switch p.s[i] {
		case '{':
			stack = append(stack, int32(i))
		case '}':
			if n := len(stack); n > 0 {
				p.match[stack[n-1]] = int32(i)
				stack = stack[:n-1]
			}
		case '\n':
			stack = stack[:0]
		}
	}
}

// closeOf returns the index of the '}' matching the '{' at open, if it is
// before to, or -1.
func (p *refParser) closeOf(open, to int) int {
	if p.match != nil {
		if m := int(p.match[open]); m >= 0 && m < to {
			return m
		}
		return -1
	}
	depth := 0
	for j := open; j < to; j++ {
		switch p.s[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		case '\n':
			return -1
		}
	}
	return -1
}

// parse appends the references in s[from:to]. top is true for the caller's
// whole string.
func (p *refParser) parse(from, to int, top bool, out []Reference) []Reference {
	s := p.s
	for i := from; i < to; {
		var (
			r   Reference
			end int
			ok  bool
		)
		switch s[i] {
		case '$':
			r, end, ok = p.parseDollar(i, from, to)
		case '{':
			if i == from || (s[i-1] != '$' && s[i-1] != '{') {
				r, end, ok = p.parseBrace(i, to, top && i == from)
			}
		}
		if !ok {
			i++
			continue
		}
		if len(out) >= maxRefs {
			return out
		}
		out = append(out, r)
		if r.HasDefault && r.Default != "" {
			out = p.parse(r.End-1-len(r.Default), r.End-1, false, out)
		}
		i = end
	}
	return out
}

// parseDollar parses a reference starting with '$' at s[i] within
// s[from:to]. It returns the reference, the index just past it, and whether
// one was found.
func (p *refParser) parseDollar(i, from, to int) (Reference, int, bool) {
	s := p.s
	rest := s[i:to]
	if strings.HasPrefix(rest, "${{") {
		c := p.closeOf(i+2, to)
		if c < 0 || c+1 >= to || s[c+1] != '}' || p.closeOf(i+1, to) != c+1 {
			return Reference{}, 0, false
		}
		if c-i > 256 {
			return Reference{}, 0, false
		}
		inner := strings.TrimSpace(s[i+3 : c])
		if ns, name, found := strings.Cut(inner, "."); found && (ns == "secrets" || ns == "inputs") && isDottedName(name) {
			return Reference{Syntax: SyntaxContinue, Name: inner, Start: i, End: c + 2}, c + 2, true
		}
		return Reference{}, 0, false
	}
	if strings.HasPrefix(rest, "${") {
		c := p.closeOf(i+1, to)
		if c < 0 {
			return Reference{}, 0, false
		}
		r, ok := classifyDollarBrace(s[i+2 : c])
		if !ok {
			return Reference{}, 0, false
		}
		r.Start, r.End = i, c+1
		return r, c + 1, true
	}
	// $VAR: only at a word start, so that "pa$word" or "pa$$word" stay text.
	if i > from && (isAlnum(s[i-1]) || s[i-1] == '$' || s[i-1] == '\\' || s[i-1] == '_') {
		return Reference{}, 0, false
	}
	n := identLen(rest[1:])
	if n == 0 {
		return Reference{}, 0, false
	}
	name := rest[1 : 1+n]
	if looksLikeToken(name) {
		return Reference{}, 0, false
	}
	return Reference{Syntax: SyntaxDollar, Name: name, Start: i, End: i + 1 + n}, i + 1 + n, true
}

// classifyDollarBrace classifies the inner text of ${...}.
func classifyDollarBrace(inner string) (Reference, bool) {
	if inner == "" {
		return Reference{}, false
	}
	if v, ok := strings.CutPrefix(inner, "env:"); ok {
		if identLen(v) == len(v) && v != "" {
			return Reference{Syntax: SyntaxEnvColon, Name: v}, true
		}
		return Reference{}, false
	}
	if v, ok := strings.CutPrefix(inner, "input:"); ok {
		if isDottedName(v) {
			return Reference{Syntax: SyntaxInput, Name: v}, true
		}
		return Reference{}, false
	}
	if v, ok := strings.CutPrefix(inner, "file:"); ok {
		if v != "" && !strings.ContainsAny(v, "{}") {
			return Reference{Syntax: SyntaxFile, Name: v}, true
		}
		return Reference{}, false
	}
	if v, ok := strings.CutPrefix(inner, "process.env."); ok {
		if v != "" && identLen(v) == len(v) {
			return Reference{Syntax: SyntaxProcessEnv, Name: v}, true
		}
		return Reference{}, false
	}
	// Editor variables are short; the length test also keeps hostile
	// nesting from hashing long strings at every level.
	if len(inner) <= 256 {
		if editorVars[inner] {
			return Reference{Syntax: SyntaxEditorVar, Name: inner}, true
		}
		for _, p := range editorVarPrefixes {
			if strings.HasPrefix(inner, p) && len(inner) > len(p) && !strings.ContainsAny(inner, "{} ") {
				return Reference{Syntax: SyntaxEditorVar, Name: inner}, true
			}
		}
	}
	n := dottedIdentLen(inner)
	if n == 0 {
		return Reference{}, false
	}
	name, rest := inner[:n], inner[n:]
	if looksLikeToken(name) {
		return Reference{}, false
	}
	r := Reference{Syntax: SyntaxDollarBrace, Name: name}
	switch {
	case rest == "":
		return r, true
	case strings.HasPrefix(rest, ":-"):
		r.Default, r.HasDefault = rest[2:], true
		return r, true
	case strings.HasPrefix(rest, "-"):
		r.Default, r.HasDefault = rest[1:], true
		return r, true
	}
	return Reference{}, false
}

// parseBrace parses a reference starting with '{' at s[i]: {{name}},
// {env:VAR}, {file:path} or {NAME}. whole is true when s[i] begins the
// caller's whole string.
func (p *refParser) parseBrace(i, to int, whole bool) (Reference, int, bool) {
	s := p.s
	if i+1 < to && s[i+1] == '{' {
		c := p.closeOf(i+1, to)
		if c < 0 || c+1 >= to || s[c+1] != '}' || p.closeOf(i, to) != c+1 {
			return Reference{}, 0, false
		}
		inner := strings.TrimSpace(s[i+2 : c])
		if inner == "" || !isTemplateName(inner) || looksLikeToken(inner) {
			return Reference{}, 0, false
		}
		return Reference{Syntax: SyntaxTemplate, Name: inner, Start: i, End: c + 2}, c + 2, true
	}
	c := p.closeOf(i, to)
	if c < 0 {
		return Reference{}, 0, false
	}
	inner := s[i+1 : c]
	if v, ok := strings.CutPrefix(inner, "env:"); ok {
		if v != "" && identLen(v) == len(v) {
			return Reference{Syntax: SyntaxOpencode, Name: v, Start: i, End: c + 1}, c + 1, true
		}
		return Reference{}, 0, false
	}
	if v, ok := strings.CutPrefix(inner, "file:"); ok {
		if v != "" && !strings.ContainsAny(v, "{\n") {
			return Reference{Syntax: SyntaxOpencode, Name: v, Start: i, End: c + 1}, c + 1, true
		}
		return Reference{}, 0, false
	}
	if inner == "" || identLen(inner) != len(inner) || looksLikeToken(inner) {
		return Reference{}, 0, false
	}
	if whole && c+1 == len(s) && !isUpperIdent(inner) {
		return Reference{}, 0, false
	}
	return Reference{Syntax: SyntaxCatalogueInput, Name: inner, Start: i, End: c + 1}, c + 1, true
}

// identLen returns the length of the identifier [A-Za-z_][A-Za-z0-9_]* at
// the start of s.
func identLen(s string) int {
	if s == "" || !(isLetter(s[0]) || s[0] == '_') {
		return 0
	}
	n := 1
	for n < len(s) && (isAlnum(s[n]) || s[n] == '_') {
		n++
	}
	return n
}

// dottedIdentLen returns the length of ident(.part)* at the start of s, where
// a part is [A-Za-z0-9_-]+.
func dottedIdentLen(s string) int {
	n := identLen(s)
	if n == 0 {
		return 0
	}
	for n+1 < len(s) && s[n] == '.' && isPartChar(s[n+1]) {
		n++
		for n < len(s) && isPartChar(s[n]) {
			n++
		}
	}
	return n
}

func isPartChar(c byte) bool { return isAlnum(c) || c == '_' || c == '-' }

// isDottedName reports whether s is a non-empty run of [A-Za-z0-9_.-].
func isDottedName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isPartChar(s[i]) && s[i] != '.' {
			return false
		}
	}
	return true
}

// isTemplateName reports whether s is [A-Za-z_][A-Za-z0-9_.-]*.
func isTemplateName(s string) bool {
	return identLen(s) > 0 && isDottedName(s)
}

// isUpperIdent reports whether s holds only upper-case letters, digits and
// underscores.
func isUpperIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

// looksLikeToken reports whether a would-be variable name is in fact shaped
// like a known credential, so that "{ghp_…}" is never waved through as a
// reference.
func looksLikeToken(name string) bool {
	return len(name) >= 16 && matchesKnownShape(name)
}
