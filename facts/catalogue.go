package facts

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// Facts of Paseo libraries and team catalogues (seeds/001, "Add from
// catalogue"). A library is a document in the MCP Registry's list shape,
// {"servers": [{"server": <server.json>, "_meta": {…}}]}, with the
// gallery's curation under _meta["io.github.itsjustanks/mcp-gallery"]; a
// team catalogue is Paseo 0.12.0's list of entries or {"entries": […]}.
// Go works out what Rego is bad at (placeholders, URLs, links, lengths);
// the policies under policies/rules/catalogue and schema/catalogue judge.

// GalleryMetaKey is the _meta namespace of Paseo's gallery curation.
const GalleryMetaKey = "io.github.itsjustanks/mcp-gallery"

// Paseo's caps for catalogues and setup blocks.
const (
	maxCatalogueSize    = 1 << 20 // "A document is capped at 1 MB"
	maxCatalogueServers = 500
	maxSetupReason      = 200
	maxSetupSteps       = 10
)

// galleryCategories are the gallery filter's names; olderCategories are
// the older words Paseo maps onto them. Anything else is shown as Other.
var (
	galleryCategories = []string{"developer", "data", "docs", "productivity", "design", "crm", "support", "marketing", "analytics", "payments", "automation"}
	olderCategories   = map[string]string{"database": "data", "documentation": "docs", "observability": "developer", "ai": "developer", "websites": "design"}
)

// CatalogueDocFact describes a Paseo library or team catalogue document.
type CatalogueDocFact struct {
	// Shape is "library" ({"servers": […]}, the registry list shape),
	// "array" (a bare array of server.json), "list" (0.12.0 team list) or
	// "entries" (0.12.0 {"entries": […]}).
	Shape string `json:"shape"`
	// Team is true for a 0.12.0 team catalogue.
	Team bool `json:"team"`
	// Size is the file's size in bytes and MaxSize Paseo's cap (1 MiB).
	Size    int `json:"size"`
	MaxSize int `json:"max_size"`
	// ServerCount is the number of entries and MaxServers Paseo's cap.
	ServerCount int `json:"server_count"`
	MaxServers  int `json:"max_servers"`
	// Problems are shape problems of the document itself (the list is
	// not an array, an item is not an entry, metadata.count is off).
	Problems []CatalogueProblem `json:"problems"`
	// Libraries are the library addresses the document lists under its
	// root key "libraries" (mcplint's documented place for them: Paseo
	// keeps subscriptions in its plugin settings, whose shape the seed
	// does not give). LibrariesPointer is "" when there is no such key.
	Libraries        []LibraryAddressFact `json:"libraries"`
	LibrariesPointer string               `json:"libraries_pointer"`
	LibrariesKind    string               `json:"libraries_kind"`
}

// CatalogueProblem is a shape problem found in Go.
type CatalogueProblem struct {
	// Kind names the problem: type, missing, not-entry, count, …
	Kind    string `json:"kind"`
	Key     string `json:"key"`
	Pointer string `json:"pointer"`
	OnKey   bool   `json:"on_key"`
	// Level overrides the rule's level ("" keeps error).
	Level   string `json:"level"`
	Message string `json:"message"`
}

// LibraryAddressFact is one library address (an https .json document, a
// registry, or a path on the host).
type LibraryAddressFact struct {
	Pointer string `json:"pointer"`
	// ItemKind is the kind of the list item (string or object).
	ItemKind string `json:"item_kind"`
	// Address is the address as written, masked.
	Address string `json:"address"`
	// Read is how Paseo reads it: "document" (an address ending in
	// .json), "registry" (any other address, searched through
	// {address}/v0.1/servers), "path" (a private library on the host:
	// absolute or starting with ~/), "relative" (a path that is neither)
	// or "" (no address at all).
	Read     string `json:"read"`
	Valid    bool   `json:"valid"`
	Scheme   string `json:"scheme"`
	Host     string `json:"host"`
	Path     string `json:"path"`
	Loopback bool   `json:"loopback"`
	HasUser  bool   `json:"has_user"`
	// HasPassword: a password in the address.
	HasPassword bool `json:"has_password"`
	// SecretQueryKeys are query parameters that carry a key.
	SecretQueryKeys []string `json:"secret_query_keys"`
	HasQuery        bool     `json:"has_query"`
	HasFragment     bool     `json:"has_fragment"`
	// APIPath is true when the address already ends in the registry API's
	// path (/v0.1/servers, /v0/servers), which Paseo appends itself.
	APIPath bool `json:"api_path"`
	// Extension is the file catExtension of the last path segment ("" when
	// none), e.g. ".json" or ".yaml".
	Extension string `json:"extension"`
	// Header is the header name of a private address; HeaderValuePointer
	// is set when a header value is stored beside it (refused: the value
	// is set in Paseo's panel, write-only).
	Header             string `json:"header"`
	HeaderPointer      string `json:"header_pointer"`
	HeaderValuePointer string `json:"header_value_pointer"`
}

