package facts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// loadCatalogue writes one catalogue file (named so only its content can
// tell what it is) and builds the policy input from it.
func loadCatalogue(t *testing.T, body string) Input {
	t.Helper()
	p := filepath.Join(t.TempDir(), "shared-list.json")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := loader.Load(loader.Options{WorkDir: filepath.Dir(p), Paths: []string{p}})
	if err != nil {
		t.Fatal(err)
	}
	return testInput(ws)
}

func TestCatalogueDocShapes(t *testing.T) {
	for _, c := range []struct {
		body, shape string
		team        bool
	}{
		{`[{"id": "a", "transport": "http", "url": "https://a.example.com/mcp"}]`, "list", true},
		{`{"entries": [{"id": "a", "transport": "http", "url": "https://a.example.com/mcp"}]}`, "entries", true},
		{`{"servers": [{"server": {"name": "a/b", "remotes": [{"type": "streamable-http", "url": "https://a.example.com"}]}}], "metadata": {"count": 1}}`, "library", false},
		{`[{"server": {"name": "a/b", "remotes": [{"type": "streamable-http", "url": "https://a.example.com"}]}}]`, "array", false},
	} {
		in := loadCatalogue(t, c.body)
		d := in.Documents[0].Catalogue
		if d == nil {
			t.Fatalf("%s: no catalogue facts", c.body)
		}
		if d.Shape != c.shape || d.Team != c.team || d.ServerCount != 1 || d.MaxServers != 500 || d.MaxSize != 1<<20 || d.Size != len(c.body) {
			t.Errorf("%s: %+v", c.body, d)
		}
		if s := in.Servers[0].Catalogue; s == nil || s.Shape != c.shape {
			t.Errorf("%s: entry facts %+v", c.body, s)
		}
	}
}

func TestCatalogueDocFactsAreNilElsewhere(t *testing.T) {
	ws := loadDir(t, map[string]string{".mcp.json": `{"mcpServers": {"a": {"command": "npx", "args": ["-y", "a@1.0.0"]}}}`})
	in := testInput(ws)
	if in.Documents[0].Catalogue != nil || in.Servers[0].Catalogue != nil {
		t.Error("catalogue facts on a client config")
	}
}

func TestCatalogueLibraryProblems(t *testing.T) {
	in := loadCatalogue(t, `{"servers": [{"server": {"name": "a/b", "remotes": [{"type": "streamable-http", "url": "https://a.example.com"}]}, "_meta": 3}, "x", {"_meta": {}}], "metadata": {"count": 5}}`)
	got := map[string]string{}
	for _, p := range in.Documents[0].Catalogue.Problems {
		got[p.Pointer] = p.Kind + " " + p.Level
	}
	want := map[string]string{
		"/servers/0/_meta": "type warning",
		"/servers/1":       "not-entry ",
		"/servers/2":       "missing ",
		"/metadata/count":  "count warning",
	}
	for p, k := range want {
		if got[p] != k {
			t.Errorf("%s: got %q, want %q (all: %v)", p, got[p], k, got)
		}
	}
}

func TestCatalogueCurationFacts(t *testing.T) {
	in := loadCatalogue(t, `{"servers": [{"server": {"name": "com.acme/mcp", "remotes": [{"type": "streamable-http", "url": "https://mcp.acme.com/mcp"}]},
	  "_meta": {"io.github.itsjustanks/mcp-gallery": {"id": "acme", "category": "Observability", "auth": "token", "iconUrl": "http://acme.com/i.png", "verifiedAt": "2025-06-30T10:00:00Z", "extra": 1}}}]}`)
	c := in.Servers[0].Catalogue
	if c.Kind != "library" || c.ID != "acme" || c.Pointer != "/servers/0" {
		t.Fatalf("%+v", c)
	}
	if c.Curation == nil || c.Curation.Pointer != "/servers/0/_meta/io.github.itsjustanks~1mcp-gallery" || !c.Curation.VerifiedAtValid {
		t.Fatalf("curation %+v", c.Curation)
	}
	if c.Auth == nil || c.Auth.Value != "token" {
		t.Errorf("auth %+v", c.Auth)
	}
	if c.Category == nil || c.Category.Name != "developer" || !c.Category.Older || c.Category.Known {
		t.Errorf("category %+v", c.Category)
	}
	if len(c.Curation.Links) != 1 || c.Curation.Links[0].Scheme != "http" || c.Curation.Links[0].Host != "acme.com" {
		t.Errorf("links %+v", c.Curation.Links)
	}
	keys := []string{}
	for _, f := range c.Fields {
		keys = append(keys, f.Key)
	}
	if strings.Join(keys, ",") != "id,category,auth,iconUrl,verifiedAt,extra" {
		t.Errorf("fields %v", keys)
	}
}

