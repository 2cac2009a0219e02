// Package knowledge is mcplint's offline record of well-known MCP servers:
// the packages and addresses that reach each one and what its tools can do,
// by capability class. It ships in the binary (servers/*.toml) and a
// project can add records of its own (.mcplint/knowledge/*.toml), read
// with the same strict decoder.
package knowledge

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
)

// Class is what a tool can do that matters for a flow between servers.
type Class string

// The capability classes, after Simon Willison's "lethal trifecta" and the
// toxic-flow components of agent-scan (W015–W020).
const (
	UntrustedContent Class = "untrusted-content" // reads text someone else wrote: a web page, an issue, an email
	PrivateData      Class = "private-data"      // reads the user's files, databases, private repositories or mail
	Outbound         Class = "outbound"          // sends data out: a request, a comment, a message
	Destructive      Class = "destructive"       // changes or deletes what it reaches
	CodeExecution    Class = "code-execution"    // runs code or commands
	// OwnStore marks tools that change only the server's own store on
	// this machine (a memory server's knowledge graph): approving them
	// in advance lets nothing outside that store change.
	OwnStore Class = "own-store"
)

// Classes lists every class in a fixed order.
var Classes = []Class{UntrustedContent, PrivateData, Outbound, Destructive, CodeExecution, OwnStore}

// tomlKey is each class's key under [tools] in a record.
var tomlKey = map[Class]string{
	UntrustedContent: "untrusted_content",
	PrivateData:      "private_data",
	Outbound:         "outbound",
	Destructive:      "destructive",
	CodeExecution:    "code_execution",
	OwnStore:         "own_store",
}

// Record is one known server.
type Record struct {
	ID     string
	Name   string
	Source string // where the tool list came from
	NPM    []string
	PyPI   []string
	OCI    []string
	Hosts  []string
	// Repos are source repositories a runner installs the server from
	// (uvx --from git+https://github.com/oraios/serena), as host/owner/name.
	Repos []string
	// Tools lists, per class, the tools that have it (a tool may be in
	// several classes).
	Tools map[Class][]string
	// File is the record's file, for messages.
	File string
}

// Has reports whether the server has a tool of class c.
func (r *Record) Has(c Class) bool { return len(r.Tools[c]) > 0 }

type recordFile struct {
	ID     string              `toml:"id"`
	Name   string              `toml:"name"`
	Source string              `toml:"source"`
	NPM    []string            `toml:"npm"`
	PyPI   []string            `toml:"pypi"`
	OCI    []string            `toml:"oci"`
	Hosts  []string            `toml:"hosts"`
	Repos  []string            `toml:"repos"`
	Tools  map[string][]string `toml:"tools"`
}

