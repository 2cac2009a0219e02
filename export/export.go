// Package export writes a configured MCP server out as a Paseo catalogue
// entry (the 0.12.0 team file shape, as Paseo's "Copy as catalogue entry"
// writes it) or as an official MCP Registry server.json fragment.
//
// The templating is Paseo's (seeds/001, "Copy as catalogue entry"): of an
// address only the scheme and host stay, a host's first label becomes
// {HOST_PREFIX} unless it is a plain word like mcp, a path that is not plain
// lowercase words becomes {PATH}, query keys keep their names and their
// values become the inputs PARAM_1…n; every header and env value is a
// placeholder; of a command only the command, its package and the flag
// names stay. No stored value is ever written: every value the server holds
// is replaced by a declared placeholder, and the result is checked for
// leftovers before it is returned.
package export

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// Input is one value the user fills in when adding the entry.
type Input struct {
	ID     string `json:"id"`
	Label  string `json:"label"`
	Secret bool   `json:"secret"`
}

// Pairs is a JSON object that keeps its keys in the order written.
type Pairs []Pair

// Pair is one key and value of Pairs.
type Pair struct{ Key, Value string }

// Entry is a Paseo 0.12.0 team catalogue entry.
type Entry struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Transport   string   `json:"transport"`
	URL         string   `json:"url,omitempty"`
	Headers     Pairs    `json:"headers,omitempty"`
	Command     string   `json:"command,omitempty"`
	Args        []string `json:"args,omitempty"`
	Env         Pairs    `json:"env,omitempty"`
	Inputs      []Input  `json:"inputs,omitempty"`
	Auth        string   `json:"auth"`
}

// Error is a server that cannot be exported, with the reason in words
// that never quote a stored value.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func refuse(format string, a ...any) error { return &Error{Msg: fmt.Sprintf(format, a...)} }

// Find picks the copy of the server called name that its client runs:
// an enabled, trusted copy that no other copy shadows comes first, then
// any copy. A name qualified as <tier>:<name> picks that tier's copy.
func Find(ws *loader.Workspace, name string) (*loader.Server, error) {
	tier := ""
	if i := strings.IndexByte(name, ':'); i > 0 {
		if _, ok := tierNames[name[:i]]; ok {
			tier, name = name[:i], name[i+1:]
		}
	}
	var best *loader.Server
	for _, s := range ws.Servers {
		if s.Name != name || (tier != "" && string(s.Tier) != tier) {
			continue
		}
		if s.Tier == loader.TierLibrary || s.Builtin != "" {
			continue // catalogue entries already are; Paseo's own server is no config
		}
		if best == nil || (best.State() != "enabled" && s.State() == "enabled") {
			best = s
		}
	}
	if best == nil {
		return nil, errors.New("no configured server by that name in the files read")
	}
	return best, nil
}

var tierNames = map[string]bool{"managed": true, "system": true, "local": true, "project": true, "user": true,
	"plugin": true, "global": true, "agent": true}

// CheckName refuses a server whose name itself holds a credential: it
// would be written as the entry's id and name.
func CheckName(name string) error {
	if len(secret.Scan("", name)) > 0 || len(secret.Scan("name", name)) > 0 {
		return refuse("the server's name looks like a credential, so it is not written anywhere: rename the server first")
	}
	return nil
}

// inputs collects declared placeholders with unique ids.
type inputs struct {
	list []Input
	used map[string]bool
}

func (in *inputs) add(id, label string, isSecret bool) string {
	if in.used == nil {
		in.used = map[string]bool{}
	}
	base := id
	for n := 2; in.used[id]; n++ {
		id = base + "_" + strconv.Itoa(n)
	}
	in.used[id] = true
	in.list = append(in.list, Input{ID: id, Label: label, Secret: isSecret})
	return id
}

// publicInputs are the input names Paseo writes as typed (seeds/001); any
// other input is secret.
var publicInputs = map[string]bool{"region": true, "project": true, "workspace": true, "org": true, "team": true,
	"site": true, "host": true, "port": true, "database": true, "schema": true, "env": true, "locale": true,
	"timezone": true, "mode": true}

var nonIDChar = regexp.MustCompile(`[^A-Z0-9]+`)

// inputID makes a placeholder name from a header, env or flag name.
func inputID(name string) string {
	id := strings.Trim(nonIDChar.ReplaceAllString(strings.ToUpper(strings.TrimLeft(name, "-")), "_"), "_")
	if id == "" {
		return "VALUE"
	}
	if id[0] >= '0' && id[0] <= '9' {
		id = "V_" + id
	}
	return id
}

var nonSlugChar = regexp.MustCompile(`[^a-z0-9]+`)

func slug(name string) string {
	s := strings.Trim(nonSlugChar.ReplaceAllString(strings.ToLower(name), "-"), "-")
	if s == "" {
		return "server"
	}
	return s
}

// plainHostWords are first host labels that name the service, not a
// tenant, and stay as written ("a plain word like mcp").
var plainHostWords = map[string]bool{"mcp": true, "api": true, "www": true, "app": true, "remote": true,
	"server": true, "gateway": true, "sse": true, "connect": true, "mcp-server": true}

