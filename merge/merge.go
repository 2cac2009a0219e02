// Package merge combines many repositories' mcplint JSON reports and
// CycloneDX documents into one organisation report: findings by rule,
// server packages by version, remote endpoints, and the repositories each
// touches. Inputs are read one file at a time, so memory follows the
// counts, not the inputs. An input that does not parse or does not match
// its schema is named with file:line:column and skipped; it never stops
// the merge.
package merge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/package-url/packageurl-go"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/schema"
	"github.com/mcplint/mcplint/secret"
)

// MaxFileSize is the largest input read; a larger one is skipped.
const MaxFileSize = 64 << 20

// Skip is an input left out, with where and why.
type Skip struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Reason string `json:"reason"`
}

func (s Skip) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", s.File, s.Line, s.Column, s.Reason)
}

// Merger accumulates inputs. The zero value is not ready: use New.
type Merger struct {
	repoIndex map[string]int
	repos     []*repoAgg
	rules     map[string]*ruleAgg
	packages  map[pkgKey]*countAgg
	services  map[string]*countAgg
	skipped   []Skip
	reports   int
	sboms     int
	// OnSkip, when set, is told of each skipped input as it happens.
	OnSkip func(Skip)
}

type repoAgg struct {
	name                     string
	reports, sboms           int
	findings                 int
	errors, warnings, infos  int
	servers                  int
	components, servicesSeen int
}

type ruleAgg struct {
	findings, errors, warnings, infos int
	repos                             map[int]struct{}
}

type pkgKey struct{ pkg, version string }

type countAgg struct {
	definitions int
	repos       map[int]struct{}
}

// New returns an empty merger.
func New() *Merger {
	return &Merger{
		repoIndex: map[string]int{},
		rules:     map[string]*ruleAgg{},
		packages:  map[pkgKey]*countAgg{},
		services:  map[string]*countAgg{},
	}
}

// AddPaths merges every input under paths: a file is one input (its
// repository is the folder holding it); a folder is walked for *.json
// files, each belonging to the repository named by its first folder
// under the given one, or by its own name (less .json and .cdx.json)
// when it lies directly in it. A path that cannot be read is skipped.
func (m *Merger) AddPaths(paths []string) {
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			m.skip(Skip{File: p, Line: 1, Column: 1, Reason: cleanReason(err)})
			continue
		}
		if !fi.IsDir() {
			m.AddFile(p, filepath.Base(filepath.Dir(absOr(p))))
			continue
		}
		root := p
		_ = filepath.WalkDir(root, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				m.skip(Skip{File: q, Line: 1, Column: 1, Reason: cleanReason(err)})
				return nil
			}
			if d.IsDir() || !strings.HasSuffix(strings.ToLower(d.Name()), ".json") {
				return nil
			}
			m.AddFile(q, RepoOf(root, q))
			return nil
		})
	}
}

// RepoOf names the repository of file found under root.
func RepoOf(root, file string) string {
	rel, err := filepath.Rel(root, file)
	if err != nil {
		return filepath.Base(filepath.Dir(file))
	}
	rel = filepath.ToSlash(rel)
	if i := strings.IndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	name := rel
	for _, ext := range []string{".cdx.json", ".sarif.json", ".json"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return name[:len(name)-len(ext)]
		}
	}
	return name
}

func absOr(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// AddFile merges one input of repository repo. It reports whether the
// input was merged; a skipped one is recorded with its position.
func (m *Merger) AddFile(path, repo string) bool {
	// Opening a FIFO or a device blocks or never ends: only regular
	// files are read, as check does.
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		m.skip(Skip{File: path, Line: 1, Column: 1, Reason: "not a regular file"})
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		m.skip(Skip{File: path, Line: 1, Column: 1, Reason: cleanReason(err)})
		return false
	}
	defer func() { _ = f.Close() }() // read only
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		m.skip(Skip{File: path, Line: 1, Column: 1, Reason: cleanReason(err)})
		return false
	}
	if len(src) > MaxFileSize {
		m.skip(Skip{File: path, Line: 1, Column: 1, Reason: fmt.Sprintf("larger than %d MiB", MaxFileSize>>20)})
		return false
	}
	return m.Add(path, repo, src)
}