func TestCatalogueCategoryMapping(t *testing.T) {
	for word, want := range map[string]string{"data": "data", "database": "data", "documentation": "docs", "observability": "developer",
		"ai": "developer", "websites": "design", "CRM": "crm", "games": "other"} {
		in := loadCatalogue(t, `[{"id": "a", "transport": "http", "url": "https://a.example.com/mcp", "category": "`+word+`"}]`)
		if got := in.Servers[0].Catalogue.Category.Name; got != want {
			t.Errorf("%s: got %s, want %s", word, got, want)
		}
	}
}

func TestCataloguePlaceholders(t *testing.T) {
	in := loadCatalogue(t, `[{"id": "t", "transport": "stdio", "command": "npx",
	  "args": ["-y", "t-mcp@1.0.0", "--ws", "{workspace}", "{{session}}"],
	  "env": {"T_TOKEN": "{T_TOKEN}", "API_KEY": "changeme", "GH": "${GITHUB_TOKEN}", "LOG": "debug", "SECRET": "ghp_62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"},
	  "inputs": [{"id": "T_TOKEN"}, {"id": "WORKSPACE", "envVar": "WS", "default": "${HOME}"}]}]`)
	c := in.Servers[0].Catalogue
	ph := map[string]PlaceholderFact{}
	for _, p := range c.Placeholders {
		ph[p.Name] = p
	}
	if len(ph) != 2 || !ph["T_TOKEN"].Declared || ph["workspace"].Declared || ph["workspace"].CaseOf != "WORKSPACE" || ph["workspace"].Field != "args" {
		t.Errorf("placeholders %+v", c.Placeholders)
	}
	if len(c.Dollars) != 2 || c.Dollars[0].Pointer != "/0/env/GH" || c.Dollars[0].Name != "GITHUB_TOKEN" || c.Dollars[1].Field != "inputs" {
		t.Errorf("dollars %+v", c.Dollars)
	}
	// changeme under API_KEY is a stored value; the GitHub token is
	// secrets/literal-key's (env is loaded); LOG is not a credential name.
	if len(c.Literals) != 1 || c.Literals[0].Key != "API_KEY" {
		t.Errorf("literals %+v", c.Literals)
	}
	if len(c.Inputs) != 2 || c.Inputs[1].EnvVar != "WS" || c.Inputs[1].EnvVarPointer != "/0/inputs/1/envVar" {
		t.Errorf("inputs %+v", c.Inputs)
	}
}

