package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/probe"
	"github.com/mcplint/mcplint/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Where probe asks for consent; tests replace them.
var (
	consentIn       io.Reader = os.Stdin
	consentTerminal           = func() bool {
		fi, err := os.Stdin.Stat()
		return err == nil && fi.Mode()&os.ModeCharDevice != 0
	}
	lookupEnv = os.LookupEnv
)

const probeSynopsis = `Connect to every effective MCP server found in the PATHs (as mcplint list
resolves them: tiers, shadowing, disabled and untrusted copies are left out)
and record what it offers: one snapshot per server in .mcplint/tools/NAME.json
and a SHA-256 pin of each tool's definition in .mcplint/pins.json, next to
the project's config. Then print what check finds in them.

This is the only command that starts a server or opens a connection. A stdio
server is started only after you say yes to its masked command, or with
--yes; without a terminal and without --yes nothing is started (exit 2).
Each server runs in its own process group with a minimal environment (PATH,
HOME, …) plus the env its config declares; ${VAR} references are expanded
from your environment now and never written anywhere.

A tool whose definition differs from its pin is reported as drift and is
re-pinned only with --update.`

type probeTarget struct {
	srv      *loader.Server
	project  string // absolute folder the snapshot and pins go to
	target   probe.Target
	scrub    []string
	missing  []string
	shown    string      // the masked command or URL
	urls     [][2]string // the expanded address and its masked form
	envNames []string
}

func runProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("probe", probeSynopsis, stderr)
	var lf loadFlags
	lf.register(fs)
	var pf policyFlags
	pf.register(fs)
	yes := fs.Bool("yes", false, "start stdio servers without asking (for scripts and CI)")
	update := fs.Bool("update", false, "re-pin tools whose definition changed, new tools and removed ones")
	connectTimeout := fs.Duration("timeout", probe.DefaultConnectTimeout, "give each server this `DURATION` to start or connect and answer initialize")
	requestTimeout := fs.Duration("request-timeout", probe.DefaultRequestTimeout, "give each later request (one page of a list) this `DURATION`")
	maxResponse := fs.Int("max-response", probe.DefaultMaxResponse, "refuse a response (one message) larger than this many `BYTES`")
	var passEnv, only stringList
	fs.Var(&passEnv, "pass-env", "also pass the variable `NAME` of your environment to stdio servers (repeatable)")
	fs.Var(&only, "server", "probe only the server `NAME` (repeatable)")
	remoteOnly := fs.Bool("remote-only", false, "probe only remote (http and sse) servers: start no process (for a scheduled CI job)")
	failLevel := fs.String("fail-level", "error", "exit 1 when a finding is at or above `LEVEL`: error, warning, info or never")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	threshold, ok := parseFailLevel(*failLevel)
	if !ok {
		fmt.Fprintf(stderr, "mcplint probe: --fail-level %q: want error, warning, info or never\n", *failLevel)
		return exitUsage
	}
	if *maxResponse <= 0 || *connectTimeout <= 0 || *requestTimeout <= 0 {
		fmt.Fprintln(stderr, "mcplint probe: --timeout, --request-timeout and --max-response must be positive")
		return exitUsage
	}
	eng, cfg, code := pf.setup(paths, stderr, "probe")
	if eng == nil {
		return code
	}
	ws, code := lf.load(paths, stderr, "probe")
	if ws == nil {
		return code
	}
	targets, skipped := probeTargets(ws, only, passEnv)
	if *remoteOnly {
		kept := targets[:0]
		for _, t := range targets {
			if t.target.Transport != "stdio" {
				kept = append(kept, t)
			}
		}
		targets = kept
	}
	for _, s := range skipped {
		fmt.Fprintf(stderr, "mcplint probe: %s\n", s)
	}
	if len(targets) == 0 {
		fmt.Fprintln(stderr, "mcplint probe: no server to probe")
		return exitOK
	}

	// Consent comes first, for every stdio server, before anything starts.
	var stdio []*probeTarget
	for _, t := range targets {
		if t.target.Transport == "stdio" {
			stdio = append(stdio, t)
		}
	}
	if len(stdio) > 0 && !*yes {
		if !consentTerminal() {
			fmt.Fprintf(stderr, "mcplint probe: %s would be started on this machine and there is no terminal to ask: nothing was started.\n", plural(len(stdio), "stdio server"))
			for _, t := range stdio {
				fmt.Fprintf(stderr, "  %s: %s\n", display(t.srv.Name), t.shown)
			}
			fmt.Fprintln(stderr, "Review the commands, then run again with --yes.")
			return exitUsage
		}
		targets = askConsent(targets, stderr)
	}

	opts := probe.Options{ConnectTimeout: *connectTimeout, RequestTimeout: *requestTimeout, MaxResponse: *maxResponse, ClientVersion: versionString()}
	byProject := map[string][]*probeResult{}
	var projects []string
	failed := 0
	for _, t := range targets {
		if len(t.missing) > 0 {
			fmt.Fprintf(stderr, "mcplint probe: %s: not probed: %s not set in your environment\n", display(t.srv.Name), strings.Join(t.missing, ", "))
			failed++
			continue
		}
		res, err := probe.Probe(context.Background(), t.target, opts)
		if err != nil {
			msg := err.Error()
			for _, u := range t.urls {
				msg = strings.ReplaceAll(msg, u[0], u[1])
			}
			fmt.Fprintf(stderr, "mcplint probe: %s: %s\n", display(t.srv.Name), display(secret.MaskValue("", scrub(msg, t.scrub))))
			failed++
			continue
		}
		if _, ok := byProject[t.project]; !ok {
			projects = append(projects, t.project)
		}
		byProject[t.project] = append(byProject[t.project], &probeResult{t: t, res: res})
	}
	sort.Strings(projects)

	drift := 0
	var written []string
	for _, dir := range projects {
		n, files, err := recordProject(dir, byProject[dir], *update, stdout)
		if err != nil {
			// This project's files stay as they were (or as far as they
			// got); the other projects are still written.
			if errors.Is(err, fix.ErrChanged) || errors.Is(err, fix.ErrExists) {
				err = fmt.Errorf("%v (another program wrote it meanwhile; run mcplint probe again)", strings.SplitN(err.Error(), ":", 2)[0])
			}
			fmt.Fprintf(stderr, "mcplint probe: %v\n", err)
			failed++
		}
		drift += n
		written = append(written, files...)
	}

	// What check says about what was just read.
	findings, code := checkRecorded(eng, cfg, lf, paths, written, targets, stderr)
	if code != exitOK {
		return code
	}
	if len(findings) > 0 {
		sum := report.Summarise(findings, len(written), len(targets))
		if err := report.Text(stdout, findings, nil, sum, report.TextOptions{Color: colorFor(stdout)}); err != nil {
			return exitInternal
		}
	}
	if failed > 0 || drift > 0 {
		return exitFindings
	}
	for _, f := range findings {
		if threshold != 0 && f.Level >= threshold {
			return exitFindings
		}
	}
	return exitOK
}

