package facts

import (
	"bytes"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// RunnerFact describes a package started through a runner.
type RunnerFact struct {
	// Runner is npx, bunx, pnpx, pnpm dlx, yarn dlx, npm exec, uvx,
	// uv tool run, pipx run or docker.
	Runner string `json:"runner"`
	// Ecosystem is npm, pypi or oci.
	Ecosystem string `json:"ecosystem"`
	// Package is the package (or image) name without its version; for an
	// address it is the address as written (masked).
	Package string `json:"package"`
	// Version is the version, range, dist-tag or docker tag as written
	// ("" when none); for docker with a digest it is "tag@digest".
	Version string `json:"version"`
	// Spec is the whole package argument as written ("name@^1.2").
	Spec string `json:"spec"`
	// Problem is "" when the package is pinned exactly (or is a local
	// path, which has no version to pin), else one of no-version, latest
	// (npm, uv, or a docker image tagged latest without a digest), range,
	// any, dist-tag (an npm tag other than latest), address (git, URL or
	// tarball), no-tag (docker without tag or digest), tag-only (docker
	// with a tag but no digest).
	Problem string `json:"problem"`
	// Local is true when the package is a path on this machine.
	Local          bool   `json:"local"`
	PackagePointer string `json:"package_pointer"`
	// Suggestion is the exact-version form to show ("name@1.2.3",
	// "name==1.2.3", "image:1.2.3@sha256:<digest>"); a version that is not
	// known is written X.Y.Z.
	Suggestion string `json:"suggestion"`
	// Registry is true when the runner was worked out from a package of a
	// registry document (server.json) rather than written as a command.
	Registry bool `json:"registry"`
	// Flags are runner flags that pick another source or run a shell.
	Flags []FlagFact `json:"flags"`
	// Privileges are docker run flags that widen what the container can do.
	Privileges []FlagFact `json:"privileges"`
	// LookAlike is the known package this unknown one imitates ("" when
	// none): a confusable scope or a name an edit or two away.
	LookAlike string `json:"look_alike"`
}

// FlagFact is one argument flag with where it was written.
type FlagFact struct {
	// Flag is the flag as a reader would name it ("--index-url",
	// "--network host", "-v /:/host"); masked.
	Flag    string `json:"flag"`
	Index   int    `json:"index"`
	Pointer string `json:"pointer"`
	Why     string `json:"why"`
}

// word is one word of a command line with where it was written. Index is
// the argument's index (-1 for the command); words split out of one string
// (a command line in "command", a script after sh -c) share its pointer.
type word struct {
	text    string
	index   int
	pointer string
}

// commandWords is the server's command line as words: the command (split
// when it holds a whole command line) and the arguments, masked.
func commandWords(s *loader.Server, args []ArgFact, cmdPointer string) []word {
	var out []word
	cmd := strings.TrimSpace(secret.MaskValue("", ownCommand(s)))
	if cmd != "" {
		if strings.ContainsAny(cmd, " \t") && !fileExistsLike(cmd) {
			for _, w := range splitCommandLine(cmd) {
				out = append(out, word{text: w, index: -1, pointer: cmdPointer})
			}
		} else {
			out = append(out, word{text: cmd, index: -1, pointer: cmdPointer})
		}
	}
	for _, a := range args {
		out = append(out, word{text: a.Value, index: a.Index, pointer: a.Pointer})
	}
	return out
}

// ownCommand is the command the entry itself writes: a copy that inherits
// its command through a merge (Codex, OpenCode, Zed) is checked where the
// command was written.
func ownCommand(s *loader.Server) string {
	if s.MergedFrom == nil || s.Node == nil {
		return s.Command
	}
	key := "command"
	if s.Client == "goose" {
		key = "cmd"
	}
	if s.Node.Get(key) == nil {
		return ""
	}
	return s.Command
}

// fileExistsLike keeps a command such as "C:\Program Files\nodejs\npx.cmd"
// or "/Applications/My App/bin/server" whole: a path with spaces is one
// program, not a command line. A command is read as a command line when a
// later word is a flag or its first word is a known runner or shell.
func fileExistsLike(cmd string) bool {
	if isDrivePath(cmd) {
		return true
	}
	fs := strings.Fields(cmd)
	for _, f := range fs[1:] {
		if strings.HasPrefix(f, "-") || strings.HasPrefix(f, "/") && len(f) == 2 {
			return false
		}
	}
	switch baseOf(fs[0]) {
	case "npx", "bunx", "pnpx", "npm", "pnpm", "yarn", "bun", "uvx", "uv", "pipx", "docker", "podman", "nerdctl",
		"sh", "bash", "zsh", "dash", "ksh", "fish", "cmd", "powershell", "pwsh", "env", "node", "python", "python3", "deno":
		return false
	}
	return true
}

// splitCommandLine splits a command line into words the way a POSIX shell
// would for simple cases: white space separates words, single and double
// quotes group, a backslash escapes the next byte outside single quotes.
// Control operators (;, &&, ||, |, &) become words of their own.
func splitCommandLine(s string) []string {
	var out []string
	var b strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			out = append(out, b.String())
			b.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flush()
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				b.WriteString(s[i+1:])
				i = len(s)
				break
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				b.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			b.WriteByte(s[i])
		case c == '$' && i+1 < len(s) && s[i+1] == '(':
			inWord = true
			j := closingParen(s, i+1)
			b.WriteString(s[i:j])
			i = j - 1
		case c == '`':
			inWord = true
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				b.WriteString(s[i:])
				i = len(s)
				break
			}
			b.WriteString(s[i : i+j+2])
			i += j + 1
		case c == ';' || c == '|' || c == '&':
			flush()
			op := string(c)
			if i+1 < len(s) && (s[i+1] == c) {
				op += string(c)
				i++
			}
			out = append(out, op)
		default:
			inWord = true
			b.WriteByte(c)
		}
	}
	flush()
	return out
}

// closingParen returns the index just past the ')' that closes the '('
// at open (len(s) when it is not closed).
func closingParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

func isControlOp(w string) bool {
	switch w {
	case ";", "|", "||", "&", "&&":
		return true
	}
	return false
}

// shellNames are POSIX-style shells that take -c SCRIPT.
var shellNames = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "ash": true, "fish": true, "mksh": true}

func baseOf(w string) string { return strings.ToLower(commandBase(w)) }

// shellScript finds an inline script: sh/bash/… -c SCRIPT, cmd /c …,
// powershell -Command …. It returns the launcher as a reader would name it,
// the words of the script, and the word holding the script (for cmd, the
// first word after /c).
func shellScript(ws []word) (launcher string, script string, at word, ok bool) {
	if len(ws) == 0 {
		return "", "", word{}, false
	}
	base := baseOf(ws[0].text)
	switch {
	case shellNames[base]:
		for i := 1; i < len(ws); i++ {
			w := ws[i].text
			if w == "-o" || w == "+o" || w == "-O" || w == "+O" {
				i++ // set -o OPTION
				continue
			}
			if w == "--" || !strings.HasPrefix(w, "-") || len(w) < 2 {
				return "", "", word{}, false // a script file or a stray word
			}
			if w == "--command" || (w[1] != '-' && strings.ContainsRune(w[1:], 'c')) {
				if i+1 < len(ws) {
					return base + " -c", ws[i+1].text, ws[i+1], true
				}
				return "", "", word{}, false
			}
		}
	case base == "cmd":
		for i := 1; i < len(ws); i++ {
			w := strings.ToLower(ws[i].text)
			if w == "/c" || w == "/k" || w == "/r" {
				if i+1 >= len(ws) {
					return "", "", word{}, false
				}
				parts := make([]string, 0, len(ws)-i-1)
				for _, r := range ws[i+1:] {
					parts = append(parts, r.text)
				}
				return "cmd " + w, strings.Join(parts, " "), ws[i+1], true
			}
			if !strings.HasPrefix(w, "/") {
				return "", "", word{}, false
			}
		}
	case base == "powershell" || base == "pwsh":
		for i := 1; i < len(ws); i++ {
			w := strings.ToLower(ws[i].text)
			if !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "/") {
				return "", "", word{}, false
			}
			name := strings.TrimLeft(w, "-/")
			switch {
			case name == "c" || (len(name) >= 3 && strings.HasPrefix("command", name)):
				if i+1 < len(ws) {
					parts := make([]string, 0, len(ws)-i-1)
					for _, r := range ws[i+1:] {
						parts = append(parts, r.text)
					}
					return base + " -Command", strings.Join(parts, " "), ws[i+1], true
				}
				return "", "", word{}, false
			case name == "e" || name == "ec" || (len(name) >= 3 && strings.HasPrefix("encodedcommand", name)):
				if i+1 < len(ws) {
					return base + " -EncodedCommand", "", ws[i+1], true
				}
				return "", "", word{}, false
			case name == "f" || (len(name) >= 2 && strings.HasPrefix("file", name)):
				return "", "", word{}, false
			}
			if valued := map[string]bool{"executionpolicy": true, "ex": true, "ep": true, "windowstyle": true, "w": true, "version": true, "v": true, "configurationname": true, "inputformat": true, "outputformat": true, "workingdirectory": true, "wd": true}; valued[name] {
				i++
			}
		}
	}
	return "", "", word{}, false
}