// Add merges one input held in memory; name is how it is reported.
func (m *Merger) Add(name, repo string, src []byte) bool {
	v, err := decode(src)
	if err != nil {
		m.skip(syntaxSkip(name, src, err))
		return false
	}
	obj, _ := v.(map[string]any)
	switch {
	case obj == nil:
		m.skip(Skip{File: name, Line: 1, Column: 1, Reason: "neither an mcplint JSON report nor a CycloneDX document (not a JSON object)"})
	case obj["bomFormat"] != nil:
		if v, _ := obj["specVersion"].(string); !knownSpec[v] {
			s := Skip{File: name, Line: 1, Column: 1, Reason: fmt.Sprintf("specVersion %q: merge reads CycloneDX 1.2 to 1.6", v)}
			if pos, ok := positionOf(src, "/specVersion"); ok {
				s.Line, s.Column = pos.Line, pos.Column
			}
			m.skip(s)
			return false
		}
		if err := schema.ValidateCycloneDXValue(obj); err != nil {
			m.skip(schemaSkip(name, src, err, "not a CycloneDX 1.6 document"))
			return false
		}
		m.addBOM(m.repo(repo), obj)
		return true
	case obj["findings"] != nil || obj["summary"] != nil:
		if err := validateReport(obj); err != nil {
			m.skip(schemaSkip(name, src, err, "not an mcplint JSON report (schema/findings.schema.json)"))
			return false
		}
		m.addReport(m.repo(repo), obj)
		return true
	default:
		m.skip(Skip{File: name, Line: 1, Column: 1, Reason: "neither an mcplint JSON report nor a CycloneDX document (no findings or bomFormat)"})
	}
	return false
}

func (m *Merger) skip(s Skip) {
	s.File = clean(s.File)
	s.Reason = clean(s.Reason)
	m.skipped = append(m.skipped, s)
	if m.OnSkip != nil {
		m.OnSkip(s)
	}
}

func (m *Merger) repo(name string) int {
	name = clean(name)
	if i, ok := m.repoIndex[name]; ok {
		return i
	}
	m.repoIndex[name] = len(m.repos)
	m.repos = append(m.repos, &repoAgg{name: name})
	return len(m.repos) - 1
}

// decode reads one JSON value, numbers kept as json.Number (what the
// schema validator expects); anything after it is an error.
func decode(src []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON value")
	}
	return v, nil
}

// syntaxSkip places a JSON error with the project's own parser, which
// names what broke and where; the standard decoder's offset is the
// fallback.
func syntaxSkip(name string, src []byte, derr error) Skip {
	f, err := syntax.Parse(src, syntax.JSON)
	var se *syntax.Error
	if errors.As(err, &se) {
		p := f.Position(se.Offset)
		return Skip{File: name, Line: p.Line, Column: p.Column, Reason: se.Error()}
	}
	off := len(src)
	var je *json.SyntaxError
	if errors.As(derr, &je) {
		off = int(je.Offset)
	}
	p := syntax.PositionIn(src, nil, off)
	return Skip{File: name, Line: p.Line, Column: p.Column, Reason: derr.Error()}
}

var printer = message.NewPrinter(language.English)

// schemaSkip places the schema violation that comes first in the file at
// its value.
func schemaSkip(name string, src []byte, err error, what string) Skip {
	s := Skip{File: name, Line: 1, Column: 1, Reason: what + ": " + err.Error()}
	var roots violations
	var ve *jsonschema.ValidationError
	switch {
	case errors.As(err, &roots):
	case errors.As(err, &ve):
		roots = violations{ve}
	default:
		return s
	}
	var leaves []*jsonschema.ValidationError
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, e)
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	for _, r := range roots {
		walk(r)
	}
	f, perr := syntax.Parse(src, syntax.JSON)
	best, bestOff, bestPtr := (*jsonschema.ValidationError)(nil), -1, ""
	for _, l := range leaves {
		ptr := syntax.Pointer(l.InstanceLocation...)
		off := 0
		if perr == nil && f.Root != nil {
			if n := f.Root.Lookup(ptr); n != nil {
				off = n.Start
			}
		}
		if best == nil || off < bestOff || (off == bestOff && ptr < bestPtr) {
			best, bestOff, bestPtr = l, off, ptr
		}
	}
	s.Reason = what + ": at " + orRoot(bestPtr) + ": " + best.ErrorKind.LocalizedString(printer)
	if perr == nil {
		p := f.Position(bestOff)
		s.Line, s.Column = p.Line, p.Column
	}
	return s
}

