package inventory

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/package-url/packageurl-go"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/schema"
)

// sbom loads the files (relative path → content) from a temporary project
// and returns the CycloneDX JSON and its decoded form. It fails the test
// when the document does not validate against the CycloneDX 1.6 schema.
func sbom(t *testing.T, files map[string]string) ([]byte, *cdx.BOM) {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(name, ".") && !strings.Contains(name, "/") {
			paths = append(paths, p) // a registry document is named explicitly
		}
	}
	ws, err := loader.Load(loader.Options{Paths: append([]string{dir}, paths...), WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, Build(ws, Options{Name: "project", ToolVersion: "test", Time: time.Unix(1700000000, 0)})); err != nil {
		t.Fatal(err)
	}
	if err := schema.ValidateCycloneDX(buf.Bytes()); err != nil {
		t.Fatalf("not CycloneDX 1.6: %v\n%s", err, buf.String())
	}
	var bom cdx.BOM
	if err := json.Unmarshal(buf.Bytes(), &bom); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), &bom
}

func prop(ps *[]cdx.Property, name string) string {
	if ps == nil {
		return ""
	}
	for _, p := range *ps {
		if p.Name == PropertyPrefix+name {
			return p.Value
		}
	}
	return ""
}

// byServer indexes components by their mcplint:server property.
func byServer(bom *cdx.BOM) map[string]cdx.Component {
	out := map[string]cdx.Component{}
	if bom.Components != nil {
		for _, c := range *bom.Components {
			out[prop(c.Properties, "server")] = c
		}
	}
	return out
}

// roundTrip fails unless p parses with packageurl-go and prints back
// identically.
func roundTrip(t *testing.T, p string) packageurl.PackageURL {
	t.Helper()
	u, err := packageurl.FromString(p)
	if err != nil {
		t.Fatalf("purl %q does not parse: %v", p, err)
	}
	if back := u.ToString(); back != p {
		t.Fatalf("purl %q prints back as %q", p, back)
	}
	return u
}

const digest = "sha256:2b7c1c8f2e3d4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3"