var (
	idPattern   = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]*$`)
	toolPattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)
	hostPattern = regexp.MustCompile(`^[a-z0-9.-]+$`)
)

// Parse reads one record. Every error names the file and, where the TOML
// decoder knows it, the line and column.
func Parse(file string, src []byte) (*Record, error) {
	var rf recordFile
	md, err := toml.Decode(string(src), &rf)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d:%d: %s", file, pe.Position.Line, pe.Position.Col, pe.Message)
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("%s: unknown key %q (a record has id, name, source, npm, pypi, oci, hosts, repos and [tools])", file, und[0].String())
	}
	bad := func(format string, a ...any) error { return fmt.Errorf("%s: %s", file, fmt.Sprintf(format, a...)) }
	switch {
	case !idPattern.MatchString(rf.ID):
		return nil, bad("id %q: write lower-case letters, digits, '.' and '-'", rf.ID)
	case strings.TrimSpace(rf.Name) == "":
		return nil, bad("name is empty")
	case strings.TrimSpace(rf.Source) == "":
		return nil, bad("source is empty: say where the tool list comes from (README, registry entry, probe snapshot)")
	case len(rf.NPM)+len(rf.PyPI)+len(rf.OCI)+len(rf.Hosts)+len(rf.Repos) == 0:
		return nil, bad("no npm, pypi or oci package, host or repository: nothing would reach this record")
	}
	for _, r := range rf.Repos {
		if RepoOf(r) != r {
			return nil, bad("repo %q: write host/owner/name in lower case, without scheme or .git", r)
		}
	}
	for _, h := range rf.Hosts {
		if !hostPattern.MatchString(h) {
			return nil, bad("host %q: write a lower-case host name without scheme or path", h)
		}
	}
	r := &Record{ID: rf.ID, Name: rf.Name, Source: rf.Source, NPM: rf.NPM, PyPI: rf.PyPI, OCI: rf.OCI, Hosts: rf.Hosts, Repos: rf.Repos, Tools: map[Class][]string{}, File: file}
	for key, tools := range rf.Tools {
		c, ok := classOfKey(key)
		if !ok {
			return nil, bad("[tools] %s is not a class: use %s", key, strings.Join(classKeys(), ", "))
		}
		for _, t := range tools {
			if !toolPattern.MatchString(t) {
				return nil, bad("[tools] %s: %q is not a tool name", key, t)
			}
		}
		r.Tools[c] = tools
	}
	return r, nil
}

func classOfKey(key string) (Class, bool) {
	for c, k := range tomlKey {
		if k == key {
			return c, true
		}
	}
	return "", false
}

func classKeys() []string {
	out := make([]string, 0, len(Classes))
	for _, c := range Classes {
		out = append(out, tomlKey[c])
	}
	return out
}

// Base is a set of records with lookups by package and by host.
type Base struct {
	records []*Record
	byKey   map[string]*Record // ecosystem + "\x00" + normalised name, or "host\x00" + host
	names   map[string][]string
}

func key(ecosystem, name string) string { return ecosystem + "\x00" + Normalise(ecosystem, name) }

// Normalise is how a registry compares package names: npm and OCI names
// are lower case; PyPI folds case and treats runs of "-", "_" and "." as
// one "-" (PEP 503).
func Normalise(ecosystem, name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	switch ecosystem {
	case "pypi":
		var b strings.Builder
		sep := false
		for _, r := range name {
			if r == '-' || r == '_' || r == '.' {
				sep = true
				continue
			}
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteRune(r)
		}
		return b.String()
	case "oci":
		name = strings.TrimPrefix(name, "docker.io/")
		return strings.TrimPrefix(name, "library/")
	}
	return name
}

// New builds a base from records; a later record with the same id
// replaces an earlier one (a project's record over the built-in one).
func New(records ...*Record) *Base {
	byID := map[string]int{}
	var kept []*Record
	for _, r := range records {
		if i, ok := byID[r.ID]; ok {
			kept[i] = r
			continue
		}
		byID[r.ID] = len(kept)
		kept = append(kept, r)
	}
	b := &Base{records: kept, byKey: map[string]*Record{}, names: map[string][]string{}}
	for _, r := range kept {
		for eco, names := range map[string][]string{"npm": r.NPM, "pypi": r.PyPI, "oci": r.OCI} {
			for _, n := range names {
				b.byKey[key(eco, n)] = r
				b.names[eco] = append(b.names[eco], Normalise(eco, n))
			}
		}
		for _, h := range r.Hosts {
			b.byKey["host\x00"+h] = r
		}
		for _, rp := range r.Repos {
			b.byKey["repo\x00"+rp] = r
		}
	}
	for eco := range b.names {
		sort.Strings(b.names[eco])
	}
	return b
}

// With is b with more records, which win over b's of the same id.
func (b *Base) With(extra []*Record) *Base {
	if len(extra) == 0 {
		return b
	}
	return New(append(append([]*Record{}, b.records...), extra...)...)
}

// Records lists the records in id order.
func (b *Base) Records() []*Record {
	out := append([]*Record{}, b.records...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// ByPackage is the record of a package of an ecosystem (npm, pypi, oci).
func (b *Base) ByPackage(ecosystem, name string) *Record { return b.byKey[key(ecosystem, name)] }

// ByHost is the record of a remote server's host.
func (b *Base) ByHost(host string) *Record {
	return b.byKey["host\x00"+strings.ToLower(strings.TrimSuffix(host, "."))]
}

// ByRepo is the record of a server installed from a source address
// (git+https://github.com/owner/name.git@ref, github:owner/name).
func (b *Base) ByRepo(address string) *Record {
	if r := RepoOf(address); r != "" {
		return b.byKey["repo\x00"+r]
	}
	return nil
}

// RepoOf is a source address as host/owner/name: the scheme, "git+",
// user info, ".git", a ref after "@" or "#" and a trailing "/" are
// dropped; npm's github:owner/name is github.com/owner/name. It is ""
// for what is not such an address.
func RepoOf(address string) string {
	a := strings.ToLower(strings.TrimSpace(address))
	if rest, ok := strings.CutPrefix(a, "github:"); ok {
		a = "github.com/" + rest
	}
	a = strings.TrimPrefix(a, "git+")
	if i := strings.Index(a, "://"); i >= 0 {
		a = a[i+3:]
	}
	if i := strings.IndexByte(a, '@'); i >= 0 && strings.Count(a[:i], "/") == 0 {
		a = a[i+1:] // user info
	}
	if i := strings.IndexAny(a, "@#?"); i >= 0 {
		a = a[:i]
	}
	a = strings.TrimSuffix(strings.TrimSuffix(a, "/"), ".git")
	if strings.Count(a, "/") != 2 || strings.Contains(a, "..") {
		return ""
	}
	return a
}

//go:embed servers/*.toml
var builtinFS embed.FS

// Builtin is the base that ships with mcplint. Its records are checked by
// the package's tests; one that fails to read is left out here rather
// than stopping a check.
var Builtin = sync.OnceValue(func() *Base {
	recs, _ := ReadFS(builtinFS, "servers")
	return New(recs...)
})

// ReadFS reads every *.toml of dir in fsys, in name order, and returns the
// records that read with the errors of those that did not.
func ReadFS(fsys fs.FS, dir string) ([]*Record, []error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, []error{err}
	}
	var recs []*Record
	var errs []error
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") {
			continue
		}
		p := path.Join(dir, e.Name())
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		r, err := Parse(p, src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		recs = append(recs, r)
	}
	return recs, errs
}
