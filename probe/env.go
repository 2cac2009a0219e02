package probe

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/secret"
)

// BaseEnv names the variables of the caller's environment every stdio
// server gets: enough to find and run a program, no credentials.
var BaseEnv = []string{
	"PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ",
	// Windows
	"SystemRoot", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "APPDATA", "LOCALAPPDATA",
	"USERPROFILE", "TEMP", "TMP", "ProgramFiles", "ProgramFiles(x86)", "ProgramData",
}

// Expander expands the variable references of a config value from the
// caller's environment. It remembers every value it put in, so that
// output can be scrubbed of them.
type Expander struct {
	// Lookup reads the caller's environment (os.LookupEnv).
	Lookup func(string) (string, bool)
	// Project is the folder ${workspaceFolder} stands for.
	Project string
	// Home is what ${userHome} stands for.
	Home string
	// Allow says whether the client expands a reference syntax (nil:
	// every syntax); a reference it does not expand is left as written,
	// as the client would send it.
	Allow func(syntax string) bool

	values map[string]bool
	// used are the names of the caller's variables the last Expand took
	// values from.
	used []string
}

// Expand replaces each reference in s. Names it could not resolve are
// returned; their references are left as written.
func (e *Expander) Expand(s string) (string, []string) {
	e.used = e.used[:0]
	refs := secret.References(s)
	if len(refs) == 0 {
		return s, nil
	}
	var b strings.Builder
	var missing []string
	last := 0
	for _, r := range refs {
		if r.Start < last {
			continue // nested in a default already handled
		}
		if e.Allow != nil && !e.Allow(r.Syntax) {
			continue
		}
		b.WriteString(s[last:r.Start])
		v, ok := e.resolve(r)
		if !ok {
			missing = append(missing, r.Name)
			v = s[r.Start:r.End]
		}
		b.WriteString(v)
		last = r.End
	}
	b.WriteString(s[last:])
	return b.String(), missing
}

func (e *Expander) resolve(r secret.Reference) (string, bool) {
	switch r.Syntax {
	case secret.SyntaxDollarBrace, secret.SyntaxDollar, secret.SyntaxEnvColon, secret.SyntaxOpencode:
		if r.Syntax == secret.SyntaxOpencode && strings.HasPrefix(r.Name, "file:") {
			return "", false
		}
		if v, ok := e.Lookup(r.Name); ok && (v != "" || !r.HasDefault) {
			e.remember(v)
			e.used = append(e.used, r.Name)
			return v, true
		}
		if r.HasDefault {
			d, missing := e.Expand(r.Default)
			return d, len(missing) == 0
		}
		return "", false
	case secret.SyntaxEditorVar:
		switch r.Name {
		case "workspaceFolder", "workspaceRoot", "cwd":
			return e.Project, e.Project != ""
		case "userHome":
			return e.Home, e.Home != ""
		case "pathSeparator", "/":
			return string(filepath.Separator), true
		case "workspaceFolderBasename":
			return filepath.Base(e.Project), e.Project != ""
		}
	}
	return "", false
}

func (e *Expander) remember(v string) {
	if len(v) < 4 {
		return
	}
	if e.values == nil {
		e.values = map[string]bool{}
	}
	e.values[v] = true
}

// Used names the caller's variables the last Expand took values from.
func (e *Expander) Used() []string { return append([]string(nil), e.used...) }

// Values are the values taken from the caller's environment, longest
// first.
func (e *Expander) Values() []string {
	out := make([]string, 0, len(e.values))
	for v := range e.values {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// Environ is the environment of a stdio server: the base variables and
// those named by pass from the caller's environment, then the server's
// declared env (already expanded), which wins.
func Environ(lookup func(string) (string, bool), pass []string, declared [][2]string) []string {
	m := map[string]string{}
	var order []string
	set := func(k, v string) {
		if _, ok := m[k]; !ok {
			order = append(order, k)
		}
		m[k] = v
	}
	for _, names := range [][]string{BaseEnv, pass} {
		for _, k := range names {
			if v, ok := lookup(k); ok {
				set(k, v)
			}
		}
	}
	for _, kv := range declared {
		set(kv[0], kv[1])
	}
	out := make([]string, 0, len(order))
	for _, k := range order {
		out = append(out, k+"="+m[k])
	}
	return out
}

// lookPath finds command on the PATH of env (not mcplint's own).
func lookPath(command string, env []string) (string, error) {
	if strings.ContainsRune(command, '/') || (runtime.GOOS == "windows" && strings.ContainsAny(command, `\:`)) {
		return command, nil
	}
	path := ""
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(k, "PATH") {
			path = v
		}
	}
	exts := []string{""}
	if runtime.GOOS == "windows" {
		exts = []string{".exe", ".cmd", ".bat", ".com", ""}
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue // never run a program from the current folder by accident
		}
		for _, ext := range exts {
			p := filepath.Join(dir, command+ext)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0) {
				return p, nil
			}
		}
	}
	return "", errors.New("command not found on the PATH")
}