// peelWrappers drops programs that only start another command in front of
// a shell: env [VAR=…] CMD, wsl[.exe] [-d DISTRO] [-e|--] CMD, docker run
// [flags] IMAGE CMD, cmd /c CMD (one program). It returns the words from
// the first shell on and the outermost wrapper's name ("" when none).
func peelWrappers(ws []word) ([]word, string) {
	name := ""
	for range 4 {
		if len(ws) == 0 {
			return ws, name
		}
		base := baseOf(ws[0].text)
		next := ws
		switch {
		case base == "env":
			i := 1
			for i < len(ws) && (strings.HasPrefix(ws[i].text, "-") || isAssignment(ws[i].text)) {
				i++
			}
			next = ws[i:]
		case base == "wsl" || base == "wsl.exe":
			i := 1
			for i < len(ws) && strings.HasPrefix(ws[i].text, "-") {
				f := strings.ToLower(ws[i].text)
				if f == "-e" || f == "--exec" || f == "--" {
					i++
					break
				}
				if f == "-d" || f == "--distribution" || f == "-u" || f == "--user" || f == "--cd" {
					i++
				}
				i++
			}
			next = ws[i:]
		case (base == "docker" || base == "podman" || base == "nerdctl") && len(ws) > 2 && strings.ToLower(ws[1].text) == "run":
			i := 2
			for i < len(ws) && strings.HasPrefix(ws[i].text, "-") {
				n, _, has := splitFlag(ws[i].text)
				if dockerValued[n] && !has {
					i++
				}
				i++
			}
			if i+1 >= len(ws) {
				return ws, name
			}
			next = ws[i+1:] // the words after the image
		case base == "cmd":
			_, script, at, ok := shellScript(ws)
			if !ok {
				return ws, name
			}
			if first := baseOf(firstWord(at.text)); (cmdIsScript(script) || callsOut(script)) && !shellNames[first] && first != "wsl" && first != "powershell" && first != "pwsh" {
				return ws, name
			}
			for i, w := range ws {
				if w.pointer == at.pointer && w.index == at.index && w.text == at.text {
					next = ws[i:]
					break
				}
			}
			if len(next) == 1 && strings.ContainsAny(next[0].text, " \t") {
				next = splitInto(next[0])
			}
		default:
			return ws, name
		}
		if len(next) == 0 || len(next) == len(ws) {
			return ws, name
		}
		if name == "" {
			name = commandBase(ws[0].text)
			if base == "docker" || base == "podman" || base == "nerdctl" {
				name += " run"
			}
		}
		ws = next
	}
	return ws, name
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// cmdIsScript reports whether the text after cmd /c is more than one
// simple command (cmd /c npx -y pkg is the usual Windows wrapper).
func cmdIsScript(s string) bool { return strings.ContainsAny(s, "&|<>") }

// callsOut reports whether a command run by cmd /c is a download tool
// (curl, wget, Invoke-WebRequest …): no MCP server, but a request made at
// every start, so cmd /c is not the Windows wrapper around a server here.
func callsOut(s string) bool {
	ws := splitCommandLine(s)
	if len(ws) == 0 {
		return false
	}
	return slices.Contains(strings.Split(downloaders, "|"), baseOf(ws[0]))
}

// unwrap peels launchers that only pass on a command: env VAR=x prog,
// cmd /c prog …, sh -c "prog …" (a single simple command). It returns the
// words of the command that really runs.
func unwrap(ws []word) []word {
	for range 4 {
		if len(ws) == 0 {
			return ws
		}
		base := baseOf(ws[0].text)
		switch {
		case base == "env":
			i := 1
			for i < len(ws) && (strings.HasPrefix(ws[i].text, "-") || strings.Contains(ws[i].text, "=")) {
				i++
			}
			ws = ws[i:]
			continue
		case base == "cmd" || shellNames[base] || base == "powershell" || base == "pwsh":
			_, script, at, ok := shellScript(ws)
			if !ok {
				return ws
			}
			if base == "cmd" {
				// cmd /c prog args…: the words after /c, each where written.
				for i, w := range ws {
					if w.pointer == at.pointer && w.index == at.index && w.text == at.text {
						ws = ws[i:]
						break
					}
				}
				if len(ws) == 1 && strings.ContainsAny(ws[0].text, " \t") {
					ws = splitInto(ws[0])
				}
				ws = firstCommand(ws)
				continue
			}
			ws = launchedCommand(splitInto(word{text: script, index: at.index, pointer: at.pointer}))
			continue
		}
		if rest := afterDashDash(ws); rest != nil {
			// A wrapper that runs the command after "--" (dotenv -e .env
			// --, op run --, pp --env-file x --): the runner it hands over to.
			ws = rest
			continue
		}
		return ws
	}
	return ws
}

// afterDashDash: when ws starts with no runner and holds "--" followed by
// one, the words from that runner on (nil otherwise).
func afterDashDash(ws []word) []word {
	if name, _, _ := detectRunner(ws); name != "" {
		return nil
	}
	for i, w := range ws {
		if w.text == "--" && i+1 < len(ws) {
			if name, _, _ := detectRunner(ws[i+1:]); name != "" {
				return ws[i+1:]
			}
		}
	}
	return nil
}

func splitInto(w word) []word {
	var out []word
	for _, t := range splitCommandLine(w.text) {
		out = append(out, word{text: t, index: w.index, pointer: w.pointer})
	}
	return out
}

// launchedCommand is the command a script launches: after leading
// set-up commands (cd DIR, export A=…, A=…) joined by && or ;, the last
// simple command with its assignments and exec dropped. A script of any
// other shape gives its first command.
func launchedCommand(ws []word) []word {
	if cmd, ok := plainLaunch(ws); ok {
		return cmd
	}
	return stripAssignments(firstCommand(ws))
}

func stripAssignments(ws []word) []word {
	for len(ws) > 0 && (ws[0].text == "exec" || isAssignment(ws[0].text)) {
		ws = ws[1:]
	}
	return ws
}

func isAssignment(w string) bool {
	i := strings.IndexByte(w, '=')
	if i <= 0 || strings.HasPrefix(w, "-") {
		return false
	}
	for _, c := range w[:i] {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// plainLaunch reports whether a script only sets up and then launches
// one program: "cd DIR && exec prog …", "A=$(gh auth token) exec prog …",
// "export A=…; prog …". It returns the launched command.
func plainLaunch(ws []word) ([]word, bool) {
	var cmds [][]word
	start := 0
	for i, w := range ws {
		if strings.ContainsAny(w.text, "<>") && !strings.HasPrefix(w.text, "$(") {
			return nil, false // a redirect: on stdio it can break the protocol
		}
		if isControlOp(w.text) {
			if w.text != "&&" && w.text != ";" {
				return nil, false // a pipe, || or a background job
			}
			cmds = append(cmds, ws[start:i])
			start = i + 1
		}
	}
	cmds = append(cmds, ws[start:])
	for _, c := range cmds[:len(cmds)-1] {
		if len(c) == 0 {
			continue
		}
		switch {
		case c[0].text == "cd" || c[0].text == "export" || c[0].text == "set":
		case len(stripAssignments(c)) == 0:
		default:
			return nil, false
		}
	}
	last := stripAssignments(cmds[len(cmds)-1])
	if len(last) == 0 {
		return nil, false
	}
	if b := baseOf(last[0].text); b == "eval" || b == "source" || b == "." || shellNames[b] && !scriptFile(last[1:]) {
		return nil, false
	}
	return last, true
}

// scriptFile reports whether a shell's arguments start with a script file
// (bash scripts/start.sh …): the shell then runs that file, a program of
// its own, not text written in the config. Options (-c, -s, -i …) and
// substitutions are not a file.
func scriptFile(args []word) bool {
	if len(args) == 0 {
		return false
	}
	f := args[0].text
	return f != "" && !strings.HasPrefix(f, "-") && !strings.ContainsAny(f, "$`\"'") && !strings.ContainsAny(f, " \t")
}

// firstCommand cuts words at the first control operator.
func firstCommand(ws []word) []word {
	for i, w := range ws {
		if isControlOp(w.text) {
			return ws[:i]
		}
	}
	return ws
}

// runnerKind is how a runner's arguments are read.
type runnerKind int

const (
	kindNPM runnerKind = iota + 1
	kindUV
	kindPipx
	kindDocker
	kindDeno // deno run npm:<package>
	kindDnx  // .NET's dnx (dotnet dnx) <package>[@version]
)

// detectRunner recognises the runner at the start of ws and returns its
// name, how to read it, and the words after it.
func detectRunner(ws []word) (string, runnerKind, []word) {
	if len(ws) == 0 {
		return "", 0, nil
	}
	base := baseOf(ws[0].text)
	next := func(i int) string {
		if i < len(ws) {
			return strings.ToLower(ws[i].text)
		}
		return ""
	}
	switch base {
	case "npx", "bunx", "pnpx":
		return base, kindNPM, ws[1:]
	case "npm":
		if n := next(1); n == "exec" || n == "x" {
			return "npm exec", kindNPM, ws[2:]
		}
	case "pnpm", "yarn":
		if next(1) == "dlx" {
			return base + " dlx", kindNPM, ws[2:]
		}
	case "bun":
		if next(1) == "x" {
			return "bun x", kindNPM, ws[2:]
		}
	case "uvx":
		return "uvx", kindUV, ws[1:]
	case "uv":
		if next(1) == "tool" && next(2) == "run" {
			return "uv tool run", kindUV, ws[3:]
		}
	case "pipx":
		if next(1) == "run" {
			return "pipx run", kindPipx, ws[2:]
		}
	case "deno":
		if next(1) == "run" {
			return "deno", kindDeno, ws[2:]
		}
	case "dnx":
		return "dnx", kindDnx, ws[1:]
	case "dotnet":
		if next(1) == "dnx" {
			return "dnx", kindDnx, ws[2:]
		}
	case "docker", "podman", "nerdctl":
		if next(1) == "run" {
			return "docker run", kindDocker, ws[2:]
		}
		if next(1) == "container" && next(2) == "run" {
			return "docker run", kindDocker, ws[3:]
		}
	}
	return "", 0, nil
}

// flagSpec says how a runner reads one flag.
type flagSpec struct {
	value bool   // takes a value (the next word unless written --flag=value)
	why   string // non-empty: a runner flag to report, and why
}

var npmFlags = map[string]flagSpec{
	"-p":             {true, "installs the package it names instead of the one the entry shows"},
	"--package":      {true, "installs the package it names instead of the one the entry shows"},
	"-c":             {true, "runs a shell command instead of a package"},
	"--call":         {true, "runs a shell command instead of a package"},
	"--shell-mode":   {false, "runs the command through a shell"},
	"--registry":     {true, "fetches the package from another registry"},
	"--userconfig":   {true, "reads another .npmrc, which can point at another registry"},
	"--node-options": {true, "passes options to Node.js that can load code before the package starts"},
	"--shell":        {true, ""},
	"--cache":        {true, ""},
	"--prefix":       {true, ""},
	"-w":             {true, ""},
	"--workspace":    {true, ""},
	"--loglevel":     {true, ""},
}

var uvFlags = map[string]flagSpec{
	"--from":                {true, ""}, // reported only with an address
	"--with":                {true, "installs extra packages beside the one named, unpinned and unreviewed"},
	"-w":                    {true, "installs extra packages beside the one named, unpinned and unreviewed"},
	"--with-editable":       {true, "installs an extra package from a local folder beside the one named"},
	"--with-requirements":   {true, "installs extra packages listed in a file beside the one named"},
	"--index-url":           {true, "fetches packages from another index instead of PyPI"},
	"-i":                    {true, "fetches packages from another index instead of PyPI"},
	"--default-index":       {true, "fetches packages from another index instead of PyPI"},
	"--extra-index-url":     {true, "adds an index that is searched beside PyPI, so a same-named package there can win (dependency confusion)"},
	"--index":               {true, "adds an index that is searched beside PyPI, so a same-named package there can win (dependency confusion)"},
	"--find-links":          {true, "installs packages from another location"},
	"-f":                    {true, "installs packages from another location"},
	"--config-file":         {true, "reads another uv configuration, which can set another index"},
	"--python":              {true, ""},
	"-p":                    {true, ""},
	"-c":                    {true, ""},
	"--constraints":         {true, ""},
	"--overrides":           {true, ""},
	"--build-constraints":   {true, ""},
	"-b":                    {true, ""},
	"--directory":           {true, ""},
	"--project":             {true, ""},
	"--cache-dir":           {true, ""},
	"--color":               {true, ""},
	"--index-strategy":      {true, ""},
	"--keyring-provider":    {true, ""},
	"--resolution":          {true, ""},
	"--prerelease":          {true, ""},
	"--exclude-newer":       {true, ""},
	"--link-mode":           {true, ""},
	"--python-preference":   {true, ""},
	"--allow-insecure-host": {true, "allows an index to be reached without certificate checks"},
	"--env-file":            {true, ""},
	"-C":                    {true, ""},
	"--config-setting":      {true, ""},
	"--refresh-package":     {true, ""},
	"--reinstall-package":   {true, ""},
	"--upgrade-package":     {true, ""},
	"-P":                    {true, ""},
	"--no-build-package":    {true, ""},
	"--no-binary-package":   {true, ""},
}

var pipxFlags = map[string]flagSpec{
	"--spec":         {true, ""}, // reported only with an address
	"--index-url":    {true, "fetches packages from another index instead of PyPI"},
	"-i":             {true, "fetches packages from another index instead of PyPI"},
	"--pip-args":     {true, ""}, // reported when it picks another index
	"--preinstall":   {true, "installs extra packages beside the one named, unpinned and unreviewed"},
	"--python":       {true, ""},
	"--backend":      {true, ""},
	"--fetch-python": {true, ""},
}

// dockerValued are docker run flags that take a value.
var dockerValued = map[string]bool{
	"-e": true, "--env": true, "--env-file": true, "-v": true, "--volume": true, "--mount": true,
	"--network": true, "--net": true, "--pid": true, "--ipc": true, "--uts": true, "--userns": true,
	"--name": true, "-p": true, "--publish": true, "--expose": true, "-w": true, "--workdir": true,
	"-u": true, "--user": true, "--entrypoint": true, "--platform": true, "-l": true, "--label": true,
	"--label-file": true, "--cap-add": true, "--cap-drop": true, "--security-opt": true, "--device": true,
	"-m": true, "--memory": true, "--memory-swap": true, "--memory-reservation": true, "--cpus": true,
	"--cpu-shares": true, "-c": true, "--cpuset-cpus": true, "--cpuset-mems": true, "--add-host": true,
	"--dns": true, "--dns-search": true, "--dns-option": true, "-h": true, "--hostname": true,
	"--restart": true, "--log-driver": true, "--log-opt": true, "--tmpfs": true, "--ulimit": true,
	"--gpus": true, "--runtime": true, "--cgroupns": true, "--cgroup-parent": true, "--pull": true,
	"--stop-signal": true, "--stop-timeout": true, "--health-cmd": true, "--health-interval": true,
	"--health-retries": true, "--health-timeout": true, "--health-start-period": true, "--shm-size": true,
	"--sysctl": true, "--group-add": true, "--link": true, "--network-alias": true, "--ip": true,
	"--ip6": true, "--mac-address": true, "--storage-opt": true, "--volumes-from": true, "--cidfile": true,
	"--detach-keys": true, "--isolation": true, "--oom-score-adj": true, "--pids-limit": true,
	"--blkio-weight": true, "--annotation": true, "-a": true, "--attach": true, "--domainname": true,
	"--volume-driver": true, "--device-cgroup-rule": true, "--kernel-memory": true, "--cpu-period": true,
	"--cpu-quota": true, "--cpu-rt-period": true, "--cpu-rt-runtime": true, "--cpu-count": true,
	"--cpu-percent": true, "--io-maxbandwidth": true, "--io-maxiops": true, "--log-level": true,
}

// splitFlag splits "--flag=value" into its name and value.
func splitFlag(w string) (name, value string, hasValue bool) {
	if strings.HasPrefix(w, "--") {
		if i := strings.IndexByte(w, '='); i > 0 {
			return w[:i], w[i+1:], true
		}
	}
	return w, "", false
}

// argValue is what an argument names: the value of --flag=value, or the
// word itself; ok is false for a flag without a value (--verbose).
func argValue(w string) (v string, ok bool) {
	if !strings.HasPrefix(w, "-") {
		return w, true
	}
	_, val, has := splitFlag(w)
	return val, has
}

// runnerFact analyses how a stdio server starts its package: the runner
// (npx, bunx, pnpx, npm exec, uvx, pipx run, uv tool run, docker run), the
// package and version, flags that pick another source or run a shell, and
// container privileges.
func runnerFact(s *loader.Server, args []ArgFact) *RunnerFact {
	if s == nil || ownCommand(s) == "" {
		return nil
	}
	return runnerFactOf(s, commandWords(s, args, runnerCommandPointer(s)))
}

// runnerCommandPointer is where the words of a server's command are
// written: its command, or its first registry package.
func runnerCommandPointer(s *loader.Server) string {
	if len(s.Packages) > 0 {
		return s.Packages[0].Pointer
	}
	return s.Pointer + "/command"
}

// runnerFactOf is runnerFact of a server whose command words (commandWords
// at runnerCommandPointer) are all.
func runnerFactOf(s *loader.Server, all []word) *RunnerFact {
	if s == nil || ownCommand(s) == "" {
		return nil
	}
	ws := unwrap(all)
	name, kind, rest := detectRunner(ws)
	if kind == 0 {
		return nil
	}
	rf := &RunnerFact{Runner: name, Flags: []FlagFact{}, Privileges: []FlagFact{}, Registry: len(s.Packages) > 0}
	switch kind {
	case kindNPM:
		rf.Ecosystem = "npm"
		readNPM(rf, rest)
	case kindUV, kindPipx:
		rf.Ecosystem = "pypi"
		readPython(rf, kind, rest)
	case kindDocker:
		rf.Ecosystem = "oci"
		readDocker(rf, rest)
	case kindDeno:
		if !readDeno(rf, rest) {
			return nil // a script of the project's own, not a package
		}
	case kindDnx:
		rf.Ecosystem = "nuget"
		readDnx(rf, rest)
	}
	return rf
}

// dnxValueFlags are dnx's flags that take the next word as their value.
var dnxValueFlags = map[string]bool{"--source": true, "--add-source": true, "--configfile": true, "--version": true, "-v": true, "--verbosity": true}

// readDnx reads dnx's package (Package or Package@1.2.3, or --version
// 1.2.3 beside it): without an exact version it runs the newest release
// (or, with --prerelease, the newest prerelease) on every start.
func readDnx(rf *RunnerFact, rest []word) {
	version, pos := "", -1
	for i := 0; i < len(rest); i++ {
		w := rest[i].text
		if w == "--" {
			break
		}
		if strings.HasPrefix(w, "-") {
			name, val, has := splitFlag(w)
			if dnxValueFlags[name] {
				if !has && i+1 < len(rest) {
					i++
					val = rest[i].text
				}
				if name == "--version" {
					version = val
				}
			}
			continue
		}
		if pos < 0 {
			pos = i
		}
	}
	if pos < 0 {
		return
	}
	spec := rest[pos].text
	rf.Spec, rf.PackagePointer = spec, rest[pos].pointer
	name, ver, _ := strings.Cut(spec, "@")
	if ver == "" {
		ver = version
	}
	rf.Package, rf.Version = name, ver
	switch {
	case ver == "":
		rf.Problem, rf.Suggestion = "no-version", name+"@X.Y.Z"
	case !ExactVersion("npm", ver): // NuGet versions are SemVer 2
		rf.Problem, rf.Suggestion = "range", name+"@X.Y.Z"
	}
}

// denoValueFlags are deno run's flags that take the next word as their
// value when not written --flag=value.
var denoValueFlags = map[string]bool{
	"-c": true, "--config": true, "--import-map": true, "--lock": true, "--cert": true,
	"--location": true, "--seed": true, "--env-file": true, "--v8-flags": true,
}

// readDeno reads deno run's npm: specifier (npm:@playwright/mcp@0.0.41),
// an npm package deno fetches and runs, and reports whether there is one.
func readDeno(rf *RunnerFact, rest []word) bool {
	for i := 0; i < len(rest); i++ {
		w := rest[i].text
		if strings.HasPrefix(w, "-") {
			if name, _, has := splitFlag(w); !has && denoValueFlags[name] {
				i++
			}
			continue
		}
		spec, ok := strings.CutPrefix(w, "npm:")
		if !ok {
			return false
		}
		rf.Ecosystem = "npm"
		npmSpec(rf, spec)
		rf.Spec, rf.PackagePointer = w, rest[i].pointer
		if rf.Suggestion != "" {
			rf.Suggestion = "npm:" + rf.Suggestion
		}
		return true
	}
	return false
}

func flagFact(flag string, w word, why string) FlagFact {
	return FlagFact{Flag: flag, Index: w.index, Pointer: w.pointer, Why: why}
}

// readFlags walks a runner's flags up to its first positional word, which
// it returns with its position (-1: none). visit sees every flag with its
// value word (nil when the flag takes none).
func readFlags(rest []word, specs map[string]flagSpec, visit func(name string, flagWord word, value string, valueWord *word)) int {
	for i := 0; i < len(rest); i++ {
		w := rest[i].text
		if w == "--" {
			if i+1 < len(rest) {
				return i + 1
			}
			return -1
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			return i
		}
		name, val, has := splitFlag(w)
		spec, known := specs[name]
		if !known && strings.HasPrefix(name, "--@") && strings.HasSuffix(name, ":registry") {
			spec, known = flagSpec{true, "fetches this scope's packages from another registry"}, true
		}
		if known && spec.value && !has {
			if i+1 < len(rest) {
				vw := rest[i+1]
				visit(name, rest[i], vw.text, &vw)
				i++
				continue
			}
			visit(name, rest[i], "", nil)
			continue
		}
		if has {
			vw := rest[i]
			visit(name, rest[i], val, &vw)
		} else {
			visit(name, rest[i], "", nil)
		}
	}
	return -1
}

func readNPM(rf *RunnerFact, rest []word) {
	var pkgWord *word
	pkg := ""
	pos := readFlags(rest, npmFlags, func(name string, fw word, value string, vw *word) {
		spec := npmFlags[name]
		why := spec.why
		if why == "" && strings.HasPrefix(name, "--@") && strings.HasSuffix(name, ":registry") {
			why = "fetches this scope's packages from another registry"
		}
		if (name == "--registry" || strings.HasSuffix(name, ":registry")) && defaultNPMRegistry(value) {
			why = "" // the public registry npx uses anyway (VS Code's gallery writes it)
		}
		if why != "" {
			rf.Flags = append(rf.Flags, flagFact(name, fw, why))
		}
		if (name == "-p" || name == "--package") && pkgWord == nil && vw != nil {
			pkgWord, pkg = vw, value
		}
	})
	if pkgWord == nil && pos >= 0 {
		pkgWord, pkg = &rest[pos], rest[pos].text
	}
	if pkgWord != nil && pos >= 0 && pkgWord != &rest[pos] && binOf(pkg) == rest[pos].text {
		// npx --package=task-master-ai@0.27.1 task-master-ai runs the
		// package's own program: the package named is the one shown.
		kept := rf.Flags[:0]
		for _, f := range rf.Flags {
			if f.Flag != "-p" && f.Flag != "--package" {
				kept = append(kept, f)
			}
		}
		rf.Flags = kept
	}
	if pkgWord == nil {
		return
	}
	rf.Spec, rf.PackagePointer = pkg, pkgWord.pointer
	npmSpec(rf, pkg)
}

// defaultNPMRegistry reports whether a --registry value is the public npm
// registry, where npx fetches from anyway.
func defaultNPMRegistry(v string) bool {
	u := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(v)), "/")
	switch u {
	case "https://registry.npmjs.org", "https://registry.npmjs.com", "https://registry.yarnpkg.com":
		return true
	}
	return false
}

// defaultPyPIIndex reports whether an index URL is PyPI's own.
func defaultPyPIIndex(v string) bool {
	u := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(v)), "/")
	return u == "https://pypi.org/simple" || u == "https://pypi.python.org/simple"
}

