package facts

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/loader"
)

// AddressFact is a network address written in a server's arguments
// (mcp-remote http://host/…, --url http://…), or a listening address.
type AddressFact struct {
	// Value is the address or flag as written (masked).
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Scheme  string `json:"scheme"`
	Host    string `json:"host"`
	// Why says what the fact means, for messages.
	Why string `json:"why"`
}

// localNetwork reports whether a host can only be reached from a local
// network: a single-label name (a compose service, a host on the office
// network: http://jenkins:8080), a name under .local, .internal, .lan,
// .home.arpa or a cluster's .svc, or a private, link-local or unique-local
// address. Plain http to such a host does not cross the internet.
func localNetwork(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if h == "" {
		return false
	}
	if ip := net.ParseIP(h); ip != nil {
		return ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLoopback()
	}
	if !strings.Contains(h, ".") {
		return !strings.ContainsAny(h, "${}%<>")
	}
	for _, suf := range []string{".local", ".internal", ".lan", ".home.arpa", ".svc", ".svc.cluster.local", ".localhost"} {
		if strings.HasSuffix(h, suf) {
			return true
		}
	}
	return false
}

// plainArgAddresses lists the plain-http (and ws) addresses of public
// hosts given in a stdio server's arguments: the remote a bridge such as
// mcp-remote or mcp-proxy connects to (its url field is empty).
func plainArgAddresses(args []ArgFact) []AddressFact {
	out := []AddressFact{}
	for _, a := range args {
		v, ok := argValue(strings.TrimSpace(a.Value))
		if !ok {
			continue
		}
		l := strings.ToLower(v)
		if !strings.HasPrefix(l, "http://") && !strings.HasPrefix(l, "ws://") {
			continue
		}
		u, err := url.Parse(v)
		if err != nil || u.Hostname() == "" {
			continue
		}
		host := strings.ToLower(u.Hostname())
		if isLoopback(host) || localNetwork(host) || strings.ContainsAny(host, "${}") {
			continue
		}
		out = append(out, AddressFact{Value: v, Pointer: a.Pointer, Scheme: strings.ToLower(u.Scheme), Host: host})
	}
	return out
}

// bridgeSSE lists the addresses mcp-remote is handed whose path ends in
// /sse: mcp-remote tries Streamable HTTP first and falls back to SSE, so
// at a legacy SSE endpoint it ends up speaking the deprecated transport.
// Host carries "loopback" or "local" for an address on this machine or
// the local network.
func bridgeSSE(sf *ServerFact) []AddressFact {
	out := []AddressFact{}
	if sf.Runner == nil || sf.Runner.Package != "mcp-remote" {
		return out
	}
	for _, a := range sf.Args {
		if a.Pointer == sf.Runner.PackagePointer || !strings.Contains(a.Value, "://") {
			continue
		}
		u, err := url.Parse(strings.TrimSpace(a.Value))
		if err != nil || u.Hostname() == "" || !sseEndpoint.MatchString(u.Path) {
			continue
		}
		where := ""
		switch host := strings.ToLower(u.Hostname()); {
		case isLoopback(host):
			where = "loopback"
		case localNetwork(host):
			where = "local"
		}
		out = append(out, AddressFact{Value: a.Value, Pointer: a.Pointer, Scheme: strings.ToLower(u.Scheme), Host: where, Why: u.Path})
		break
	}
	return out
}

var allInterfacesRe = lazyRE(`^(0\.0\.0\.0|::|\[::\]|\*)$`)

// hostFlags are the flags that name the address a server listens on.
var hostFlags = map[string]bool{"--host": true, "-h": false, "--bind": true, "--bind-address": true, "--listen": true,
	"--address": true, "--addr": true, "--hostname": true, "--server-host": true, "--http-host": true, "-b": true}