// CatalogueFact describes one catalogue entry.
type CatalogueFact struct {
	// Kind is "team" (a 0.12.0 entry) or "library" (a registry list item).
	Kind  string `json:"kind"`
	Shape string `json:"shape"`
	// Pointer is the entry (team) or list item (library) it describes.
	Pointer string `json:"pointer"`
	// EntryKind is the kind of the entry's value (object for a real one).
	EntryKind string `json:"entry_kind"`
	ID        string `json:"id"`
	IDPointer string `json:"id_pointer"`
	// Fields are the entry's own keys (team) or the curation block's
	// keys (library).
	Fields []FieldFact `json:"fields"`
	// Transport and Auth are the entry's words as written (nil: absent).
	Transport *ValueFact    `json:"transport"`
	Auth      *ValueFact    `json:"auth"`
	Category  *CategoryFact `json:"category"`
	// Curation is the gallery block of a library entry (nil: none).
	Curation *CurationFact `json:"curation"`
	// Inputs are the declared inputs (team: inputs; library: the
	// variables of each header, env variable and argument).
	Inputs []InputFact `json:"inputs"`
	// Placeholders are the {NAME} placeholders used in the address,
	// headers, args, env and command.
	Placeholders []PlaceholderFact `json:"placeholders"`
	// Dollars are ${…} references, which Paseo refuses in a catalogue.
	Dollars []DollarRefFact `json:"dollars"`
	// Literals are credential-named header and env values written as a
	// stored value, with no placeholder.
	Literals []LiteralFact `json:"literals"`
	// Addresses are the entry's own remote addresses.
	Addresses []LinkFact `json:"addresses"`
	// Setup is the "Needs setup" block (nil: none).
	Setup *SetupFact `json:"setup"`
	// Problems are shape problems of nested values found in Go.
	Problems []CatalogueProblem `json:"problems"`
}

// ValueFact is one scalar field.
type ValueFact struct {
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Kind    string `json:"kind"`
}

// CategoryFact is a category as written and the gallery name it maps to.
type CategoryFact struct {
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Kind    string `json:"kind"`
	// Name is the gallery filter name the card is shown under: the name
	// itself, the one an older word maps to, or "other".
	Name string `json:"name"`
	// Known is true for one of the gallery's names as written; Older for
	// an older word Paseo maps.
	Known bool `json:"known"`
	Older bool `json:"older"`
}

// CurationFact is _meta["io.github.itsjustanks/mcp-gallery"].
type CurationFact struct {
	Pointer string      `json:"pointer"`
	Kind    string      `json:"kind"`
	Fields  []FieldFact `json:"fields"`
	// Links are the block's https fields (iconUrl, docsUrl) parsed.
	Links []LinkFact `json:"links"`
	// VerifiedAt is true/false when verifiedAt is (not) a date.
	VerifiedAtValid bool `json:"verified_at_valid"`
}

// InputFact is one declared input.
type InputFact struct {
	ID        string `json:"id"`
	Pointer   string `json:"pointer"`
	IDPointer string `json:"id_pointer"`
	Kind      string `json:"kind"`
	// Fields are the input's keys (team inputs only).
	Fields []FieldFact `json:"fields"`
	// EnvVar is an input's envVar (ignored by Paseo), "" when absent.
	EnvVar        string `json:"env_var"`
	EnvVarPointer string `json:"env_var_pointer"`
	// Scope is where a library variable applies: the pointer of the
	// value it belongs to ("" for team inputs, which apply everywhere).
	Scope string `json:"scope"`
	// DefaultPointer is where a default value is written ("" when none)
	// and DefaultSecrets the credentials found in it (masked).
	DefaultPointer string       `json:"default_pointer"`
	DefaultSecrets []SecretFact `json:"default_secrets"`
}

// PlaceholderFact is one {NAME} placeholder in a value.
type PlaceholderFact struct {
	Name    string `json:"name"`
	Pointer string `json:"pointer"`
	// Field is url, headers, args, env or command; Key the header or env
	// name.
	Field string `json:"field"`
	Key   string `json:"key"`
	// Declared is true when an input of that exact name is declared;
	// CaseOf names a declared input that differs only in case.
	Declared bool   `json:"declared"`
	CaseOf   string `json:"case_of"`
	// Template is true for {subdomain}/{org} in an entry whose setup is
	// per-org: the organisation the user types, not an input.
	Template bool `json:"template"`
}

// DollarRefFact is a ${…} reference in a catalogue value.
type DollarRefFact struct {
	Text    string `json:"text"`
	Name    string `json:"name"`
	Pointer string `json:"pointer"`
	Field   string `json:"field"`
	Key     string `json:"key"`
}

// LiteralFact is a stored value where Paseo wants a placeholder.
type LiteralFact struct {
	Key     string `json:"key"`
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Field   string `json:"field"`
}

// LinkFact is a parsed address or link.
type LinkFact struct {
	Key     string `json:"key"`
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Valid   bool   `json:"valid"`
	Scheme  string `json:"scheme"`
	Host    string `json:"host"`
	Length  int    `json:"length"`
	// VendorSite is true when the link is on the byo-oauth vendor's own
	// sites (setup links only).
	VendorSite bool `json:"vendor_site"`

	raw string // unmasked, for comparisons in Go only
}

// SetupFact is a "Needs setup" block.
type SetupFact struct {
	Pointer string      `json:"pointer"`
	Kind    string      `json:"kind"`
	Fields  []FieldFact `json:"fields"`
	// SetupKind is the kind as written ("" when absent or not a string).
	SetupKind   string `json:"setup_kind"`
	KindPointer string `json:"kind_pointer"`
	// ReasonLength is the reason's length in characters (-1: none);
	// ReasonLines its number of lines.
	ReasonLength  int    `json:"reason_length"`
	ReasonLines   int    `json:"reason_lines"`
	ReasonPointer string `json:"reason_pointer"`
	// GuideURL is the parsed guideUrl (nil: none).
	GuideURL *LinkFact `json:"guide_url"`
	// Steps are the steps; StepsKind the kind of the steps value.
	Steps        []StepFact `json:"steps"`
	StepsKind    string     `json:"steps_kind"`
	StepsPointer string     `json:"steps_pointer"`
	// Clients are the clients listed (claude, codex).
	Clients []ValueFact `json:"clients"`
	// URLTemplate is a per-org urlTemplate (nil: none).
	URLTemplate *URLTemplateFact `json:"url_template"`
	// Vendor is the byo-oauth vendor whose MCP host the server is at
	// (google, hubspot, zoom; "" for none); VendorHost names that host
	// pattern and ServerHost the host the entry is at.
	Vendor     string `json:"vendor"`
	VendorHost string `json:"vendor_host"`
	ServerHost string `json:"server_host"`
	// AtVendorHost is true when every address of the entry is the
	// vendor's own MCP host.
	AtVendorHost bool `json:"at_vendor_host"`
}

