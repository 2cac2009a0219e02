package secret

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTextMasksTokensThatContainASecret(t *testing.T) {
	const gh = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
	const random = "Qw8eRt5yUi2oPa7sDf4gHj1kLz9xCv6b"
	for _, in := range []string{
		gh, "123" + gh, "tru" + gh, "mcp__" + gh + "__create_issue", "mcp__sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12__tool",
		random, "srv-" + random, "/mcpServers/" + random + "/env", "server " + random + " is",
		"AKIAIOSFODNN7EXAMPLQ", "xoxb-123456789012-1234567890123-" + random[:24],
	} {
		out := Text(in)
		if leaks(out, gh) || leaks(out, random) || strings.Contains(out, "IOSFODNN7EXAMPLQ") {
			t.Errorf("Text(%q) = %q: a piece of the secret is left", in, out)
		}
	}
	for _, keep := range []string{
		"filesystem", "GITHUB_PERSONAL_ACCESS_TOKEN", "mcp__github__create_issue",
		"@modelcontextprotocol/server-filesystem@1.2.3", "GithubPersonalAccessToken", "OAuth2ClientCredentials",
		"task-manager-2", "desk-reservation-service", "x86_64-unknown-linux-gnu", "server2024production",
		"sha256:0123456789abcdef0123456789abcdef", "https://api.example.com/v1/mcp", "/mcpServers/github/env/GITHUB_TOKEN",
		"${GITHUB_TOKEN}", "Replace the literal key with ${GITHUB_TOKEN}",
	} {
		if got := Text(keep); got != keep {
			t.Errorf("Text(%q) = %q, want it unchanged", keep, got)
		}
	}
}

// leaks reports whether out holds any 8-byte piece of secret.
func leaks(out, secret string) bool {
	for i := 0; i+8 <= len(secret); i++ {
		if strings.Contains(out, secret[i:i+8]) {
			return true
		}
	}
	return false
}

func TestRandomKeysAreSecretLike(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	const a = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	missed := 0
	const n = 20000
	for k := 0; k < n; k++ {
		b := make([]byte, 32)
		for i := range b {
			b[i] = a[rng.Intn(len(a))]
		}
		if !SecretLike(string(b)) {
			missed++
		}
	}
	// The rule is a heuristic; docs/limits.md says about one random
	// 32-character key in 5,000 reads like a word (6 of these 20,000).
	if missed > n/2500 {
		t.Errorf("%d of %d random 32-character keys not secret-like", missed, n)
	}
}

