package knowledge

import (
	"strings"
	"testing"
	"testing/fstest"
)

// Every built-in record reads, ids are unique, and no package or host
// leads to two records.
func TestBuiltinRecords(t *testing.T) {
	recs, errs := ReadFS(builtinFS, "servers")
	for _, err := range errs {
		t.Error(err)
	}
	if len(recs) < 80 {
		t.Errorf("%d records, want at least 80", len(recs))
	}
	seen := map[string]string{}
	for _, r := range recs {
		if !strings.HasPrefix(r.Source, "https://") && !strings.HasPrefix(r.Source, "mcplint probe of ") {
			t.Errorf("%s: source %q does not start with the address of where the tools are listed or the probe they were read from", r.File, r.Source)
		}
		for eco, names := range map[string][]string{"npm": r.NPM, "pypi": r.PyPI, "oci": r.OCI, "host": r.Hosts} {
			for _, n := range names {
				k := eco + " " + Normalise(eco, n)
				if other, ok := seen[k]; ok {
					t.Errorf("%s %s is in both %s and %s", eco, n, other, r.ID)
				}
				seen[k] = r.ID
			}
		}
	}
	b := Builtin()
	if r := b.ByPackage("npm", "@ModelContextProtocol/server-filesystem"); r == nil || r.ID != "filesystem" || !r.Has(PrivateData) || r.Has(Outbound) {
		t.Errorf("npm lookup: %+v", r)
	}
	if r := b.ByPackage("pypi", "MCP_Server.Fetch"); r == nil || r.ID != "fetch" {
		t.Errorf("PyPI names fold case and separators: %+v", r)
	}
	if r := b.ByPackage("oci", "docker.io/mcp/fetch"); r == nil || r.ID != "fetch" {
		t.Errorf("docker.io/ is the default registry: %+v", r)
	}
	if r := b.ByHost("API.githubcopilot.com."); r == nil || r.ID != "github" {
		t.Errorf("host lookup: %+v", r)
	}
}

func TestParseRefusesBadRecords(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"id = \"x\"\nname = \"X\"\nsource = \"https://a\"\nnpm = [\"x\"]\ncolour = 1\n", `unknown key "colour"`},
		{"id = \"x\"\nname = \"X\"\nsource = \"https://a\"\nnpm = [\"x\"]\n[tools]\nsends = [\"a\"]\n", "sends is not a class"},
		{"id = \"x\"\nname = \"X\"\nsource = \"\"\nnpm = [\"x\"]\n", "source is empty"},
		{"id = \"x\"\nname = \"X\"\nsource = \"https://a\"\n", "nothing would reach this record"},
		{"id = \"x\"\nname = \"X\"\nsource = \"https://a\"\nhosts = [\"https://a.example.com\"]\n", "without scheme"},
		{"id = \"x\"\nname = \"X\"\nsource = \"https://a\"\nnpm = [\"x\"]\n[tools]\noutbound = [\"a b\"]\n", "is not a tool name"},
		{"id = \"x\"\nname = = \"X\"\n", "x.toml:2:"},
	} {
		_, err := Parse("x.toml", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "x.toml") {
			t.Errorf("%q: err = %v, want %q with the file name", c.src, err, c.want)
		}
	}
}

// A project's record replaces the built-in one of the same id and adds
// its own packages.
func TestProjectRecordsWin(t *testing.T) {
	fsys := fstest.MapFS{"k/github.toml": {Data: []byte("id = \"github\"\nname = \"Our GitHub\"\nsource = \"https://example.com\"\nnpm = [\"@acme/github-mcp\"]\n[tools]\noutbound = [\"post\"]\n")}}
	recs, errs := ReadFS(fsys, "k")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	b := Builtin().With(recs)
	if r := b.ByPackage("npm", "@acme/github-mcp"); r == nil || r.Name != "Our GitHub" {
		t.Errorf("project package: %+v", r)
	}
	if r := b.ByHost("api.githubcopilot.com"); r != nil {
		t.Errorf("the replaced record's host still leads to %s", r.Name)
	}
	if len(b.Records()) != len(Builtin().Records()) {
		t.Errorf("%d records, want %d", len(b.Records()), len(Builtin().Records()))
	}
}

func TestLookAlike(t *testing.T) {
	b := Builtin()
	for _, c := range []struct {
		eco, name, want string
	}{
		{"npm", "@model-context-protocol/server-github", "@modelcontextprotocol/server-github"},
		{"npm", "@modelcontextprotocoll/server-filesystem", "@modelcontextprotocol/server-filesystem"}, // another scope, a letter off
		{"npm", "modelcontextprotocol-server-filesystem", "@modelcontextprotocol/server-filesystem"},
		{"npm", "firecrawl-mpc", "firecrawl-mcp"},
		{"npm", "tavily-mcpp", "tavily-mcp"},
		{"npm", "@modelcontextprotocol/server-filesytem", ""}, // the real owner's scope
		{"npm", "@upstash/context7-mcp", ""},                  // known
		{"npm", "@acme/internal-tools", ""},
		{"pypi", "mcp-server-fecth", "mcp-server-fetch"},
		{"pypi", "mcp-server-git", ""}, // known
		{"pypi", "mcp-server-gitx", "mcp-server-git"},
		{"oci", "ghcr.io/githb/github-mcp-server", "ghcr.io/github/github-mcp-server"},
		{"npm", "exa-mcp-server-v2", ""},
		{"npm", "mcp-server-v2", ""},
	} {
		got, _ := b.LookAlike(c.eco, c.name)
		if got != c.want {
			t.Errorf("%s %s: look-alike of %q, want %q", c.eco, c.name, got, c.want)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		name string
		h    Hints
		want string
	}{
		{"fetch_url", Hints{}, "untrusted-content"},
		{"sendMessage", Hints{}, "outbound"},
		{"delete-record", Hints{}, "destructive"},
		{"run_command", Hints{}, "code-execution"},
		{"delete_cache", Hints{Annotated: true, ReadOnly: true}, ""},
		{"lookup", Hints{Annotated: true, OpenWorld: true, ReadOnly: true}, "untrusted-content"},
		{"lookup", Hints{Annotated: true, OpenWorld: true}, "untrusted-content outbound"},
		{"prune", Hints{Annotated: true, Destructive: true}, "destructive"},
		{"add", Hints{}, ""},
	} {
		var got []string
		for _, cl := range Classify(c.name, c.h) {
			got = append(got, string(cl))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s %+v: %v, want %q", c.name, c.h, got, c.want)
		}
	}
}

func TestRepoOf(t *testing.T) {
	for in, want := range map[string]string{
		"git+https://github.com/oraios/serena":            "github.com/oraios/serena",
		"git+https://github.com/Oraios/Serena.git@v0.1.4": "github.com/oraios/serena",
		"https://user@github.com/oraios/serena/#main":     "github.com/oraios/serena",
		"github:oraios/serena":                            "github.com/oraios/serena",
		"git+ssh://git@gitlab.com/acme/tools.git":         "gitlab.com/acme/tools",
		"https://github.com/oraios":                       "",
		"https://example.com/a/b/c":                       "",
		"@upstash/context7-mcp":                           "",
	} {
		if got := RepoOf(in); got != want {
			t.Errorf("RepoOf(%q) = %q, want %q", in, got, want)
		}
	}
	if r := Builtin().ByRepo("git+https://github.com/oraios/serena"); r == nil || r.ID != "serena" {
		t.Errorf("serena by its repository: %+v", r)
	}
}