var (
	semverExact = lazyRE(`^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$`)
	semverBase  = lazyRE(`\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?`)
)

// binOf is the program an npm package spec most likely installs: its
// name without scope or version ("@acme/tool-mcp@1.0.0" → "tool-mcp").
func binOf(spec string) string {
	name := spec
	if i := strings.LastIndexByte(name, '@'); i > 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// isAddress reports whether a package argument is a git, URL or tarball
// address rather than a registry name.
func isAddress(p string) bool {
	l := strings.ToLower(p)
	if strings.Contains(l, "://") {
		return true
	}
	for _, pre := range []string{"git+", "git:", "github:", "gitlab:", "bitbucket:", "gist:", "hg+", "svn+", "bzr+", "http:", "https:"} {
		if strings.HasPrefix(l, pre) {
			return true
		}
	}
	return strings.HasSuffix(l, ".tgz") || strings.HasSuffix(l, ".tar.gz")
}

// isLocalPath reports whether a package argument is a path on this machine.
func isLocalPath(p string) bool {
	if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") ||
		strings.HasPrefix(p, "~") || strings.HasPrefix(p, "file:") || p == "." || p == ".." ||
		strings.HasPrefix(p, ".\\") || strings.HasPrefix(p, "..\\") {
		return true
	}
	if isDrivePath(p) {
		return true
	}
	return strings.HasPrefix(p, "${") && (strings.Contains(p, "/") || strings.Contains(p, "\\"))
}

var commitRef = lazyRE(`[@#][0-9a-fA-F]{40}$`)

// gitPin judges a package installed from a git address: pinned to a full
// commit it runs what was reviewed (no problem); otherwise (a branch, a
// tag, nothing) the problem is "git" and the suggestion is the address
// pinned to a commit (sep is how the runner writes a commit: # for npm,
// @ for pip and uv).
func gitPin(rf *RunnerFact, addr, sep string) {
	l := strings.ToLower(addr)
	if !strings.HasPrefix(l, "git+") && !strings.HasPrefix(l, "git:") && !strings.HasPrefix(l, "github:") &&
		!strings.HasPrefix(l, "gitlab:") && !strings.HasPrefix(l, "bitbucket:") && !strings.HasSuffix(strings.SplitN(l, "#", 2)[0], ".git") &&
		!(strings.Count(addr, "/") == 1 && !strings.Contains(addr, ":")) {
		return // a tarball or other URL
	}
	if commitRef.MatchString(addr) {
		rf.Problem, rf.Suggestion = "", ""
		return
	}
	base := addr
	if i := strings.LastIndexAny(addr, "#"); i > 0 {
		base = addr[:i]
	} else if i := strings.LastIndex(addr, "@"); i > strings.Index(addr, "://")+2 && strings.Contains(addr, "://") && i > strings.LastIndex(addr, "/") {
		base = addr[:i]
	}
	rf.Problem, rf.Suggestion = "git", base+sep+"<commit>"
}

// npmSpec reads an npm package argument: name, @scope/name, name@version,
// npm:alias, or an address.
func npmSpec(rf *RunnerFact, spec string) {
	spec = strings.TrimPrefix(spec, "npm:")
	switch {
	case isLocalPath(spec):
		rf.Package, rf.Local = spec, true
		return
	case isAddress(spec):
		rf.Package, rf.Problem = spec, "address"
		rf.Suggestion = addressName(spec) + "@X.Y.Z"
		gitPin(rf, spec, "#")
		return
	}
	name, ver := spec, ""
	if i := strings.LastIndexByte(spec, '@'); i > 0 {
		name, ver = spec[:i], spec[i+1:]
	}
	if !strings.HasPrefix(name, "@") && strings.Count(name, "/") == 1 && !strings.Contains(spec, "@") {
		// owner/repo is GitHub shorthand.
		rf.Package, rf.Problem = spec, "address"
		rf.Suggestion = addressName(spec) + "@X.Y.Z"
		gitPin(rf, spec, "#")
		return
	}
	rf.Package, rf.Version = name, ver
	rf.Problem = npmVersionProblem(ver, spec)
	if rf.Problem != "" {
		rf.Suggestion = name + "@" + baseVersion(ver)
	}
}

var (
	npmPartial  = lazyRE(`^v?\d+(\.\d+)?$`)
	npmWildcard = lazyRE(`^v?\d+(\.\d+)?\.[xX*]`)
)

func npmVersionProblem(ver, spec string) string {
	v := strings.TrimSpace(ver)
	switch {
	case v == "" && strings.HasSuffix(spec, "@"):
		return "any"
	case v == "":
		return "no-version"
	case semverExact.MatchString(strings.TrimPrefix(v, "=")):
		return ""
	case strings.EqualFold(v, "latest"):
		return "latest"
	case v == "*" || strings.EqualFold(v, "x"):
		return "any"
	case strings.ContainsAny(v, "^~<>=|*") || strings.Contains(v, " - ") || npmPartial.MatchString(v) || npmWildcard.MatchString(v):
		return "range"
	}
	return "dist-tag"
}

// baseVersion is the exact version a range starts from ("^1.4.0" →
// "1.4.0"), or X.Y.Z when none is written.
func baseVersion(v string) string {
	if m := semverBase.FindString(v); m != "" {
		return m
	}
	return "X.Y.Z"
}

var archiveVersion = lazyRE(`-v?\d+(\.\d+)*.*$`)

// addressName guesses a package name from an address: the last path
// segment without .git or a tarball suffix.
func addressName(a string) string {
	a = strings.TrimSuffix(a, "/")
	if i := strings.IndexAny(a, "#?"); i >= 0 {
		a = a[:i]
	}
	if i := strings.LastIndexAny(a, "/:"); i >= 0 {
		a = a[i+1:]
	}
	if i := strings.IndexByte(a, '@'); i > 0 {
		a = a[:i]
	}
	for _, suf := range []string{".git", ".tgz", ".tar.gz", ".whl", ".zip"} {
		if strings.HasSuffix(a, suf) {
			a = strings.TrimSuffix(a, suf)
			if suf != ".git" {
				// acme-mcp-1.0.0.tgz, notes_mcp-0.2.0-py3-none-any.whl
				if m := archiveVersion.FindStringIndex(a); m != nil && m[0] > 0 {
					a = a[:m[0]]
				}
			}
		}
	}
	if a == "" {
		return "name"
	}
	return a
}

func readPython(rf *RunnerFact, kind runnerKind, rest []word) {
	specs := uvFlags
	if kind == kindPipx {
		specs = pipxFlags
	}
	var fromWord *word
	from := ""
	pos := readFlags(rest, specs, func(name string, fw word, value string, vw *word) {
		why := specs[name].why
		switch name {
		case "--from", "--spec":
			if vw != nil {
				// An address here is reported once, by unpinned-package
				// (problem "address"), not again as a runner flag.
				fromWord, from = vw, value
			}
		case "--index-url", "-i", "--default-index":
			if defaultPyPIIndex(value) {
				why = "" // PyPI itself
			}
		case "--pip-args":
			l := strings.ToLower(value)
			if strings.Contains(l, "index-url") || strings.Contains(l, "find-links") || strings.Contains(l, "-i ") || strings.HasPrefix(l, "-i") {
				why = "passes pip an index or location other than PyPI"
			}
		}
		if why != "" {
			rf.Flags = append(rf.Flags, flagFact(name, fw, why))
		}
	})
	spec, at := "", (*word)(nil)
	switch {
	case fromWord != nil:
		spec, at = from, fromWord
	case pos >= 0:
		spec, at = rest[pos].text, &rest[pos]
	default:
		return
	}
	rf.Spec, rf.PackagePointer = spec, at.pointer
	pySpec(rf, kind, spec)
}

// pep508URL returns the URL of a PEP 508 direct reference ("name @ URL"),
// or the spec itself.
func pep508URL(spec string) string {
	if i := strings.Index(spec, "@"); i > 0 {
		rest := strings.TrimSpace(spec[i+1:])
		if strings.Contains(rest, "://") || strings.HasPrefix(rest, "git+") || strings.HasPrefix(rest, "file:") {
			return rest
		}
	}
	return spec
}

// pyName is how a requirement starts: a name, [extras], then the rest
// (splitPyName reads it without the pattern; a test holds the two equal).
var pyName = lazyRE(`^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)$`)

// splitPyName is pyName.FindStringSubmatch: the name, the extras ("" or
// "[…]", up to the first ']'), and the rest after white space, which holds
// no newline ('.' does not match one; \s, [\t\n\f\r ], may before it).
func splitPyName(spec string) (name, extras, rest string, ok bool) {
	isName := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
	}
	if spec == "" || !isName(spec[0]) || spec[0] == '.' || spec[0] == '_' || spec[0] == '-' {
		return "", "", "", false
	}
	i := 1
	for i < len(spec) && isName(spec[i]) {
		i++
	}
	j := i
	if j < len(spec) && spec[j] == '[' {
		if k := strings.IndexByte(spec[j:], ']'); k > 0 {
			extras, j = spec[j:j+k+1], j+k+1
		}
	}
	for j < len(spec) && strings.IndexByte("\t\n\f\r ", spec[j]) >= 0 {
		j++
	}
	if strings.IndexByte(spec[j:], '\n') >= 0 {
		// Without the extras the rest holds the same newline.
		return "", "", "", false
	}
	return spec[:i], extras, spec[j:], true
}

