package rules

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/version"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/policies"
)

//go:generate go run -tags generate ../internal/genprebuilt -o prebuilt.bin

// prebuilt is the built-in policies compiled at build time (go generate
// ./rules): the modules after every compiler stage, type-checked against
// the input schema, and the rule catalog. At start-up the engine decodes
// them and runs only the compiler stages that build its lookup structures,
// instead of parsing, rewriting and checking fifty policies again. When
// the embedded policies differ from those the file was built from, the
// engine compiles them from source: slower, never wrong.
//
//go:embed prebuilt.bin
var prebuilt []byte

// prebuiltMagic names the format: 2 added the string table ahead of the
// modules, each module on its own (decoded only when a check needs it)
// and what subset.go chooses subsets by; 3 the catalog in binary.
const prebuiltMagic = "mcplint-prebuilt-policies/3\n"

// PolicyHash is the SHA-256 of the OPA version and the embedded policies
// (names and bytes, tests left out): what prebuilt.bin was built from. The
// OPA version is in it because the file holds OPA's compiled AST: after an
// OPA update the file is stale (compiled from source at start-up, and
// TestPrebuiltPoliciesCurrent fails in CI) until it is built again.
func PolicyHash() [32]byte {
	h := sha256.New()
	fmt.Fprintf(h, "opa %s\x00", version.Version)
	var names []string
	_ = fs.WalkDir(policies.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rego") && !strings.HasSuffix(p, "_test.rego") {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	// Each file is streamed into the hash: reading it whole copied the
	// 200 KB of policies into new slices at every start.
	buf := make([]byte, 32<<10)
	for _, n := range names {
		f, err := policies.FS.Open(n)
		if err != nil {
			fmt.Fprintf(h, "%s\x00%d\x00", n, 0)
			continue
		}
		var size int64
		if fi, err := f.Stat(); err == nil {
			size = fi.Size()
		}
		fmt.Fprintf(h, "%s\x00%d\x00", n, size)
		_, _ = io.CopyBuffer(h, f, buf)
		_ = f.Close() // embedded, read only
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// prebuiltStages are the compiler stages a decoded, already compiled set
// of modules still needs: the module and rule trees and the indices
// evaluation uses. Every other stage rewrites or checks, which was done
// when the file was built. The dependency graph is left out too: only
// the recursion check and the type checker read it (the query's type
// check does without it), never evaluation.
var prebuiltStages = map[ast.StageID]bool{
	ast.StageSetModuleTree:             true,
	ast.StageSetRuleTree:               true,
	ast.StageBuildRuleIndices:          true,
	ast.StageBuildComprehensionIndices: true,
}

// EncodePrebuilt compiles the embedded policies from source (type-checked)
// and encodes them for prebuilt.bin, each module with what subset.go
// chooses subsets by. It fails on any construct the encoding does not
// know, so a new Rego feature cannot be lost silently.
func EncodePrebuilt() ([]byte, error) {
	c, catalog, err := compile(nil)
	if err != nil {
		return nil, err
	}
	cat, err := encodeCatalog(catalog)
	if err != nil {
		return nil, err
	}
	names := sortedKeys(c.Modules)
	metas := analyzeModules(c.Modules, names)
	e := &encoder{strs: map[string]int{}}
	var mods varintBuffer
	mods.uint(uint64(len(names)))
	for i, n := range names {
		e.Reset()
		e.str(n)
		e.meta(metas[i])
		mods.Write(e.Bytes())
		e.Reset()
		e.module(c.Modules[n])
		if e.err != nil {
			return nil, fmt.Errorf("%s: %w", n, e.err)
		}
		mods.uint(uint64(e.Len()))
		mods.Write(e.Bytes())
	}
	// Uncompressed (about 0.5 MB): gunzipping it took an eighth of the
	// start-up. decodePrebuilt still reads a gzipped file.
	var out varintBuffer
	hash := PolicyHash()
	out.WriteString(prebuiltMagic)
	out.Write(hash[:])
	out.uint(uint64(len(cat)))
	out.Write(cat)
	out.uint(uint64(len(e.table)))
	for _, s := range e.table {
		out.uint(uint64(len(s)))
		out.WriteString(s)
	}
	out.Write(mods.Bytes())
	return out.Bytes(), nil
}

// catalogFields are the fields of Rule that encodeCatalog writes, in
// order: a field added to Rule fails go generate until it is encoded.
var catalogFields = []string{"ID", "Category", "Name", "Title", "Description", "Level", "Source", "Fixable",
	"HelpURL", "Tags", "Precision", "SecuritySeverity", "Custom", "File", "InGo"}

// encodeCatalog writes the catalog, sorted by id. (It was JSON: decoding
// it was a sixth of a one-file check's engine start-up.)
func encodeCatalog(catalog map[string]*Rule) ([]byte, error) {
	rt := reflect.TypeFor[Rule]()
	if rt.NumField() != len(catalogFields) {
		return nil, fmt.Errorf("rules.Rule has %d fields, the prebuilt catalog encodes %d: update encodeCatalog and decodeCatalog", rt.NumField(), len(catalogFields))
	}
	for i, f := range catalogFields {
		if rt.Field(i).Name != f {
			return nil, fmt.Errorf("rules.Rule field %d is %s, the prebuilt catalog encodes %s there: update encodeCatalog and decodeCatalog", i, rt.Field(i).Name, f)
		}
	}
	var b varintBuffer
	str := func(s string) {
		b.uint(uint64(len(s)))
		b.WriteString(s)
	}
	flag := func(v bool) {
		if v {
			b.WriteByte(1)
		} else {
			b.WriteByte(0)
		}
	}
	ids := sortedKeys(catalog)
	b.uint(uint64(len(ids)))
	for _, id := range ids {
		r := catalog[id]
		str(r.ID)
		str(r.Category)
		str(r.Name)
		str(r.Title)
		str(r.Description)
		b.int(int(r.Level))
		str(r.Source)
		flag(r.Fixable)
		str(r.HelpURL)
		b.uint(uint64(len(r.Tags)))
		for _, t := range r.Tags {
			str(t)
		}
		str(r.Precision)
		str(r.SecuritySeverity)
		flag(r.Custom)
		str(r.File)
		flag(r.InGo)
	}
	return b.Bytes(), nil
}

// decodeCatalog reads what encodeCatalog wrote.
func decodeCatalog(data []byte) (map[string]*Rule, error) {
	d := &decoder{varintReader: varintReader{buf: data}}
	str := func() string { return string(d.bytes(d.uint())) }
	n := d.count()
	out := make(map[string]*Rule, n)
	rules := make([]Rule, n)
	for i := range rules {
		r := &rules[i]
		r.ID = str()
		r.Category = str()
		r.Name = str()
		r.Title = str()
		r.Description = str()
		r.Level = finding.Level(d.int())
		r.Source = str()
		r.Fixable = d.bool()
		r.HelpURL = str()
		if t := d.count(); t > 0 {
			r.Tags = make([]string, t)
			for j := range r.Tags {
				r.Tags[j] = str()
			}
		}
		r.Precision = str()
		r.SecuritySeverity = str()
		r.Custom = d.bool()
		r.File = str()
		r.InGo = d.bool()
		out[r.ID] = r
	}
	if d.err == nil && d.pos != len(d.buf) {
		d.fail("%d bytes after the catalog", len(d.buf)-d.pos)
	}
	if d.err != nil {
		return nil, d.err
	}
	return out, nil
}

// errStale says prebuilt.bin was built from other policies than those
// embedded now.
var errStale = errors.New("prebuilt policies are stale: run go generate ./rules")

// readPrebuilt checks the magic and the hash of prebuilt.bin and decodes
// its catalog; the modules after it are left for readModules. It returns
// errStale for a file built from other policies.
func readPrebuilt(data []byte) (map[string]*Rule, []byte, error) {
	raw := data
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		var err error
		if raw, err = gunzip(data); err != nil {
			return nil, nil, err
		}
	}
	if !bytes.HasPrefix(raw, []byte(prebuiltMagic)) || len(raw) < len(prebuiltMagic)+32 {
		return nil, nil, errStale
	}
	raw = raw[len(prebuiltMagic):]
	if want := PolicyHash(); !bytes.Equal(raw[:32], want[:]) {
		return nil, nil, errStale
	}
	r := varintReader{buf: raw[32:]}
	cat := r.bytes(r.uint())
	if r.err != nil {
		return nil, nil, fmt.Errorf("prebuilt policies: catalog: %w", r.err)
	}
	catalog, err := decodeCatalog(cat)
	if err != nil {
		return nil, nil, fmt.Errorf("prebuilt policies: catalog: %w", err)
	}
	return catalog, r.buf[r.pos:], nil
}

// prebuiltModules is the module section of prebuilt.bin: the names and
// metas of the modules, read at once, and each module decoded the first
// time a subset needs it. Not safe for concurrent use (the engine locks).
type prebuiltModules struct {
	d      decoder
	names  []string
	metas  []moduleMeta
	bodies [][]byte
	mods   []*ast.Module
}

// readModules reads the string table, the names and metas of the modules
// and where each module's encoding is.
func readModules(raw []byte) (*prebuiltModules, error) {
	p := &prebuiltModules{}
	d := &p.d
	d.varintReader = varintReader{buf: raw}
	n := d.uint()
	if n > uint64(len(raw)) {
		return nil, fmt.Errorf("prebuilt policies: %d strings in %d bytes", n, len(raw))
	}
	d.tab = make([][]byte, n)
	d.strs = make([]string, n)
	for i := range d.tab {
		d.tab[i] = d.bytes(d.uint())
	}
	m := d.uint()
	if m > uint64(len(raw)) {
		return nil, fmt.Errorf("prebuilt policies: %d modules in %d bytes", m, len(raw))
	}
	for i := uint64(0); i < m && d.err == nil; i++ {
		p.names = append(p.names, d.str())
		p.metas = append(p.metas, d.meta())
		p.bodies = append(p.bodies, d.bytes(d.uint()))
	}
	if d.err == nil && d.pos != len(d.buf) {
		d.fail("%d bytes after the modules", len(d.buf)-d.pos)
	}
	if d.err != nil {
		return nil, fmt.Errorf("prebuilt policies: %w", d.err)
	}
	p.mods = make([]*ast.Module, len(p.names))
	return p, nil
}

// module decodes module i, once.
func (p *prebuiltModules) module(i int) (*ast.Module, error) {
	if m := p.mods[i]; m != nil {
		return m, nil
	}
	d := &p.d
	d.varintReader = varintReader{buf: p.bodies[i]}
	m := d.module()
	if d.err == nil && d.pos != len(d.buf) {
		d.fail("%d bytes after the module", len(d.buf)-d.pos)
	}
	if d.err != nil {
		return nil, fmt.Errorf("prebuilt policies: %s: %w", p.names[i], d.err)
	}
	p.mods[i] = m
	return m, nil
}

// modules decodes the modules of the packages in pkgs (every module when
// pkgs is nil), by name.
func (p *prebuiltModules) modules(pkgs map[string]bool) (map[string]*ast.Module, error) {
	out := map[string]*ast.Module{}
	for i, name := range p.names {
		if pkgs != nil && !pkgs[p.metas[i].Package] {
			continue
		}
		m, err := p.module(i)
		if err != nil {
			return nil, err
		}
		out[name] = m
	}
	return out, nil
}

// decodePrebuilt returns every compiled module and the catalog of
// prebuilt.bin, or errStale.
func decodePrebuilt(data []byte) (map[string]*ast.Module, map[string]*Rule, error) {
	catalog, raw, err := readPrebuilt(data)
	if err != nil {
		return nil, nil, err
	}
	p, err := readModules(raw)
	if err != nil {
		return nil, nil, err
	}
	mods, err := p.modules(nil)
	if err != nil {
		return nil, nil, err
	}
	return mods, catalog, nil
}

// gunzip decompresses a gzipped prebuilt file (the format before it was
// stored uncompressed) into one buffer of the size its trailer gives.
func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var raw []byte
	if n := len(data); n >= 4 {
		if size := binary.LittleEndian.Uint32(data[n-4:]); size <= 64<<20 {
			raw = make([]byte, 0, int(size)+1)
		}
	}
	for {
		if len(raw) == cap(raw) {
			raw = append(raw, 0)[:len(raw)]
		}
		m, err := zr.Read(raw[len(raw):cap(raw)])
		raw = raw[:len(raw)+m]
		if errors.Is(err, io.EOF) {
			return raw, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// compilePrebuilt runs the structural stages over decoded modules; the
// comprehension indices only when indexed. They only spare evaluating a
// comprehension again for each binding of the variables it shares with
// its rule (the same results), which pays on many servers and costs a
// fifth of the compile on a few.
func compilePrebuilt(mods map[string]*ast.Module, indexed bool) (*ast.Compiler, error) {
	var skip []ast.StageID
	for _, s := range ast.AllStages() {
		if !prebuiltStages[s] || (s == ast.StageBuildComprehensionIndices && !indexed) {
			skip = append(skip, s)
		}
	}
	c := ast.NewCompiler().
		WithCapabilities(SandboxCapabilities()).
		WithEnablePrintStatements(false).
		WithDefaultRegoVersion(ast.RegoV1).
		WithSkipStages(skip...)
	c.Compile(mods)
	if c.Failed() {
		return nil, &PolicyError{c.Errors}
	}
	return c, nil
}

// Value tags of the encoding.
const (
	tNil byte = iota
	tNull
	tFalse
	tTrue
	tNumber
	tString
	tVar
	tRef
	tArray
	tObject
	tSet
	tArrayCompr
	tObjectCompr
	tSetCompr
	tCall
)

// Expression term kinds.
const (
	eTerm byte = iota
	eCall
	eSome
	eEvery
)

type encoder struct {
	varintBuffer
	strs  map[string]int // index in table
	table []string       // every string, written ahead of the modules
	err   error
}

func (e *encoder) bool(v bool) {
	if v {
		e.WriteByte(1)
	} else {
		e.WriteByte(0)
	}
}

// str writes the index of a string in the table.
func (e *encoder) str(s string) {
	i, ok := e.strs[s]
	if !ok {
		i = len(e.table)
		e.strs[s] = i
		e.table = append(e.table, s)
	}
	e.uint(uint64(i))
}

// meta writes what subset.go chooses subsets by.
func (e *encoder) meta(m moduleMeta) {
	e.str(m.Package)
	e.bool(m.Rule)
	e.bool(m.Always)
	e.uint(uint64(len(m.Reports)))
	for _, conds := range m.Reports {
		e.uint(uint64(len(conds)))
		for _, c := range conds {
			e.uint(uint64(len(c)))
			for _, p := range c {
				e.uint(uint64(len(p)))
				for _, s := range p {
					e.bool(s.any)
					if !s.any {
						e.str(s.key)
					}
				}
			}
		}
	}
	e.uint(uint64(len(m.Deps)))
	for _, d := range m.Deps {
		e.str(d)
	}
}

func (e *encoder) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf(format, args...)
	}
}

func (e *encoder) loc(l *ast.Location) {
	if l == nil {
		e.uint(0)
		return
	}
	e.uint(1)
	e.str(l.File)
	e.int(l.Row)
	e.int(l.Col)
	e.int(l.Offset)
}

func (e *encoder) module(m *ast.Module) {
	// Imports were resolved away, annotations are in the catalog and
	// comments are never evaluated: only the package and rules are kept.
	e.term(&ast.Term{Value: m.Package.Path})
	e.loc(m.Package.Location)
	e.uint(uint64(len(m.Rules)))
	for _, r := range m.Rules {
		e.rule(r)
	}
}

func (e *encoder) rule(r *ast.Rule) {
	e.bool(r.Default)
	h := r.Head
	e.str(string(h.Name))
	e.terms(h.Reference)
	e.terms(h.Args)
	e.term(h.Key)
	e.term(h.Value)
	e.bool(h.Assign)
	e.loc(h.Location)
	e.body(r.Body)
	e.loc(r.Location)
	e.bool(r.Else != nil)
	if r.Else != nil {
		e.rule(r.Else)
	}
}

func (e *encoder) body(b ast.Body) {
	e.uint(uint64(len(b)))
	for _, x := range b {
		e.expr(x)
	}
}

func (e *encoder) expr(x *ast.Expr) {
	e.bool(x.Negated)
	e.bool(x.Generated)
	e.uint(uint64(x.Index))
	e.loc(x.Location)
	e.uint(uint64(len(x.With)))
	for _, w := range x.With {
		e.term(w.Target)
		e.term(w.Value)
		e.loc(w.Location)
	}
	switch t := x.Terms.(type) {
	case *ast.Term:
		e.WriteByte(eTerm)
		e.term(t)
	case []*ast.Term:
		e.WriteByte(eCall)
		e.terms(t)
	case *ast.SomeDecl:
		e.WriteByte(eSome)
		e.terms(t.Symbols)
		e.loc(t.Location)
	case *ast.Every:
		e.WriteByte(eEvery)
		e.term(t.Key)
		e.term(t.Value)
		e.term(t.Domain)
		e.body(t.Body)
		e.loc(t.Location)
	default:
		e.fail("expression %v: terms of type %T are not encoded", x, x.Terms)
	}
}

func (e *encoder) terms(ts []*ast.Term) {
	e.uint(uint64(len(ts)))
	for _, t := range ts {
		e.term(t)
	}
}

func (e *encoder) term(t *ast.Term) {
	if t == nil {
		e.WriteByte(tNil)
		return
	}
	switch v := t.Value.(type) {
	case ast.Null:
		e.WriteByte(tNull)
	case ast.Boolean:
		if v {
			e.WriteByte(tTrue)
		} else {
			e.WriteByte(tFalse)
		}
	case ast.Number:
		e.WriteByte(tNumber)
		e.str(string(v))
	case ast.String:
		e.WriteByte(tString)
		e.str(string(v))
	case ast.Var:
		e.WriteByte(tVar)
		e.str(string(v))
	case ast.Ref:
		e.WriteByte(tRef)
		e.terms(v)
	case *ast.Array:
		e.WriteByte(tArray)
		e.uint(uint64(v.Len()))
		v.Foreach(func(x *ast.Term) { e.term(x) })
	case ast.Object:
		e.WriteByte(tObject)
		e.uint(uint64(v.Len()))
		v.Foreach(func(k, x *ast.Term) { e.term(k); e.term(x) })
	case ast.Set:
		e.WriteByte(tSet)
		e.uint(uint64(v.Len()))
		v.Foreach(func(x *ast.Term) { e.term(x) })
	case *ast.ArrayComprehension:
		e.WriteByte(tArrayCompr)
		e.term(v.Term)
		e.body(v.Body)
	case *ast.ObjectComprehension:
		e.WriteByte(tObjectCompr)
		e.term(v.Key)
		e.term(v.Value)
		e.body(v.Body)
	case *ast.SetComprehension:
		e.WriteByte(tSetCompr)
		e.term(v.Term)
		e.body(v.Body)
	case ast.Call:
		e.WriteByte(tCall)
		e.terms(v)
	default:
		e.fail("term %v: values of type %T are not encoded", t, t.Value)
		return
	}
	e.loc(t.Location)
}

// decoder reads the encoding straight from the decompressed bytes.
// Locations and terms are allocated in blocks: they live as long as the
// engine, and the decoder makes some 200,000 of them.
type decoder struct {
	varintReader
	tab     [][]byte // the string table
	strs    []string // its strings, made on first use
	locs    []ast.Location
	termBlk []ast.Term
}

const decodeBlock = 512

// fromBlock hands out the next element of a block of decodeBlock, making
// a new block when one runs out: one allocation per 512 terms or
// locations instead of one each.
func fromBlock[T any](blk *[]T) *T {
	if len(*blk) == 0 {
		*blk = make([]T, decodeBlock)
	}
	v := &(*blk)[0]
	*blk = (*blk)[1:]
	return v
}

func (d *decoder) newLoc() *ast.Location { return fromBlock(&d.locs) }

func (d *decoder) newTerm() *ast.Term { return fromBlock(&d.termBlk) }

func (d *decoder) byte() byte {
	if d.pos >= len(d.buf) {
		d.fail("unexpected end at byte %d", d.pos)
		return 0
	}
	b := d.buf[d.pos]
	d.pos++
	return b
}

func (d *decoder) bool() bool { return d.byte() == 1 }

func (d *decoder) str() string {
	i := d.uint()
	if i >= uint64(len(d.tab)) {
		d.fail("string %d of %d", i, len(d.tab))
		return ""
	}
	if d.strs[i] == "" && len(d.tab[i]) > 0 {
		d.strs[i] = string(d.tab[i])
	}
	return d.strs[i]
}

// count reads a number of items that each take at least a byte.
func (d *decoder) count() int {
	n := d.uint()
	if n > uint64(len(d.buf)-d.pos) {
		d.fail("%d items at byte %d of %d", n, d.pos, len(d.buf))
		return 0
	}
	return int(n)
}

func (d *decoder) meta() moduleMeta {
	m := moduleMeta{Package: d.str(), Rule: d.bool(), Always: d.bool()}
	for range d.count() {
		var conds []condition
		for range d.count() {
			var c condition
			for range d.count() {
				var p inputPath
				for range d.count() {
					if d.bool() {
						p = append(p, step{any: true})
					} else {
						p = append(p, step{key: d.str()})
					}
				}
				c = append(c, p)
			}
			conds = append(conds, c)
		}
		m.Reports = append(m.Reports, conds)
	}
	for range d.count() {
		m.Deps = append(m.Deps, d.str())
	}
	return m
}

func (d *decoder) loc() *ast.Location {
	if d.uint() == 0 {
		return nil
	}
	l := d.newLoc()
	l.File = d.str()
	l.Row = d.int()
	l.Col = d.int()
	l.Offset = d.int()
	return l
}

func (d *decoder) module() *ast.Module {
	path := d.term()
	m := &ast.Module{}
	ref, _ := path.Value.(ast.Ref)
	m.Package = &ast.Package{Path: ref, Location: d.loc()}
	n := int(d.uint())
	for i := 0; i < n && d.err == nil; i++ {
		r := d.rule(m)
		m.Rules = append(m.Rules, r)
	}
	m.SetRegoVersionSpan(ast.RegoVersionSpanOf(ast.RegoV1))
	return m
}

func (d *decoder) rule(m *ast.Module) *ast.Rule {
	r := &ast.Rule{Module: m, Default: d.bool()}
	h := &ast.Head{Name: ast.Var(d.str())}
	h.Reference = d.terms()
	if args := d.terms(); len(args) > 0 {
		h.Args = ast.Args(args)
	}
	h.Key = d.term()
	h.Value = d.term()
	h.Assign = d.bool()
	h.Location = d.loc()
	r.Head = h
	r.Body = d.body()
	r.Location = d.loc()
	if d.bool() {
		r.Else = d.rule(m)
	}
	return r
}

func (d *decoder) body() ast.Body {
	n := int(d.uint())
	if d.err != nil {
		return nil
	}
	b := make(ast.Body, 0, n)
	for i := 0; i < n && d.err == nil; i++ {
		b = append(b, d.expr())
	}
	return b
}

func (d *decoder) expr() *ast.Expr {
	x := &ast.Expr{Negated: d.bool(), Generated: d.bool()}
	x.Index = int(d.uint())
	x.Location = d.loc()
	if n := int(d.uint()); n > 0 {
		for i := 0; i < n && d.err == nil; i++ {
			x.With = append(x.With, &ast.With{Target: d.term(), Value: d.term(), Location: d.loc()})
		}
	}
	switch k := d.byte(); k {
	case eTerm:
		x.Terms = d.term()
	case eCall:
		x.Terms = d.terms()
	case eSome:
		x.Terms = &ast.SomeDecl{Symbols: d.terms(), Location: d.loc()}
	case eEvery:
		x.Terms = &ast.Every{Key: d.term(), Value: d.term(), Domain: d.term(), Body: d.body(), Location: d.loc()}
	default:
		d.fail("expression kind %d", k)
	}
	return x
}

func (d *decoder) terms() []*ast.Term {
	n := int(d.uint())
	if n == 0 || d.err != nil {
		return nil
	}
	ts := make([]*ast.Term, n)
	for i := range ts {
		ts[i] = d.term()
	}
	return ts
}

func (d *decoder) term() *ast.Term {
	var v ast.Value
	switch tag := d.byte(); tag {
	case tNil:
		return nil
	case tNull:
		v = ast.Null{}
	case tFalse:
		v = ast.Boolean(false)
	case tTrue:
		v = ast.Boolean(true)
	case tNumber:
		v = ast.Number(d.str())
	case tString:
		v = ast.String(d.str())
	case tVar:
		v = ast.Var(d.str())
	case tRef:
		v = ast.Ref(d.terms())
	case tArray:
		v = ast.NewArray(d.terms()...)
	case tObject:
		n := int(d.uint())
		pairs := make([][2]*ast.Term, 0, n)
		for i := 0; i < n && d.err == nil; i++ {
			k := d.term()
			pairs = append(pairs, [2]*ast.Term{k, d.term()})
		}
		v = ast.NewObject(pairs...)
	case tSet:
		v = ast.NewSet(d.terms()...)
	case tArrayCompr:
		v = &ast.ArrayComprehension{Term: d.term(), Body: d.body()}
	case tObjectCompr:
		v = &ast.ObjectComprehension{Key: d.term(), Value: d.term(), Body: d.body()}
	case tSetCompr:
		v = &ast.SetComprehension{Term: d.term(), Body: d.body()}
	case tCall:
		v = ast.Call(d.terms())
	default:
		d.fail("value tag %d", tag)
		return ast.NullTerm()
	}
	if d.err != nil {
		return ast.NullTerm()
	}
	t := d.newTerm()
	t.Value = v
	t.Location = d.loc()
	return t
}

// newPrebuilt is the engine over prebuilt.bin, or an error when the file
// is stale or unreadable (the caller then compiles from source). It reads
// only the catalog: the modules are decoded and compiled at the first
// check, for the packages its input can trigger (compiledFor), so
// listing or explaining the rules compiles nothing.
func newPrebuilt(data []byte) (*Engine, error) {
	catalog, raw, err := readPrebuilt(data)
	if err != nil {
		return nil, err
	}
	return &Engine{catalog: catalog, prebuilt: true, raw: raw}, nil
}

// compiledFor returns the policies compiled for an input: with --policy
// (or a stale prebuilt.bin) every module, compiled at New; otherwise the
// packages selectPackages chooses for in (every package for a nil in).
// The engine keeps the last set it compiled, which holds every set asked
// for before (a set not within it is compiled together with it), so the
// parts of a plan, or the edits in an editor, soon stop compiling. A
// small input's set is compiled without the comprehension indices; the
// first larger input compiles it again with them.
func (e *Engine) compiledFor(ctx context.Context, in ast.Value) (*compiled, error) {
	if !e.prebuilt {
		return e.full, nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.full != nil {
		return e.full, nil
	}
	indexed := in == nil || e.all || !smallInput(in)
	if c := e.cur; c != nil && c.pkgs == nil && c.indexed {
		return c, nil // every package
	}
	if e.mods == nil {
		p, err := readModules(e.raw)
		if err != nil {
			return e.fromSource(ctx)
		}
		e.mods = p
	}
	var sel []string
	if in != nil && !e.all {
		sel = selectPackages(e.mods.metas, in)
	}
	if c := e.cur; c != nil && c.covers(sel) && (c.indexed || !indexed) {
		return c, nil
	}
	var pkgs map[string]bool
	if sel != nil {
		pkgs = map[string]bool{}
		for _, p := range sel {
			pkgs[p] = true
		}
	}
	if c := e.cur; c != nil {
		indexed = indexed || c.indexed
		if c.pkgs == nil {
			pkgs = nil
		} else if pkgs != nil {
			for p := range c.pkgs {
				pkgs[p] = true
			}
		}
	}
	c, err := e.compileSet(ctx, pkgs, indexed)
	if err != nil {
		return e.fromSource(ctx)
	}
	e.cur = c
	if pkgs == nil && indexed {
		// Nothing is left to compile: the decoded modules (the compiler
		// holds copies) need not be kept, nor marked by every collection.
		e.mods, e.raw = nil, nil
	}
	return c, nil
}

// smallLimit is the most servers, and documents, of an input whose
// compile leaves out the comprehension indices (compilePrebuilt).
const smallLimit = 16

// smallInput reports whether an input has few servers and documents.
func smallInput(in ast.Value) bool {
	obj, ok := in.(ast.Object)
	if !ok {
		return false
	}
	for _, k := range []string{"servers", "documents"} {
		t := obj.Get(ast.InternedTerm(k))
		if t == nil {
			return false
		}
		a, ok := t.Value.(*ast.Array)
		if !ok || a.Len() > smallLimit {
			return false
		}
	}
	return true
}

// compileSet compiles and prepares the prebuilt modules of the packages
// in pkgs (nil: every package), with the comprehension indices when
// indexed. The caller holds e.mu.
func (e *Engine) compileSet(ctx context.Context, pkgs map[string]bool, indexed bool) (*compiled, error) {
	mods, err := e.mods.modules(pkgs)
	if err != nil {
		return nil, err
	}
	c, err := compilePrebuilt(mods, indexed)
	if err != nil {
		return nil, err
	}
	pq, ids, err := prepare(ctx, c, false)
	if err != nil {
		return nil, err
	}
	return &compiled{query: pq, ruleIDs: ids, pkgs: pkgs, indexed: indexed}, nil
}

// CompileAll makes the engine compile every package at its next check,
// and use that from then on, instead of compiling for each input the
// packages it can trigger: for a process that checks one input after
// another (the language server), where a change that needs one more
// package would otherwise wait for a compile.
func (e *Engine) CompileAll() {
	e.mu.Lock()
	e.all = true
	e.mu.Unlock()
}

// fromSource compiles the built-in policies from source when prebuilt.bin
// cannot be decoded after all (as New does for a stale one): slower,
// never different. The caller holds e.mu.
func (e *Engine) fromSource(ctx context.Context) (*compiled, error) {
	c, _, err := compile(nil)
	if err != nil {
		return nil, err
	}
	pq, ids, err := prepare(ctx, c, false)
	if err != nil {
		return nil, err
	}
	e.full = &compiled{query: pq, ruleIDs: ids}
	return e.full, nil
}
