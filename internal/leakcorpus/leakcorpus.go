// Package leakcorpus generates MCP configuration trees with secrets planted
// everywhere a hostile or careless repository can put them (server names,
// env and header keys, values, URLs, arguments, glued to other text, split
// by a bad escape, broken across lines, in files that do not parse), and
// finds any piece of them in an output. The tests of every command and of
// the language server share it.
package leakcorpus

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Corpus is a generated tree.
type Corpus struct {
	Root  string
	Files []string // every file written, absolute
	// NotConfig is a file of planted secrets that is no configuration
	// (/etc/shadow-like), to name with --tools.
	NotConfig string
	// Secrets are the planted secrets' bodies: the part after a
	// provider's kind prefix ("ghp_", "sk-proj-"), which a mask may keep.
	Secrets []string
	// Servers are the servers of the files that parse, with the folder of
	// their project: every one is exported by the tests.
	Servers []Server
	pieces  map[string]int
	g       *gen
	pending []string
}

// Server is a planted server: its name (often a secret) and its project.
type Server struct {
	Dir, Name string
}

// Seed is the generator seed: MCPLINT_LEAK_SEED when set, else 1.
func Seed() int64 {
	if s, err := strconv.ParseInt(os.Getenv("MCPLINT_LEAK_SEED"), 10, 64); err == nil {
		return s
	}
	return 1
}

const (
	base62 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	upperD = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	digits = "0123456789"
)

type gen struct {
	rng *rand.Rand
	c   *Corpus
}

func (g *gen) chars(alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.rng.Intn(len(alphabet))]
	}
	return string(b)
}

// secret makes one credential of a random kind and records its body.
func (g *gen) secret() string {
	var prefix, body string
	switch g.rng.Intn(8) {
	case 0:
		prefix, body = "ghp_", g.chars(base62, 36)
	case 1:
		prefix, body = "github_pat_", g.chars(base62, 22)+"_"+g.chars(base62, 59)
	case 2:
		prefix, body = "sk-proj-", g.chars(base62, 48)
	case 3:
		prefix, body = "xoxb-", g.chars(digits, 12)+"-"+g.chars(digits, 13)+"-"+g.chars(base62, 24)
	case 4:
		// AWS access key ids: upper case and digits, at least one digit.
		prefix, body = "AKIA", g.chars(upperD, 15)+g.chars(digits, 1)
	case 5:
		prefix, body = "glpat-", g.chars(base62, 20)
	case 6:
		prefix, body = "sk-ant-api03-", g.chars(base62, 80)+"AA"
	default:
		// A credential no detector knows: 32 to 40 random characters.
		body = g.chars(base62, 32+g.rng.Intn(9))
	}
	g.record(body)
	return prefix + body
}

// unknown is a random credential without a provider prefix.
func (g *gen) unknown() string {
	s := g.chars(base62, 32+g.rng.Intn(9))
	g.record(s)
	return s
}

func (g *gen) record(body string) {
	g.c.Secrets = append(g.c.Secrets, body)
	for _, part := range strings.FieldsFunc(body, func(r rune) bool { return r == '-' || r == '_' }) {
		// Digit-only parts (the numeric ids of a Slack token) are shown
		// on purpose: a number is not a secret on its own.
		if strings.Trim(part, digits) == "" {
			continue
		}
		for i := 0; i+8 <= len(part); i++ {
			g.c.pieces[part[i:i+8]] = len(g.c.Secrets) - 1
		}
	}
}

// glued is a secret glued to other text, the way a detector's word
// boundary misses it.
func (g *gen) glued() string {
	switch g.rng.Intn(4) {
	case 0:
		return "123" + g.secret()
	case 1:
		return "tru" + g.secret()
	case 2:
		return "mcp-" + g.secret()
	default:
		return g.secret() + "x9"
	}
}

// name is a server name: a plain one or a planted secret.
func (g *gen) name(i int) string {
	switch g.rng.Intn(4) {
	case 0:
		return g.secret()
	case 1:
		return g.glued()
	case 2:
		return "srv" + strconv.Itoa(i) + "_" + g.unknown()
	}
	return "server-" + strconv.Itoa(i)
}

func (g *gen) key() string {
	switch g.rng.Intn(3) {
	case 0:
		return g.secret()
	case 1:
		return g.glued()
	}
	return "API_TOKEN"
}