var plainWord = regexp.MustCompile(`^[a-z]+$`)

// address is a templated address with the inputs it declares, split so
// the registry form can use the same words.
type address struct {
	scheme, host, path string
	query              []Pair // key and the input id of its value
}

func (a address) String() string {
	var b strings.Builder
	b.WriteString(a.scheme + "://" + a.host + a.path)
	for i, q := range a.query {
		if i == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		b.WriteString(q.Key + "={" + q.Value + "}")
	}
	return b.String()
}

// templateURL applies Paseo's address templating. Only https is accepted:
// Paseo refuses an entry at any other address.
func templateURL(raw string, in *inputs) (address, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return address{}, refuse("its address is not a URL Paseo can read")
	}
	if !strings.EqualFold(u.Scheme, "https") {
		return address{}, refuse("its address is %s, and a Paseo catalogue entry must be https", strings.ToLower(u.Scheme))
	}
	a := address{scheme: "https"}
	host := strings.ToLower(u.Hostname())
	if len(secret.Scan("host", host)) > 0 {
		return address{}, refuse("its host name holds a credential")
	}
	labels := strings.Split(host, ".")
	if len(labels) >= 3 && !plainHostWords[labels[0]] {
		labels[0] = "{" + in.add("HOST_PREFIX", "First part of the server's host name", true) + "}"
	}
	a.host = strings.Join(labels, ".")
	if p := u.Port(); p != "" {
		a.host += ":" + p
	}
	path := u.EscapedPath()
	if path != "" && path != "/" {
		plain := true
		for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
			if !plainWord.MatchString(seg) {
				plain = false
				break
			}
		}
		if plain {
			a.path = path
		} else {
			a.path = "/{" + in.add("PATH", "Path of the server's address", true) + "}"
		}
	} else {
		a.path = path
	}
	if u.RawQuery != "" {
		n := 0
		for _, kv := range strings.Split(u.RawQuery, "&") {
			if kv == "" {
				continue
			}
			k, _, _ := strings.Cut(kv, "=")
			key, err := url.QueryUnescape(k)
			if err != nil || key == "" || strings.ContainsAny(key, "{}$") || len(secret.Scan("", key)) > 0 {
				return address{}, refuse("its address has a query key Paseo cannot template")
			}
			n++
			id := in.add("PARAM_"+strconv.Itoa(n), "Value of "+key+" in the address", true)
			a.query = append(a.query, Pair{Key: url.QueryEscape(key), Value: id})
		}
	}
	return a, nil
}

// authSchemes are the words a header template keeps before its value.
var authSchemes = map[string]bool{"bearer": true, "basic": true, "token": true, "bot": true, "apikey": true}

// templateHeader keeps an authorisation scheme word ("Bearer ") and puts
// a placeholder where the value was.
func templateHeader(name, value string, in *inputs) (string, string) {
	prefix := ""
	if w, rest, ok := strings.Cut(strings.TrimSpace(value), " "); ok && authSchemes[strings.ToLower(w)] && strings.TrimSpace(rest) != "" {
		prefix = w + " "
	}
	id := in.add(inputID(name), name+" header", !publicInputs[strings.ToLower(name)])
	return id, prefix + "{" + id + "}"
}

// source names where the server was read, for the entry's description.
func source(s *loader.Server) string {
	c := s.Client
	if cl := loader.Clients[c]; cl != nil {
		c = cl.Name
	}
	return fmt.Sprintf("Exported from %s (%s tier).", c, s.Tier)
}

// Paseo turns s into a catalogue entry. runner is the server's runner fact
// (nil when it starts no package through a runner).
func Paseo(s *loader.Server, runner *facts.RunnerFact) (*Entry, error) {
	if err := CheckName(s.Name); err != nil {
		return nil, err
	}
	for _, p := range append(append([]loader.Pair(nil), s.Env...), s.Headers...) {
		if len(secret.Scan("", p.Key)) > 0 {
			return nil, refuse("one of its env or header names looks like a credential, so it is not written anywhere")
		}
	}
	e := &Entry{ID: slug(s.Name), Name: s.Name, Description: source(s)}
	var in inputs
	switch {
	case s.Transport == "stdio" || (s.Command != "" && s.URL == ""):
		e.Transport = "stdio"
		cmd, args, err := templateCommand(s, runner, &in)
		if err != nil {
			return nil, err
		}
		e.Command, e.Args = cmd, args
		for _, p := range s.Env {
			id := in.add(inputID(p.Key), p.Key, !publicInputs[strings.ToLower(p.Key)])
			e.Env = append(e.Env, Pair{Key: p.Key, Value: "{" + id + "}"})
		}
		e.Auth = "none"
		if len(e.Env) > 0 {
			e.Auth = "env"
		}
	case s.URL != "":
		if s.Transport == "ws" {
			return nil, refuse("it is a WebSocket server, and a Paseo catalogue entry is http or stdio")
		}
		e.Transport = "http"
		a, err := templateURL(s.URL, &in)
		if err != nil {
			return nil, err
		}
		e.URL = a.String()
		for _, h := range s.Headers {
			if strings.Contains(h.Key, ".") {
				return nil, refuse("its header %q has a . in its name, which Paseo refuses", h.Key)
			}
			_, v := templateHeader(h.Key, h.Value, &in)
			e.Headers = append(e.Headers, Pair{Key: h.Key, Value: v})
		}
		switch {
		case s.OAuth != nil:
			e.Auth = "oauth"
		case len(e.Headers) > 0:
			e.Auth = "header"
		default:
			// A hosted server without a key signs in when it is added.
			e.Auth = "oauth"
		}
	default:
		return nil, refuse("it has neither a command nor an address")
	}
	e.Inputs = in.list
	if err := noStoredValue(s, e); err != nil {
		return nil, err
	}
	return e, nil
}

