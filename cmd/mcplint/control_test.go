package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcplint/mcplint/secret"
)

// hostile are texts a repository can put in a name, a folder name, a path
// or a value to steer a terminal or a CI log: a workflow command after a
// newline, a window title, a screen clear, bidi overrides and isolates,
// a C1 control sequence introducer, a zero-width space.
var hostile = []string{
	"\n::error title=pwned::owned",
	"::warning file=x::at the start",
	"\x1b]0;retitled\x07",
	"\x1b[2J\x1b[H",
	"\r::notice::carriage",
	"evil\u202egnp.exe",
	"iso\u2066late\u2069",
	"c1\u009b31m",
	"zero\u200bwidth",
	"nul\x00byte",
	"tab\there",
}

// TestControlCharactersNeverReachTheTerminal plants hostile texts in server
// names, folder names, arguments, values, URLs and env keys, and checks
// what check (text and github), list, fix and standard error print.
func TestControlCharactersNeverReachTheTerminal(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	planted := 0
	for i, h := range hostile {
		// The text first, so it starts the lines that print the path.
		folder := strings.ReplaceAll(strings.ReplaceAll(h, "/", "_"), "\x00", "0") + strconv.Itoa(i)
		dir := filepath.Join(root, folder)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		q := strconv.Quote
		cfg := fmt.Sprintf(`{"mcpServers": {
  %s: {"command": "npx", "args": ["-y", %s, "--token", "ghp_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y"], "env": {%s: "x", "GITHUB_TOKEN": "ghp_Xy3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Z"}},
  "remote": {"url": %s, "headers": {"Authorization": %s}},
  %s: {"command": "npx"}
}}
`, q("srv"+h), q("@acme/pkg"+h), q("KEY"+h), q("http://example.com/"+h), q("Bearer "+h), q(h))
		if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		// A file that does not parse, with the text on its error line.
		if err := os.MkdirAll(filepath.Join(dir, ".cursor"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".cursor", "mcp.json"), []byte(`{"mcpServers": {"a": {"command": "`+h+`npx`), 0o644); err != nil {
			t.Fatal(err)
		}
		planted += 9
	}
	w := world{dir: root}
	human := [][]string{
		{"check", "--no-config", "."},
		{"list", "."},
		{"check", "--no-config", "--config", "missing" + strings.Join(hostile[:4], "") + ".toml", "."},
		{"list", "--client", "cursor" + hostile[0], "."},
		{"fix", "--no-config", "--diff", "."},
		{"fix", "--no-config", "."},
	}
	for _, args := range human {
		var stdout, stderr bytes.Buffer
		runIn(w, args, &stdout, &stderr)
		name := strings.Join(args, " ")
		if args[0] == "fix" && args[1] == "--no-config" && len(args) > 2 && args[2] == "--diff" {
			// A diff keeps \r of CRLF files; the rest applies.
			checkTerminal(t, name+" (diff)", strings.ReplaceAll(stdout.String(), "\r\n", "\n"))
		} else {
			checkTerminal(t, name, stdout.String())
		}
		checkTerminal(t, name+" (stderr)", stderr.String())
	}
	var stdout, stderr bytes.Buffer
	runIn(w, []string{"check", "--no-config", "--format", "github", "."}, &stdout, &stderr)
	command := regexp.MustCompile(`^::(error|warning|notice) file=[^:]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^:]*::`)
	commands := 0
	for _, l := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
		switch {
		case command.MatchString(l):
			// The properties end at the first "::"; what follows is
			// data, which GitHub never reads as a command.
			commands++
		case strings.HasPrefix(l, "mcplint: "):
		default:
			t.Errorf("github: a line mcplint did not write as a command: %q", l)
		}
		if bad := rawControl(l); bad != "" {
			t.Errorf("github: %s in %q", bad, l)
		}
	}
	if commands < len(hostile) {
		t.Errorf("github: %d commands for %d projects", commands, len(hostile))
	}
	checkTerminal(t, "check --format github (stderr)", stderr.String())
	t.Logf("%d hostile texts in %d places, %d annotations", len(hostile), planted, commands)
}

// checkTerminal fails on a C0 byte other than \n and \t, DEL, a C1 control,
// a bidi or invisible format character, or a line starting with "::".
func checkTerminal(t *testing.T, name, out string) {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "::") {
			t.Errorf("%s: a line starts a workflow command: %q", name, l)
		}
		if bad := rawControl(l); bad != "" {
			t.Errorf("%s: %s in %q", name, bad, l)
		}
	}
}

func rawControl(l string) string {
	for i, r := range l {
		switch {
		case r == '\t':
		case r < 0x20 || r == 0x7f:
			return fmt.Sprintf("byte %#x at %d", r, i)
		case r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("C1 control %U", r)
		case r == utf8.RuneError:
		case secret.Escape(string(r)) != string(r):
			return fmt.Sprintf("invisible %U", r)
		}
	}
	return ""
}