// listenAll lists where a server is told to listen on every network
// interface: --host 0.0.0.0 (and --bind, --listen, --address), a docker
// -p 0.0.0.0:… publish, or HOST=0.0.0.0 in its env. A server that
// listens there is reachable by anyone on the network, with no
// authentication in most MCP servers.
func listenAll(sf *ServerFact) []AddressFact {
	out := []AddressFact{}
	ws := sf.Args
	docker := sf.Runner != nil && sf.Runner.Ecosystem == "oci"
	for i := 0; i < len(ws); i++ {
		v := strings.TrimSpace(ws[i].Value)
		name, val, has := splitFlag(v)
		if docker && (name == "-p" || name == "--publish") {
			if !has && i+1 < len(ws) {
				val = ws[i+1].Value
				i++
			}
			if strings.HasPrefix(val, "0.0.0.0:") || strings.HasPrefix(val, "[::]:") {
				out = append(out, AddressFact{Value: name + " " + val, Pointer: ws[i].Pointer, Host: "0.0.0.0",
					Why: "publishes the container's port on every interface of the host"})
			}
			continue
		}
		if !hostFlags[name] {
			// --host=0.0.0.0:8080 and --listen 0.0.0.0:8080 forms
			continue
		}
		at := ws[i].Pointer
		if !has {
			if i+1 >= len(ws) {
				continue
			}
			val, at = ws[i+1].Value, ws[i+1].Pointer
			i++
		}
		host := val
		if h, _, err := net.SplitHostPort(val); err == nil {
			host = h
		}
		if allInterfacesRe.MatchString(strings.TrimSpace(host)) {
			out = append(out, AddressFact{Value: name + " " + val, Pointer: at, Host: host,
				Why: "makes the server listen on every network interface"})
		}
	}
	for _, e := range sf.Env {
		k := strings.ToUpper(e.Key)
		if k != "HOST" && k != "BIND" && k != "BIND_ADDRESS" && k != "LISTEN_HOST" && k != "SERVER_HOST" && k != "MCP_HOST" &&
			k != "FASTMCP_HOST" && k != "UVICORN_HOST" && k != "HOSTNAME_BIND" {
			continue
		}
		host := strings.TrimSpace(e.Value)
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if allInterfacesRe.MatchString(host) {
			out = append(out, AddressFact{Value: e.Key + "=" + e.Value, Pointer: e.Pointer, Host: host,
				Why: "makes the server listen on every network interface"})
		}
	}
	return out
}

var (
	wslDrive     = lazyRE(`^/mnt/[a-zA-Z]/`)
	checkoutRoot = lazyRE(`^/(var/www|IdeaProjects|workspace)/[^/\s"']+`)
	// /workspaces/<repo> is where a Codespace or a dev container mounts
	// the project: the path exists inside that container only.
	containerRoot = lazyRE(`^/workspaces/[^/\s"']+`)
	// XAMPP's and MAMP's document root (/Applications/XAMPP/xamppfiles/
	// htdocs/<site>, /opt/lampp/htdocs/<site>) holds one machine's sites.
	htdocsRoot   = lazyRE(`^/(Applications|opt)/[^\s"']*/htdocs/[^/\s"']+`)
	macHome      = lazyRE(`^(/Users/[^/\s"']+/)`)
	linuxHome    = lazyRE(`^(/home/[^/\s"']+/)`)
	windowsDrive = lazyRE(`(?i)^([a-z]:[\\/])`)
	wsStorage    = lazyRE(`(?i)workspaceStorage[\\/][0-9a-f]{6,}`)
)

// containerFolder is machinePathWhy's reason for /workspaces/<repo>: a
// project with a dev container of its own runs its servers in it, where
// the path is the project for everyone (buildServer drops it there).
const containerFolder = "the project's folder inside one Codespace or dev container"

// machinePathWhy says why the path v exists on one machine only ("":
// it does not). Each pattern runs only on a value that can match it.
func machinePathWhy(v string) string {
	switch {
	case mayBeWorkspaceStorage(v) && wsStorage.MatchString(v):
		return "an editor's storage folder of one workspace on one machine"
	case strings.HasPrefix(v, "/Users/") && macHome.MatchString(v) || strings.HasPrefix(v, "/home/") && linuxHome.MatchString(v):
		return "one user's home folder"
	case strings.HasPrefix(v, "/mnt/") && wslDrive.MatchString(v):
		return "a Windows drive of one machine, as WSL mounts it"
	case wslShare(v):
		return "a WSL distribution's files, as one Windows machine shares them"
	case (strings.HasPrefix(v, "/var/www/") || strings.HasPrefix(v, "/IdeaProjects/") || strings.HasPrefix(v, "/workspace/")) && checkoutRoot.MatchString(v):
		return "a checkout folder of one machine"
	case strings.HasPrefix(v, "/workspaces/") && containerRoot.MatchString(v):
		return containerFolder
	case strings.HasPrefix(v, "/") && strings.Contains(v, "/htdocs/") && htdocsRoot.MatchString(v):
		return "a checkout folder in one machine's local web server (htdocs)"
	case len(v) >= 3 && (v[1] == ':' || v[0] >= utf8.RuneSelf) && windowsDrive.MatchString(v):
		if programFiles(v) {
			return ""
		}
		return "a drive of one Windows machine"
	}
	return ""
}

// wslShare: \\wsl$\<distribution>\… or \\wsl.localhost\…, the network path
// Windows gives a WSL distribution's files (either slash).
func wslShare(v string) bool {
	if len(v) < 8 || (v[0] != '\\' && v[0] != '/') || v[1] != v[0] {
		return false
	}
	host := strings.ToLower(v[2:])
	return strings.HasPrefix(host, "wsl$") || strings.HasPrefix(host, "wsl.localhost")
}

