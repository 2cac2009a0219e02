package schema

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The MCP Registry server.json schemas, as published at
// https://static.modelcontextprotocol.io/schemas/<date>/server.schema.json
// (see NOTICE).
var (
	//go:embed server.schema.2025-07-09.json
	server20250709 []byte
	//go:embed server.schema.2025-09-29.json
	server20250929 []byte
	//go:embed server.schema.2025-12-11.json
	server20251211 []byte
)

// ServerVersions are the server.json schema versions mcplint carries,
// oldest first. The last one is the newest.
var ServerVersions = []string{"2025-07-09", "2025-09-29", "2025-12-11"}

// PublishedServerVersions are every server.json schema version the MCP
// Registry has published (its docs/reference/server-json/CHANGELOG.md),
// oldest first.
var PublishedServerVersions = []string{"2025-07-09", "2025-09-16", "2025-09-29", "2025-10-11", "2025-10-17", "2025-12-11"}

// checkedAs maps a published version mcplint does not carry onto the one
// it is checked against, with the fields the carried schema no longer
// allows but the published one did (from the registry's changelog):
// 2025-09-16 is 2025-09-29 with the registry-managed status and official
// _meta still allowed; 2025-10-11 and 2025-10-17 differ from 2025-12-11
// only in what 2025-12-11 added (URL template variables), which accepts
// more, never less.
var checkedAs = map[string]struct {
	version string
	allowed []string // instance pointers the older version allowed
}{
	"2025-09-16": {"2025-09-29", []string{"/status", "/_meta/io.modelcontextprotocol.registry~1official"}},
	"2025-10-11": {"2025-12-11", nil},
	"2025-10-17": {"2025-12-11", nil},
}

// CheckedAs is the carried version a published version is checked
// against (itself when mcplint carries it, "" when it is not published).
func CheckedAs(version string) string {
	if _, ok := serverSchemas[version]; ok {
		return version
	}
	return checkedAs[version].version
}

// ValidatePublished checks an instance against a published version: its
// own schema when mcplint carries it, else CheckedAs(version)'s without
// the violations the changelog says the older version did not have.
func ValidatePublished(version string, instance any) ([]Violation, error) {
	c, ok := checkedAs[version]
	if !ok {
		return ValidateServer(version, instance)
	}
	vs, err := ValidateServer(c.version, instance)
	out := vs[:0]
	for _, v := range vs {
		if !slices.ContainsFunc(c.allowed, func(p string) bool { return v.Pointer == p || strings.HasPrefix(v.Pointer, p+"/") }) {
			out = append(out, v)
		}
	}
	return out, err
}

// NewestServerVersion is the version a server.json without $schema is
// checked against.
const NewestServerVersion = "2025-12-11"

var serverSchemas = map[string][]byte{
	"2025-07-09": server20250709,
	"2025-09-29": server20250929,
	"2025-12-11": server20251211,
}

// ServerSchema returns the embedded schema text of a version (nil when
// the version is not known).
func ServerSchema(version string) []byte { return serverSchemas[version] }

// ServerSchemaURL is the published address of a version's schema.
func ServerSchemaURL(version string) string {
	return "https://static.modelcontextprotocol.io/schemas/" + version + "/server.schema.json"
}

var schemaDate = regexp.MustCompile(`(?:^|/)(\d{4}-\d{2}-\d{2})/server\.schema\.json$`)

// ServerVersionOf reads the version out of a $schema address. date is the
// date the address names ("" when it names none); known says whether
// the registry published that version.
func ServerVersionOf(schemaURL string) (date string, known bool) {
	m := schemaDate.FindStringSubmatch(strings.TrimSpace(schemaURL))
	if m == nil {
		return "", false
	}
	return m[1], slices.Contains(PublishedServerVersions, m[1])
}

// Violation is one way an instance fails its schema: where (a JSON
// pointer into the instance), and what was expected, in plain words.
type Violation struct {
	Pointer string
	// Key is true when the violation is about a member's name rather
	// than its value (a field the schema does not allow).
	Key     bool
	Message string
}

type compiled struct {
	once   sync.Once
	schema *jsonschema.Schema
	err    error
}

var serverCompiled = map[string]*compiled{
	"2025-07-09": {},
	"2025-09-29": {},
	"2025-12-11": {},
}

// serverValidator compiles a version's schema once.
func serverValidator(version string) (*jsonschema.Schema, error) {
	c, ok := serverCompiled[version]
	if !ok {
		return nil, fmt.Errorf("unknown server.json schema version %q", version)
	}
	c.once.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(serverSchemas[version]))
		if err != nil {
			c.err = err
			return
		}
		comp := jsonschema.NewCompiler()
		url := ServerSchemaURL(version)
		if err := comp.AddResource(url, doc); err != nil {
			c.err = err
			return
		}
		c.schema, c.err = comp.Compile(url)
	})
	return c.schema, c.err
}