func orRoot(ptr string) string {
	if ptr == "" {
		return "the top level"
	}
	return ptr
}

// knownSpec are the CycloneDX versions the 1.6 schema reads.
var knownSpec = map[string]bool{"1.2": true, "1.3": true, "1.4": true, "1.5": true, "1.6": true}

// positionOf finds the value at a JSON pointer.
func positionOf(src []byte, ptr string) (syntax.Position, bool) {
	f, err := syntax.Parse(src, syntax.JSON)
	if err != nil || f.Root == nil {
		return syntax.Position{}, false
	}
	n := f.Root.Lookup(ptr)
	if n == nil {
		return syntax.Position{}, false
	}
	return f.Position(n.Start), true
}

var (
	reportOnce    sync.Once
	reportSchema  *jsonschema.Schema
	findingSchema *jsonschema.Schema
	reportErr     error
)

// validateReport checks a report against schema/findings.schema.json. A
// report of a newer mcplint carries a top-level "version"; a schema that
// does not know it yet accepts the report without it. Findings are
// checked one by one and the first bad one ends the check: a report of
// 800,000 empty objects costs one error, not 800,000 of them.
func validateReport(obj map[string]any) error {
	reportOnce.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema.Findings))
		if err != nil {
			reportErr = err
			return
		}
		c := jsonschema.NewCompiler()
		const url = "https://mcplint.dev/schema/findings.schema.json"
		if reportErr = c.AddResource(url, doc); reportErr != nil {
			return
		}
		if reportSchema, reportErr = c.Compile(url); reportErr != nil {
			return
		}
		findingSchema, reportErr = c.Compile(url + "#/definitions/finding")
	})
	if reportErr != nil {
		return fmt.Errorf("findings schema: %w", reportErr)
	}
	findings, isArray := obj["findings"].([]any)
	top := obj
	if isArray {
		top = make(map[string]any, len(obj))
		for k, v := range obj {
			top[k] = v
		}
		top["findings"] = []any{}
	}
	var found violations
	if err := validateTop(top); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return err
		}
		found = append(found, ve)
	}
	for i, f := range findings {
		err := findingSchema.Validate(f)
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			prefixLocation(ve, "findings", strconv.Itoa(i))
			found = append(found, ve)
			break
		}
		if err != nil {
			return err
		}
	}
	if len(found) == 0 {
		return nil
	}
	return found
}

// violations are the schema errors of a report's top level and of its
// first bad finding; schemaSkip names the one that comes first in the file.
type violations []*jsonschema.ValidationError