func TestPackageURLs(t *testing.T) {
	mcp := `{"mcpServers": {
  "scoped":   {"command": "npx", "args": ["-y", "@acme/mcp-server@1.2.3"]},
  "range":    {"command": "npx", "args": ["-y", "acme-mcp@^1.2.0"]},
  "pypi":     {"command": "uvx", "args": ["mcp-server-fetch==2025.4.7"]},
  "pypiname": {"command": "uvx", "args": ["Mcp_Server.Time@1.0.0"]},
  "pipx":     {"command": "pipx", "args": ["run", "mcp-server-git"]},
  "image":    {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/acme/mcp:1.2@` + digest + `"]},
  "hub":      {"command": "docker", "args": ["run", "-i", "--rm", "mcp/fetch:latest"]},
  "nuget":    {"command": "dnx", "args": ["Acme.Mcp.Server@1.0.0", "--yes"]},
  "binary":   {"command": "/usr/local/bin/github-mcp-server", "args": ["stdio"]},
  "script":   {"command": "node", "args": ["--enable-source-maps", "./build/index.js"]},
  "variable": {"command": "node", "args": ["${userHome}${/}mcp${/}notes-server.js"]},
  "local":    {"command": "npx", "args": ["./tools/local-mcp"]},
  "git":      {"command": "npx", "args": ["github:acme/mcp-tool"]},
  "gitsha":   {"command": "npx", "args": ["github:acme/mcp-tool#3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a"]}
}}`
	_, bom := sbom(t, map[string]string{".mcp.json": mcp})
	want := map[string]string{
		"scoped":   "pkg:npm/%40acme/mcp-server@1.2.3",
		"range":    "pkg:npm/acme-mcp",
		"pypi":     "pkg:pypi/mcp-server-fetch@2025.4.7",
		"pypiname": "pkg:pypi/mcp-server-time@1.0.0",
		"pipx":     "pkg:pypi/mcp-server-git",
		"image":    "pkg:oci/mcp@" + digest + "?repository_url=ghcr.io%2Facme%2Fmcp&tag=1.2",
		"hub":      "pkg:oci/fetch?repository_url=docker.io%2Fmcp%2Ffetch&tag=latest",
		"nuget":    "pkg:nuget/Acme.Mcp.Server@1.0.0",
		"binary":   "pkg:generic/github-mcp-server",
		"script":   "pkg:generic/index.js",
		"variable": "pkg:generic/notes-server.js",
		"local":    "pkg:generic/local-mcp",
		"git":      "pkg:generic/mcp-tool",
		"gitsha":   "pkg:generic/mcp-tool",
	}
	got := byServer(bom)
	for name, p := range want {
		c, ok := got[name]
		if !ok {
			t.Errorf("%s: no component", name)
			continue
		}
		if c.PackageURL != p {
			t.Errorf("%s: purl %q, want %q", name, c.PackageURL, p)
			continue
		}
		u := roundTrip(t, c.PackageURL)
		if u.Version != c.Version {
			t.Errorf("%s: component version %q, purl version %q", name, c.Version, u.Version)
		}
	}
	if v := prop(got["range"].Properties, "requested-version"); v != "^1.2.0" {
		t.Errorf("range: requested-version %q", v)
	}
	if v := prop(got["hub"].Properties, "pin-problem"); v != "latest" {
		t.Errorf("hub: pin-problem %q", v)
	}
	if prop(got["image"].Properties, "pinned") != "true" || prop(got["pypi"].Properties, "pinned") != "true" {
		t.Error("exact versions and digests should be pinned=true")
	}
	if prop(got["binary"].Properties, "local") != "true" || prop(got["binary"].Properties, "pinned") != "" {
		t.Errorf("a local command is local and has nothing to pin: %+v", *got["binary"].Properties)
	}
	if prop(got["script"].Properties, "runner") != "node" {
		t.Errorf("script runner %q", prop(got["script"].Properties, "runner"))
	}
	c := got["scoped"]
	if c.Group != "@acme" || c.Name != "mcp-server" || c.Version != "1.2.3" {
		t.Errorf("scoped: group %q name %q version %q", c.Group, c.Name, c.Version)
	}
	for _, k := range []string{"client", "tier", "source", "state", "transport"} {
		if prop(c.Properties, k) == "" {
			t.Errorf("scoped: no mcplint:%s property", k)
		}
	}
	if s := prop(c.Properties, "source"); !strings.HasSuffix(s, ".mcp.json:2:3") {
		t.Errorf("source %q, want .mcp.json:2:3", s)
	}
}

func TestUnpinnedNpxHasNoVersion(t *testing.T) {
	_, bom := sbom(t, map[string]string{".mcp.json": `{"mcpServers": {
  "bare":   {"command": "npx", "args": ["acme-mcp"]},
  "latest": {"command": "npx", "args": ["-y", "acme-mcp@latest"]},
  "line":   {"command": "npx -y @acme/tool"}
}}`})
	got := byServer(bom)
	for name, p := range map[string]string{"bare": "pkg:npm/acme-mcp", "latest": "pkg:npm/acme-mcp", "line": "pkg:npm/%40acme/tool"} {
		c := got[name]
		if c.PackageURL != p || c.Version != "" {
			t.Errorf("%s: purl %q version %q, want %q and no version", name, c.PackageURL, c.Version, p)
		}
		if u := roundTrip(t, c.PackageURL); u.Version != "" {
			t.Errorf("%s: purl has version %q", name, u.Version)
		}
		if prop(c.Properties, "pinned") != "false" {
			t.Errorf("%s: not marked unpinned", name)
		}
	}
}

