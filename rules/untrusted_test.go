package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// Four keys planted where a policy would see them as names: a server
// name, an env key, a header key and a Codex table name.
const (
	plantedName   = "ghp_Xk8vQ2mN7pL4rT9wB3zY6cF1hJ5sD0aG8eU2"
	plantedEnv    = "Qw8eRt5yUi2oPa7sDf4gHj1kLz9xCv6bNm3q"
	plantedHeader = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78"
	plantedCodex  = "tru" + "ghp_Zz9yXx8wWv7uUt6sSr5qQp4oOn3mMl2kKj1i"
)

func plantedTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".mcp.json", `{
  "mcpServers": {
    "`+plantedName+`": {
      "command": "npx",
      "args": ["-y", "@acme/tool-mcp"],
      "env": {
        "`+plantedEnv+`": "literal-`+"Zq7Wm2Xk9Lp4Rt8Vn3Bc6Hd1"+`",
        "GITHUB_TOKEN": "ghp_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y"
      }
    },
    "remote": {
      "type": "http",
      "url": "https://mcp.example.com/mcp",
      "headers": {"`+plantedHeader+`": "x"}
    }
  }
}
`)
	write(".codex/config.toml", "[mcp_servers."+plantedCodex+"]\ncommand = \"npx\"\n\n[mcp_servers."+plantedCodex+".env]\nAPI_TOKEN = \"ghp_Ef3Gh5Ij7Kl9Mn1Op3Qr5St7Uv9Wx1Yz3Ab5C\"\n")
	return dir
}

// pieces8 reports the planted keys of which an 8-character piece is in s.
func pieces8(s string) []string {
	var bad []string
	for _, k := range []string{plantedName, plantedEnv, plantedHeader, plantedCodex} {
		body := k[4:]
		for i := 0; i+8 <= len(body); i++ {
			if strings.Contains(s, body[i:i+8]) {
				bad = append(bad, k)
				break
			}
		}
	}
	return bad
}