// probeTargets picks the effective servers and turns each into a target
// with its references expanded. skipped says why others are left out.
func probeTargets(ws *loader.Workspace, only []string, passEnv []string) ([]*probeTarget, []string) {
	want := map[string]bool{}
	for _, n := range only {
		want[n] = true
	}
	home, _ := os.UserHomeDir()
	fallback := ""
	if len(ws.Projects) > 0 {
		fallback = ws.Projects[0]
	} else if wd, err := os.Getwd(); err == nil {
		fallback = wd
	}
	var out []*probeTarget
	var skipped []string
	seen := map[string]*loader.Server{}
	for _, s := range ws.Servers {
		if s.Doc == nil || s.Doc.Kind != loader.KindClientConfig || s.Tier == loader.TierLibrary {
			continue
		}
		if len(want) > 0 && !want[s.Name] {
			continue
		}
		name := display(s.Name)
		switch s.State() {
		case "enabled":
		case "untrusted":
			skipped = append(skipped, fmt.Sprintf("%s: skipped: untrusted (%s)", name, display(s.UntrustedBy)))
			continue
		default:
			continue // shadowed or disabled: not what the client runs
		}
		switch s.Transport {
		case "stdio", "http", "sse":
		default:
			skipped = append(skipped, fmt.Sprintf("%s: skipped: transport %s cannot be probed", name, display(s.Transport)))
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
		out = append(out, makeTarget(s, dir, home, passEnv))
	}
	return out, skipped
}

func makeTarget(s *loader.Server, dir, home string, passEnv []string) *probeTarget {
	ex := &probe.Expander{Lookup: lookupEnv, Project: dir, Home: home}
	t := &probeTarget{srv: s, project: dir}
	field := ""
	ex.Allow = func(syn string) bool { return facts.Expands(s, syn, field) }
	var missing []string
	expand := func(v string) string {
		out, m := ex.Expand(v)
		missing = append(missing, m...)
		return out
	}
	tg := probe.Target{Name: s.Name, Transport: s.Transport}
	var sensitive []string
	switch s.Transport {
	case "stdio":
		field = "command"
		tg.Command = expand(s.Command)
		field = "args"
		for _, a := range s.Args {
			tg.Args = append(tg.Args, expand(a))
		}
		var declared [][2]string
		field = "env"
		for _, e := range s.Env {
			v := expand(e.Value)
			declared = append(declared, [2]string{e.Key, v})
			if secret.CredentialName(e.Key) || len(secret.Scan(e.Key, e.Value)) > 0 {
				sensitive = append(sensitive, v)
			}
			t.envNames = append(t.envNames, e.Key)
		}
		tg.Env = probe.Environ(lookupEnv, passEnv, declared)
		tg.Dir = dir
		if s.Cwd != "" {
			field = "cwd"
			c := expand(s.Cwd)
			if !filepath.IsAbs(c) {
				c = filepath.Join(dir, c)
			}
			tg.Dir = c
		}
		t.shown = display(strings.Join(append([]string{secret.MaskValue("", s.Command)}, secret.MaskArgs(s.Args)...), " "))
		if len(t.envNames) > 0 {
			t.shown += " (env: " + display(strings.Join(t.envNames, ", ")) + ")"
		}
	default:
		field = "url"
		tg.URL = expand(s.URL)
		field = "headers"
		tg.Headers = map[string]string{}
		for _, h := range s.Headers {
			v := expand(h.Value)
			tg.Headers[h.Key] = v
			sensitive = append(sensitive, v)
			if _, tok, ok := strings.Cut(v, " "); ok {
				sensitive = append(sensitive, tok)
			}
		}
		t.shown = display(secret.MaskURL(s.URL))
		// An error quoting the address shows it masked.
		t.urls = [][2]string{{tg.URL, secret.MaskURL(s.URL)}}
	}
	t.target = tg
	t.missing = dedupe(missing)
	// Every value taken from the caller's environment, every header value
	// and every declared env value that is or sits under a credential is
	// scrubbed from what the server answers before anything is printed or
	// written.
	t.scrub = ex.Values()
	for _, v := range sensitive {
		if len(v) >= 8 {
			t.scrub = append(t.scrub, v)
		}
	}
	sort.Slice(t.scrub, func(i, j int) bool { return len(t.scrub[i]) > len(t.scrub[j]) })
	return t
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, display(x))
		}
	}
	return out
}