// Generate writes a corpus of projects under dir.
func Generate(dir string, seed int64, projects int) (*Corpus, error) {
	g := &gen{rng: rand.New(rand.NewSource(seed)), c: &Corpus{Root: dir, pieces: map[string]int{}}}
	g.c.g = g
	for p := 0; p < projects; p++ {
		pd := filepath.Join(dir, fmt.Sprintf("p%03d", p))
		files := map[string]string{}
		switch p % 5 {
		case 0:
			files[".mcp.json"] = g.jsonConfig("mcpServers", 1+g.rng.Intn(4))
			// Saved by PowerShell 5's >: UTF-16LE with a byte order mark.
			files[".cursor/mcp.json"] = utf16LE(g.jsonConfig("mcpServers", 1))
		case 1:
			files[".mcp.json"] = g.jsonConfig("mcpServers", 1+g.rng.Intn(4))
		case 2:
			files[".cursor/mcp.json"] = g.jsonConfig("mcpServers", 1+g.rng.Intn(4))
			files[".vscode/mcp.json"] = g.jsonConfig("servers", 1+g.rng.Intn(3))
		case 3:
			files[".codex/config.toml"] = g.tomlConfig(1 + g.rng.Intn(3))
		case 4:
			files[".mcp.json"] = g.brokenJSON()
			files[".cursor/mcp.json"] = g.brokenLines()
		}
		for _, n := range g.c.pending {
			g.c.Servers = append(g.c.Servers, Server{Dir: pd, Name: n})
		}
		g.c.pending = nil
		for rel, text := range files {
			path := filepath.Join(pd, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				return nil, err
			}
			g.c.Files = append(g.c.Files, path)
		}
	}
	// A file that is not a configuration at all, for --tools: none of it
	// may be quoted.
	shadow := filepath.Join(dir, "shadow")
	text := "root:" + g.unknown() + ":19000:0:99999:7:::\n" + g.secret() + "\n"
	if err := os.WriteFile(shadow, []byte(text), 0o600); err != nil {
		return nil, err
	}
	g.c.NotConfig = shadow
	return g.c, nil
}

func q(s string) string { return strconv.Quote(s) }

// utf16LE encodes s as UTF-16LE after a byte order mark.
func utf16LE(s string) string {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

// server writes one JSON server definition.
func (g *gen) server(i int) string {
	var fields []string
	if g.rng.Intn(3) == 0 {
		var u string
		switch g.rng.Intn(4) {
		case 0:
			u = "https://user:" + g.unknown() + "@mcp.example.com/mcp"
		case 1:
			u = "https://mcp.example.com/mcp?api_key=" + g.secret()
		case 2:
			u = "http://mcp.example.com/" + g.secret() + "/mcp"
		default:
			u = "https://mcp.example.com/mcp"
		}
		fields = append(fields, `"type": "http"`, `"url": `+q(u))
		fields = append(fields, `"headers": {`+q("Authorization")+`: `+q("Bearer "+g.secret())+`, `+q(g.key())+`: "x", "Cookie": `+q("session="+g.unknown())+`}`)
	} else {
		args := []string{q("-y"), q("@acme/tool-mcp")}
		switch g.rng.Intn(4) {
		case 0:
			args = append(args, q("--token"), q(g.secret()))
		case 1:
			args = append(args, q("--api-key="+g.secret()))
		case 2:
			args = append(args, q(g.glued()))
		}
		command := "npx"
		if g.rng.Intn(4) == 0 {
			// The script an interpreter runs names an SBOM component.
			command = []string{"node", "python3"}[g.rng.Intn(2)]
			args = []string{q(g.unknown())}
		}
		fields = append(fields, `"command": `+q(command), `"args": [`+strings.Join(args, ", ")+`]`)
		env := []string{q(g.key()) + `: ` + q(g.secret()), q("GITHUB_TOKEN") + `: ` + q(g.secret())}
		if g.rng.Intn(2) == 0 {
			env = append(env, q("SETTINGS")+`: `+q("mode=1 token="+g.glued()))
		}
		if g.rng.Intn(3) == 0 {
			// A provider prefix repeated, then a real key: masking must
			// stay linear and still find the key.
			prefix := []string{"ghp_", "sk-", "AKIA", "xoxb-"}[g.rng.Intn(4)]
			env = append(env, q("PADDED")+`: `+q(strings.Repeat(prefix, 500)+" "+g.secret()))
		}
		if g.rng.Intn(3) == 0 {
			// The same key twice: the first copy is dead text to the
			// client but still in the file.
			env = append(env, q("GITHUB_TOKEN")+`: `+q(g.secret()))
		}
		fields = append(fields, `"env": {`+strings.Join(env, ", ")+`}`)
	}
	name := g.name(i)
	g.c.pending = append(g.c.pending, name)
	return "    " + q(name) + ": {\n      " + strings.Join(fields, ",\n      ") + "\n    }"
}

func (g *gen) jsonConfig(root string, n int) string {
	var servers []string
	for i := 0; i < n; i++ {
		servers = append(servers, g.server(i))
	}
	if g.rng.Intn(3) == 0 {
		// The first server written again under its name: both copies
		// are in the file, each with its own secrets.
		first := g.c.pending[len(g.c.pending)-n]
		body := g.server(0)
		g.c.pending = g.c.pending[:len(g.c.pending)-1]
		servers = append(servers, "    "+q(first)+body[strings.Index(body, ": {"):])
	}
	return "{\n  " + q(root) + ": {\n" + strings.Join(servers, ",\n") + "\n  }\n}\n"
}

func (g *gen) tomlConfig(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		first := g.name(i)
		fmt.Fprintf(&b, "[mcp_servers.%s]\ncommand = \"npx\"\nargs = [\"-y\", \"@acme/tool-mcp\", \"--token\", %s]\n", q(first), q(g.secret()))
		second := g.name(i + 10)
		fmt.Fprintf(&b, "[mcp_servers.%s.env]\n%s = %s\nGITHUB_TOKEN = %s\n\n", q(second), q(g.key()), q(g.secret()), q(g.secret()))
		g.c.pending = append(g.c.pending, first, second)
	}
	return b.String()
}