func (v violations) Error() string {
	parts := make([]string, len(v))
	for i, e := range v {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

func validateTop(obj map[string]any) error {
	err := reportSchema.Validate(obj)
	if ver, ok := obj["version"]; err != nil && ok {
		rest := make(map[string]any, len(obj))
		for k, v := range obj {
			if k != "version" {
				rest[k] = v
			}
		}
		if _, isString := ver.(string); isString && reportSchema.Validate(rest) == nil {
			return nil
		}
	}
	return err
}

// prefixLocation places an error found in a part of the document at
// that part's place in the whole.
func prefixLocation(e *jsonschema.ValidationError, at ...string) {
	e.InstanceLocation = append(append([]string{}, at...), e.InstanceLocation...)
	for _, c := range e.Causes {
		prefixLocation(c, at...)
	}
}

func (m *Merger) addReport(ri int, obj map[string]any) {
	m.reports++
	r := m.repos[ri]
	r.reports++
	if sum, ok := obj["summary"].(map[string]any); ok {
		r.servers = satAdd(r.servers, intOf(sum["servers"]))
	}
	fs, _ := obj["findings"].([]any)
	for _, f := range fs {
		fo, _ := f.(map[string]any)
		id, _ := fo["rule"].(string)
		// A rule id is the scanned report's text: masked and escaped
		// like every other string it holds.
		id = clean(id)
		level, _ := fo["level"].(string)
		ra := m.rules[id]
		if ra == nil {
			ra = &ruleAgg{repos: map[int]struct{}{}}
			m.rules[id] = ra
		}
		ra.findings++
		ra.repos[ri] = struct{}{}
		r.findings++
		switch level {
		case "error":
			ra.errors++
			r.errors++
		case "warning":
			ra.warnings++
			r.warnings++
		case "info":
			ra.infos++
			r.infos++
		}
	}
}

// satAdd adds two non-negative counts, stopping at the largest int
// instead of wrapping round to a negative total.
func satAdd(a, b int) int {
	if b > 0 && a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

func intOf(v any) int {
	if n, ok := v.(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return int(i)
		}
	}
	return 0
}

func (m *Merger) addBOM(ri int, obj map[string]any) {
	m.sboms++
	r := m.repos[ri]
	r.sboms++
	var walk func(cs []any)
	walk = func(cs []any) {
		for _, c := range cs {
			co, _ := c.(map[string]any)
			if co == nil {
				continue
			}
			r.components++
			p, _ := co["purl"].(string)
			if key, ok := packageKey(p); ok {
				count(m.packages, key, ri)
			}
			if sub, ok := co["components"].([]any); ok {
				walk(sub)
			}
		}
	}
	cs, _ := obj["components"].([]any)
	walk(cs)
	var walkSvc func(ss []any)
	walkSvc = func(ss []any) {
		for _, s := range ss {
			so, _ := s.(map[string]any)
			if so == nil {
				continue
			}
			r.servicesSeen++
			eps, _ := so["endpoints"].([]any)
			for _, e := range eps {
				if es, ok := e.(string); ok && es != "" {
					count(m.services, clean(es), ri)
				}
			}
			if sub, ok := so["services"].([]any); ok {
				walkSvc(sub)
			}
		}
	}
	ss, _ := obj["services"].([]any)
	walkSvc(ss)
}

func count[K comparable](m map[K]*countAgg, k K, ri int) {
	a := m[k]
	if a == nil {
		a = &countAgg{repos: map[int]struct{}{}}
		m[k] = a
	}
	a.definitions++
	a.repos[ri] = struct{}{}
}

// packageKey is a purl without its version (and qualifiers, but an OCI
// image keeps its repository_url, which names it), and the version.
// Documents from other tools are masked like everything else.
func packageKey(p string) (pkgKey, bool) {
	if p == "" {
		return pkgKey{}, false
	}
	u, err := packageurl.FromString(p)
	if err != nil {
		return pkgKey{pkg: clean(p)}, true
	}
	var q packageurl.Qualifiers
	if u.Type == packageurl.TypeOCI {
		for _, k := range u.Qualifiers {
			if k.Key == "repository_url" {
				q = append(q, k)
			}
		}
	}
	base := packageurl.NewPackageURL(u.Type, u.Namespace, u.Name, "", q, "")
	return pkgKey{pkg: clean(base.ToString()), version: clean(u.Version)}, true
}

// clean masks anything key-shaped and escapes control and bidi
// characters, so no secret and no terminal escape from an input reaches
// the output.
func clean(s string) string {
	// Text, not only the detectors: a reason quotes what the file holds,
	// and a token no detector knows is masked too.
	s = secret.Text(s)
	if !strings.ContainsFunc(s, mayBeUnsafe) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case secret.HiddenClass(rs, i, true) != "": // controls included
			if r > 0xffff {
				// JSON's and Markdown's readers know \u escapes of one
				// UTF-16 unit; write the pair.
				r1, r2 := utf16.EncodeRune(r)
				fmt.Fprintf(&b, "\\u%04x\\u%04x", r1, r2)
				continue
			}
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mayBeUnsafe: a control character, or one of secret's hidden ones.
func mayBeUnsafe(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || secret.MayHide(r)
}

func cleanReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Result is the organisation report.
type Result struct {
	Inputs       Inputs        `json:"inputs"`
	Findings     Totals        `json:"findings"`
	Rules        []RuleCount   `json:"rules"`
	Packages     []PackageUse  `json:"packages"`
	Services     []ServiceUse  `json:"services"`
	Repositories []RepoSummary `json:"repositories"`
	Skipped      []Skip        `json:"skipped"`
}

// Inputs counts what was read.
type Inputs struct {
	Repositories int `json:"repositories"`
	Reports      int `json:"reports"`
	SBOMs        int `json:"sboms"`
	Skipped      int `json:"skipped"`
}

// Totals counts findings over every report.
type Totals struct {
	Total    int `json:"total"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	// Repositories is how many repositories have at least one finding.
	Repositories int `json:"repositories"`
}

// RuleCount is one rule's findings across the organisation.
type RuleCount struct {
	Rule         string `json:"rule"`
	Findings     int    `json:"findings"`
	Errors       int    `json:"errors"`
	Warnings     int    `json:"warnings"`
	Infos        int    `json:"infos"`
	Repositories int    `json:"repositories"`
}

// PackageUse is one package at one version ("" when unpinned or not
// known) across the organisation.
type PackageUse struct {
	Package      string `json:"package"`
	Version      string `json:"version"`
	Definitions  int    `json:"definitions"`
	Repositories int    `json:"repositories"`
}

// ServiceUse is one remote endpoint across the organisation.
type ServiceUse struct {
	Endpoint     string `json:"endpoint"`
	Definitions  int    `json:"definitions"`
	Repositories int    `json:"repositories"`
}

// RepoSummary is one repository's share.
type RepoSummary struct {
	Name       string `json:"name"`
	Reports    int    `json:"reports"`
	SBOMs      int    `json:"sboms"`
	Findings   int    `json:"findings"`
	Errors     int    `json:"errors"`
	Warnings   int    `json:"warnings"`
	Infos      int    `json:"infos"`
	Servers    int    `json:"servers"`
	Components int    `json:"components"`
	Services   int    `json:"services"`
}

// Result sorts what was merged: rules, packages and endpoints by how
// many repositories they touch, repositories by findings.
func (m *Merger) Result() *Result {
	res := &Result{
		Inputs:       Inputs{Repositories: len(m.repos), Reports: m.reports, SBOMs: m.sboms, Skipped: len(m.skipped)},
		Rules:        []RuleCount{},
		Packages:     []PackageUse{},
		Services:     []ServiceUse{},
		Repositories: []RepoSummary{},
		Skipped:      append([]Skip{}, m.skipped...),
	}
	for id, a := range m.rules {
		res.Rules = append(res.Rules, RuleCount{Rule: id, Findings: a.findings, Errors: a.errors, Warnings: a.warnings, Infos: a.infos, Repositories: len(a.repos)})
	}
	sort.Slice(res.Rules, func(i, j int) bool {
		a, b := res.Rules[i], res.Rules[j]
		if a.Repositories != b.Repositories {
			return a.Repositories > b.Repositories
		}
		if a.Findings != b.Findings {
			return a.Findings > b.Findings
		}
		return a.Rule < b.Rule
	})
	for k, a := range m.packages {
		res.Packages = append(res.Packages, PackageUse{Package: k.pkg, Version: k.version, Definitions: a.definitions, Repositories: len(a.repos)})
	}
	sort.Slice(res.Packages, func(i, j int) bool {
		a, b := res.Packages[i], res.Packages[j]
		if a.Repositories != b.Repositories {
			return a.Repositories > b.Repositories
		}
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		return a.Version < b.Version
	})
	for e, a := range m.services {
		res.Services = append(res.Services, ServiceUse{Endpoint: e, Definitions: a.definitions, Repositories: len(a.repos)})
	}
	sort.Slice(res.Services, func(i, j int) bool {
		a, b := res.Services[i], res.Services[j]
		if a.Repositories != b.Repositories {
			return a.Repositories > b.Repositories
		}
		return a.Endpoint < b.Endpoint
	})
	for _, r := range m.repos {
		res.Findings.Total = satAdd(res.Findings.Total, r.findings)
		res.Findings.Errors = satAdd(res.Findings.Errors, r.errors)
		res.Findings.Warnings = satAdd(res.Findings.Warnings, r.warnings)
		res.Findings.Infos = satAdd(res.Findings.Infos, r.infos)
		if r.findings > 0 {
			res.Findings.Repositories++
		}
		res.Repositories = append(res.Repositories, RepoSummary{Name: r.name, Reports: r.reports, SBOMs: r.sboms,
			Findings: r.findings, Errors: r.errors, Warnings: r.warnings, Infos: r.infos,
			Servers: r.servers, Components: r.components, Services: r.servicesSeen})
	}
	slices.SortStableFunc(res.Repositories, func(a, b RepoSummary) int {
		if a.Findings != b.Findings {
			return b.Findings - a.Findings
		}
		return strings.Compare(a.Name, b.Name)
	})
	return res
}