// StepFact is one step line.
type StepFact struct {
	Index   int        `json:"index"`
	Pointer string     `json:"pointer"`
	Kind    string     `json:"kind"`
	Length  int        `json:"length"`
	Links   []LinkFact `json:"links"`
}

// URLTemplateFact is a per-org urlTemplate worked out.
type URLTemplateFact struct {
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Kind    string `json:"kind"`
	// Count is how many {subdomain}/{org} it holds; Others lists other
	// {…} names.
	Count  int      `json:"count"`
	Others []string `json:"others"`
	// Placement is where the one placeholder sits: "host-label" (the
	// whole first label of the host), "path-segment" (one whole path
	// segment), "inside-host", "inside-path", "query" or "" (none).
	Placement string `json:"placement"`
	Scheme    string `json:"scheme"`
	Host      string `json:"host"`
	// OwnAddress is true when the template describes the server's own
	// address; ServerAddress is that address (masked, "" when none).
	OwnAddress    bool   `json:"own_address"`
	ServerAddress string `json:"server_address"`
}

// byoVendors is Paseo's BYO_OAUTH_VENDORS: the only vendors byo-oauth is
// honoured for, at their own MCP host, with their own sites for links.
var byoVendors = []struct {
	id, name, hostDesc string
	host               *lazyRegexp
	sites              []string
}{
	{"google", "Google", "<name>mcp.googleapis.com", lazyRE(`^[a-z0-9][a-z0-9-]*mcp\.googleapis\.com$`), []string{"google.com", "googleapis.com"}},
	{"hubspot", "HubSpot", "mcp.hubspot.com", lazyRE(`^mcp\.hubspot\.com$`), []string{"hubspot.com"}},
	{"zoom", "Zoom", "mcp.zoom.us", lazyRE(`^mcp\.zoom\.us$`), []string{"zoom.us", "zoom.com"}},
}

// catalogueDocFact fills DocFact.Catalogue for catalogue documents.
func catalogueDocFact(d *loader.Document) *CatalogueDocFact {
	if !isCatalogueDoc(d) {
		return nil
	}
	cf := &CatalogueDocFact{Shape: catalogueShape(d), Team: d.Kind == loader.KindTeamCatalogue || d.Team,
		Size: int(d.Size), MaxSize: maxCatalogueSize, ServerCount: len(d.Servers), MaxServers: maxCatalogueServers,
		Problems: []CatalogueProblem{}, Libraries: []LibraryAddressFact{}}
	if d.File == nil || d.File.Root == nil {
		return cf
	}
	root := d.File.Root
	switch cf.Shape {
	case "library":
		sv := root.Get("servers")
		if sv == nil || sv.Kind != syntax.Array {
			cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "type", Key: "servers", Pointer: "/servers",
				Message: `a library lists its servers under "servers" as an array of {"server": <server.json>, "_meta": {…}}`})
			break
		}
		for i, it := range sv.Items {
			p := "/servers/" + strconv.Itoa(i)
			switch {
			case it.Kind != syntax.Object:
				cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "not-entry", Pointer: p,
					Message: "item " + strconv.Itoa(i+1) + ` of "servers" is ` + catArticle(it.Kind.String()) + `, not {"server": <server.json>, "_meta": {…}}: Paseo cannot read it`})
			case it.Get("server") == nil:
				cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "missing", Key: "server", Pointer: p,
					Message: "item " + strconv.Itoa(i+1) + ` of "servers" has no "server": a library item is {"server": <server.json>, "_meta": {…}}`})
			case it.Get("server").Kind != syntax.Object:
				cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "type", Key: "server", Pointer: p + "/server",
					Message: `"server" is ` + catArticle(it.Get("server").Kind.String()) + `: it must be a server.json object`})
			case !hasItems(it.Get("server").Get("remotes")) && !hasItems(it.Get("server").Get("packages")):
				// "each server a server.json (name, description, version,
				// remotes or packages)": without either there is nothing
				// to connect to or start.
				name, _ := it.Get("server").Get("name").Str()
				cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "missing", Key: "remotes", Pointer: p + "/server",
					Message: fmt.Sprintf(`server %q has neither "remotes" nor "packages": Paseo reads each library server as a server.json with name, description, version and remotes or packages, so there is no address to connect to and no package to start; add one`, name)})
			}
			if m := it.Get("_meta"); m != nil && m.Kind != syntax.Object {
				cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "type", Key: "_meta", Pointer: p + "/_meta", Level: "warning",
					Message: `"_meta" is ` + catArticle(m.Kind.String()) + `, not an object: Paseo ignores the curation and shows the card from server.json alone`})
			}
		}
		if md := root.Get("metadata"); md != nil && md.Kind == syntax.Object {
			if c := md.Get("count"); c != nil && c.Kind == syntax.Number {
				if n, err := strconv.Atoi(c.Text); err == nil && n != len(sv.Items) {
					cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "count", Key: "count", Pointer: "/metadata/count", Level: "warning",
						Message: "metadata.count says " + c.Text + " but the library lists " + catPlural(len(sv.Items), "server") + ": write " + strconv.Itoa(len(sv.Items))})
				}
			}
		}
	case "entries":
		e := root.Get("entries")
		if e == nil || e.Kind != syntax.Array {
			cf.Problems = append(cf.Problems, CatalogueProblem{Kind: "type", Key: "entries", Pointer: "/entries",
				Message: `a team catalogue lists its entries under "entries" as an array`})
		}
	}
	libraryAddresses(cf, root)
	return cf
}

// hasItems says whether n is a non-empty array.
func hasItems(n *syntax.Node) bool {
	return n != nil && n.Kind == syntax.Array && len(n.Items) > 0
}