// brokenJSON is a file that does not parse, with secrets on and around the
// line of the error: split by a bad escape, glued, under a key no detector
// knows, and truncated.
func (g *gen) brokenJSON() string {
	s := g.unknown()
	cut := 10 + g.rng.Intn(len(s)-20)
	lines := []string{
		`{"mcpServers": {`,
		`  ` + q(g.secret()) + `: {"command": "npx", "env": {"Cookie": "session=` + g.unknown() + `"}},`,
		`  "b": {"command": "npx", "env": {"X": "` + s[:cut] + `\q` + s[cut:] + `", "T": "` + g.glued() + `"}}`,
		`  "c": {"command": "npx", "args": ["--token", "` + g.secret(),
	}
	return strings.Join(lines, "\n") + "\n"
}

// brokenLines is a file whose strings break across lines, so each line
// holds a piece of a secret.
func (g *gen) brokenLines() string {
	s := g.unknown()
	t := g.secret()
	cut, cut2 := 12+g.rng.Intn(8), 9+g.rng.Intn(6)
	return "{\"mcpServers\": {\"a\": {\"command\": \"npx\", \"env\": {\"API_KEY\": \"" + s[:cut] + "\n" + s[cut:] + "\"}},\n" +
		"  \"b\": {\"url\": \"https://x.example.com/?token=" + t[:cut2] + "\n" + t[cut2:] + "\"}}}\n"
}

// Leaks returns the planted secrets of which an 8-character piece appears
// in out, each with the place it appears.
func (c *Corpus) Leaks(out string) []string {
	var bad []string
	seen := map[int]bool{}
	for i := 0; i+8 <= len(out); i++ {
		if n, ok := c.pieces[out[i:i+8]]; ok && !seen[n] {
			seen[n] = true
			from, to := max(0, i-40), min(len(out), i+48)
			bad = append(bad, fmt.Sprintf("secret %d (%.8s…) in %q", n, out[i:i+8], out[from:to]))
		}
	}
	return bad
}

// BadReports writes, under dir, reports and SBOMs that mcplint merge must
// skip, each with planted secrets where its error is: a report that does
// not parse (the secret on the line of the error, glued and split), one
// that fails the findings schema with secrets in its fields, an SBOM
// with a secret as its format, and a repository folder named by a
// secret holding a truncated report.
func (c *Corpus) BadReports(dir string) error {
	g := c.g
	files := map[string]string{
		"broken/report.json":        "{\"version\": \"1\", \"findings\": [\n  {\"rule\": \"secrets/literal-key\", \"message\": \"" + g.glued() + "\" \"" + g.secret() + "\"}\n]}\n",
		"schema/report.json":        `{"tool": ` + q(g.secret()) + `, "findings": [{"rule": ` + q(g.secret()) + `, "level": ` + q(g.glued()) + `, "file": 7, "message": ` + q(g.unknown()) + `}]}` + "\n",
		"sbom/bom.cdx.json":         `{"bomFormat": ` + q(g.secret()) + `, "specVersion": ` + q(g.unknown()) + `, "components": [{"name": ` + q(g.secret()) + `}]}` + "\n",
		g.secret() + "/report.json": `{"findings": [{"rule": ` + q(g.secret()) + "\n",
	}
	for rel, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Answers are what a hostile or careless MCP server answers to a probe,
// with secrets planted in it: tools whose names, descriptions and input
// schemas (property names, descriptions, defaults, enums) hold secrets,
// and instructions that do. Each tool is a JSON object of the MCP tools
// list.
func (c *Corpus) Answers(n int) (tools []map[string]any, instructions string) {
	g := c.g
	for i := 0; i < n; i++ {
		tools = append(tools, map[string]any{
			"name": "read_" + strconv.Itoa(i) + "_" + g.glued(),
			"description": "Reads files. Use the key " + g.secret() + " and send it as " + g.glued() + "; cookie session=" + g.unknown() +
				". Pass the workspace id \"" + g.unknown() + "\" to every call.",
			"inputSchema": map[string]any{
				"type": "object",
				"properties": map[string]any{
					g.secret(): map[string]any{"type": "string", "description": "token " + g.secret(), "default": g.secret(), "enum": []any{g.glued(), "plain"}},
					"path":     map[string]any{"type": "string"},
				},
			},
		})
	}
	return tools, "Call read_0 first with " + g.secret() + " (or " + g.glued() + ")"
}

// Secretish reports whether a planted name holds a planted secret (is not
// one of the plain names "server-N").
func Secretish(name string) bool { return !strings.HasPrefix(name, "server-") }