func TestEscapeShowsControlAndBidi(t *testing.T) {
	for in, want := range map[string]string{
		"a\x1b]0;title\x07b":   `a\x1b]0;title\x07b`,
		"x\u202Ey":             "x‹U+202E›y",
		"x\u2066y\u200bz":      "x‹U+2066›y‹U+200B›z",
		"one\ntwo\tthree\r":    `one\ntwo\tthree\r`,
		"::error file=x::boom": `\x3a:error file=x::boom`,
		"bad\xffbyte":          `bad\xffbyte`,
		"c1\u009bx":            "c1‹U+009B›x",
		"plain café":           "plain café",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLineKeepsColumns(t *testing.T) {
	const random = "Qw8eRt5yUi2oPa7sDf4gHj1kLz9xCv6b"
	in := `  "` + random + `": {"command": "npx", "args": ["-y", "123ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"]}`
	out := Line(in)
	if len([]rune(out)) != len([]rune(in)) {
		t.Fatalf("Line changed the width: %q", out)
	}
	if leaks(out, random) || strings.Contains(out, "aB3dE5fG") {
		t.Errorf("Line left a secret: %q", out)
	}
	if !strings.Contains(out, `"command": "npx"`) {
		t.Errorf("Line masked too much: %q", out)
	}
}

func TestBrokenLineMasksMoreWidely(t *testing.T) {
	for _, in := range []string{
		`  "Cookie": "session=k2jd8s7dhf6g5h4j3k2l",`,
		`  "X": "aB3dE5fG7h\qJ9kL1mN3pQ5rS7tU9vW1x`,
		`J9kL1mN3pQ5rS7t"}}`,
	} {
		out := BrokenLine(in)
		if len([]rune(out)) != len([]rune(in)) {
			t.Errorf("BrokenLine changed the width: %q", out)
		}
		for _, piece := range []string{"k2jd8s7d", "aB3dE5fG", "J9kL1mN3", "pQ5rS7tU"} {
			if strings.Contains(out, piece) {
				t.Errorf("BrokenLine(%q) = %q keeps %q", in, out, piece)
			}
		}
	}
	for _, keep := range []string{`{"mcpServers": {"github": {"command": "npx",`, `# Claude Code, Cursor and OpenCode`, `PATH=/usr/bin:/bin`} {
		if got := BrokenLine(keep); got != keep {
			t.Errorf("BrokenLine(%q) = %q, want it unchanged", keep, got)
		}
	}
}

func TestWriterEscapesAndMasks(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Write([]byte("mcplint: unknown setting \"Qw8eRt5yUi2oPa7sDf4gHj1kLz9xCv6b\"\n::error title=x::y\nesc\x1b[2J"))
	w.Write([]byte(" done\n"))
	w.Flush()
	got := b.String()
	if strings.Contains(got, "Qw8eRt5y") || strings.Contains(got, "\x1b") {
		t.Errorf("writer passed through: %q", got)
	}
	for _, l := range strings.Split(got, "\n") {
		if strings.HasPrefix(l, "::") {
			t.Errorf("a line starts a workflow command: %q", l)
		}
	}
	if !strings.HasSuffix(got, "esc\\x1b[2J done\n") {
		t.Errorf("writer output %q", got)
	}
}

// TestWriterKeepsTabs: flag usage indents with tabs, which pass through;
// a workflow command after a tab is still escaped.
func TestWriterKeepsTabs(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Write([]byte("  -quiet\n    \tprint findings only\n\t::error::x\n"))
	if got, want := b.String(), "  -quiet\n    \tprint findings only\n\t"; !strings.HasPrefix(got, want) || strings.Contains(got, "\t::error") {
		t.Errorf("writer output %q", got)
	}
}

func TestNameIDIsStableAndHidesTheName(t *testing.T) {
	const name = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
	a, b := NameID(name), NameID(name)
	if a != b || !strings.HasPrefix(a, "‹id-") || leaks(a, name) || a == NameID(name+"x") {
		t.Errorf("NameID(%q) = %q, %q", name, a, b)
	}
	if !SecretLike(name) || SecretLike("github") {
		t.Errorf("SecretLike: a token is not, or a plain name is")
	}
}

func TestCamelPiecesEnds(t *testing.T) {
	for in, want := range map[string]int{"": 0, "OpenCode": 2, "HTTPServer": 2, "a/b": 3, "x86_64": 4, "ABC": 1} {
		if got := camelPieces(in); got != want {
			t.Errorf("camelPieces(%q) = %d, want %d", in, got, want)
		}
	}
}

func FuzzUntrusted(f *testing.F) {
	for _, s := range []string{"", "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5", "::error x", "a\x1b[2J\u202e", `"Cookie": "session=k2jd8s7dhf6g5h4j3k2l"`, "\xff\xfe", "Qw8eRt5yUi2oPa7sDf4gHj1kLz9xCv6b/x=y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Escape(Text(s))
		if strings.HasPrefix(e, "::") {
			t.Fatalf("Display(%q) starts a workflow command", s)
		}
		rs := []rune(e)
		for k, r := range rs {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || HiddenClass(rs, k, true) != "" {
				t.Fatalf("Display(%q) = %q keeps %U", s, e, r)
			}
		}
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\n") {
			return
		}
		n := utf8.RuneCountInString(s)
		if got := utf8.RuneCountInString(Line(s)); got != n {
			t.Fatalf("Line(%q) has %d characters, want %d", s, got, n)
		}
		if got := utf8.RuneCountInString(BrokenLine(s)); got != n {
			t.Fatalf("BrokenLine(%q) has %d characters, want %d", s, got, n)
		}
	})
}
