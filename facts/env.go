package facts

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// The environment a run checks variable references against. Only names
// are kept, never values. A run knows the environment when
//
//   - the caller set one with SetEnvironment (the CLI's --env-check uses
//     OSEnvironment, an --env-file ReadEnvFile), or
//   - an env file named EnvFileName sits in the folder of the config file
//     or one of its parents (found like .mcplint.toml). It lists the
//     variables the client will have, one NAME or NAME=value a line.
//
// Both together: a name is set when either has it. When neither applies,
// RefFact.Set stays absent and secrets/undefined-variable says nothing.

// EnvFileName is the env file found upward from each config file.
const EnvFileName = ".mcplint.env"

// Environment is a set of variable names.
type Environment struct {
	names map[string]bool
	// fold compares names without case (Windows).
	fold bool
}

// NewEnvironment is an environment holding names.
func NewEnvironment(names ...string) *Environment {
	e := &Environment{names: map[string]bool{}}
	for _, n := range names {
		e.names[n] = true
	}
	return e
}

// OSEnvironment is the names of this process's environment.
func OSEnvironment() *Environment {
	e := NewEnvironment()
	e.fold = runtime.GOOS == "windows"
	for _, kv := range os.Environ() {
		if k, _, ok := strings.Cut(kv, "="); ok && k != "" {
			e.names[k] = true
		}
	}
	return e
}

// ParseEnvFile reads dotenv text: NAME=value, export NAME=value, a bare
// NAME, blank lines and # comments. Values are dropped as they are read.
func ParseEnvFile(src []byte) *Environment {
	e := NewEnvironment()
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), MaxEnvFileSize+1)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimSpace(strings.TrimPrefix(line, "export "))
		name, _, _ := strings.Cut(line, "=")
		name = strings.TrimSpace(name)
		if isEnvName(name) {
			e.names[name] = true
		}
	}
	return e
}

// MaxEnvFileSize is the largest env file read.
const MaxEnvFileSize = 1 << 20

// ReadEnvFile reads an env file (see ParseEnvFile).
func ReadEnvFile(path string) (*Environment, error) {
	b, err := loader.ReadRegularFile(path, MaxEnvFileSize)
	if err != nil {
		return nil, err
	}
	return ParseEnvFile(b), nil
}

// Has reports whether name is set.
func (e *Environment) Has(name string) bool {
	if e == nil {
		return false
	}
	if e.names[name] {
		return true
	}
	if e.fold {
		for n := range e.names {
			if strings.EqualFold(n, name) {
				return true
			}
		}
	}
	return false
}

// union is a name set in either.
func (e *Environment) union(o *Environment) *Environment {
	switch {
	case e == nil:
		return o
	case o == nil:
		return e
	}
	u := NewEnvironment()
	for n := range e.names {
		u.names[n] = true
	}
	for n := range o.names {
		u.names[n] = true
	}
	u.fold = e.fold || o.fold
	return u
}

var runEnv atomic.Pointer[Environment]

// SetEnvironment makes the following checks fill RefFact.Set from env (nil
// turns it off again, leaving only env files). The CLI sets it once, before
// checking, from --env-check (OSEnvironment) and --env-file.
func SetEnvironment(env *Environment) {
	runEnv.Store(env)
}

// envFileCache remembers the env file found for a folder, keyed by the
// file's path, size and time so that an edited file is read again.
var envFileCache sync.Map // folder -> *envFileEntry

type envFileEntry struct {
	path  string
	size  int64
	mtime int64
	env   *Environment
}

// envFiles finds env files upward from folders for one Build: each
// folder is looked at once however many documents share it or its
// parents (a monorepo's documents share every folder above them), and
// not at all when discovery listed it without an env file (mayHold).
type envFiles struct {
	dirs    map[string]*Environment
	mayHold func(dir, name string) bool // nil: every folder may
}

// forDir finds the env file upward from dir and reads it (nil: none).
func (m envFiles) forDir(dir string) *Environment {
	if dir == "" {
		return nil
	}
	if env, ok := m.dirs[dir]; ok {
		return env
	}
	var env *Environment
	p := filepath.Join(dir, EnvFileName)
	if m.mayHold != nil && !m.mayHold(dir, EnvFileName) {
		if parent := filepath.Dir(dir); parent != dir {
			env = m.forDir(parent)
		}
	} else if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
		// A FIFO, a device (/dev/zero behind a link) or a huge file would
		// block or exhaust the run: such an env file is not read, and
		// secrets/undefined-variable then says nothing for its configs.
		if fi.Mode().IsRegular() && fi.Size() <= MaxEnvFileSize {
			env = readEnvFileCached(p, fi)
		}
	} else if parent := filepath.Dir(dir); parent != dir {
		env = m.forDir(parent)
	}
	m.dirs[dir] = env
	return env
}

// readEnvFileCached reads the env file at p (nil when it cannot be read),
// from envFileCache while its size and time are unchanged.
func readEnvFileCached(p string, fi os.FileInfo) *Environment {
	if v, ok := envFileCache.Load(p); ok {
		ent := v.(*envFileEntry)
		if ent.size == fi.Size() && ent.mtime == fi.ModTime().UnixNano() {
			return ent.env
		}
	}
	env, err := ReadEnvFile(p)
	if err != nil {
		return nil
	}
	envFileCache.Store(p, &envFileEntry{path: p, size: fi.Size(), mtime: fi.ModTime().UnixNano(), env: env})
	return env
}