// pySpec reads a Python requirement: name, name==1.2.3, name[extra]>=1,
// name@1.2.3 (uv), name @ URL, or an address.
func pySpec(rf *RunnerFact, kind runnerKind, spec string) {
	spec = strings.TrimSpace(spec)
	if u := pep508URL(spec); u != spec || isAddress(spec) {
		if isLocalPath(u) {
			rf.Package, rf.Local = spec, true
			return
		}
		rf.Package, rf.Problem = spec, "address"
		name := addressName(u)
		if u != spec {
			name = strings.TrimSpace(spec[:strings.Index(spec, "@")])
		}
		rf.Suggestion = name + "==X.Y.Z"
		gitPin(rf, u, "@")
		return
	}
	if isLocalPath(spec) || strings.HasSuffix(spec, ".whl") {
		rf.Package, rf.Local = spec, true
		return
	}
	name, extras, ver, ok := splitPyName(spec)
	if !ok {
		rf.Package, rf.Problem, rf.Suggestion = spec, "no-version", spec+"==X.Y.Z"
		return
	}
	ver = strings.TrimSpace(ver)
	rf.Package, rf.Version = name, ver
	pinned := name + extras
	if strings.HasPrefix(ver, "@") && (kind == kindUV) {
		// uvx name@1.2.3 and name@latest.
		v := strings.TrimSpace(ver[1:])
		switch {
		case strings.EqualFold(v, "latest"):
			rf.Problem = "latest"
		case pyExact.MatchString(v):
			rf.Problem = ""
		case v == "" || v == "*":
			rf.Problem = "any"
		default:
			rf.Problem = "range"
		}
		if rf.Problem != "" {
			rf.Suggestion = pinned + "==" + baseVersion(v)
		}
		return
	}
	rf.Problem = pyVersionProblem(ver)
	if rf.Problem != "" {
		rf.Suggestion = pinned + "==" + baseVersion(ver)
	}
}

