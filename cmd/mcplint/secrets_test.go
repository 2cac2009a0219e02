package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/fixtures"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/schema"
	"github.com/mcplint/mcplint/secret"
)

// copyEmbedded copies an embedded fixture folder into a temp folder.
func copyEmbedded(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := fs.WalkDir(fixtures.Rules, src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dst, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(p, src), "/")))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(fixtures.Rules, p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// secretsIn lists every credential the detectors find in the string
// values of the configs under root, as written in the files.
func secretsIn(t *testing.T, root string) []string {
	t.Helper()
	ws, err := loader.Load(loader.Options{Paths: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(n *syntax.Node, key string)
	walk = func(n *syntax.Node, key string) {
		switch n.Kind {
		case syntax.Object:
			for _, m := range n.Members {
				walk(m.Value, m.Key)
			}
		case syntax.Array:
			for _, it := range n.Items {
				walk(it, key)
			}
		case syntax.String:
			for _, d := range secret.Scan(key, n.Text) {
				out = append(out, n.Text[d.Start:d.End])
			}
		}
	}
	for _, d := range ws.Documents {
		if d.File != nil && d.File.Root != nil {
			walk(d.File.Root, "")
		}
	}
	return out
}

// leaked reports the secrets whose body (past a 4-character kind prefix)
// appears in out.
func leaked(out string, secrets []string) []string {
	var bad []string
	for _, s := range secrets {
		body := s
		if len(body) > 8 {
			body = body[4:]
		}
		if strings.Contains(out, body) {
			bad = append(bad, s[:min(4, len(s))]+"…")
		}
	}
	return bad
}

// TestNoOutputShowsASecret runs every command and format over the
// literal-key fixture (real-shaped keys of more than eight providers in
// env, headers, args and URLs) and checks that no key appears anywhere:
// stdout, stderr, diffs, SARIF, list, baseline.
func TestNoOutputShowsASecret(t *testing.T) {
	t.Parallel() // touches no package global, no working folder, no environment
	root := copyEmbedded(t, "rules/secrets/literal-key/fail")
	secrets := secretsIn(t, root)
	if len(secrets) < 8 {
		t.Fatalf("the fixture has %d detectable keys, want at least 8", len(secrets))
	}
	runs := [][]string{
		{"check", "--format", "text", root},
		{"check", "--format", "json", root},
		{"check", "--format", "sarif", root},
		{"check", "--format", "github", root},
		{"check", "--format", "diff", root},
		{"list", root},
		{"list", "--format", "json", root},
		{"list", "--format", "cyclonedx", root},
		{"fix", "--diff", root},
		{"baseline", root},
		{"check", "--format", "nonsense", root},
		{"check", "--config", filepath.Join(root, "missing.toml"), root},
	}
	for _, args := range runs {
		var out, errb bytes.Buffer
		run(args, &out, &errb)
		if bad := leaked(out.String()+errb.String(), secrets); len(bad) > 0 {
			t.Errorf("mcplint %s shows %v", strings.Join(args[:len(args)-1], " "), bad)
		}
		if args[1] == "--format" && args[2] == "json" && args[0] == "check" {
			if err := schema.ValidateFindings(out.Bytes()); err != nil {
				t.Errorf("JSON findings do not validate: %v", err)
			}
		}
		if args[0] == "check" && args[2] == "sarif" {
			if err := schema.ValidateSARIF(out.Bytes()); err != nil {
				t.Errorf("SARIF does not validate: %v", err)
			}
		}
	}
}

// TestFixRemovesEveryLiteralKey: fix on a copy of the fixture removes
// every literal key of a server, keeps every server and every byte
// outside the fixed values, the result parses, and check then reports no
// literal key but the one written outside any server entry.
func TestFixRemovesEveryLiteralKey(t *testing.T) {
	t.Parallel()
	root := copyEmbedded(t, "rules/secrets/literal-key/fail")
	before, err := loader.Load(loader.Options{Paths: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	originals := map[string][]byte{}
	for _, d := range before.Documents {
		originals[d.AbsPath] = append([]byte(nil), d.File.Src...)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"fix", root}, &out, &errb); code != exitOK {
		t.Fatalf("fix exit %d\n%s%s", code, out.String(), errb.String())
	}
	if bad := leaked(out.String()+errb.String(), secretsIn(t, copyEmbedded(t, "rules/secrets/literal-key/fail"))); len(bad) > 0 {
		t.Errorf("fix output shows %v", bad)
	}
	after, err := loader.Load(loader.Options{Paths: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Servers) != len(before.Servers) {
		t.Errorf("%d servers after fix, %d before", len(after.Servers), len(before.Servers))
	}
	for _, f := range after.Findings {
		if f.Rule == "schema/parse-error" {
			t.Errorf("fixed file does not parse: %s %s", f.File, f.Message)
		}
	}
	// Every byte outside a changed string value is kept: the files differ
	// only inside quoted values.
	// Codex expands nothing, so there the keys move into env_vars,
	// bearer_token_env_var and env_http_headers: every line without a key
	// must still be there, in order.
	secrets := secretsIn(t, copyEmbedded(t, "rules/secrets/literal-key/fail"))
	for _, d := range after.Documents {
		old := originals[d.AbsPath]
		if d.Client == "codex" {
			if missing := linesKept(old, d.File.Src, secrets); missing != "" {
				t.Errorf("%s: fix lost the line %q", d.Path, missing)
			}
			continue
		}
		if !sameOutsideStrings(old, d.File.Src) {
			t.Errorf("%s: fix changed bytes outside string values", d.Path)
		}
	}
	out.Reset()
	run([]string{"check", "--format", "json", root}, &out, &errb)
	var doc struct {
		Findings []struct{ Rule, File, Message string }
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	// A credential outside any server entry (a Claude Code permission
	// rule) has no edit that keeps the file meaning the same: it stays
	// reported, and is the only one.
	stray := 0
	for _, f := range doc.Findings {
		switch {
		case f.Rule != "secrets/literal-key":
		case strings.Contains(f.Message, "outside any server entry") && strings.HasSuffix(filepath.ToSlash(f.File), ".claude/settings.json"):
			stray++
		default:
			t.Errorf("literal key left after fix: %s %s", f.File, f.Message)
		}
	}
	if stray != 1 {
		t.Errorf("%d credentials outside a server entry after fix, want the fixture's 1", stray)
	}
}

// sameOutsideStrings compares two texts with every "…" string literal
// blanked: what remains (keys' quotes, punctuation, comments, spacing)
// must be equal.
func sameOutsideStrings(a, b []byte) bool {
	blank := func(s []byte) string {
		var out strings.Builder
		in := false
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case in && c == '\\':
				i++
			case c == '"':
				in = !in
				out.WriteByte('"')
			case !in:
				out.WriteByte(c)
			}
		}
		return out.String()
	}
	return blank(a) == blank(b)
}

// linesKept returns the first line of old without a secret that is not in
// new (in order), or "".
func linesKept(old, new []byte, secrets []string) string {
	have := strings.Split(string(new), "\n")
	lines := strings.Split(string(old), "\n")
	// A table header whose every key was a secret goes with its keys: the
	// fix leaves no empty table behind.
	emptied := map[int]bool{}
	for i, line := range lines {
		if !strings.HasPrefix(strings.TrimSpace(line), "[") {
			continue
		}
		empty, k := true, i+1
		for ; k < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[k]), "["); k++ {
			if strings.TrimSpace(lines[k]) != "" && len(leaked(lines[k], secrets)) == 0 {
				empty = false
			}
		}
		if empty && k > i+1 {
			emptied[i] = true
			if i > 0 && strings.TrimSpace(lines[i-1]) == "" {
				emptied[i-1] = true // the blank line before it goes too
			}
		}
	}
	j := 0
	for i, line := range lines {
		if len(leaked(line, secrets)) > 0 || emptied[i] {
			continue
		}
		for j < len(have) && have[j] != line {
			j++
		}
		if j == len(have) {
			return line
		}
		j++
	}
	return ""
}