// askConsent asks for each stdio server; "a" says yes to the rest.
func askConsent(targets []*probeTarget, stderr io.Writer) []*probeTarget {
	in := bufio.NewReader(consentIn)
	all := false
	var out []*probeTarget
	for _, t := range targets {
		if t.target.Transport != "stdio" || all {
			out = append(out, t)
			continue
		}
		fmt.Fprintf(stderr, "Start %s (%s, %s) on this machine?\n  %s\n[y]es / [N]o / [a]ll: ", display(t.srv.Name), t.srv.Client, t.srv.Doc.Path, t.shown)
		// The question ends without a newline: standard error escapes
		// line by line, so it is flushed before the answer is awaited.
		if f, ok := stderr.(interface{ Flush() error }); ok {
			_ = f.Flush()
		}
		line, _ := in.ReadString('\n')
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes":
			out = append(out, t)
		case "a", "all":
			all = true
			out = append(out, t)
		default:
			fmt.Fprintf(stderr, "  %s not started\n", display(t.srv.Name))
		}
	}
	return out
}

type probeResult struct {
	t   *probeTarget
	res *probe.Result
}

// snapshot is the file probe writes for one server. The loader reads
// "server" and "tools"; the rest is the record of what the server said.
type snapshot struct {
	Server            string                  `json:"server"`
	Transport         string                  `json:"transport"`
	ProtocolVersion   string                  `json:"protocolVersion,omitempty"`
	ServerInfo        *mcp.Implementation     `json:"serverInfo,omitempty"`
	Capabilities      *mcp.ServerCapabilities `json:"capabilities,omitempty"`
	Instructions      string                  `json:"instructions,omitempty"`
	Tools             []*mcp.Tool             `json:"tools"`
	Prompts           []*mcp.Prompt           `json:"prompts,omitempty"`
	Resources         []*mcp.Resource         `json:"resources,omitempty"`
	ResourceTemplates []*mcp.ResourceTemplate `json:"resourceTemplates,omitempty"`
	Notes             []string                `json:"notes,omitempty"`
}