func TestRegistryDocumentPackages(t *testing.T) {
	doc := `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.acme/weather",
  "description": "Weather",
  "version": "1.4.0",
  "packages": [
    {"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.4.0", "transport": {"type": "stdio"}},
    {"registryType": "pypi", "identifier": "acme_weather", "version": "1.4.0", "transport": {"type": "stdio"}},
    {"registryType": "oci", "identifier": "ghcr.io/acme/weather:1.4.0", "transport": {"type": "stdio"}},
    {"registryType": "nuget", "identifier": "Acme.Weather", "version": "1.4.0", "transport": {"type": "stdio"}},
    {"registryType": "npm", "identifier": "acme-weather-beta", "version": "^2.0.0", "registryBaseUrl": "https://npm.acme.example", "transport": {"type": "stdio"}}
  ],
  "remotes": [
    {"type": "streamable-http", "url": "https://weather.acme.example/mcp", "headers": [{"name": "Authorization", "value": "Bearer {token}"}]}
  ]
}`
	_, bom := sbom(t, map[string]string{"server.json": doc})
	var purls []string
	for _, c := range *bom.Components {
		roundTrip(t, c.PackageURL)
		purls = append(purls, c.PackageURL)
		if prop(c.Properties, "document-kind") != string(loader.KindRegistryDoc) || prop(c.Properties, "tier") != "library" {
			t.Errorf("%s: document-kind %q tier %q", c.PackageURL, prop(c.Properties, "document-kind"), prop(c.Properties, "tier"))
		}
	}
	want := []string{
		"pkg:npm/%40acme/weather-mcp@1.4.0",
		"pkg:pypi/acme-weather@1.4.0",
		"pkg:oci/weather?repository_url=ghcr.io%2Facme%2Fweather&tag=1.4.0",
		"pkg:nuget/Acme.Weather@1.4.0",
		"pkg:npm/acme-weather-beta?repository_url=https:%2F%2Fnpm.acme.example",
	}
	if strings.Join(purls, "\n") != strings.Join(want, "\n") {
		t.Errorf("purls:\n%s\nwant:\n%s", strings.Join(purls, "\n"), strings.Join(want, "\n"))
	}
	if bom.Services == nil || len(*bom.Services) != 1 {
		t.Fatalf("services: %+v", bom.Services)
	}
	s := (*bom.Services)[0]
	if (*s.Endpoints)[0] != "https://weather.acme.example/mcp" || s.Authenticated == nil || !*s.Authenticated {
		t.Errorf("remote: %+v", s)
	}
	if prop(s.Properties, "transport") != "streamable-http" || prop(s.Properties, "header") != "Authorization" {
		t.Errorf("remote properties: %+v", *s.Properties)
	}
}

func TestEndpoint(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.example.com/mcp":                                        "https://api.example.com/mcp",
		"https://alice:hunter2@api.example.com/mcp":                          "https://api.example.com/mcp",
		"https://api.example.com/mcp?api_key=abc123def456&page=2":            "https://api.example.com/mcp?page=2",
		"https://api.example.com/mcp?token=x#frag":                           "https://api.example.com/mcp",
		"https://${MCP_HOST}/mcp":                                            "https://${MCP_HOST}/mcp",
		"http://localhost:3000/sse?session=ghp_" + strings.Repeat("a1B2", 9): "http://localhost:3000/sse",
	} {
		if got := Endpoint(in); got != want {
			t.Errorf("Endpoint(%q) = %q, want %q", in, got, want)
		}
	}
}

// Keys planted in every place a definition can hold one.
var planted = []string{
	"ghp_" + "R4nd0mT0k3nV4lu3F0rT3st1ngPurp0s3sX1",
	"sk-ant-api03-" + "Zq8Xv2Lm9Np4Rt6Wy1Bc3Df5Gh7Jk0Ms2Qu4Sw6Ty8Va0Xc2Ze4Ag6Ci8Ek0Gm2Io4Kq6Mu8Ow0Qy2",
	"AKIA" + "Q3EXAMPLEZ7KD2LM",
	"xoxb-" + "2048392019-8473829103-Tq4Wn8Xp2Lr6Vz0Bm3Ck7Hd",
	"hunter2-Secret-Passw0rd",
	"glpat-" + "Xy7Kp2Lm9Qr4St6Uv8Wz",
}