// docEnvironments is the env file of each document (nil: none or no
// path); ws, when not nil, tells the folders discovery listed.
func docEnvironments(ws *loader.Workspace, docs []*loader.Document) map[*loader.Document]*Environment {
	out := make(map[*loader.Document]*Environment, len(docs))
	m := envFiles{dirs: map[string]*Environment{}}
	if ws != nil {
		m.mayHold = ws.MayHold
	}
	for _, d := range docs {
		if d.AbsPath != "" {
			out[d] = m.forDir(filepath.Dir(d.AbsPath))
		}
	}
	return out
}

// environmentFor is the environment the client reading s runs with, or
// nil when the run does not know it: the run's (SetEnvironment) and the
// env file of its document (fileEnv).
func environmentFor(s *loader.Server, fileEnv *Environment) *Environment {
	env := runEnv.Load()
	if s.Doc == nil || s.Doc.AbsPath == "" {
		return env
	}
	return env.union(fileEnv)
}

// clientSet are variables a client sets itself for its servers or its
// placeholders: never "undefined" whatever the environment holds.
var clientSet = map[string]bool{
	"CLAUDE_PROJECT_DIR": true, "CLAUDE_PLUGIN_ROOT": true, "CLAUDE_PLUGIN_DATA": true,
	"extensionPath": true, "workspacePath": true,
}

// isEnvName reports whether name is a plain environment variable name.
func isEnvName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// envSyntax reports whether a reference of this syntax reads an
// environment variable (not an editor variable, a prompt input, a file, a
// Continue secret or a catalogue placeholder).
func envSyntax(syn string) bool {
	switch syn {
	case secret.SyntaxDollarBrace, secret.SyntaxDollar, secret.SyntaxEnvColon, secret.SyntaxOpencode:
		return true
	}
	return false
}

// envFacts fills RefFact.Set of every reference of the server when the run
// knows the environment; it also refines the OAuth fact, so that a client
// secret written as a reference or placeholder does not count as stored.
func envFacts(sf *ServerFact, s *loader.Server, fileEnv *Environment) {
	oauthSecretFact(sf, s)
	inputFacts(sf, s)
	env := environmentFor(s, fileEnv)
	if env == nil {
		return
	}
	fill := func(rs []RefFact) {
		for i := range rs {
			r := &rs[i]
			if !envSyntax(r.Syntax) || !isEnvName(r.Name) || clientSet[r.Name] {
				continue
			}
			set := env.Has(r.Name)
			r.Set = &set
		}
	}
	for i := range sf.Args {
		fill(sf.Args[i].Refs)
	}
	for i := range sf.Env {
		fill(sf.Env[i].Refs)
	}
	for i := range sf.Headers {
		fill(sf.Headers[i].Refs)
	}
	if sf.URL != nil {
		fill(sf.URL.Refs)
	}
}

// inputFacts fills RefFact.Set of the ${input:id} references of a server
// in a VS Code mcp.json: set when the file's "inputs" declares that id.
// VS Code refuses to start a server that names an undeclared input
// ("Undefined input variable"), whatever the environment.
func inputFacts(sf *ServerFact, s *loader.Server) {
	if s.Client != "vscode" || s.Doc == nil || s.Doc.File == nil || s.Doc.File.Root == nil {
		return
	}
	root := s.Doc.File.Root
	if root.Kind != syntax.Object || root.Get("servers") == nil {
		return // settings.json keeps them under "mcp", and may inherit more
	}
	declared := map[string]bool{}
	if in := root.Get("inputs"); in != nil {
		for _, it := range in.Items {
			if it == nil || it.Kind != syntax.Object {
				continue
			}
			if id, ok := it.Get("id").Str(); ok {
				declared[id] = true
			}
		}
	}
	fill := func(rs []RefFact) {
		for i := range rs {
			if r := &rs[i]; r.Syntax == secret.SyntaxInput {
				set := declared[r.Name]
				r.Set = &set
			}
		}
	}
	for i := range sf.Args {
		fill(sf.Args[i].Refs)
	}
	for i := range sf.Env {
		fill(sf.Env[i].Refs)
	}
	for i := range sf.Headers {
		fill(sf.Headers[i].Refs)
	}
	if sf.URL != nil {
		fill(sf.URL.Refs)
	}
}

// oauthSecretFact clears OAuthFact.HasSecret when the secret field holds no
// stored secret: an empty value, a variable reference or a placeholder.
func oauthSecretFact(sf *ServerFact, s *loader.Server) {
	if sf.OAuth == nil || !sf.OAuth.HasSecret || s.Doc == nil || s.Doc.File == nil || s.Doc.File.Root == nil {
		return
	}
	n := s.Doc.File.Root.Lookup(sf.OAuth.SecretPointer)
	if n == nil {
		return
	}
	v, ok := n.Str()
	if !ok {
		if n.Kind == syntax.Null {
			sf.OAuth.HasSecret = false
		}
		return
	}
	v = strings.TrimSpace(v)
	if _, isRef := secret.IsReference(v); v == "" || isRef || secret.IsPlaceholder(v) {
		sf.OAuth.HasSecret = false
	}
}
