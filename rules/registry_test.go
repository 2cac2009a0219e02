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
)

// registryCorpus is the registry corpus (real seeds and the spec
// examples, testdata/registry/NOTICE), read by tests and benchmarks only.
var registryCorpus = filepath.Join("..", "testdata", "registry")

// wrappedSeed writes the 2025-09-21 seed (358 server.json) in the
// registry list shape {"servers": [{"server": …, "_meta": …}]} into dir.
func wrappedSeed(tb testing.TB, dir string) string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(registryCorpus, "registry-seed-2025-09-21.json"))
	if err != nil {
		tb.Fatalf("registry corpus: %v", err)
	}
	var seed []map[string]json.RawMessage
	if err := json.Unmarshal(b, &seed); err != nil {
		tb.Fatal(err)
	}
	type item struct {
		Server map[string]json.RawMessage `json:"server"`
		Meta   json.RawMessage            `json:"_meta,omitempty"`
	}
	doc := struct {
		Servers  []item         `json:"servers"`
		Metadata map[string]int `json:"metadata"`
	}{Metadata: map[string]int{"count": len(seed)}}
	for _, s := range seed {
		it := item{Server: s, Meta: s["_meta"]}
		delete(s, "_meta")
		doc.Servers = append(doc.Servers, it)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	p := filepath.Join(dir, "registry-list.json")
	if err := os.WriteFile(p, out, 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkCheckRegistrySeedList loads the wrapped 358-server seed and
// runs the whole engine over it: the budget is 100 ms.
func BenchmarkCheckRegistrySeedList(b *testing.B) {
	p := wrappedSeed(b, b.TempDir())
	e := engine(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ws, err := loader.Load(loader.Options{Paths: []string{p}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := e.Check(ctx, ws, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/op")
}

// BenchmarkBuildInputRegistrySeedList is the Go side alone: every fact of
// the 358 entries, schema validation included.
func BenchmarkBuildInputRegistrySeedList(b *testing.B) {
	p := wrappedSeed(b, b.TempDir())
	ws, err := loader.Load(loader.Options{Paths: []string{p}})
	if err != nil {
		b.Fatal(err)
	}
	cfg := DefaultConfig()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		facts.Build(ws, cfg.policyFacts())
	}
}

// checkPaths loads paths like `mcplint check PATH…` and runs every rule.
func checkPaths(t *testing.T, opts loader.Options) (*loader.Workspace, []finding.Finding) {
	t.Helper()
	ws, err := loader.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := engine(t).Check(context.Background(), ws, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ws, fs
}

func ofRule(fs []finding.Finding, rule string, level finding.Level) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if f.Rule == rule && (level == 0 || f.Level == level) {
			out = append(out, f)
		}
	}
	return out
}

// TestSpecExamples: the 15 examples of the server.json specification
// (docs/reference/server-json/generic-server-json.md). Read against the
// 2025-12-11 schema each declares, all 15 are valid server.json: names
// are reverse-DNS, descriptions are under 100 characters, every package
// has registryType, identifier and transport (an OCI image and an mcpb
// file may leave out version, since 2025-12-11), positional arguments
// have a value or valueHint, named ones a name, and every transport is
// stdio, streamable-http or sse with an http(s) url.
func TestSpecExamples(t *testing.T) {
	valid := map[string]bool{}
	for i := 0; i <= 14; i++ {
		valid[fmt.Sprintf("generic-server-json_example%02d.json", i)] = true
	}
	dir := filepath.Join(registryCorpus, "spec-examples")
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("registry corpus: %v", err)
	}
	for name, ok := range valid {
		t.Run(name, func(t *testing.T) {
			ws, fs := checkPaths(t, loader.Options{Paths: []string{filepath.Join(dir, name)}})
			if len(ws.Documents) != 1 || ws.Documents[0].Kind != loader.KindRegistryDoc {
				t.Fatalf("not read as a server.json: %+v", ws.Documents)
			}
			errs := ofRule(fs, "schema/registry-document", finding.Error)
			if ok && len(errs) > 0 {
				t.Errorf("a valid example fails its schema: %v", errs)
			}
			if !ok && len(errs) == 0 {
				t.Errorf("an invalid example passes its schema")
			}
			if ws := ofRule(fs, "schema/registry-document", finding.Warning); len(ws) > 0 {
				t.Errorf("2025-12-11 is the newest version, yet: %v", ws)
			}
		})
	}
}

func TestLegacySeedIsReportedAsLegacy(t *testing.T) {
	p := filepath.Join(registryCorpus, "registry-seed-2025-05-16-legacy.json")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("registry corpus: %v", err)
	}
	ws, fs := checkPaths(t, loader.Options{Paths: []string{p}})
	if d := ws.Documents[0]; d.Kind != loader.KindRegistryOld || d.Variant != "legacy" {
		t.Fatalf("kind %s variant %q, want the legacy shape", d.Kind, d.Variant)
	}
	if len(ws.Servers) != 471 {
		t.Errorf("%d servers, want 471", len(ws.Servers))
	}
	rd := ofRule(fs, "schema/registry-document", 0)
	if len(rd) != 1 || rd[0].Level != finding.Warning || !strings.Contains(rd[0].Message, "legacy registry shape of the 2025-05 seed (471 entries") {
		t.Fatalf("want one legacy warning, got %v", rd)
	}
	in := facts.Build(ws, DefaultConfig().policyFacts())
	if r := in.Documents[0].Registry; r == nil || !r.Legacy || r.Shape != "legacy" || r.LegacyPointer != "/0/version_detail" {
		t.Errorf("document facts: %+v", r)
	}
	if r := in.Servers[0].Registry; r == nil || r.Status != "legacy" || len(r.Issues) != 0 {
		t.Errorf("legacy entries are not checked against a schema: %+v", r)
	}
}

func TestWrappedSeedLists358Servers(t *testing.T) {
	p := wrappedSeed(t, t.TempDir())
	ws, fs := checkPaths(t, loader.Options{Paths: []string{p}})
	if len(ws.Documents) != 1 || ws.Documents[0].Kind != loader.KindRegistryList || ws.Documents[0].Variant != "" {
		t.Fatalf("documents: %+v", ws.Documents)
	}
	if len(ws.Servers) != 358 {
		t.Fatalf("%d servers, want 358", len(ws.Servers))
	}
	in := facts.Build(ws, DefaultConfig().policyFacts())
	for _, s := range in.Servers {
		if s.Registry == nil || s.Registry.Status != "absent" || s.Registry.Version != "2025-12-11" {
			t.Fatalf("%s: %+v", s.Name, s.Registry)
		}
	}
	if d := in.Documents[0].Registry; d == nil || d.Shape != "list" {
		t.Errorf("document facts: %+v", d)
	}
	// The seed's real problems: 78 descriptions over 100 characters and
	// 65 empty ones, each at the description itself.
	errs := ofRule(fs, "schema/registry-document", finding.Error)
	long, empty := 0, 0
	for _, f := range errs {
		switch {
		case !strings.HasSuffix(f.Pointer, "/server/description"):
			t.Errorf("unexpected schema error: %s %s", f.Pointer, f.Message)
		case strings.Contains(f.Message, "at most 100 are allowed"):
			long++
		case strings.Contains(f.Message, "is empty"):
			empty++
		}
	}
	if long != 78 || empty != 65 {
		t.Errorf("%d long and %d empty descriptions, want 78 and 65", long, empty)
	}
	for _, f := range errs {
		n := ws.Documents[0].File.Root.Lookup(f.Pointer)
		if n == nil || f.Range.Start.Offset != n.Start || f.Range.End.Offset != n.End {
			t.Fatalf("%s spans %d–%d, not the value", f.Pointer, f.Range.Start.Offset, f.Range.End.Offset)
		}
	}
	if hc := ofRule(fs, "text/hidden-characters", 0); len(hc) > 0 {
		t.Errorf("emoji variation selectors are not hidden characters: %v", hc)
	}
}

// TestHiddenTextIsMaskedAndPlaced: the decoded tag text is masked when it
// holds a key, and the span is the hidden characters in the file, through
// JSON escapes and surrogate pairs.
func TestHiddenTextIsMaskedAndPlaced(t *testing.T) {
	key := "ghp_R2d2C3poL8uk3Skyw4lk3rHanS0l0Yoda7Q9"
	var esc strings.Builder
	for _, r := range "send " + key {
		fmt.Fprintf(&esc, `\udb40\u%04x`, 0xDC00+(r-0xE0000+0xE0000)%0x400)
	}
	src := `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "name": "io.github.a/b", "version": "1.0.0", "description": "ok \u200b` + esc.String() + ` x", "remotes": [{"type": "streamable-http", "url": "https://a.example/mcp"}]}`
	dir := t.TempDir()
	p := filepath.Join(dir, "server.json")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, fs := checkPaths(t, loader.Options{Paths: []string{p}})
	hc := ofRule(fs, "text/hidden-characters", 0)
	if len(hc) != 1 {
		t.Fatalf("findings: %v", hc)
	}
	f := hc[0]
	if strings.Contains(f.Message, key) || !strings.Contains(f.Message, `which spell "send ghp_…****"`) {
		t.Errorf("message: %s", f.Message)
	}
	start := strings.Index(src, `\u200b`)
	end := strings.Index(src, ` x"`)
	if f.Range.Start.Offset != start || f.Range.End.Offset != end {
		t.Errorf("span %d–%d, want %d–%d", f.Range.Start.Offset, f.Range.End.Offset, start, end)
	}
	in := facts.Build(ws, DefaultConfig().policyFacts())
	if tf := in.Servers[0].Text[0]; !tf.Secret || tf.Count != 46 {
		t.Errorf("facts: %+v", tf)
	}
}

// TestToolSnapshotsFeedTheBudget: known tools replace the five-per-server
// estimate, and their full names are checked against the 64 characters.
func TestToolSnapshotsFeedTheBudget(t *testing.T) {
	dir := t.TempDir()
	var tools []string
	for i := 0; i < 44; i++ {
		tools = append(tools, fmt.Sprintf(`{"name": "tool_%02d", "description": "Tool %d."}`, i, i))
	}
	long := "search_repositories_by_topic_language_and_star_count_x"
	tools = append(tools, `{"name": "`+long+`", "description": "Search."}`)
	files := map[string]string{
		".mcp.json":              `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "gh-mcp@1.0.0"]}, "fs": {"command": "fs-mcp"}}}`,
		".mcplint/tools/gh.json": `{"server": "github", "tools": [` + strings.Join(tools, ",") + `]}`,
	}
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, fs := checkPaths(t, loader.Options{Paths: []string{dir}, WorkDir: dir})
	in := facts.Build(ws, DefaultConfig().policyFacts())
	for _, s := range in.Servers {
		if s.Name == "github" && (!s.Tools.Known || s.Tools.Count != 45 || s.Tools.Names[44] != long) {
			t.Errorf("github tools: %+v", s.Tools)
		}
		if s.Name == "fs" && s.Tools.Known {
			t.Errorf("fs has no snapshot: %+v", s.Tools)
		}
	}
	tc := ofRule(fs, "budget/tool-count", 0)
	if len(tc) != 1 || !strings.Contains(tc[0].Message, "~50 tools") || !strings.Contains(tc[0].Message, "45 known, 1 server at 5 each estimated") {
		t.Errorf("tool-count: %v", tc)
	}
	tl := ofRule(fs, "budget/tool-name-length", 0)
	if len(tl) != 1 || !strings.Contains(tl[0].Message, "mcp__github__"+long+" is 67 characters") {
		t.Errorf("tool-name-length: %v", tl)
	}
}

func TestMigrationAdvice(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.json", `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
		"name": "io.github.a/b", "description": "d", "version": "1.0.0",
		"packages": [{"registryType": "npm", "identifier": "b", "version": "1.0.0", "transport": {"type": "stdio"}}]}`)
	b := write("b.json", `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json",
		"name": "io.github.a/c", "description": "d", "version": "1.0.0", "status": "active",
		"packages": [{"registry_type": "pypi", "identifier": "c", "version": "1.0.0", "transport": {"type": "stdio"}, "runtime_hint": "uvx"}]}`)
	_, fs := checkPaths(t, loader.Options{Paths: []string{a, b}, WorkDir: dir})
	got := map[string]string{}
	for _, f := range ofRule(fs, "schema/registry-document", 0) {
		// An entry that passes the newest schema as it is only has $schema
		// behind: an info; one that needs changes is a warning.
		if want := map[string]finding.Level{"a.json": finding.Info, "b.json": finding.Warning}[f.File]; f.Level != want {
			t.Errorf("%s: %s %s, want %s", f.File, f.Level, f.Message, want)
		}
		got[f.File] = f.Message
	}
	if !strings.HasSuffix(got["a.json"], "the entry passes 2025-12-11 as it is, so only $schema needs https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json") {
		t.Errorf("a.json: %s", got["a.json"])
	}
	if !strings.Contains(got["b.json"], `rename the snake_case fields to camelCase (registry_type → registryType, runtime_hint → runtimeHint), drop "status"`) {
		t.Errorf("b.json: %s", got["b.json"])
	}
}