func TestNoSecretInSBOM(t *testing.T) {
	k := planted
	mcp := `{"mcpServers": {
  "userinfo": {"type": "http", "url": "https://deploy:` + k[4] + `@mcp.example.com/mcp"},
  "query":    {"type": "http", "url": "https://mcp.example.com/mcp?api_key=` + k[0] + `&region=eu"},
  "path":     {"type": "http", "url": "https://mcp.example.com/` + k[5] + `/mcp"},
  "header":   {"type": "http", "url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ` + k[1] + `"}},
  "env":      {"command": "npx", "args": ["-y", "@acme/mcp@1.0.0"], "env": {"API_KEY": "` + k[2] + `"}},
  "args":     {"command": "npx", "args": ["-y", "@acme/mcp@1.0.0", "--token", "` + k[3] + `"]},
  "spec":     {"command": "npx", "args": ["-y", "https://` + k[0] + `@git.example.com/acme/tool.git"]},
  "command":  {"command": "/opt/` + k[5] + `/bin/server"},
  "` + k[0] + `": {"command": "npx", "args": ["-y", "@acme/named@1.0.0"]},
  "` + k[2] + `": {"type": "http", "url": "https://named.example.com/mcp"}
}}`
	reg := `{"name": "io.github.acme/x", "version": "1.0.0", "description": "x",
  "packages": [{"registryType": "npm", "identifier": "@acme/x", "version": "1.0.0", "transport": {"type": "stdio"},
    "environmentVariables": [{"name": "TOKEN", "value": "` + k[3] + `"}]}],
  "remotes": [{"type": "streamable-http", "url": "https://u:` + k[4] + `@x.example.com/mcp?key=` + k[2] + `",
    "headers": [{"name": "X-Api-Key", "value": "` + k[1] + `"}]}]}`
	out, bom := sbom(t, map[string]string{".mcp.json": mcp, "server.json": reg})
	for _, s := range planted {
		if bytes.Contains(out, []byte(s)) {
			t.Errorf("planted %q appears in the SBOM", s)
		}
		for i := 0; i+8 <= len(s); i += 4 { // no 8-byte piece either
			if piece := s[i : i+8]; bytes.Contains(out, []byte(piece)) && !strings.HasPrefix(s, piece) {
				t.Errorf("a piece %q of a planted key appears", piece)
			}
		}
	}
	if n := len(*bom.Components) + len(*bom.Services); n != 12 {
		t.Errorf("%d entries, want 12 (10 definitions and a registry package and remote)", n)
	}
	seen := map[string]bool{}
	for _, c := range *bom.Components {
		if seen[c.BOMRef] {
			t.Errorf("bom-ref %q twice", c.BOMRef)
		}
		seen[c.BOMRef] = true
	}
	for _, s := range *bom.Services {
		if seen[s.BOMRef] {
			t.Errorf("bom-ref %q twice", s.BOMRef)
		}
		seen[s.BOMRef] = true
	}
}

func TestRegistryListDocument(t *testing.T) {
	list := `{"servers": [
  {"server": {"name": "io.github.acme/a", "version": "1.0.0", "description": "a",
    "packages": [{"registryType": "npm", "identifier": "acme-a", "version": "1.0.0", "transport": {"type": "stdio"}}]},
   "_meta": {}},
  {"server": {"name": "io.github.acme/b", "version": "2.0.0", "description": "b",
    "remotes": [{"type": "sse", "url": "https://b.acme.example/sse"}]}}
], "metadata": {"count": 2}}`
	_, bom := sbom(t, map[string]string{"library.json": list})
	if bom.Components == nil || len(*bom.Components) != 1 || (*bom.Components)[0].PackageURL != "pkg:npm/acme-a@1.0.0" {
		t.Fatalf("components: %+v", bom.Components)
	}
	c := (*bom.Components)[0]
	if prop(c.Properties, "document-kind") != string(loader.KindRegistryList) || prop(c.Properties, "server") != "io.github.acme/a" {
		t.Errorf("properties: %+v", *c.Properties)
	}
	if bom.Services == nil || len(*bom.Services) != 1 || (*(*bom.Services)[0].Endpoints)[0] != "https://b.acme.example/sse" {
		t.Fatalf("services: %+v", bom.Services)
	}
}