// runnerWords is how many arguments belong to the runner itself
// (npm exec, uv tool run, …) before its flags.
func runnerWords(runner string) int { return len(strings.Fields(runner)) - 1 }

// templateCommand keeps the command, the package and flag names, and puts
// a placeholder in place of every other argument. An input in an argument
// is secret whatever its name (Paseo writes a public-named input as typed
// only in a header or env line of the same name).
func templateCommand(s *loader.Server, runner *facts.RunnerFact, in *inputs) (string, []string, error) {
	command := strings.TrimSpace(s.Command)
	args := s.Args
	if strings.ContainsAny(command, " \t") {
		return "", nil, refuse("its command is a whole command line; split it into command and args first")
	}
	if command == "" {
		return "", nil, refuse("it has no command")
	}
	pkg := -1
	if runner != nil {
		if runner.Problem != "" && !runner.Local {
			hint := ""
			if runner.Suggestion != "" {
				hint = " (" + secret.Display(runner.Suggestion) + ")"
			}
			// The package is quoted from the scanned file: shown escaped
			// and masked, like every scanned text.
			return "", nil, refuse("it runs %s without an exact version, which Paseo refuses in a catalogue entry: pin it first%s", secret.Display(runner.Package), hint)
		}
		if runner.Local {
			return "", nil, refuse("it runs a package from a path on this machine, which another machine does not have")
		}
		if i := strings.LastIndex(runner.PackagePointer, "/args/"); i >= 0 && strings.HasPrefix(runner.PackagePointer, s.Pointer) {
			pkg, _ = strconv.Atoi(runner.PackagePointer[i+len("/args/"):])
		}
	}
	keep := 0
	if runner != nil {
		keep = runnerWords(runner.Runner)
	}
	out := make([]string, 0, len(args))
	argN := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case i < keep || i == pkg:
			out = append(out, a)
		case a == "--":
			out = append(out, a)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			name, _, hasValue := strings.Cut(a, "=")
			if !hasValue {
				out = append(out, a)
				// The word after a flag is its value unless it is another
				// flag or the package.
				if i+1 < len(args) && i+1 != pkg && !strings.HasPrefix(args[i+1], "-") && !booleanFlag(name) {
					i++
					id := in.add(inputID(name), "Value of "+name, true)
					out = append(out, "{"+id+"}")
				}
				continue
			}
			id := in.add(inputID(name), "Value of "+name, true)
			out = append(out, name+"={"+id+"}")
		default:
			argN++
			id := in.add("ARG_"+strconv.Itoa(argN), "Argument "+strconv.Itoa(argN), true)
			out = append(out, "{"+id+"}")
		}
	}
	return command, out, nil
}

// booleanFlag: runner flags that take no value, so the next word is not
// theirs.
func booleanFlag(name string) bool {
	switch name {
	case "-y", "--yes", "-q", "--quiet", "-i", "--rm", "-t", "--interactive", "--tty", "--init", "--read-only", "-d":
		return true
	}
	return false
}

// noStoredValue checks that no value the server stores reached the entry.
func noStoredValue(s *loader.Server, e any) error {
	text := fmt.Sprintf("%+v", e)
	check := func(v string) error {
		v = strings.TrimSpace(v)
		if len(v) >= 4 && strings.Contains(text, v) {
			return refuse("a stored value would be written; nothing is exported")
		}
		return nil
	}
	for _, p := range s.Env {
		if err := check(p.Value); err != nil {
			return err
		}
	}
	for _, p := range s.Headers {
		_, rest, _ := strings.Cut(strings.TrimSpace(p.Value), " ")
		if err := check(rest); err != nil {
			return err
		}
		if err := check(p.Value); err != nil {
			return err
		}
	}
	if u, err := url.Parse(s.URL); err == nil && s.URL != "" {
		if err := check(u.RawQuery); err != nil {
			return err
		}
		if p, ok := u.User.Password(); ok {
			if err := check(p); err != nil {
				return err
			}
		}
	}
	for _, d := range secret.ScanArgs(s.Args) {
		if err := check(s.Args[d.Index][d.Start:d.End]); err != nil {
			return err
		}
	}
	return nil
}