func TestPolicyInputHidesSecretKeys(t *testing.T) {
	dir := plantedTree(t)
	ws, err := loader.Load(loader.Options{Paths: []string{dir}, WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	input := func() (string, string) {
		in := facts.Build(ws, DefaultConfig().policyFacts())
		js, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		return string(js), facts.Value(&in).String()
	}
	js, val := input()
	if bad := pieces8(js); len(bad) > 0 {
		t.Errorf("the input's JSON holds pieces of %q", bad)
	}
	if bad := pieces8(val); len(bad) > 0 {
		t.Errorf("the input's OPA value holds pieces of %q", bad)
	}
	if !strings.Contains(js, "‹id-") {
		t.Errorf("no stand-in id in the input")
	}
	// The probe finds the keys when the hiding is off.
	facts.HideSecretNames = false
	defer func() { facts.HideSecretNames = true }()
	js, val = input()
	if len(pieces8(js)) != 4 || len(pieces8(val)) != 4 {
		t.Errorf("with the hiding off the probe finds %d/%d of 4 keys", len(pieces8(js)), len(pieces8(val)))
	}
}

// A finding on a server whose name is hidden from the policies still
// points at its place in the file: the id in its pointer is mapped back.
func TestHiddenNamesPointAtTheRightPlace(t *testing.T) {
	dir := plantedTree(t)
	e := engine(t)
	ws, err := loader.Load(loader.Options{Paths: []string{dir}, WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := e.Check(context.Background(), ws, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]map[int]bool{}
	for _, f := range fs {
		if lines[f.File] == nil {
			lines[f.File] = map[int]bool{}
		}
		lines[f.File][f.Range.Start.Line] = true
		if strings.Contains(f.Message, "‹id-") && f.Range.Start.Line == 1 && f.Range.Start.Column == 1 {
			t.Errorf("%s at 1:1, as if its pointer %q named nothing", f.Rule, f.Pointer)
		}
	}
	// The literal key of the hidden server is on line 8, the one under
	// the hidden Codex table on line 5.
	if !lines[".mcp.json"][8] {
		t.Errorf("no finding on .mcp.json line 8 (GITHUB_TOKEN under the hidden server): %v", lines)
	}
	if !lines[".codex/config.toml"][5] {
		t.Errorf("no finding on .codex/config.toml line 5 (API_TOKEN under the hidden table): %v", lines)
	}
	for _, f := range fs {
		if bad := pieces8(f.Message + f.Server + f.Pointer); len(bad) > 0 {
			t.Errorf("%s: finding shows %q", f.Rule, bad)
		}
	}
}

// A secret-like server name reaches the policies as its id, but the name
// rules judge the real name's characters and length: the id's "‹" and
// "›" are not the name's, and its 17 characters are not the name's 40.
func TestHiddenNamesAreJudgedByTheirShape(t *testing.T) {
	dir := t.TempDir()
	const ok = "ghp_R8x2Lq9ZtV4mN7pK3sW6yB1cD5fH0jQ2aE8u"  // letters, digits and _: a valid tool-name prefix, 40 characters
	const dotted = "sk-live-4eC39HqLyjWDarjtT1zdp7dc.work" // a "." clients reject
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {
  "` + ok + `": {"command": "x"},
  "` + dotted + `": {"command": "y"}
}}`})
	ws, err := loader.Load(loader.Options{Paths: []string{dir}, WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := engine(t).Check(context.Background(), ws, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var names, lengths []string
	for _, f := range fs {
		switch f.Rule {
		case "budget/server-name":
			names = append(names, fmt.Sprintf("%d: %s", f.Range.Start.Line, f.Message))
		case "budget/tool-name-length":
			lengths = append(lengths, fmt.Sprintf("%d: %s", f.Range.Start.Line, f.Message))
		}
	}
	if len(names) != 1 || !strings.HasPrefix(names[0], "3: ") || !strings.Contains(names[0], `has a ".", which`) || strings.Contains(names[0], `"‹"`) {
		t.Errorf("budget/server-name: want one finding on line 3 for its \".\" only, got %q", names)
	}
	// mcp__ + 40 + __ leaves 17 of 64; the dotted name's 37 leave 20.
	if len(lengths) != 1 || !strings.HasPrefix(lengths[0], "2: ") || !strings.Contains(lengths[0], "only 17 characters") {
		t.Errorf("budget/tool-name-length: want one finding on line 2 leaving 17 characters, got %q", lengths)
	}
	for _, f := range fs {
		if strings.Contains(f.Message, ok[4:16]) || strings.Contains(f.Message, dotted[8:20]) {
			t.Errorf("%s shows a hidden name: %s", f.Rule, f.Message)
		}
	}
}

// A message a policy built from a hidden name shows the name's masked
// display (ghp_…****), never the id the policy saw nor the name; the same
// for related locations.
func TestHiddenNamesAreShownMasked(t *testing.T) {
	dir := plantedTree(t)
	ws, err := loader.Load(loader.Options{Paths: []string{dir}, WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := engine(t).Check(context.Background(), ws, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	masked := secret.Text(plantedName)
	shown := 0
	for _, f := range fs {
		texts := []string{f.Message}
		for _, r := range f.Related {
			texts = append(texts, r.Message)
		}
		for _, s := range texts {
			if strings.Contains(s, "‹id-") {
				t.Errorf("%s: message shows an id: %s", f.Rule, s)
			}
			if strings.Contains(s, masked) {
				shown++
			}
		}
	}
	// budget/tool-name-length names the server in its message.
	if shown == 0 {
		t.Errorf("no message names the hidden server as %q: %v", masked, fs)
	}
}

// A secret-like header name reaches transport/header-name as its id, but
// the rule judges the real name: one with a "." is reported for its "."
// (not the id's "‹" and "›") with no spelling that would show it, one
// that is a valid token is not reported.
func TestHiddenHeaderNamesAreJudgedByTheirShape(t *testing.T) {
	dir := t.TempDir()
	const ok = "sk-live-4eC39HqLyjWDarjtT1zdp7dc"
	const dotted = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12.Mn34Op56Qr78"
	writeFiles(t, dir, map[string]string{".mcp.json": `{"mcpServers": {
  "a": {"type": "http", "url": "https://a.example.com/mcp", "headers": {"` + ok + `": "x"}},
  "b": {"type": "http", "url": "https://b.example.com/mcp", "headers": {"` + dotted + `": "x"}}
}}`})
	ws, err := loader.Load(loader.Options{Paths: []string{dir}, WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := engine(t).Check(context.Background(), ws, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		if f.Rule == "transport/header-name" {
			got = append(got, fmt.Sprintf("%d: %s", f.Range.Start.Line, f.Message))
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "3: ") || !strings.Contains(got[0], `has a ".", which`) ||
		strings.Contains(got[0], "‹") || strings.Contains(got[0], "write") || !strings.Contains(got[0], secret.Text(dotted)) {
		t.Errorf("transport/header-name: want one finding on line 3 for its \".\" only, naming %q, got %q", secret.Text(dotted), got)
	}
}

// TestMaskFindingsMasksRepeatedTexts: each distinct text is masked once
// and the result reused; every finding holding it is masked, and a text
// that is no secret is left as it is.
func TestMaskFindingsMasksRepeatedTexts(t *testing.T) {
	msg := "the server " + plantedName + " is odd"
	fs := []finding.Finding{
		{Message: msg, Server: plantedName, Pointer: "/mcpServers/" + plantedName},
		{Message: msg, Server: plantedName, Pointer: "/mcpServers/" + plantedName,
			Related: []finding.Location{{Message: msg, Pointer: "/x"}}, Fix: &finding.Fix{Title: msg, Note: "plain note"}},
		{Message: "plain message", Server: "github", Pointer: "/mcpServers/github"},
	}
	maskFindings(fs)
	for i, f := range fs[:2] {
		for _, s := range []string{f.Message, f.Server, f.Pointer} {
			if strings.Contains(s, plantedName) || s == "" {
				t.Errorf("finding %d: %q", i, s)
			}
		}
	}
	if fs[0].Message != fs[1].Message || fs[0].Message != secret.Text(msg) {
		t.Errorf("messages %q, %q, want %q", fs[0].Message, fs[1].Message, secret.Text(msg))
	}
	if r := fs[1].Related[0]; strings.Contains(r.Message, plantedName) || r.Pointer != "/x" {
		t.Errorf("related %+v", r)
	}
	if fx := fs[1].Fix; strings.Contains(fx.Title, plantedName) || fx.Note != "plain note" {
		t.Errorf("fix %+v", fx)
	}
	if f := fs[2]; f.Message != "plain message" || f.Server != "github" || f.Pointer != "/mcpServers/github" {
		t.Errorf("a finding without secrets changed: %+v", f)
	}
}