func TestCatalogueLibraryVariablesAreScoped(t *testing.T) {
	in := loadCatalogue(t, `{"servers": [{"server": {"name": "a/b", "remotes": [{"type": "streamable-http", "url": "https://{region}.a.example.com/mcp",
	  "variables": {"region": {}},
	  "headers": [{"name": "Authorization", "value": "Bearer {A_TOKEN}", "variables": {"A_TOKEN": {}}},
	              {"name": "X-Other", "value": "{A_TOKEN}"},
	              {"name": "X-Api-Key", "value": "sk-live-1234"}]}]}}]}`)
	c := in.Servers[0].Catalogue
	got := map[string]bool{}
	for _, p := range c.Placeholders {
		got[p.Pointer+" "+p.Name] = p.Declared
	}
	want := map[string]bool{
		"/servers/0/server/remotes/0/url {region}":              true,
		"/servers/0/server/remotes/0/headers/0/value {A_TOKEN}": true,
		"/servers/0/server/remotes/0/headers/1/value {A_TOKEN}": false,
	}
	for k, v := range want {
		k = strings.Replace(k, "{", "", 1)
		k = strings.Replace(k, "}", "", 1)
		if d, ok := got[k]; !ok || d != v {
			t.Errorf("%s: declared %v (present %v), want %v; all %v", k, d, ok, v, got)
		}
	}
	// Registry headers are not loaded as the server's headers, so a stored
	// value there is reported here even when it looks like a key.
	if len(c.Literals) != 1 || c.Literals[0].Pointer != "/servers/0/server/remotes/0/headers/2/value" {
		t.Errorf("literals %+v", c.Literals)
	}
}

func TestCatalogueSetupFacts(t *testing.T) {
	in := loadCatalogue(t, `[{"id": "g", "transport": "http", "url": "https://gmailmcp.googleapis.com/mcp/v1",
	  "setup": {"kind": "byo-oauth", "reason": "line one\nline two", "guideUrl": "https://developers.google.com/x",
	    "steps": ["Open https://console.cloud.google.com/apis.", "See http://evil.example.com/x", 3], "clients": ["claude"]}}]`)
	st := in.Servers[0].Catalogue.Setup
	if st == nil || st.SetupKind != "byo-oauth" || st.ReasonLength != 17 || st.ReasonLines != 2 || st.Vendor != "google" || !st.AtVendorHost {
		t.Fatalf("%+v", st)
	}
	if st.GuideURL == nil || !st.GuideURL.VendorSite {
		t.Errorf("guide %+v", st.GuideURL)
	}
	if len(st.Steps) != 3 || len(st.Steps[0].Links) != 1 || st.Steps[0].Links[0].Host != "console.cloud.google.com" || !st.Steps[0].Links[0].VendorSite ||
		st.Steps[1].Links[0].VendorSite || st.Steps[1].Links[0].Scheme != "http" || st.Steps[2].Kind != "number" {
		t.Errorf("steps %+v", st.Steps)
	}
	if len(st.Clients) != 1 || st.Clients[0].Value != "claude" {
		t.Errorf("clients %+v", st.Clients)
	}
}

func TestByoVendorHosts(t *testing.T) {
	for host, want := range map[string]string{
		"gmailmcp.googleapis.com": "google", "drivemcp.googleapis.com": "google", "mcp.googleapis.com": "",
		"gmailmcp.googleapis.com.evil.example": "", "mcp.hubspot.com": "hubspot", "mcp.hubspot.com.example.net": "",
		"mcp.zoom.us": "zoom", "api.zoom.us": "", "mcp.example.com": "",
	} {
		in := loadCatalogue(t, `[{"id": "v", "transport": "http", "url": "https://`+host+`/mcp", "setup": {"kind": "byo-oauth"}}]`)
		if got := in.Servers[0].Catalogue.Setup.Vendor; got != want {
			t.Errorf("%s: vendor %q, want %q", host, got, want)
		}
	}
}