var pyExact = lazyRE(`^v?\d+(\.\d+)*((a|b|rc|\.post|\.dev)\d+)*(\+[A-Za-z0-9.]+)?$`)

func pyVersionProblem(ver string) string {
	v := strings.TrimSpace(ver)
	switch {
	case v == "":
		return "no-version"
	case strings.HasPrefix(v, "==="):
		return ""
	case strings.HasPrefix(v, "==") && !strings.ContainsAny(v[2:], ",*<>=!~;") && pyExact.MatchString(strings.TrimSpace(v[2:])):
		return ""
	case v == "*" || v == "==*":
		return "any"
	}
	return "range"
}

func readDocker(rf *RunnerFact, rest []word) {
	i := 0
	for ; i < len(rest); i++ {
		w := rest[i].text
		if w == "--" {
			i++
			break
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			break
		}
		name, val, has := splitFlag(w)
		valueWord := rest[i]
		if !has {
			switch {
			case dockerValued[name]:
				if i+1 < len(rest) {
					i++
					valueWord, val, has = rest[i], rest[i].text, true
				}
			case len(name) > 2 && name[1] != '-' && dockerValued[name[:2]]:
				// -v/x:/y, -eFOO=1: a short flag with its value attached.
				val, has = name[2:], true
				name = name[:2]
			}
		}
		dockerPrivilege(rf, name, val, has, rest[i], valueWord)
	}
	if i >= len(rest) {
		return
	}
	img := rest[i]
	rf.Spec, rf.PackagePointer = img.text, img.pointer
	imageSpec(rf, img.text)
}