// isCatalogueDoc: team catalogues and registry lists (Paseo reads a
// library in the registry list shape).
func isCatalogueDoc(d *loader.Document) bool {
	return d.Kind == loader.KindTeamCatalogue || (d.Kind == loader.KindRegistryList && d.Variant != "legacy")
}

func catalogueShape(d *loader.Document) string {
	switch {
	case d.Kind == loader.KindTeamCatalogue && d.Variant == "entries":
		return "entries"
	case d.Kind == loader.KindTeamCatalogue:
		return "list"
	case d.File != nil && d.File.Root != nil && d.File.Root.Kind == syntax.Array:
		return "array"
	}
	return "library"
}

func catPlural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func catArticle(kind string) string {
	switch kind {
	case "object", "array":
		return "an " + kind
	case "null":
		return "null"
	}
	return "a " + kind
}

// libraryAddresses reads the root "libraries" list: strings, or objects
// {"address": …, "header": …}.
func libraryAddresses(cf *CatalogueDocFact, root *syntax.Node) {
	m := root.Member("libraries")
	if m == nil {
		return
	}
	cf.LibrariesPointer, cf.LibrariesKind = "/libraries", m.Value.Kind.String()
	if m.Value.Kind != syntax.Array {
		return
	}
	for i, it := range m.Value.Items {
		p := "/libraries/" + strconv.Itoa(i)
		lf := LibraryAddressFact{Pointer: p, ItemKind: it.Kind.String(), SecretQueryKeys: []string{}}
		raw, ok := it.Str()
		if it.Kind == syntax.Object {
			for _, k := range []string{"address", "url"} {
				if v, isStr := it.Get(k).Str(); isStr {
					raw, ok, lf.Pointer = v, true, p+"/"+k
					break
				}
			}
			if h, isStr := it.Get("header").Str(); isStr {
				lf.Header, lf.HeaderPointer = h, p+"/header"
			}
			for _, k := range []string{"value", "headerValue", "token", "key", "secret"} {
				if it.Get(k) != nil {
					lf.HeaderValuePointer = p + "/" + k
					break
				}
			}
		}
		if ok {
			describeLibraryAddress(&lf, raw)
		}
		cf.Libraries = append(cf.Libraries, lf)
	}
}

var catAPIPath = lazyRE(`/v0(\.\d+)?/servers/?$`)

func describeLibraryAddress(lf *LibraryAddressFact, raw string) {
	t := strings.TrimSpace(raw)
	lf.Address = secret.MaskURL(t)
	switch {
	case t == "":
		return
	case strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~/") || catWindowsAbs(t):
		lf.Read, lf.Valid = "path", true
		lf.Path = t
		lf.Extension = catExtension(t)
		return
	case !strings.Contains(t, "://"):
		lf.Read = "relative"
		lf.Extension = catExtension(t)
		return
	}
	u, err := url.Parse(t)
	if err != nil || u.Host == "" {
		lf.Read = "registry"
		return
	}
	lf.Valid = true
	lf.Scheme = strings.ToLower(u.Scheme)
	lf.Host = strings.ToLower(u.Hostname())
	lf.Path = u.EscapedPath()
	lf.Loopback = isLoopback(lf.Host)
	lf.HasQuery = u.RawQuery != "" || strings.HasSuffix(strings.SplitN(t, "#", 2)[0], "?")
	lf.HasFragment = u.Fragment != "" || strings.Contains(t, "#")
	if u.User != nil {
		lf.HasUser = u.User.Username() != ""
		_, lf.HasPassword = u.User.Password()
	}
	for _, d := range secret.Scan("", t) {
		if d.Detector != "query-key" {
			continue
		}
		eq := strings.LastIndexByte(t[:d.Start], '=')
		amp := strings.LastIndexAny(t[:max(eq, 0)], "?&")
		if eq > 0 && amp >= 0 {
			lf.SecretQueryKeys = append(lf.SecretQueryKeys, t[amp+1:eq])
		}
	}
	for k, vs := range u.Query() {
		if catKeyName(k) && len(vs) > 0 && vs[0] != "" && !catContains(lf.SecretQueryKeys, k) {
			lf.SecretQueryKeys = append(lf.SecretQueryKeys, k)
		}
	}
	sort.Strings(lf.SecretQueryKeys)
	lf.Extension = catExtension(u.Path)
	lf.APIPath = catAPIPath.MatchString(u.Path)
	if strings.EqualFold(lf.Extension, ".json") {
		lf.Read = "document"
	} else {
		lf.Read = "registry"
	}
}