// ValidateServer checks one server.json value against the schema of a
// version. instance is the decoded document as jsonschema expects it:
// map[string]any, []any, string, json.Number, bool and nil. The
// violations point at the deepest value that fails, one per problem,
// sorted by pointer.
func ValidateServer(version string, instance any) ([]Violation, error) {
	sch, err := serverValidator(version)
	if err != nil {
		return nil, err
	}
	err = sch.Validate(instance)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	ok := errors.As(err, &ve)
	if !ok {
		return nil, err
	}
	var out []Violation
	for _, l := range leaves(ve) {
		out = append(out, describe(l)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return lessPointer(out[i].Pointer, out[j].Pointer) })
	// The same problem reached through two branches is reported once.
	uniq := out[:0]
	seen := map[string]bool{}
	for _, v := range out {
		k := v.Pointer + "\x00" + v.Message
		if !seen[k] {
			seen[k] = true
			uniq = append(uniq, v)
		}
	}
	return sameInEveryElement(uniq), nil
}

var elementIndex = regexp.MustCompile(`\[\d+\]`)

// sameInEveryElement reports one problem of several elements of one array
// once (runtimeArguments written as strings: one finding, not one per
// string), at the first element, saying how many more share it.
func sameInEveryElement(vs []Violation) []Violation {
	type group struct{ first, n int }
	groups := map[string]*group{}
	var out []Violation
	for _, v := range vs {
		i := strings.LastIndexByte(v.Pointer, '/')
		if i < 0 || v.Key {
			out = append(out, v)
			continue
		}
		if _, err := strconv.Atoi(v.Pointer[i+1:]); err != nil {
			out = append(out, v)
			continue
		}
		k := v.Pointer[:i] + "\x00" + elementIndex.ReplaceAllString(v.Message, "[]")
		if g, ok := groups[k]; ok {
			g.n++
			continue
		}
		groups[k] = &group{first: len(out), n: 1}
		out = append(out, v)
	}
	for _, g := range groups {
		if g.n > 1 {
			out[g.first].Message += fmt.Sprintf(" (and %d more elements of the list the same way)", g.n-1)
		}
	}
	return out
}

// leaves picks the errors worth showing: the causes at the bottom of the
// tree, and of an anyOf or oneOf only the branch the value was meant for.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) > 0 {
			return branch(e)
		}
	}
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// branch chooses among the failed alternatives of an anyOf/oneOf. An
// alternative whose "type" (the discriminator of transports and
// arguments) or whose JSON type does not match was not the one meant;
// of the others the one with the fewest problems wins. When none was
// meant, one violation says what the discriminator may be.
func branch(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	var best []*jsonschema.ValidationError
	var misses []*jsonschema.ValidationError
	for _, c := range e.Causes {
		ls := leaves(c)
		if miss := discriminatorMiss(e.InstanceLocation, ls); miss != nil {
			misses = append(misses, miss)
			continue
		}
		if best == nil || len(ls) < len(best) {
			best = ls
		}
	}
	if alt := requiredAlternatives(e); alt != nil {
		return []*jsonschema.ValidationError{alt}
	}
	if best != nil {
		return best
	}
	if len(misses) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	return []*jsonschema.ValidationError{merge(misses)}
}

// anyRequired is "one of these members is required" (an anyOf of
// required lists, as a positional argument's value or valueHint).
type anyRequired struct{ Missing []string }

func (*anyRequired) KeywordPath() []string { return []string{"anyOf"} }

func (k *anyRequired) LocalizedString(*message.Printer) string {
	return "missing " + quoteList(k.Missing, "or")
}

// requiredAlternatives merges alternatives that each only miss a member
// of the same object.
func requiredAlternatives(e *jsonschema.ValidationError) *jsonschema.ValidationError {
	var missing []string
	var schemaURL string
	for _, c := range e.Causes {
		ls := leaves(c)
		if len(ls) != 1 {
			return nil
		}
		r, ok := ls[0].ErrorKind.(*kind.Required)
		if !ok || len(ls[0].InstanceLocation) != len(e.InstanceLocation) {
			return nil
		}
		missing = append(missing, r.Missing...)
		schemaURL = ls[0].SchemaURL
	}
	if len(missing) < 2 {
		return nil
	}
	return &jsonschema.ValidationError{SchemaURL: schemaURL, InstanceLocation: e.InstanceLocation, ErrorKind: &anyRequired{Missing: dedupeStrings(missing)}}
}