// dockerPrivilege records a docker run flag that widens the container's
// reach into the host.
func dockerPrivilege(rf *RunnerFact, name, val string, has bool, flagWord, valueWord word) {
	lv := strings.ToLower(strings.TrimSpace(val))
	add := func(flag string, w word, why string) {
		rf.Privileges = append(rf.Privileges, flagFact(flag, w, why))
	}
	switch name {
	case "--privileged":
		if !has || lv == "true" {
			add("--privileged", flagWord, "gives the container every capability and all host devices, so it can take over the host")
		}
	case "--network", "--net":
		if lv == "host" {
			add(name+" host", valueWord, "shares the host's network, so the container reaches every local service, even ones bound to localhost")
		}
	case "--pid":
		if lv == "host" {
			add("--pid host", valueWord, "shares the host's process table, so the container can see and signal every process")
		}
	case "--ipc":
		if lv == "host" {
			add("--ipc host", valueWord, "shares the host's shared memory and IPC")
		}
	case "--uts":
		if lv == "host" {
			add("--uts host", valueWord, "shares the host's host name")
		}
	case "--userns":
		if lv == "host" {
			add("--userns host", valueWord, "turns off user-namespace remapping, so root in the container is root on the host")
		}
	case "--cap-add":
		for _, c := range strings.Split(strings.ToUpper(val), ",") {
			c = strings.TrimPrefix(strings.TrimSpace(c), "CAP_")
			switch c {
			case "ALL", "SYS_ADMIN", "SYS_MODULE", "SYS_PTRACE", "DAC_READ_SEARCH", "SYS_RAWIO":
				add("--cap-add "+c, valueWord, "adds the "+c+" capability, which lets the container break out to the host")
			}
		}
	case "--security-opt":
		if strings.Contains(lv, "unconfined") || lv == "label=disable" || lv == "label:disable" {
			add("--security-opt "+val, valueWord, "turns off the container's confinement (seccomp, AppArmor or SELinux)")
		}
	case "-v", "--volume":
		src := val
		if j := volumeSourceEnd(val); j >= 0 {
			src = val[:j]
		}
		if why := broadMount(src); why != "" {
			add(name+" "+val, valueWord, why)
		}
	case "--mount":
		for _, kv := range strings.Split(val, ",") {
			k, v, _ := strings.Cut(kv, "=")
			if k == "source" || k == "src" {
				if why := broadMount(v); why != "" {
					add("--mount "+val, valueWord, why)
				}
			}
		}
	}
}