func TestURLTemplateFacts(t *testing.T) {
	for _, c := range []struct {
		tmpl, url, placement string
		count                int
		own                  bool
	}{
		{"https://{subdomain}.zendesk.com/api/mcp", "https://{subdomain}.zendesk.com/api/mcp", "host-label", 1, true},
		{"https://{subdomain}.zendesk.com/api/mcp", "https://acme.zendesk.com/api/mcp/", "host-label", 1, true},
		{"https://{subdomain}.zendesk.com/api/mcp", "https://acme.zendesk.example.com/api/mcp", "host-label", 1, false},
		{"https://mcp.example.com/{org}/mcp", "https://mcp.example.com/acme/mcp", "path-segment", 1, true},
		{"https://mcp.example.com/org-{org}/mcp", "https://mcp.example.com/org-acme/mcp", "inside-path", 1, true},
		{"https://acme-{subdomain}.example.com/mcp", "https://acme-x.example.com/mcp", "inside-host", 1, true},
		{"https://{subdomain}.com/mcp", "https://x.com/mcp", "inside-host", 1, true},
		{"https://mcp.example.com/mcp?org={org}", "https://mcp.example.com/mcp", "query", 1, true},
		{"https://{subdomain}.example.com/{org}", "https://a.example.com/b", "", 2, true},
		{"https://mcp.example.com/mcp", "https://mcp.example.com/mcp", "", 0, true},
	} {
		in := loadCatalogue(t, `[{"id": "p", "transport": "http", "url": "`+c.url+`", "setup": {"kind": "per-org", "urlTemplate": "`+c.tmpl+`"}}]`)
		tf := in.Servers[0].Catalogue.Setup.URLTemplate
		if tf == nil || tf.Placement != c.placement || tf.Count != c.count || tf.OwnAddress != c.own || tf.Scheme != "https" {
			t.Errorf("%s at %s: %+v", c.tmpl, c.url, tf)
		}
	}
}

func TestLibraryAddressFacts(t *testing.T) {
	in := loadCatalogue(t, `{"entries": [], "libraries": [
	  "https://a.example.com/team.json", "https://registry.example.com", "http://localhost:8080/l.json",
	  "https://u:p@a.example.com/x.json", "https://a.example.com/x.json?token=abcdef0123456789abcdef",
	  "https://r.example.com/v0.1/servers", "~/lib.json", "C:\\mcp\\lib.json", "lib.json", 7,
	  {"address": "https://p.example.com/l.json", "header": "X-Key", "value": "v"}]}`)
	d := in.Documents[0].Catalogue
	if d.LibrariesPointer != "/libraries" || d.LibrariesKind != "array" || len(d.Libraries) != 11 {
		t.Fatalf("%+v", d)
	}
	l := d.Libraries
	check := func(i int, ok bool, what string) {
		t.Helper()
		if !ok {
			t.Errorf("libraries[%d] %s: %+v", i, what, l[i])
		}
	}
	check(0, l[0].Read == "document" && l[0].Extension == ".json", "document")
	check(1, l[1].Read == "registry" && l[1].Host == "registry.example.com", "registry")
	check(2, l[2].Loopback && l[2].Scheme == "http", "loopback")
	check(3, l[3].HasPassword && l[3].HasUser && !strings.Contains(l[3].Address, ":p@"), "password, masked")
	check(4, len(l[4].SecretQueryKeys) == 1 && l[4].SecretQueryKeys[0] == "token" && !strings.Contains(l[4].Address, "abcdef0123"), "query key, masked")
	check(5, l[5].APIPath, "api path")
	check(6, l[6].Read == "path", "home path")
	check(7, l[7].Read == "path", "windows path")
	check(8, l[8].Read == "relative", "relative")
	check(9, l[9].ItemKind == "number" && l[9].Read == "", "number")
	check(10, l[10].Pointer == "/libraries/10/address" && l[10].Header == "X-Key" && l[10].HeaderValuePointer == "/libraries/10/value", "object")
}

func TestCredentialName(t *testing.T) {
	for k, want := range map[string]bool{
		"Authorization": true, "X-Api-Key": true, "API_KEY": true, "GITHUB_TOKEN": true, "DB_PASSWORD": true, "client_secret": true,
		"TOKEN_URL": false, "PASSWORD_FILE": false, "AUTH_TYPE": false, "API_KEY_ID": false, "LOG_LEVEL": false, "REGION": false,
	} {
		if got := catCredentialName(k); got != want {
			t.Errorf("%s: %v, want %v", k, got, want)
		}
	}
}