// discriminatorMiss returns the leaf that shows an alternative does not
// apply: a wrong JSON type of the value itself, or a wrong "type" member.
func discriminatorMiss(at []string, ls []*jsonschema.ValidationError) *jsonschema.ValidationError {
	for _, l := range ls {
		switch l.ErrorKind.(type) {
		case *kind.Type:
			if len(l.InstanceLocation) == len(at) {
				return l
			}
		case *kind.Enum, *kind.Const:
			if len(l.InstanceLocation) == len(at)+1 && l.InstanceLocation[len(at)] == "type" {
				return l
			}
		}
	}
	return nil
}

// merge joins the discriminator misses of every alternative into one
// error listing everything that would have been accepted.
func merge(ms []*jsonschema.ValidationError) *jsonschema.ValidationError {
	var types []string
	var values []any
	var loc []string
	var got any
	for _, m := range ms {
		switch k := m.ErrorKind.(type) {
		case *kind.Type:
			types = append(types, k.Want...)
			got = k.Got
			loc = m.InstanceLocation
		case *kind.Enum:
			values = append(values, k.Want...)
			got = k.Got
			loc = m.InstanceLocation
		case *kind.Const:
			values = append(values, k.Want)
			got = k.Got
			loc = m.InstanceLocation
		}
	}
	if len(values) > 0 {
		return &jsonschema.ValidationError{InstanceLocation: loc, ErrorKind: &kind.Enum{Got: got, Want: dedupeAny(values)}}
	}
	g, _ := got.(string)
	return &jsonschema.ValidationError{InstanceLocation: loc, ErrorKind: &kind.Type{Got: g, Want: dedupeStrings(types)}}
}