func encodeSnapshot(r *probeResult) []byte {
	s := snapshot{Server: loader.SnapshotServer(r.t.srv.Name), Transport: r.t.target.Transport, ProtocolVersion: r.res.ProtocolVersion,
		ServerInfo: r.res.ServerInfo, Capabilities: r.res.Capabilities, Instructions: r.res.Instructions,
		Tools: toolsByID(r.res.Tools, r.t.scrub), Prompts: r.res.Prompts, Resources: r.res.Resources, ResourceTemplates: r.res.ResourceTemplates, Notes: r.res.Notes}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		panic(err) // the SDK's types always encode
	}
	return maskJSON(scrubJSON(b.Bytes(), r.t.scrub))
}

// toolsByID renames each tool whose name holds a secret (or a value of
// the server's environment) to its stable id, id-…: masked as "****" the
// names of several tools would be one, their pins would merge, and the
// tool-name rules would judge the mask. The id is the same on every run,
// so drift is still seen per tool.
func toolsByID(tools []*mcp.Tool, values []string) []*mcp.Tool {
	out := make([]*mcp.Tool, len(tools))
	for i, t := range tools {
		out[i] = t
		if t == nil || (secret.Text(t.Name) == t.Name && scrub(t.Name, values) == t.Name) {
			continue
		}
		c := *t
		c.Name = strings.Trim(secret.NameID(t.Name), "‹›")
		out[i] = &c
	}
	return out
}

// maskJSON masks every secret-like token in the strings of an encoded
// snapshot (secret.Text): a server's answers are untrusted text, and a
// token in a tool's description, schema or name must not be committed.
// The JSON stays as it was around them.
func maskJSON(b []byte) []byte {
	if m := secret.Text(string(b)); m != string(b) && json.Valid([]byte(m)) {
		return []byte(m)
	}
	return b
}

// scrub replaces each value in text.
func scrub(text string, values []string) string {
	for _, v := range values {
		text = strings.ReplaceAll(text, v, "****")
	}
	return text
}

// scrubJSON replaces each value in encoded JSON, raw and as JSON escapes
// it.
func scrubJSON(b []byte, values []string) []byte {
	for _, v := range values {
		b = bytes.ReplaceAll(b, []byte(v), []byte("****"))
		var e bytes.Buffer
		enc := json.NewEncoder(&e)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v)
		if q := bytes.TrimSuffix(bytes.TrimSpace(e.Bytes()), []byte(`"`)); len(q) > 1 {
			b = bytes.ReplaceAll(b, q[1:], []byte("****"))
		}
	}
	return b
}

// snapshotName is the file name of a server's snapshot: the name where it
// is a safe file name, else a cleaned name with a short digest.
func snapshotName(server string) string {
	if secret.SecretLike(server) {
		// Named by its id, without the ‹ and ›: the name is a token.
		return strings.TrimSuffix(strings.TrimPrefix(secret.NameID(server), "‹"), "›") + ".json"
	}
	ok := server != "" && len(server) <= 100 && !strings.HasPrefix(server, ".")
	clean := strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '.') {
			return r
		}
		ok = false
		return '_'
	}, server)
	if ok {
		return server + ".json"
	}
	if len(clean) > 60 {
		clean = clean[:60]
	}
	return strings.TrimLeft(clean, ".") + "-" + loader.Digest([]byte(server))[7:15] + ".json"
}