func catWindowsAbs(p string) bool {
	return len(p) >= 3 && ((p[0] >= 'A' && p[0] <= 'Z') || (p[0] >= 'a' && p[0] <= 'z')) && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

func catExtension(p string) string {
	last := p[strings.LastIndexAny(p, "/\\")+1:]
	if i := strings.LastIndexByte(last, '.'); i > 0 {
		return strings.ToLower(last[i:])
	}
	return ""
}

// catKeyName: query and header names that carry a credential.
func catKeyName(k string) bool {
	k = strings.ToLower(k)
	switch k {
	case "key", "token", "secret", "password", "pass", "pwd", "sig", "signature", "auth", "apikey", "api_key", "api-key",
		"access_token", "accesstoken", "auth_token", "authorization", "client_secret", "private_token":
		return true
	}
	for _, w := range []string{"token", "secret", "password", "apikey", "api_key", "api-key", "credential"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

func catContains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// catalogueFact fills ServerFact.Catalogue for catalogue entries.
func catalogueFact(s *loader.Server) *CatalogueFact {
	d := s.Doc
	if d == nil || !isCatalogueDoc(d) || d.File == nil || d.File.Root == nil {
		return nil
	}
	cf := &CatalogueFact{Shape: catalogueShape(d), Pointer: s.Pointer, Fields: []FieldFact{}, Inputs: []InputFact{},
		Placeholders: []PlaceholderFact{}, Dollars: []DollarRefFact{}, Literals: []LiteralFact{}, Addresses: []LinkFact{},
		Problems: []CatalogueProblem{}}
	if s.Node != nil {
		cf.EntryKind = s.Node.Kind.String()
	}
	if d.Kind == loader.KindTeamCatalogue {
		cf.Kind = "team"
		teamEntry(cf, s)
	} else {
		cf.Kind = "library"
		libraryEntry(cf, s, d.File.Root)
	}
	sort.SliceStable(cf.Placeholders, func(i, j int) bool { return cf.Placeholders[i].Pointer < cf.Placeholders[j].Pointer })
	return cf
}

// catValue is a string value of the entry and where it belongs.
type catValue struct {
	field, key, ptr, text string
	// scope is the pointer of the library input the value belongs to
	// (whose variables declare its placeholders).
	scope string
	// loaded is true when the engine's own env/headers facts carry the
	// value, so secrets/literal-key sees it.
	loaded bool
}

func teamEntry(cf *CatalogueFact, s *loader.Server) {
	n := s.Node
	if n == nil || n.Kind != syntax.Object {
		return
	}
	ptr := s.Pointer
	cf.Fields = fields(n, ptr)
	if m := n.Member("id"); m != nil {
		cf.ID, _ = m.Value.Str()
		cf.IDPointer = ptr + "/id"
	}
	cf.Transport = valueFact(n, ptr, "transport")
	cf.Auth = valueFact(n, ptr, "auth")
	cf.Category = categoryFact(n, ptr)

	var vals []catValue
	if u, ok := n.Get("url").Str(); ok {
		vals = append(vals, catValue{field: "url", ptr: ptr + "/url", text: u})
		cf.Addresses = append(cf.Addresses, linkFact("url", ptr+"/url", u))
	}
	if c, ok := n.Get("command").Str(); ok {
		vals = append(vals, catValue{field: "command", ptr: ptr + "/command", text: c})
	} else if c := n.Get("command"); c != nil {
		cf.Problems = append(cf.Problems, catTypeProblem("command", ptr+"/command", c, "a string (the program to run)"))
	}
	if a := n.Get("args"); a != nil {
		if a.Kind != syntax.Array {
			cf.Problems = append(cf.Problems, catTypeProblem("args", ptr+"/args", a, "an array of strings"))
		} else {
			for i, it := range a.Items {
				p := ptr + "/args/" + strconv.Itoa(i)
				if v, ok := it.Str(); ok {
					vals = append(vals, catValue{field: "args", ptr: p, text: v})
				} else {
					cf.Problems = append(cf.Problems, catTypeProblem("args", p, it, "a string"))
				}
			}
		}
	}
	for _, f := range []string{"headers", "env"} {
		m := n.Get(f)
		if m == nil {
			continue
		}
		if m.Kind != syntax.Object {
			cf.Problems = append(cf.Problems, catTypeProblem(f, ptr+"/"+f, m, "an object of names and string values"))
			continue
		}
		for _, mm := range m.Members {
			p := ptr + "/" + f + "/" + syntax.EscapePointerToken(mm.Key)
			if v, ok := mm.Value.Str(); ok {
				vals = append(vals, catValue{field: f, key: mm.Key, ptr: p, text: v, loaded: true})
			} else {
				cf.Problems = append(cf.Problems, catTypeProblem(f, p, mm.Value, "a string ({PLACEHOLDER} or a template such as Bearer {token})"))
			}
		}
	}

	if in := n.Get("inputs"); in != nil {
		if in.Kind != syntax.Array {
			cf.Problems = append(cf.Problems, catTypeProblem("inputs", ptr+"/inputs", in, `an array of {"id": …, "label": …}`))
		} else {
			for i, it := range in.Items {
				p := ptr + "/inputs/" + strconv.Itoa(i)
				inf := InputFact{Pointer: p, Kind: it.Kind.String(), Fields: fields(it, p), DefaultSecrets: []SecretFact{}}
				if v, ok := it.Get("id").Str(); ok {
					inf.ID, inf.IDPointer = v, p+"/id"
				}
				if v, ok := it.Get("envVar").Str(); ok {
					inf.EnvVar, inf.EnvVarPointer = v, p+"/envVar"
				}
				if dv, ok := it.Get("default").Str(); ok {
					vals = append(vals, catValue{field: "inputs", key: inf.ID, ptr: p + "/default", text: dv})
					inf.DefaultPointer = p + "/default"
					for _, d := range secret.Scan(inf.ID, dv) {
						inf.DefaultSecrets = append(inf.DefaultSecrets, secretFact(d))
					}
				}
				cf.Inputs = append(cf.Inputs, inf)
			}
		}
	}

	if st := n.Member("setup"); st != nil {
		cf.Setup = setupFact(st.Value, ptr+"/setup", cf.Addresses)
	}
	catScanValues(cf, vals)
}

func libraryEntry(cf *CatalogueFact, s *loader.Server, root *syntax.Node) {
	itemPtr := strings.TrimSuffix(s.Pointer, "/server")
	cf.Pointer = itemPtr
	item := root.Lookup(itemPtr)
	n := s.Node
	if n != nil && n.Kind == syntax.Object {
		if v, ok := n.Get("name").Str(); ok {
			cf.ID, cf.IDPointer = v, s.Pointer+"/name"
		}
	}
	var vals []catValue
	if n != nil && n.Kind == syntax.Object {
		vals = libraryValues(cf, n, s.Pointer)
	}
	if item != nil && item != n {
		if meta := item.Get("_meta"); meta != nil && meta.Kind == syntax.Object {
			if m := meta.Member(GalleryMetaKey); m != nil {
				cp := itemPtr + "/_meta/" + syntax.EscapePointerToken(GalleryMetaKey)
				cur := &CurationFact{Pointer: cp, Kind: m.Value.Kind.String(), Fields: fields(m.Value, cp), Links: []LinkFact{}}
				cf.Curation = cur
				cf.Fields = cur.Fields
				if m.Value.Kind == syntax.Object {
					c := m.Value
					if v, ok := c.Get("id").Str(); ok && v != "" {
						cf.ID, cf.IDPointer = v, cp+"/id"
					}
					cf.Auth = valueFact(c, cp, "auth")
					cf.Category = categoryFact(c, cp)
					for _, k := range []string{"iconUrl", "docsUrl"} {
						if v, ok := c.Get(k).Str(); ok {
							cur.Links = append(cur.Links, linkFact(k, cp+"/"+k, v))
						}
					}
					if v, ok := c.Get("verifiedAt").Str(); ok {
						cur.VerifiedAtValid = catIsDate(v)
					}
					if st := c.Member("setup"); st != nil {
						cf.Setup = setupFact(st.Value, cp+"/setup", cf.Addresses)
					}
				}
			}
		}
	}
	catScanValues(cf, vals)
}

// libraryValues collects the values of a server.json that Paseo turns into
// a server: remote addresses and headers, package arguments and
// environment variables, with the variables that declare their
// placeholders.
func libraryValues(cf *CatalogueFact, n *syntax.Node, ptr string) []catValue {
	var vals []catValue
	declare := func(it *syntax.Node, p string) {
		vs := it.Get("variables")
		if vs == nil || vs.Kind != syntax.Object {
			return
		}
		for _, m := range vs.Members {
			vp := p + "/variables/" + syntax.EscapePointerToken(m.Key)
			inf := InputFact{ID: m.Key, Pointer: vp, IDPointer: vp, Kind: m.Value.Kind.String(), Fields: []FieldFact{}, Scope: p, DefaultSecrets: []SecretFact{}}
			if dv, ok := m.Value.Get("default").Str(); ok {
				inf.DefaultPointer = vp + "/default"
				for _, d := range secret.Scan(m.Key, dv) {
					inf.DefaultSecrets = append(inf.DefaultSecrets, secretFact(d))
				}
			}
			cf.Inputs = append(cf.Inputs, inf)
		}
	}
	if rm := n.Get("remotes"); rm != nil && rm.Kind == syntax.Array {
		for i, r := range rm.Items {
			rp := ptr + "/remotes/" + strconv.Itoa(i)
			declare(r, rp)
			if u, ok := r.Get("url").Str(); ok {
				vals = append(vals, catValue{field: "url", ptr: rp + "/url", text: u, scope: rp})
				cf.Addresses = append(cf.Addresses, linkFact("url", rp+"/url", u))
			}
			if hs := r.Get("headers"); hs != nil && hs.Kind == syntax.Array {
				for j, h := range hs.Items {
					hp := rp + "/headers/" + strconv.Itoa(j)
					declare(h, hp)
					name, _ := h.Get("name").Str()
					if v, ok := h.Get("value").Str(); ok {
						// The loader reads header values as the server's headers.
						vals = append(vals, catValue{field: "headers", key: name, ptr: hp + "/value", text: v, scope: hp, loaded: true})
					}
				}
			}
		}
	}
	if pk := n.Get("packages"); pk != nil && pk.Kind == syntax.Array {
		for i, p := range pk.Items {
			pp := ptr + "/packages/" + strconv.Itoa(i)
			for _, k := range []string{"environmentVariables", "packageArguments", "runtimeArguments"} {
				list := p.Get(k)
				if list == nil || list.Kind != syntax.Array {
					continue
				}
				field := "args"
				if k == "environmentVariables" {
					field = "env"
				}
				for j, it := range list.Items {
					ip := pp + "/" + k + "/" + strconv.Itoa(j)
					declare(it, ip)
					name, _ := it.Get("name").Str()
					for _, vk := range []string{"value", "default"} {
						if v, ok := it.Get(vk).Str(); ok {
							// The first package's environment variables are
							// the server's env (loader/registry.go).
							loaded := field == "env" && i == 0 && (vk == "value" || it.Get("value") == nil)
							vals = append(vals, catValue{field: field, key: name, ptr: ip + "/" + vk, text: v, scope: ip, loaded: loaded})
						}
					}
				}
			}
		}
	}
	return vals
}

var (
	catPlaceholderRE = lazyRE(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)
	catDollarRE      = lazyRE(`\$\{[^}\n]*\}?`)
)

// catScanValues finds placeholders, ${…} references and stored values.
func catScanValues(cf *CatalogueFact, vals []catValue) {
	perOrg := cf.Setup != nil && cf.Setup.SetupKind == "per-org"
	for _, v := range vals {
		for _, m := range catDollarRE.FindAllStringIndex(v.text, -1) {
			text := v.text[m[0]:m[1]]
			name := strings.TrimSuffix(strings.TrimPrefix(text, "${"), "}")
			if i := strings.IndexAny(name, ":-"); i >= 0 && !strings.HasPrefix(name, "env:") && !strings.HasPrefix(name, "input:") {
				name = name[:i]
			}
			name = strings.TrimPrefix(strings.TrimPrefix(name, "env:"), "input:")
			cf.Dollars = append(cf.Dollars, DollarRefFact{Text: secret.MaskValue(v.key, text), Name: secret.MaskValue("", name),
				Pointer: v.ptr, Field: v.field, Key: v.key})
		}
		if v.field == "inputs" {
			continue
		}
		masked := catDollarRE.ReplaceAllStringFunc(v.text, func(s string) string { return strings.Repeat(" ", len(s)) })
		found := false
		for _, m := range catPlaceholderRE.FindAllStringSubmatchIndex(masked, -1) {
			if m[0] > 0 && masked[m[0]-1] == '{' && m[1] < len(masked) && masked[m[1]] == '}' {
				continue // {{template}}
			}
			name := masked[m[2]:m[3]]
			found = true
			pf := PlaceholderFact{Name: name, Pointer: v.ptr, Field: v.field, Key: v.key}
			pf.Template = perOrg && (name == "subdomain" || name == "org") && v.field == "url"
			for _, in := range cf.Inputs {
				if in.Scope != "" && in.Scope != v.scope {
					continue
				}
				if in.ID == name {
					pf.Declared = true
				} else if strings.EqualFold(in.ID, name) && pf.CaseOf == "" {
					pf.CaseOf = in.ID
				}
			}
			cf.Placeholders = append(cf.Placeholders, pf)
		}
		if found || strings.Contains(v.text, "${") || (v.field != "headers" && v.field != "env") {
			continue
		}
		if !catCredentialName(v.key) || strings.TrimSpace(v.text) == "" {
			continue
		}
		// A credential-shaped value in a loaded field is
		// secrets/literal-key's finding.
		if v.loaded && len(secret.Scan(v.key, v.text)) > 0 {
			continue
		}
		cf.Literals = append(cf.Literals, LiteralFact{Key: v.key, Value: secret.MaskValue(v.key, v.text), Pointer: v.ptr, Field: v.field})
	}
}

// catCredentialName: a header or env name whose value is a credential. A name
// that ends in what the value describes instead (TOKEN_URL, PASSWORD_FILE,
// AUTH_TYPE, API_KEY_ID) is not one.
func catCredentialName(k string) bool {
	l := strings.ToLower(k)
	if l == "authorization" || l == "proxy-authorization" || l == "cookie" {
		return true
	}
	words := strings.FieldsFunc(l, func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	if len(words) > 1 && catNotCredentialWord[words[len(words)-1]] {
		return false
	}
	return catKeyName(l) || strings.HasSuffix(l, "_key") || strings.HasSuffix(l, "-key") || strings.HasSuffix(l, "_pat")
}

var catNotCredentialWord = map[string]bool{
	"url": true, "uri": true, "endpoint": true, "host": true, "port": true, "file": true, "path": true, "dir": true,
	"type": true, "mode": true, "name": true, "header": true, "id": true, "ttl": true, "expiry": true, "expires": true,
	"scope": true, "scopes": true, "env": true, "var": true, "length": true, "format": true,
}

func valueFact(n *syntax.Node, ptr, key string) *ValueFact {
	m := n.Member(key)
	if m == nil {
		return nil
	}
	vf := &ValueFact{Pointer: ptr + "/" + syntax.EscapePointerToken(key), Kind: m.Value.Kind.String()}
	if m.Value.Kind != syntax.Object && m.Value.Kind != syntax.Array {
		vf.Value = secret.MaskValue(key, m.Value.Text)
	}
	return vf
}

func categoryFact(n *syntax.Node, ptr string) *CategoryFact {
	m := n.Member("category")
	if m == nil {
		return nil
	}
	cf := &CategoryFact{Pointer: ptr + "/category", Kind: m.Value.Kind.String(), Name: "other"}
	v, ok := m.Value.Str()
	if !ok {
		return cf
	}
	cf.Value = secret.MaskValue("category", v)
	w := strings.ToLower(strings.TrimSpace(v))
	if catContains(galleryCategories, w) {
		cf.Name, cf.Known = w, true
	} else if to, ok := olderCategories[w]; ok {
		cf.Name, cf.Older = to, true
	}
	return cf
}

func catTypeProblem(key, ptr string, n *syntax.Node, want string) CatalogueProblem {
	return CatalogueProblem{Kind: "type", Key: key, Pointer: ptr,
		Message: key + " is " + catArticle(n.Kind.String()) + " here, where Paseo reads " + want + ": Paseo refuses the entry"}
}

func linkFact(key, ptr, raw string) LinkFact {
	t := strings.TrimSpace(raw)
	lf := LinkFact{Key: key, Value: secret.MaskURL(t), Pointer: ptr, Length: len(raw), raw: t}
	if u, err := url.Parse(t); err == nil && u.Scheme != "" && u.Host != "" {
		lf.Valid = true
		lf.Scheme = strings.ToLower(u.Scheme)
		lf.Host = strings.ToLower(u.Hostname())
	} else if i := strings.Index(t, "://"); i > 0 {
		// An address with a placeholder in its host does not parse: keep
		// its scheme and host as written.
		lf.Scheme = strings.ToLower(t[:i])
		rest := t[i+3:]
		if j := strings.IndexAny(rest, "/?#"); j >= 0 {
			rest = rest[:j]
		}
		lf.Host = strings.ToLower(rest)
	}
	return lf
}

var catDateRE = lazyRE(`^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$`)

func catIsDate(s string) bool { return catDateRE.MatchString(strings.TrimSpace(s)) }

var catLinkRE = lazyRE(`(?i)\b[a-z][a-z0-9+.-]*://[^\s<>()"'\x60]+`)

// setupFact reads a "Needs setup" block; addrs are the server's own
// addresses (byo-oauth's vendor and per-org's own address come from them).
func setupFact(n *syntax.Node, ptr string, addrs []LinkFact) *SetupFact {
	sf := &SetupFact{Pointer: ptr, Kind: n.Kind.String(), Fields: fields(n, ptr), ReasonLength: -1, Steps: []StepFact{}, Clients: []ValueFact{}}
	if n.Kind != syntax.Object {
		return sf
	}
	if k, ok := n.Get("kind").Str(); ok {
		sf.SetupKind = k
	}
	if n.Get("kind") != nil {
		sf.KindPointer = ptr + "/kind"
	}
	if r, ok := n.Get("reason").Str(); ok {
		sf.ReasonLength = utf8.RuneCountInString(r)
		sf.ReasonLines = strings.Count(strings.TrimRight(r, "\r\n"), "\n") + 1
		sf.ReasonPointer = ptr + "/reason"
	}
	if g, ok := n.Get("guideUrl").Str(); ok {
		lf := linkFact("guideUrl", ptr+"/guideUrl", g)
		sf.GuideURL = &lf
	}
	if st := n.Get("steps"); st != nil {
		sf.StepsKind, sf.StepsPointer = st.Kind.String(), ptr+"/steps"
		if st.Kind == syntax.Array {
			for i, it := range st.Items {
				p := ptr + "/steps/" + strconv.Itoa(i)
				step := StepFact{Index: i, Pointer: p, Kind: it.Kind.String(), Links: []LinkFact{}}
				if v, ok := it.Str(); ok {
					step.Length = utf8.RuneCountInString(v)
					for _, l := range catLinkRE.FindAllString(v, -1) {
						step.Links = append(step.Links, linkFact("steps", p, strings.TrimRight(l, ".,;:!?")))
					}
				}
				sf.Steps = append(sf.Steps, step)
			}
		}
	}
	if cl := n.Get("clients"); cl != nil && cl.Kind == syntax.Array {
		for i, it := range cl.Items {
			sf.Clients = append(sf.Clients, ValueFact{Value: secret.MaskValue("clients", it.Text), Pointer: ptr + "/clients/" + strconv.Itoa(i), Kind: it.Kind.String()})
		}
	}
	if ut := n.Member("urlTemplate"); ut != nil {
		sf.URLTemplate = urlTemplateFact(ut.Value, ptr+"/urlTemplate", addrs)
	}
	// byo-oauth: the vendor whose MCP host the entry is at.
	if len(addrs) > 0 {
		sf.ServerHost = addrs[0].Host
	}
	for _, v := range byoVendors {
		if len(addrs) > 0 && v.host.MatchString(addrs[0].Host) {
			sf.Vendor, sf.VendorHost = v.id, v.hostDesc
			sf.AtVendorHost = true
			for _, a := range addrs {
				if !v.host.MatchString(a.Host) {
					sf.AtVendorHost = false
				}
			}
			onSite := func(l *LinkFact) {
				for _, site := range v.sites {
					if l.Host == site || strings.HasSuffix(l.Host, "."+site) {
						l.VendorSite = true
					}
				}
			}
			if sf.GuideURL != nil {
				onSite(sf.GuideURL)
			}
			for i := range sf.Steps {
				for j := range sf.Steps[i].Links {
					onSite(&sf.Steps[i].Links[j])
				}
			}
		}
	}
	return sf
}

var catTemplateTokenRE = lazyRE(`\{[^{}]*\}`)

// urlTemplateFact works out a per-org urlTemplate: how many {subdomain} or
// {org} it holds, where, and whether it describes the server's address.
func urlTemplateFact(n *syntax.Node, ptr string, addrs []LinkFact) *URLTemplateFact {
	tf := &URLTemplateFact{Pointer: ptr, Kind: n.Kind.String(), Others: []string{}}
	raw, ok := n.Str()
	if !ok {
		return tf
	}
	t := strings.TrimSpace(raw)
	tf.Value = secret.MaskURL(t)
	var at []int
	for _, m := range catTemplateTokenRE.FindAllStringIndex(t, -1) {
		tok := t[m[0]:m[1]]
		if tok == "{subdomain}" || tok == "{org}" {
			tf.Count++
			at = m
		} else {
			tf.Others = append(tf.Others, tok)
		}
	}
	i := strings.Index(t, "://")
	if i <= 0 {
		return tf
	}
	tf.Scheme = strings.ToLower(t[:i])
	rest := t[i+3:]
	hostEnd := len(rest)
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		hostEnd = j
	}
	host := rest[:hostEnd]
	tf.Host = strings.ToLower(host)
	if tf.Count == 1 {
		pos := at[0] - (i + 3) // offset within rest
		tok := t[at[0]:at[1]]
		pathEnd := len(rest)
		if j := strings.IndexAny(rest, "?#"); j >= 0 {
			pathEnd = j
		}
		switch {
		case pos < hostEnd:
			if pos == 0 && strings.HasPrefix(host, tok+".") && strings.Count(host[len(tok)+1:], ".") >= 1 {
				tf.Placement = "host-label"
			} else {
				tf.Placement = "inside-host"
			}
		case pos < pathEnd:
			seg := false
			for _, s := range strings.Split(rest[hostEnd:pathEnd], "/") {
				if s == tok {
					seg = true
				}
			}
			if seg {
				tf.Placement = "path-segment"
			} else {
				tf.Placement = "inside-path"
			}
		default:
			tf.Placement = "query"
		}
	}
	if len(addrs) > 0 {
		a := addrs[0]
		tf.ServerAddress = a.Value
		tf.OwnAddress = catOwnAddress(t, a.raw)
	}
	return tf
}

// catOwnAddress: the template, with its placeholder standing for any one
// label or segment, matches the server's own address (scheme, host and
// path; query and a trailing / ignored).
func catOwnAddress(tmpl, addr string) bool {
	strip := func(s string) string {
		s = strings.TrimSpace(s)
		if j := strings.IndexAny(s, "?#"); j >= 0 {
			s = s[:j]
		}
		s = strings.TrimRight(s, "/")
		if i := strings.Index(s, "://"); i > 0 {
			rest := s[i+3:]
			host, path, _ := strings.Cut(rest, "/")
			s = strings.ToLower(s[:i]) + "://" + strings.ToLower(host)
			if path != "" {
				s += "/" + path
			}
		}
		return s
	}
	t, a := strip(tmpl), strip(addr)
	if t == a {
		return true
	}
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, m := range catTemplateTokenRE.FindAllStringIndex(t, -1) {
		b.WriteString(regexp.QuoteMeta(t[last:m[0]]))
		tok := t[m[0]:m[1]]
		if tok == "{subdomain}" || tok == "{org}" {
			b.WriteString(`(?:[a-z0-9][a-z0-9-]{0,62}|\{[A-Za-z_][A-Za-z0-9_]*\})`)
		} else {
			b.WriteString(regexp.QuoteMeta(tok))
		}
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(t[last:]))
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(a)
}