func dedupeAny(vs []any) []any {
	var out []any
	seen := map[string]bool{}
	for _, v := range vs {
		k := fmt.Sprint(v)
		if !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}

func dedupeStrings(vs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// pointerOf turns instance location tokens into a JSON pointer.
func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// label names the value at a location for a message: "description",
// "packages[0]", "the server".
func label(tokens []string) string {
	if len(tokens) == 0 {
		return "the server"
	}
	last := tokens[len(tokens)-1]
	if _, err := strconv.Atoi(last); err == nil && len(tokens) >= 2 {
		return tokens[len(tokens)-2] + "[" + last + "]"
	}
	return last
}

// definitionWords names what an object is from the schema definition the
// failing keyword belongs to.
var definitionWords = map[string]string{
	"ServerDetail":            "a server",
	"Server":                  "a server",
	"Package":                 "a package",
	"Repository":              "a repository",
	"KeyValueInput":           "an environment variable or header",
	"NamedArgument":           "a named argument",
	"PositionalArgument":      "a positional argument",
	"StdioTransport":          "a stdio transport",
	"StreamableHttpTransport": "a streamable-http transport",
	"SseTransport":            "an sse transport",
	"RemoteTransport":         "a remote",
	"Icon":                    "an icon",
	"Input":                   "an input",
}

var definitionRe = regexp.MustCompile(`#/definitions/([A-Za-z]+)`)

func whatIs(e *jsonschema.ValidationError) string {
	ms := definitionRe.FindAllStringSubmatch(e.SchemaURL, -1)
	if len(ms) > 0 {
		if w, ok := definitionWords[ms[len(ms)-1][1]]; ok {
			return w
		}
	}
	return "this object"
}

// patternWords explains the patterns the server.json schemas use.
var patternWords = map[string]string{
	`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`: `must be a reverse-DNS namespace, one "/" and a name of letters, digits, ".", "_" or "-" (io.github.user/weather)`,
	`^[a-f0-9]{64}$`:                   "must be a SHA-256 hash written as 64 lower-case hexadecimal digits",
	`^https?://[^\s]+$`:                "must be an http:// or https:// address without spaces",
	`^(\d+x\d+|any)$`:                  `must be a size such as "48x48", or "any"`,
}

// camelOf maps the snake_case fields of the 2025-07-09 schema to the
// names later versions use.
var camelOf = map[string]string{
	"registry_type":         "registryType",
	"registry_base_url":     "registryBaseUrl",
	"file_sha256":           "fileSha256",
	"runtime_hint":          "runtimeHint",
	"runtime_arguments":     "runtimeArguments",
	"package_arguments":     "packageArguments",
	"environment_variables": "environmentVariables",
	"is_required":           "isRequired",
	"is_secret":             "isSecret",
	"is_repeated":           "isRepeated",
	"value_hint":            "valueHint",
	"website_url":           "websiteUrl",
}

// SnakeToCamel returns the name later schema versions use for a
// snake_case field of 2025-07-09 ("" when there is none).
func SnakeToCamel(field string) string { return camelOf[field] }

var snakeOf = func() map[string]string {
	m := map[string]string{}
	for k, v := range camelOf {
		m[v] = k
	}
	return m
}()

var printer = message.NewPrinter(language.English)

// describe turns one leaf error into violations with plain messages.
func describe(e *jsonschema.ValidationError) []Violation {
	loc := e.InstanceLocation
	ptr := pointerOf(loc)
	name := label(loc)
	v := func(msg string) []Violation { return []Violation{{Pointer: ptr, Message: msg}} }
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		return v(fmt.Sprintf("%s must have %s", whatIs(e), quoteList(k.Missing, "and")))
	case *anyRequired:
		return v(fmt.Sprintf("%s must have %s", whatIs(e), quoteList(k.Missing, "or")))
	case *kind.Type:
		return v(fmt.Sprintf("%s must be %s, not %s", name, typeWords(k.Want), article(k.Got)))
	case *kind.Enum:
		return v(fmt.Sprintf("%s must be %s, not %s", name, valueList(k.Want), shortValue(k.Got)))
	case *kind.Const:
		return v(fmt.Sprintf("%s must be %s, not %s", name, shortValue(k.Want), shortValue(k.Got)))
	case *kind.MaxLength:
		return v(fmt.Sprintf("%s is %d characters long; at most %d are allowed", name, k.Got, k.Want))
	case *kind.MinLength:
		if k.Got == 0 {
			return v(fmt.Sprintf("%s is empty; it must have at least %s", name, plural(k.Want, "character")))
		}
		return v(fmt.Sprintf("%s is %s long; it must have at least %d", name, plural(k.Got, "character"), k.Want))
	case *kind.Pattern:
		if w, ok := patternWords[k.Want]; ok {
			return v(fmt.Sprintf("%s %s, not %s", name, w, shortValue(k.Got)))
		}
		return v(fmt.Sprintf("%s %s does not match the pattern %s", name, shortValue(k.Got), k.Want))
	case *kind.Format:
		if k.Want == "uri" || k.Want == "uri-reference" {
			return v(fmt.Sprintf("%s must be an absolute address such as https://example.com/page, not %s", name, shortValue(k.Got)))
		}
		return v(fmt.Sprintf("%s is not a valid %s", name, k.Want))
	case *kind.Not:
		if name == "version" {
			return v(`version must not be "latest": name the exact version`)
		}
		return v(fmt.Sprintf("%s has a value the schema forbids", name))
	case *kind.AdditionalProperties:
		var out []Violation
		for _, p := range k.Properties {
			msg := fmt.Sprintf("%q is not a field of %s in this schema version", p, whatIs(e))
			if c := camelOf[p]; c != "" {
				msg += fmt.Sprintf(": later versions call it %q", c)
			} else if s := snakeOf[p]; s != "" {
				msg += fmt.Sprintf(": this version calls it %q", s)
			}
			out = append(out, Violation{Pointer: pointerOf(append(append([]string{}, loc...), p)), Key: true, Message: msg})
		}
		return out
	case *kind.FalseSchema:
		return v(fmt.Sprintf("%s is not allowed here", name))
	case *kind.AnyOf, *kind.OneOf:
		return v(fmt.Sprintf("%s matches none of the shapes the schema allows here", name))
	}
	return v(fmt.Sprintf("%s: %s", name, e.ErrorKind.LocalizedString(printer)))
}

func quoteList(xs []string, conj string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return joinWords(q, conj)
}

func joinWords(q []string, conj string) string {
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " " + conj + " " + q[len(q)-1]
}

func typeWords(ts []string) string {
	ws := make([]string, len(ts))
	for i, t := range ts {
		ws[i] = article(t)
	}
	return joinWords(ws, "or")
}

func article(t string) string {
	switch t {
	case "object", "array", "integer":
		return "an " + t
	case "string", "number":
		return "a " + t
	case "boolean":
		return "true or false"
	}
	return t
}

func valueList(vs []any) string {
	ws := make([]string, len(vs))
	for i, v := range vs {
		ws[i] = shortValue(v)
	}
	if len(ws) == 1 {
		return ws[0]
	}
	return "one of " + joinWords(ws, "or")
}

// shortValue shows a value in a message, cut to 60 characters.
func shortValue(v any) string {
	s, ok := v.(string)
	if !ok {
		switch v.(type) {
		case map[string]any:
			return "an object"
		case []any:
			return "an array"
		case nil:
			return "null"
		}
		return fmt.Sprint(v)
	}
	if utf8.RuneCountInString(s) > 60 {
		s = string([]rune(s)[:59]) + "…"
	}
	return strconv.Quote(s)
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return strconv.Itoa(n) + " " + w + "s"
}

// lessPointer orders pointers as the values appear in a document: array
// indexes numerically.
func lessPointer(a, b string) bool {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		ai, aerr := strconv.Atoi(as[i])
		bi, berr := strconv.Atoi(bs[i])
		if aerr == nil && berr == nil {
			return ai < bi
		}
		return as[i] < bs[i]
	}
	return len(as) < len(bs)
}