// recordProject writes the snapshots and pins of one project folder and
// prints what changed. It returns how many drifts it found and the files
// it considered.
func recordProject(dir string, results []*probeResult, update bool, stdout io.Writer) (int, []string, error) {
	pinsPath := filepath.Join(dir, filepath.FromSlash(loader.PinsFile))
	// A repository's .mcplint (or a record in it) linked outside the
	// project would have probe read another file as pins or write the
	// records into a folder of the user's: refused before anything is read.
	toolsDir := filepath.Join(dir, filepath.FromSlash(loader.ToolSnapshotDir))
	check := []string{filepath.Dir(pinsPath), toolsDir, pinsPath}
	for _, r := range results {
		check = append(check, filepath.Join(toolsDir, snapshotName(r.t.srv.Name)))
	}
	for _, p := range check {
		if out := linkedOutside(dir, p); out != "" {
			return 0, nil, fmt.Errorf("%s is a link leading outside the project, to %s; remove it, then probe again", rel(p), display(out))
		}
	}
	pins := &loader.Pins{Version: 1, Servers: map[string]*loader.ServerPin{}}
	if b, err := loader.ReadRegularFile(pinsPath, loader.DefaultMaxFileSize); err == nil {
		p, err := loader.ParsePins(b)
		if err != nil {
			// The decoder's message quotes the file's bytes.
			return 0, nil, fmt.Errorf("%s is not a pins file (mcplint check %s says where); fix or remove it, then probe again", rel(pinsPath), rel(pinsPath))
		}
		pins = p
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, nil, err
	}
	drift := 0
	var files []string
	for _, r := range results {
		path := filepath.Join(dir, filepath.FromSlash(loader.ToolSnapshotDir), snapshotName(r.t.srv.Name))
		files = append(files, path)
		oldSnap, _ := loader.ReadRegularFile(path, loader.DefaultMaxFileSize)
		data := encodeSnapshot(r)
		wrote, err := fix.WriteIfChanged(path, data)
		if err != nil {
			return drift, files, fmt.Errorf("%s: %w", rel(path), err)
		}
		state := "unchanged"
		if wrote {
			state = "written"
		}
		fmt.Fprintf(stdout, "%s (%s): %s, %s, %s → %s (%s)\n", display(r.t.srv.Name), r.t.target.Transport,
			plural(len(r.res.Tools), "tool"), plural(len(r.res.Prompts), "prompt"), plural(len(r.res.Resources), "resource"), display(rel(path)), state)
		for _, n := range r.res.Notes {
			fmt.Fprintf(stdout, "  note: %s\n", display(scrub(n, r.t.scrub)))
		}
		d, err := pinServer(pins, r, data, oldSnap, update, stdout)
		if err != nil {
			return drift, files, fmt.Errorf("%s: %w", rel(path), err)
		}
		drift += d
	}
	wrote, err := fix.WriteIfChanged(pinsPath, pins.Encode())
	if err != nil {
		return drift, files, fmt.Errorf("%s: %w", rel(pinsPath), err)
	}
	if wrote {
		fmt.Fprintf(stdout, "pins: %s written\n", display(rel(pinsPath)))
	}
	files = append(files, pinsPath)
	return drift, files, nil
}

// linkedOutside is where p leads when it exists and its real path lies
// outside the real path of dir, else "".
func linkedOutside(dir, p string) string {
	if _, err := os.Lstat(p); err != nil {
		return ""
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "" // a dangling link: the write replaces the link itself
	}
	if real == root || strings.HasPrefix(real, root+string(filepath.Separator)) {
		return ""
	}
	return real
}

// pinServer compares a server's tools with its pins. A server seen for the
// first time is pinned whole; after that a changed, new or removed tool
// (or changed instructions) is drift, pinned only with update.
func pinServer(pins *loader.Pins, r *probeResult, data, oldSnap []byte, update bool, stdout io.Writer) (int, error) {
	name := loader.SnapshotServer(r.t.srv.Name)
	_, order, err := snapshotTools(data)
	if err != nil {
		return 0, err
	}
	sp := pins.Servers[name]
	first := sp == nil
	if first {
		sp = &loader.ServerPin{Tools: map[string]*loader.ToolPin{}}
		pins.Servers[name] = sp
	}
	oldTools, _, _ := snapshotTools(oldSnap)
	drift := 0
	say := func(format string, a ...any) {
		drift++
		fmt.Fprintf(stdout, "  drift: "+format+"\n", a...)
	}
	instr := loader.TextDigest(scrub(r.res.Instructions, r.t.scrub))
	if first {
		sp.Instructions = instr
	} else if sp.Instructions != instr {
		say("the server's instructions differ from their pin")
		if update {
			sp.Instructions = instr
		}
	}
	seen := map[string]bool{}
	for _, t := range order {
		seen[t.name] = true
		cur, err := loader.PinToolCopies(t.copies)
		if err != nil {
			return drift, err
		}
		old := sp.Tools[t.name]
		switch {
		case first:
			sp.Tools[t.name] = cur
		case old == nil:
			say("tool %q is new since the server was pinned", display(t.name))
			if update {
				sp.Tools[t.name] = cur
			}
		case old.SHA256 != cur.SHA256:
			parts := loader.ChangedParts(old, cur)
			say("tool %q differs from its pin: %s changed", display(t.name), strings.Join(parts, ", "))
			if ot := oldTools[t.name]; ot != nil {
				showChange(stdout, ot.raw, t.raw, r.t.scrub)
			}
			if update {
				sp.Tools[t.name] = cur
			}
		}
	}
	var gone []string
	for n := range sp.Tools {
		if !seen[n] {
			gone = append(gone, n)
		}
	}
	sort.Strings(gone)
	for _, n := range gone {
		say("pinned tool %q is no longer offered", display(n))
		if update {
			delete(sp.Tools, n)
		}
	}
	if first {
		fmt.Fprintf(stdout, "  pinned %s (first probe of this server)\n", plural(len(sp.Tools), "tool"))
	} else if drift > 0 && update {
		fmt.Fprintln(stdout, "  re-pinned (--update)")
		return 0, nil
	} else if drift > 0 {
		fmt.Fprintln(stdout, "  review the change, then run mcplint probe --update to pin it")
	}
	return drift, nil
}