// mayBeWorkspaceStorage reports whether v may hold a match of wsStorage:
// a slash or backslash, and "workspacestorage" in any case when v is
// ASCII (on other text (?i) also folds k and s onto non-ASCII letters, and
// the pattern decides).
func mayBeWorkspaceStorage(v string) bool {
	if len(v) < len("workspaceStorage/123456") || !strings.ContainsAny(v, `/\`) {
		return false
	}
	const word = "workspacestorage"
	for i := 0; i < len(v); i++ {
		if v[i] >= utf8.RuneSelf {
			return true
		}
	}
	for i := 0; i+len(word) <= len(v); i++ {
		if strings.EqualFold(v[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// machinePaths lists absolute paths in a committed server entry that
// exist on one machine only: a home folder (/Users/<name>/…,
// /home/<name>/…), a Windows drive (C:/…, D:\…) or an editor's
// per-workspace storage folder. A value is checked when it is a path
// (or --flag=PATH), not a script that names one. Windows' own folders
// (C:\Program Files\…, C:\Windows), which other machines share, are
// left out.
func machinePaths(s *loader.Server, sf *ServerFact) []AddressFact {
	out := []AddressFact{}
	var check func(v, ptr string)
	check = func(v, ptr string) {
		v = strings.TrimSpace(v)
		if strings.ContainsAny(v, " \t\n") && len(v) < 4096 && machinePathWhy(v) == "" && !programFiles(v) {
			// A script (bash -c "cd /home/x/app && …"): its words. The
			// first path found stands for the value.
			for _, w := range strings.Fields(v) {
				w = strings.Trim(w, `"'();&|`)
				if len(w) >= 2 && w[1] == ':' {
					// A drive path in a script (Set-Location C:\tools) is
					// as often a shared tools folder as one machine's.
					continue
				}
				n := len(out)
				check(w, ptr)
				if len(out) > n {
					return
				}
			}
			return
		}
		if i := strings.Index(v, "src="); i >= 0 && strings.Contains(v, "type=") {
			// docker --mount type=bind,src=/home/x/data,dst=/data
			v = strings.SplitN(v[i+len("src="):], ",", 2)[0]
		} else if i := strings.Index(v, "source="); i >= 0 && strings.Contains(v, "type=") {
			v = strings.SplitN(v[i+len("source="):], ",", 2)[0]
		}
		// --db=/Users/x/… is a path; --flag alone is not
		v, ok := argValue(v)
		if !ok {
			return
		}
		if why := machinePathWhy(v); why != "" && templateWhy(v) == "" {
			// (/Users/<you>/… is a template's placeholder, reported as one)
			out = append(out, AddressFact{Value: v, Pointer: ptr, Why: why})
		}
	}
	if sf.Command != nil {
		check(s.Command, sf.Command.Pointer)
	}
	docker := sf.Runner != nil && sf.Runner.Ecosystem == "oci"
	for _, a := range sf.Args {
		if docker && a.Pointer == sf.Runner.PackagePointer {
			break // after the image, paths are the container's own
		}
		check(a.Value, a.Pointer)
	}
	if !docker {
		for _, e := range sf.Env {
			check(e.Value, e.Pointer)
		}
	}
	if s.Cwd != "" {
		n := len(out)
		check(s.Cwd, s.Pointer+"/cwd")
		if len(out) > n && ignoresCwd(s) {
			// schema/unknown-field leaves this cwd to us: the finding, at
			// the server's first such path, says both.
			where := "the folder it was started in, usually the project's root: make the paths in args relative to it"
			if s.Client == "claude-desktop" {
				where = "Claude Desktop's own working folder: keep the paths in args absolute"
			}
			out[0].Why += fmt.Sprintf(", and %s does not read \"cwd\" anyway (the command starts in %s and remove \"cwd\")", loader.ClientName(s.Client), where)
		}
	}
	return out
}

// ignoresCwd reports whether the client of s has no "cwd" field.
func ignoresCwd(s *loader.Server) bool {
	sp := specs[s.Client]
	if sp == nil {
		return false
	}
	_, reads := sp.fields["cwd"]
	return !reads
}

// programFiles reports whether a Windows path is an installed program's
// place, the same on every machine (C:\Program Files\nodejs\node.exe).
func programFiles(p string) bool {
	l := strings.ToLower(strings.ReplaceAll(p, "\\", "/"))
	if len(l) < 3 {
		return false
	}
	rest := l[2:] + "/"
	for _, p := range []string{"/program files/", "/program files (x86)/", "/windows/", "/programdata/"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}
