package probe

import (
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// Planned is one configured server turned into a target, with every
// reference expanded from the caller's environment, and what may be shown
// of it.
type Planned struct {
	Server *loader.Server
	// Project is the absolute folder its snapshot and pins go to.
	Project string
	Target  Target
	// Scrub are the values to remove from anything the server answers
	// before it is printed or written, longest first.
	Scrub []string
	// Missing names the variables the config references and the caller's
	// environment does not set.
	Missing []string
	// Shown is the masked command or URL.
	Shown string
	// URLs pair the expanded address with its masked form, so an error
	// quoting it can show the masked one.
	URLs     [][2]string
	EnvNames []string
	// Passes says which of the caller's variables go where, one line each
	// ("GITHUB_PAT ← $GITHUB_TOKEN", "header Authorization ← $TOKEN"),
	// masked: what the consent question shows.
	Passes []string
	// Host is a remote server's scheme://host:port, masked ("" for stdio).
	Host string
	// Credentials is true for a remote server that is sent a header or a
	// value of the caller's environment: contacting it needs consent.
	Credentials bool
	// Insecure is true when those credentials would go over plain http to
	// a host that is not this machine.
	Insecure bool
}

// NeedsConsent reports whether the user must agree before p is probed: a
// stdio server starts a program; a remote one is sent credentials.
func (p *Planned) NeedsConsent() bool { return p.Target.Transport == "stdio" || p.Credentials }

// Env is what a plan reads of the caller's world.
type Env struct {
	// Lookup reads the caller's environment (os.LookupEnv).
	Lookup func(string) (string, bool)
	// Home is the caller's home folder (${userHome}).
	Home string
	// WorkDir is the folder a server outside any project records into.
	WorkDir string
}

// Selection says which servers to plan.
type Selection struct {
	// Only names the servers to probe (empty: every one).
	Only []string
	// PassEnv names variables of the caller's environment every stdio
	// server gets besides BaseEnv.
	PassEnv []string
	// RemoteOnly leaves stdio servers out.
	RemoteOnly bool
}

// Plan picks the effective servers of ws (as mcplint list resolves them)
// and turns each into a target. skipped says why others are left out.
func Plan(ws *loader.Workspace, sel Selection, env Env) (planned []*Planned, skipped []string) {
	want := map[string]bool{}
	for _, n := range sel.Only {
		want[n] = true
	}
	fallback := env.WorkDir
	if len(ws.Projects) > 0 {
		fallback = ws.Projects[0]
	}
	seen := map[string]*loader.Server{}
	for _, s := range ws.Servers {
		if s.Doc == nil || s.Doc.Kind != loader.KindClientConfig || s.Tier == loader.TierLibrary {
			continue
		}
		if len(want) > 0 && !want[s.Name] {
			continue
		}
		name := secret.Display(s.Name)
		switch s.State() {
		case "enabled":
		case "untrusted":
			skipped = append(skipped, fmt.Sprintf("%s: skipped: untrusted (%s)", name, secret.Display(s.UntrustedBy)))
			continue
		default:
			continue // shadowed or disabled: not what the client runs
		}
		switch s.Transport {
		case "stdio", "http", "sse":
		default:
			skipped = append(skipped, fmt.Sprintf("%s: skipped: transport %s cannot be probed", name, secret.Display(s.Transport)))
			continue
		}
		if sel.RemoteOnly && s.Transport == "stdio" {
			continue
		}
		dir := s.Project
		if dir == "" {
			dir = fallback
		}
		key := dir + "\x00" + s.Name
		if prev := seen[key]; prev != nil {
			skipped = append(skipped, fmt.Sprintf("%s: skipped the %s copy in %s: the %s copy in %s was probed (one snapshot per name)", name, s.Client, s.Doc.Path, prev.Client, prev.Doc.Path))
			continue
		}
		seen[key] = s
		planned = append(planned, plan(s, dir, env, sel.PassEnv))
	}
	return planned, skipped
}

func plan(s *loader.Server, dir string, env Env, passEnv []string) *Planned {
	ex := &Expander{Lookup: env.Lookup, Project: dir, Home: env.Home}
	p := &Planned{Server: s, Project: dir}
	field := ""
	ex.Allow = func(syn string) bool { return facts.Expands(s, syn, field) }
	var missing []string
	passed := func(where string) {
		for _, n := range ex.Used() {
			p.Passes = append(p.Passes, secret.Display(where)+" ← $"+secret.Display(n))
		}
	}
	expand := func(v string) string {
		out, m := ex.Expand(v)
		missing = append(missing, m...)
		return out
	}
	tg := Target{Name: s.Name, Transport: s.Transport}
	var sensitive []string
	switch s.Transport {
	case "stdio":
		field = "command"
		tg.Command = expand(s.Command)
		passed("command")
		field = "args"
		for i, a := range s.Args {
			tg.Args = append(tg.Args, expand(a))
			passed(fmt.Sprintf("args[%d]", i))
		}
		var declared [][2]string
		field = "env"
		for _, e := range s.Env {
			v := expand(e.Value)
			passed(e.Key)
			declared = append(declared, [2]string{e.Key, v})
			if secret.CredentialName(e.Key) || len(secret.Scan(e.Key, e.Value)) > 0 {
				sensitive = append(sensitive, v)
			}
			p.EnvNames = append(p.EnvNames, e.Key)
		}
		tg.Env = Environ(env.Lookup, passEnv, declared)
		tg.Dir = dir
		if s.Cwd != "" {
			field = "cwd"
			c := expand(s.Cwd)
			if !filepath.IsAbs(c) {
				c = filepath.Join(dir, c)
			}
			tg.Dir = c
		}
		p.Shown = secret.Display(strings.Join(append([]string{secret.MaskValue("", s.Command)}, secret.MaskArgs(s.Args)...), " "))
		if len(p.EnvNames) > 0 {
			p.Shown += " (env: " + secret.Display(strings.Join(p.EnvNames, ", ")) + ")"
		}
	default:
		field = "url"
		tg.URL = expand(s.URL)
		passed("url")
		field = "headers"
		tg.Headers = map[string]string{}
		for _, h := range s.Headers {
			v := expand(h.Value)
			passed("header " + h.Key)
			if len(ex.Used()) == 0 {
				p.Passes = append(p.Passes, secret.Display("header "+h.Key)+" (as written in the config)")
			}
			tg.Headers[h.Key] = v
			sensitive = append(sensitive, v)
			if _, tok, ok := strings.Cut(v, " "); ok {
				sensitive = append(sensitive, tok)
			}
		}
		p.Shown = secret.Display(secret.MaskURL(s.URL))
		// An error quoting the address shows it masked.
		p.URLs = [][2]string{{tg.URL, secret.MaskURL(s.URL)}}
		p.Credentials = len(p.Passes) > 0
		if u, err := url.Parse(tg.URL); err == nil {
			p.Host = secret.Display(origin(tg.URL))
			p.Insecure = p.Credentials && strings.EqualFold(u.Scheme, "http") && !loopback(u.Hostname())
		}
	}
	p.Target = tg
	p.Missing = dedupe(missing)
	// Every value taken from the caller's environment, every header value
	// and every declared env value that is or sits under a credential is
	// scrubbed from what the server answers before anything is printed or
	// written.
	p.Scrub = ex.Values()
	for _, v := range sensitive {
		if len(v) >= 8 {
			p.Scrub = append(p.Scrub, v)
		}
	}
	sort.Slice(p.Scrub, func(i, j int) bool { return len(p.Scrub[i]) > len(p.Scrub[j]) })
	return p
}

// Quiet is text about p (an error, a note) with every value to scrub
// replaced, the expanded address shown masked, and what is left masked and
// escaped for a terminal.
func (p *Planned) Quiet(msg string) string {
	for _, u := range p.URLs {
		msg = strings.ReplaceAll(msg, u[0], u[1])
	}
	for _, v := range p.Scrub {
		msg = strings.ReplaceAll(msg, v, "****")
	}
	return secret.Display(secret.MaskValue("", msg))
}

// loopback is this machine: localhost, 127.0.0.0/8 and ::1.
func loopback(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, secret.Display(x))
		}
	}
	return out
}