type rawTool struct {
	name string
	raw  []byte
	// copies are every tool of that name in list order (raw is the
	// first): a server may list one name twice, and the pin covers all.
	copies [][]byte
}

// snapshotTools reads the tools of a snapshot as raw JSON objects, by
// name and in list order (a name once, at its first place), the form the
// pins are computed from.
func snapshotTools(data []byte) (map[string]*rawTool, []*rawTool, error) {
	if len(data) == 0 {
		return nil, nil, nil
	}
	var s struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, nil, err
	}
	out := map[string]*rawTool{}
	var order []*rawTool
	for _, raw := range s.Tools {
		var n struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &n) != nil {
			continue
		}
		if t, dup := out[n.Name]; dup {
			t.copies = append(t.copies, raw)
			continue
		}
		t := &rawTool{name: n.Name, raw: raw, copies: [][]byte{raw}}
		out[n.Name] = t
		order = append(order, t)
	}
	return out, order, nil
}

// showChange prints the old and new description (masked, escaped, cut)
// and names the other members that changed.
func showChange(w io.Writer, oldRaw, newRaw []byte, values []string) {
	var o, n map[string]json.RawMessage
	if json.Unmarshal(oldRaw, &o) != nil || json.Unmarshal(newRaw, &n) != nil {
		return
	}
	for _, k := range []string{"title", "description"} {
		if bytes.Equal(o[k], n[k]) {
			continue
		}
		var os, ns string
		_ = json.Unmarshal(o[k], &os)
		_ = json.Unmarshal(n[k], &ns)
		fmt.Fprintf(w, "    - %s: %s\n", k, cut(display(secret.MaskValue("", scrub(os, values)))))
		fmt.Fprintf(w, "    + %s: %s\n", k, cut(display(secret.MaskValue("", scrub(ns, values)))))
	}
}

func cut(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}

// checkRecorded runs check over the PATHs again and keeps the findings in
// the files probe wrote and the tool findings of the probed servers.
func checkRecorded(eng *rules.Engine, cfg *rules.Config, lf loadFlags, paths, files []string, targets []*probeTarget, stderr io.Writer) ([]finding.Finding, int) {
	ws, code := lf.load(paths, stderr, "probe")
	if ws == nil {
		return nil, code
	}
	fs, err := eng.Check(context.Background(), ws, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint probe: %v\n", err)
		return nil, exitInternal
	}
	inFiles := map[string]bool{}
	for _, d := range ws.Documents {
		for _, f := range files {
			if d.AbsPath == f {
				inFiles[d.Path] = true
			}
		}
	}
	probed := map[string]bool{}
	for _, t := range targets {
		probed[t.srv.Name] = true
	}
	var out []finding.Finding
	for _, f := range fs {
		if inFiles[f.File] || (probed[f.Server] && toolRule(f.Rule)) {
			out = append(out, f)
		}
	}
	return out, exitOK
}

// toolRule is a rule that reads tool snapshots.
func toolRule(id string) bool {
	switch id {
	case "budget/tool-count", "budget/tool-name-length", "trust/tool-drift", "trust/tool-shadowing", "compat/tool-name-characters", "compat/effects":
		return true
	}
	return false
}

// rel shows a path relative to the working folder when under it.
func rel(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// display is how probe shows what came from a config or a server:
// secret-like tokens masked, control, bidi, zero-width and tag characters
// made visible.
func display(s string) string { return secret.Display(s) }