// isDrivePath reports whether p starts with a Windows drive (C:\ or C:/).
func isDrivePath(p string) bool {
	return len(p) > 2 && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z') && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

// volumeSourceEnd finds the ':' that ends the source of -v SRC:DST[:opts],
// skipping a Windows drive letter ("C:\x:/y").
func volumeSourceEnd(v string) int {
	start := 0
	if isDrivePath(v) {
		start = 2
	}
	if j := strings.IndexByte(v[start:], ':'); j >= 0 {
		return start + j
	}
	return -1
}

// broadMount says why mounting src into a container gives it too much of
// the host ("" when it does not).
func broadMount(src string) string {
	s := strings.TrimSpace(src)
	l := strings.ToLower(s)
	switch {
	case strings.Contains(l, "docker.sock") || strings.Contains(l, "docker_engine") || strings.Contains(l, "podman.sock") || strings.Contains(l, "containerd.sock"):
		return "mounts the container engine's socket, which gives the container root on the host"
	case s == "/" || s == "//" || s == "/.":
		return "mounts the host's whole file system"
	case s == "/etc" || s == "/etc/":
		return "mounts the host's /etc (system configuration, password and sudo files)"
	case s == "/root" || s == "/root/":
		return "mounts root's home folder"
	}
	if why := broadPath(s); why != "" {
		return "mounts " + why
	}
	return ""
}

// broadPath says why granting p gives too much ("" when it does not): the
// file system root, a home folder (~, $HOME, /home/user, /Users/user) or a
// whole drive.
func broadPath(p string) string {
	s := strings.TrimSpace(p)
	for _, suf := range []string{"/", "\\"} {
		if len(s) > 1 && strings.HasSuffix(s, suf) {
			s = strings.TrimSuffix(s, suf)
		}
	}
	l := strings.ToLower(s)
	switch l {
	case "/", "//", "/.":
		return "the whole file system (/)"
	case "~", "$home", "${home}", "${env:home}", "{env:home}", "${userhome}", "%userprofile%", "%homepath%", "$env:userprofile", "${env:userprofile}", "${user_home}":
		return "your whole home folder (" + s + ")"
	case "/home", "/users", "c:\\users", "c:/users":
		return "every user's home folder (" + s + ")"
	}
	if len(l) == 2 && l[1] == ':' && l[0] >= 'a' && l[0] <= 'z' {
		return "a whole drive (" + s + ")"
	}
	if len(l) == 3 && l[1] == ':' && (l[2] == '\\' || l[2] == '/') {
		return "a whole drive (" + s + ")"
	}
	for _, pre := range []string{"/home/", "/users/", "c:\\users\\", "c:/users/"} {
		if strings.HasPrefix(l, pre) {
			rest := l[len(pre):]
			if rest != "" && !strings.ContainsAny(rest, "/\\") {
				return "a whole home folder (" + s + ")"
			}
		}
	}
	return ""
}

var digestRe = lazyRE(`^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-fA-F0-9]{32,}$`)

// imageSpec reads [registry/]path[:tag][@digest].
func imageSpec(rf *RunnerFact, img string) {
	name, tag, digest := imageRef(img)
	rf.Package = name
	rf.Version = tag
	if digest != "" {
		if tag != "" {
			rf.Version = tag + "@" + digest
		} else {
			rf.Version = "@" + digest
		}
	}
	switch {
	case digest != "" && digestRe.MatchString(digest):
		rf.Problem = ""
		return
	case tag == "" || strings.EqualFold(tag, "latest"):
		rf.Problem = "no-tag"
		if tag != "" {
			rf.Problem = "latest"
		}
		rf.Suggestion = name + ":X.Y.Z@sha256:<digest>"
	default:
		rf.Problem = "tag-only"
		rf.Suggestion = name + ":" + tag + "@sha256:<digest>"
	}
}

// ShellFact describes a command that runs an inline shell script or
// widens filesystem access.
type ShellFact struct {
	// Launcher is "sh -c", "bash -c", "cmd /c", "powershell -Command", …
	// when the server runs an inline script ("" otherwise; cmd /c around
	// one simple command, the usual Windows wrapper, is not one).
	Launcher string `json:"launcher"`
	Pointer  string `json:"pointer"`
	// PipeToInterpreter is true for a download piped to an interpreter
	// (curl … | sh, iwr … | iex, bash <(curl …)).
	PipeToInterpreter bool `json:"pipe_to_interpreter"`
	// Downloader is the download command of a pipe ("curl", "wget", …).
	Downloader string `json:"downloader"`
	// Interpreter is what the download is run by ("sh", "python", "iex", …).
	Interpreter string `json:"interpreter"`
	// CommandSubstitution is true for $(…) or backticks in text a shell
	// reads (the script, or a command line written whole in command).
	CommandSubstitution bool `json:"command_substitution"`
	// Filesystem is true when the server is a filesystem server (its
	// package, image, program or name says filesystem).
	Filesystem bool `json:"filesystem"`
	// BroadPaths are filesystem roots granted to a filesystem server (/,
	// ~, $HOME, a home folder, C:\).
	BroadPaths []FlagFact `json:"broad_paths"`
}

var (
	downloaders  = `curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod|http|httpie|aria2c`
	interpreters = `sh|bash|zsh|dash|ksh|fish|python[0-9.]*|node|nodejs|deno|bun|perl|ruby|php|iex|invoke-expression|pwsh|powershell|source|\.`
	pipeRe       = lazyRE(`(?i)(?:^|[\s;&|(])(` + downloaders + `)(?:\.exe)?\b[^|;&]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+(?:\S+=\S*\s+)*)?(` + interpreters + `)(?:\.exe)?(?:\s|$|;|\))`)
	procSubRe    = lazyRE(`(?i)(?:^|[\s;&|])(` + interpreters + `)\s+(?:-\S+\s+)*(?:<\(|"?\$\(|` + "`" + `)\s*(` + downloaders + `)\b`)
	iexRe        = lazyRE(`(?i)\b(iex|invoke-expression)\s*\(?\s*\(?\s*(` + downloaders + `|new-object\s+(?:system\.)?net\.webclient)`)
	substRe      = lazyRE("\\$\\(|`[^`]+`")
)

// valueReaders are commands whose output is a value (a token from a
// credential helper, a folder, a version), not code: $(gh auth token)
// and cd "$(git rev-parse --show-toplevel)" read a value, and reading a
// token from a credential helper is better than writing it in the file.
var valueReaders = map[string]bool{
	"gh": true, "git": true, "op": true, "security": true, "cat": true, "pass": true, "aws": true,
	"gcloud": true, "az": true, "vault": true, "pwd": true, "dirname": true, "basename": true,
	"realpath": true, "readlink": true, "echo": true, "printf": true, "printenv": true, "jq": true,
	"head": true, "tail": true, "date": true, "whoami": true, "id": true, "uname": true,
	"hostname": true, "secret-tool": true, "bw": true, "doppler": true, "keyring": true,
	"which": true, "command": true, "cut": true, "tr": true, "grep": true, "awk": true, "sed": true,
	"security.exe": true, "gh.exe": true, "git.exe": true, "op.exe": true, "infisical": true,
	"get-content": true, "cygpath": true, "wslpath": true, "npm": true, "pnpm": true,
}

// codeSubstitution reports whether a shell text holds a command
// substitution ($(…) or backticks) whose output is run as code or that
// fetches something: one in command position, or one running a command
// that is not a value reader. Substitutions that only read a value do
// not count.
func codeSubstitution(text string) bool {
	for i := 0; i < len(text); i++ {
		var inner string
		start := i
		switch {
		case text[i] == '$' && i+1 < len(text) && text[i+1] == '(':
			j := closingParen(text, i+1)
			inner = strings.TrimSuffix(text[i+2:j], ")")
			i = j - 1
		case text[i] == '`':
			j := strings.IndexByte(text[i+1:], '`')
			if j < 0 {
				return true
			}
			inner = text[i+1 : i+1+j]
			i += j + 1
		default:
			continue
		}
		if substCommandPosition(text[:start]) || !readsValue(inner) {
			return true
		}
	}
	return false
}

// substCommandPosition reports whether a substitution starting after
// prefix stands where the shell expects a command, so its output runs.
func substCommandPosition(prefix string) bool {
	p := strings.TrimRight(prefix, " \t\"'")
	if p == "" {
		return true
	}
	for _, end := range []string{";", "&", "|", "(", "{", "exec", "eval", "source", " ."} {
		if strings.HasSuffix(p, end) {
			return true
		}
	}
	return false
}

// readsValue reports whether a substituted command only reads a value.
func readsValue(inner string) bool {
	inner = strings.TrimSpace(inner)
	if inner == "" || strings.Contains(inner, "$(") || strings.Contains(inner, "`") {
		return false
	}
	if _, _, ok := pipeInfo(inner); ok {
		return false
	}
	ws := splitCommandLine(inner)
	for i, w := range ws {
		if i == 0 || (i > 0 && (ws[i-1] == "|" || ws[i-1] == "&&" || ws[i-1] == ";" || ws[i-1] == "||")) {
			if !valueReaders[baseOf(w)] {
				return false
			}
		}
	}
	return len(ws) > 0
}

// quietScript reports whether an inline script only sets up and launches
// one program, reading values on the way (cd "$(git rev-parse
// --show-toplevel)" && exec uv run …, TOKEN=$(gh auth token) exec npx …):
// what runs is the launched program, which the runner rules check, and
// the set-up hides nothing that runs.
func quietScript(script string) bool {
	ws := splitCommandLine(script)
	words := make([]word, len(ws))
	for i, w := range ws {
		words[i] = word{text: w}
	}
	cmd, ok := plainLaunch(words)
	if !ok || codeSubstitution(script) {
		return false
	}
	// "exec prog" alone sets nothing up: it is a script around one
	// command, which can be run directly.
	setup := strings.Contains(script, "$(") || strings.Contains(script, "`")
	for _, w := range ws[:len(ws)-len(cmd)] {
		if isControlOp(w) || isAssignment(w) {
			setup = true
		}
	}
	return setup
}

// downloadWords are lower-case words of which every match of pipeRe,
// procSubRe and iexRe holds one: the downloaders, and the start of iexRe's
// "new-object net.webclient".
var downloadWords = append(strings.Split(downloaders, "|"), "new-object")

// lowerASCII appends text in lower case to buf; ascii is false (and low
// unfinished) when text holds a byte outside ASCII.
func lowerASCII(buf []byte, text string) (low []byte, ascii bool) {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= utf8.RuneSelf {
			return buf, false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf, true
}

// pipeInfo finds a download run by an interpreter in a shell text. The
// patterns backtrack over the whole text, so each runs only when the text
// holds what every match of it holds: a downloader's name, and the pipe,
// the substitution or the iex it is about. The words are looked for in
// ASCII text only: on other text (?i) also folds k and s onto non-ASCII
// letters (the Kelvin sign, the long s), and the patterns decide.
func pipeInfo(text string) (downloader, interpreter string, ok bool) {
	var buf [256]byte
	low, ascii := lowerASCII(buf[:0], text)
	if ascii && !slices.ContainsFunc(downloadWords, func(w string) bool { return bytes.Contains(low, []byte(w)) }) {
		return "", "", false
	}
	if strings.IndexByte(text, '|') >= 0 {
		if m := pipeRe.FindStringSubmatch(text); m != nil {
			return strings.ToLower(m[1]), strings.ToLower(m[2]), true
		}
	}
	if strings.Contains(text, "<(") || strings.Contains(text, "$(") || strings.IndexByte(text, '`') >= 0 {
		if m := procSubRe.FindStringSubmatch(text); m != nil {
			return strings.ToLower(m[2]), strings.ToLower(m[1]), true
		}
	}
	if ascii && !bytes.Contains(low, []byte("iex")) && !bytes.Contains(low, []byte("invoke-expression")) {
		return "", "", false
	}
	if m := iexRe.FindStringSubmatch(text); m != nil {
		d := strings.ToLower(m[2])
		if strings.HasPrefix(d, "new-object") {
			d = "Net.WebClient"
		}
		return d, strings.ToLower(m[1]), true
	}
	return "", "", false
}

// shellFact fills ShellFact for a stdio server (nil when nothing applies);
// rf is the server's runnerFact(s, args) and all its command words
// (commandWords at runnerCommandPointer; nil: work them out).
func shellFact(s *loader.Server, args []ArgFact, rf *RunnerFact, all []word) *ShellFact {
	if s == nil || ownCommand(s) == "" || len(s.Packages) > 0 {
		return nil
	}
	cmdPointer := s.Pointer + "/command"
	if all == nil {
		all = commandWords(s, args, cmdPointer)
	}
	if len(all) == 0 {
		return nil
	}
	sh := &ShellFact{BroadPaths: []FlagFact{}}
	found := false
	// The text a shell reads: the inline script, a whole command line
	// written in command, and the command line as a whole (for
	// bash -c "$(curl …)").
	type shellText struct{ text, pointer string }
	var texts []shellText
	lineAt := cmdPointer
	inner, wrapper := peelWrappers(all)
	if launcher, script, at, ok := shellScript(inner); ok {
		if (!strings.HasPrefix(launcher, "cmd") || cmdIsScript(script) || callsOut(script)) && !quietScript(script) {
			sh.Launcher, sh.Pointer = launcher, at.pointer
			if wrapper != "" {
				sh.Launcher = wrapper + " … " + launcher
			}
			found = true
		}
		texts = append(texts, shellText{script, at.pointer})
		lineAt = at.pointer
	}
	if c := strings.TrimSpace(secret.MaskValue("", ownCommand(s))); strings.ContainsAny(c, " \t") && !fileExistsLike(c) {
		texts = append(texts, shellText{c, cmdPointer})
	}
	line := make([]string, 0, len(all))
	for _, w := range all {
		line = append(line, w.text)
	}
	for _, t := range texts {
		if substRe.MatchString(t.text) && codeSubstitution(t.text) && !sh.CommandSubstitution {
			sh.CommandSubstitution = true
			if sh.Pointer == "" {
				sh.Pointer = t.pointer
			}
			found = true
		}
	}
	texts = append(texts, shellText{strings.Join(line, " "), lineAt})
	for _, t := range texts {
		if d, i, ok := pipeInfo(t.text); ok {
			sh.PipeToInterpreter, sh.Downloader, sh.Interpreter = true, d, i
			sh.Pointer = t.pointer
			found = true
			break
		}
	}
	if broadPathsOf(sh, s, rf, all) {
		found = true
	}
	if !found {
		return nil
	}
	return sh
}

// isFilesystemServer reports whether a server is a filesystem server: its
// package, image, program or name says filesystem.
func isFilesystemServer(s *loader.Server, rf *RunnerFact, ws []word) bool {
	has := func(x string) bool {
		l := strings.ToLower(x)
		return strings.Contains(l, "filesystem") || strings.Contains(l, "file-system") || strings.Contains(l, "file_system")
	}
	if rf != nil && (has(rf.Package) || has(rf.Spec)) {
		return true
	}
	if len(ws) > 0 && has(commandBase(ws[0].text)) {
		return true
	}
	return has(s.Name)
}

// broadPathsOf records the broad roots a filesystem server is granted:
// the arguments after its package (or program), and --flag=PATH values.
// A container's mounts are left to container-privileges.
// rf is the server's runner (nil: none).
func broadPathsOf(sh *ShellFact, s *loader.Server, rf *RunnerFact, all []word) bool {
	ws := unwrap(all)
	if rf != nil && rf.Ecosystem == "oci" {
		return false
	}
	if !isFilesystemServer(s, rf, ws) {
		return false
	}
	sh.Filesystem = true
	// The words after the package (or the program) are the server's own.
	start := 1
	if rf != nil {
		start = len(ws)
		for i, w := range ws {
			if w.pointer == rf.PackagePointer && w.text == rf.Spec {
				start = i + 1
				break
			}
		}
	}
	added := false
	for i := start; i < len(ws); i++ {
		w := ws[i]
		v, ok := argValue(w.text)
		if !ok {
			continue
		}
		if why := broadPath(v); why != "" {
			sh.BroadPaths = append(sh.BroadPaths, FlagFact{Flag: strings.TrimSpace(v), Index: w.index, Pointer: w.pointer, Why: why})
			added = true
		}
	}
	return added
}
