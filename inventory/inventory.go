// Package inventory exports the MCP servers a workspace defines as a
// CycloneDX 1.6 software bill of materials: one component per server
// definition that runs a package or a local command, with a Package URL
// for what it runs, and one service per remote server with its endpoint.
// Registry and catalogue documents export the packages and remotes they
// offer the same way.
//
// Nothing secret is written: no env or header value, no argument text,
// endpoints without user info or credential query values, and every
// name and path masked.
package inventory

import (
	"fmt"
	"io"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/package-url/packageurl-go"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// PropertyPrefix starts the name of every property mcplint writes.
const PropertyPrefix = "mcplint:"

// Options describe the document around the servers.
type Options struct {
	// Name is the scanned project's name (metadata.component); "" leaves
	// metadata.component out.
	Name string
	// ToolVersion is mcplint's version (metadata.tools).
	ToolVersion string
	// Time is the document's timestamp; zero leaves it out.
	Time time.Time
}

// Build makes the bill of materials of ws's server definitions, in the
// loader's order.
func Build(ws *loader.Workspace, opt Options) *cdx.BOM {
	bom := cdx.NewBOM()
	md := &cdx.Metadata{Tools: &cdx.ToolsChoice{Components: &[]cdx.Component{{
		Type: cdx.ComponentTypeApplication, Name: "mcplint", Version: opt.ToolVersion,
	}}}}
	if !opt.Time.IsZero() {
		md.Timestamp = opt.Time.UTC().Format(time.RFC3339)
	}
	if opt.Name != "" {
		md.Component = &cdx.Component{Type: cdx.ComponentTypeApplication, BOMRef: "project", Name: secret.Text(opt.Name)}
	}
	bom.Metadata = md
	comps := []cdx.Component{}
	svcs := []cdx.Service{}
	refs := map[string]int{}
	unique := func(ref string) string {
		// Masking can make two references alike; a BOM needs them apart.
		refs[ref]++
		if n := refs[ref]; n > 1 {
			return ref + "~" + strconv.Itoa(n)
		}
		return ref
	}
	caps := facts.Capabilities(ws)
	for i, s := range ws.Servers {
		c, v := entries(s, caps[i])
		for i := range c {
			c[i].BOMRef = unique(c[i].BOMRef)
		}
		for i := range v {
			v[i].BOMRef = unique(v[i].BOMRef)
		}
		comps = append(comps, c...)
		svcs = append(svcs, v...)
	}
	bom.Components = &comps
	if len(svcs) > 0 {
		bom.Services = &svcs
	}
	return bom
}

// Write encodes bom as CycloneDX 1.6 JSON.
func Write(w io.Writer, bom *cdx.BOM) error {
	enc := cdx.NewBOMEncoder(w, cdx.BOMFileFormatJSON)
	enc.SetPretty(true)
	enc.SetEscapeHTML(false)
	return enc.EncodeVersion(bom, cdx.SpecVersion1_6)
}

// isRegistry is true for a registry document's entry: it offers packages
// and remotes rather than a command line.
func isRegistry(s *loader.Server) bool {
	if s.Doc == nil {
		return false
	}
	switch s.Doc.Kind {
	case loader.KindRegistryDoc, loader.KindRegistryList, loader.KindRegistryOld:
		return true
	}
	return false
}

// entries are the components and services of one definition.
func entries(s *loader.Server, c facts.CapabilityFact) ([]cdx.Component, []cdx.Service) {
	base := capabilityProperties(baseProperties(s), c)
	ref := bomRef(s)
	if isRegistry(s) {
		var cs []cdx.Component
		var vs []cdx.Service
		for i, p := range s.Packages {
			b := appendProp(append([]cdx.Property(nil), base...), "pointer", p.Pointer)
			if p.Transport != "" {
				setProp(&b, "transport", p.Transport)
			}
			cs = append(cs, component(registryPackage(p), ref+"/packages/"+strconv.Itoa(i), b))
		}
		for i, r := range s.Remotes {
			b := appendProp(append([]cdx.Property(nil), base...), "pointer", r.Pointer)
			if r.Type != "" {
				setProp(&b, "transport", r.Type)
			}
			vs = append(vs, service(s, r.URL, ref+"/remotes/"+strconv.Itoa(i), b))
		}
		if len(cs) == 0 && len(vs) == 0 {
			cs = append(cs, component(target{name: secret.Text(s.Name)}, ref, base))
		}
		return cs, vs
	}
	if s.URL != "" && (s.Command == "" || s.Transport != "stdio") {
		return nil, []cdx.Service{service(s, s.URL, ref, base)}
	}
	if s.Command != "" {
		return []cdx.Component{component(commandTarget(s), ref, base)}, nil
	}
	// A built-in or extension server with nothing to run we can name.
	return []cdx.Component{component(target{name: secret.Text(s.Name)}, ref, base)}, nil
}

// target is what a definition runs.
type target struct {
	purlType  string // "" when there is no Package URL to give
	namespace string
	name      string
	version   string // only an exact version or digest, else ""
	quals     packageurl.Qualifiers
	// requested is the version, range or tag as written when it is not
	// exact; pinned says whether the reference is exact.
	requested string
	pinned    bool
	hasPin    bool // pinned is meaningful (a package, not a local command)
	runner    string
	problem   string
	local     bool
}

// commandTarget reads a stdio definition's command line with the same
// runner analysis the supply-chain rules use.
func commandTarget(s *loader.Server) target {
	if rf := facts.Runner(s); rf != nil && rf.Package != "" {
		return runnerTarget(rf)
	}
	cmd := secret.Text(s.Command)
	if len(s.Args) == 0 {
		cmd = firstWord(cmd) // a whole command line in "command"
	}
	if t, ok := scriptTarget(cmd, s.Args); ok {
		return t
	}
	return localTarget(cmd, "")
}

// interpreters run a script named by their first argument.
var interpreters = map[string]bool{"node": true, "deno": true, "bun": true, "python": true, "python3": true, "ruby": true, "php": true, "perl": true}

// scriptTarget names `node ./server.js` by its script: that is what the
// definition runs, with the interpreter as its runner.
func scriptTarget(cmd string, args []string) (target, bool) {
	base := strings.ToLower(path.Base(strings.ReplaceAll(cmd, "\\", "/")))
	base = strings.TrimSuffix(base, ".exe")
	if !interpreters[base] {
		return target{}, false
	}
	for _, a := range secret.MaskArgs(args) {
		a = secret.Text(a)
		switch {
		case a == "run" && (base == "deno" || base == "bun"):
			continue
		case strings.HasPrefix(a, "-"):
			if a == "-m" || a == "-e" || a == "-c" || a == "--eval" {
				return target{}, false // a module or inline code, not a file
			}
			continue
		}
		t := localTarget(a, base)
		return t, t.name != ""
	}
	return target{}, false
}

// isAddress: a package written as an address (a git URL pinned to a
// commit has no problem left, but is an address all the same).
func isAddress(p string) bool {
	l := strings.ToLower(p)
	for _, pre := range []string{"git+", "git:", "github:", "gitlab:", "bitbucket:"} {
		if strings.HasPrefix(l, pre) {
			return true
		}
	}
	return strings.Contains(l, "://")
}

// runnerTarget turns a runner fact (already masked) into a target.
func runnerTarget(rf *facts.RunnerFact) target {
	if rf.Local {
		return localTarget(rf.Package, rf.Runner)
	}
	t := target{runner: rf.Runner, problem: rf.Problem, hasPin: true, pinned: rf.Problem == ""}
	if rf.Problem == "address" || rf.Problem == "git" || isAddress(rf.Package) {
		// A git, URL or tarball address (pinned to a commit or not): name
		// it, never quote it.
		t.purlType, t.name = packageurl.TypeGeneric, addressName(rf.Package)
		return t
	}
	if !t.pinned {
		t.requested = rf.Version
	}
	switch rf.Ecosystem {
	case "npm":
		t.purlType = packageurl.TypeNPM
		t.namespace, t.name = splitScope(rf.Package)
		if t.pinned {
			t.version = strings.TrimPrefix(strings.TrimPrefix(rf.Version, "="), "v")
		}
	case "pypi":
		t.purlType = packageurl.TypePyPi
		t.name = pypiName(rf.Package)
		if t.pinned {
			t.version = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(rf.Version), "=@"))
		}
	case "oci":
		t = ociTarget(t, rf.Package, rf.Version)
	case "nuget":
		return nugetTarget(rf.Package, rf.Version, rf.Runner)
	default:
		t.purlType, t.name = packageurl.TypeGeneric, rf.Package
	}
	return t
}

// ociTarget is pkg:oci/<name>@<digest>?repository_url=<repo>&tag=<tag>.
// Only a digest is a version; a tag is kept as the tag qualifier.
func ociTarget(t target, image, version string) target {
	tag, digest, _ := strings.Cut(version, "@")
	repo := strings.ToLower(image)
	first, _, hasSlash := strings.Cut(repo, "/")
	if !hasSlash || !(strings.ContainsAny(first, ".:") || first == "localhost") {
		// Docker Hub shorthand: debian, mcp/fetch.
		if !hasSlash {
			repo = "library/" + repo
		}
		repo = "docker.io/" + repo
	}
	t.purlType = packageurl.TypeOCI
	t.name = path.Base(repo)
	t.quals = packageurl.Qualifiers{{Key: "repository_url", Value: repo}}
	if tag != "" && tag != "@" {
		t.quals = append(t.quals, packageurl.Qualifier{Key: "tag", Value: tag})
	}
	if digest != "" && facts.ImageDigest(digest) {
		t.version = strings.ToLower(digest)
		t.pinned = true
		t.requested = ""
	} else {
		t.pinned = false
		t.requested = version
	}
	return t
}

// nugetTarget is pkg:nuget/<id>@<version> of a package dnx (the .NET
// tool runner the registry names for NuGet packages) runs.
func nugetTarget(id, ver, runner string) target {
	t := target{purlType: packageurl.TypeNuget, name: id, runner: runner, hasPin: true}
	if facts.ExactVersion("npm", ver) { // NuGet versions are SemVer 2
		t.version, t.pinned = ver, true
	} else {
		t.requested, t.problem = ver, "no-version"
		if ver != "" {
			t.problem = "range"
		}
	}
	return t
}

// localTarget is a command on this machine: pkg:generic/<base name>, no
// version (there is none to know), the folders left out.
func localTarget(p, runner string) target {
	p = pathSeparators.Replace(p)
	name := path.Base(strings.ReplaceAll(strings.TrimSuffix(strings.TrimSuffix(p, "/"), "\\"), "\\", "/"))
	if name == "." || name == "/" {
		name = ""
	}
	return target{purlType: packageurl.TypeGeneric, name: name, runner: runner, local: true}
}

// pathSeparators are the clients' path separator variables (VS Code and
// Cursor ${/}, ${pathSeparator}).
var pathSeparators = strings.NewReplacer("${/}", "/", "${pathSeparator}", "/")

// registryPackage is one package a registry document offers, read by the
// same runner analysis as a command line a client would build from it.
func registryPackage(p loader.Package) target {
	id := secret.Text(p.Identifier)
	ver := secret.Text(p.Version)
	var t target
	switch strings.ToLower(p.RegistryType) {
	case "npm":
		t = registryRunner("npx", []string{join(id, "@", ver)})
	case "pypi":
		t = registryRunner("uvx", []string{join(id, "==", ver)})
	case "oci", "docker":
		img := id
		if ver != "" && !strings.Contains(path.Base(id), ":") && !strings.Contains(id, "@") {
			img = id + ":" + ver
		}
		t = registryRunner("docker", []string{"run", "-i", "--rm", img})
	case "nuget":
		t = nugetTarget(id, ver, "")
	default:
		// mcpb bundles and unknown types: named by the identifier's last
		// segment, versioned only when the document gives a version.
		t = target{purlType: packageurl.TypeGeneric, name: addressName(id), version: ver, hasPin: true, pinned: ver != ""}
	}
	t.runner = ""
	if u := Endpoint(p.RegistryBaseURL); u != "" && t.purlType != packageurl.TypeGeneric && !defaultRegistry(p.RegistryType, u) && !hasQualifier(t.quals, "repository_url") {
		t.quals = append(t.quals, packageurl.Qualifier{Key: "repository_url", Value: u})
	}
	return t
}

func hasQualifier(qs packageurl.Qualifiers, key string) bool {
	for _, q := range qs {
		if q.Key == key {
			return true
		}
	}
	return false
}

func registryRunner(cmd string, args []string) target {
	s := &loader.Server{Transport: "stdio", Command: cmd, Args: args}
	if rf := facts.Runner(s); rf != nil && rf.Package != "" {
		return runnerTarget(rf)
	}
	return target{}
}

func join(id, sep, ver string) string {
	if ver == "" {
		return id
	}
	return id + sep + ver
}

func defaultRegistry(typ, u string) bool {
	u = strings.TrimSuffix(strings.ToLower(u), "/")
	switch strings.ToLower(typ) {
	case "npm":
		return u == "https://registry.npmjs.org"
	case "pypi":
		return u == "https://pypi.org" || u == "https://pypi.org/simple"
	case "oci", "docker":
		return u == "https://docker.io" || u == "https://registry-1.docker.io" || u == "https://index.docker.io"
	case "nuget":
		return u == "https://api.nuget.org" || u == "https://api.nuget.org/v3/index.json"
	}
	return false
}

// component is the CycloneDX component of a target.
func component(t target, ref string, base []cdx.Property) cdx.Component {
	t = masked(t)
	c := cdx.Component{BOMRef: ref, Type: cdx.ComponentTypeApplication, Name: t.name, Version: t.version}
	if t.namespace != "" {
		c.Group = t.namespace
	}
	if c.Name == "" {
		c.Name = "(unnamed)"
	}
	if p := purl(t); p != "" {
		c.PackageURL = p
	}
	props := append([]cdx.Property(nil), base...)
	if t.runner != "" {
		props = appendProp(props, "runner", t.runner)
	}
	if t.hasPin {
		props = appendProp(props, "pinned", strconv.FormatBool(t.pinned))
		if !t.pinned && t.problem != "" {
			props = appendProp(props, "pin-problem", t.problem)
		}
		if t.requested != "" {
			props = appendProp(props, "requested-version", t.requested)
		}
	}
	if t.local {
		props = appendProp(props, "local", "true")
	}
	c.Properties = &props
	return c
}

// masked is t with every text from the file masked the way list masks it
// (secret.Text: detectors and the token rule), whatever path built it: a
// script name, a package name, a version, a tag. A detector-only mask
// (MaskArgs) leaves a random token that no provider prefix marks.
func masked(t target) target {
	t.namespace = secret.Text(t.namespace)
	t.name = secret.Text(t.name)
	t.version = secret.Text(t.version)
	t.requested = secret.Text(t.requested)
	if len(t.quals) > 0 {
		qs := make(packageurl.Qualifiers, len(t.quals))
		for i, q := range t.quals {
			qs[i] = packageurl.Qualifier{Key: q.Key, Value: secret.Text(q.Value)}
		}
		t.quals = qs
	}
	return t
}

// purl is the target's Package URL, or "" when it has none.
func purl(t target) string {
	if t.purlType == "" || t.name == "" {
		return ""
	}
	return packageurl.NewPackageURL(t.purlType, t.namespace, t.name, t.version, t.quals, "").ToString()
}

// service is the CycloneDX service of a remote endpoint.
func service(s *loader.Server, raw, ref string, base []cdx.Property) cdx.Service {
	name := secret.Text(s.Name)
	if name == "" {
		name = "(unnamed)"
	}
	v := cdx.Service{BOMRef: ref, Name: name}
	props := append([]cdx.Property(nil), base...)
	if e := Endpoint(raw); e != "" {
		if iriReference(e) {
			v.Endpoints = &[]string{e}
		} else {
			// A template ({subdomain}, ${URL:-default}) is no IRI
			// reference: it is kept as a property.
			props = appendProp(props, "endpoint-template", e)
		}
	}
	if authenticated(s, raw) {
		v.Authenticated = cdx.Bool(true)
	}
	v.Properties = &props
	return v
}

// iriReference is a conservative RFC 3987 IRI-reference test: it parses,
// and holds none of the characters an IRI may not (space, controls,
// backslash, braces, <>"|^`), so every validator the SBOM meets accepts it.
func iriReference(e string) bool {
	if strings.ContainsFunc(e, func(r rune) bool {
		return r <= ' ' || r == 0x7f || strings.ContainsRune("\\{}<>\"|^`", r) || (r >= 0x80 && r < 0xa0)
	}) {
		return false
	}
	u, err := url.Parse(e)
	if err != nil {
		return false
	}
	h := u.Hostname()
	return !strings.Contains(h, ":") || strings.Contains(u.Host, "[")
}

// authenticated is true when the definition sends a credential: an
// Authorization-like header, an OAuth block, user info or a credential
// query parameter in the address.
func authenticated(s *loader.Server, raw string) bool {
	if s.OAuth != nil && !s.OAuth.Disabled {
		return true
	}
	for _, h := range s.Headers {
		if secret.CredentialName(h.Key) || strings.EqualFold(h.Key, "authorization") {
			return true
		}
	}
	return Endpoint(raw) != secret.MaskValue("", raw)
}

// baseProperties are the properties every entry of s carries.
// capabilityProperties adds what the server's tools can do: one
// mcplint:capability property per class (none when nothing is known of
// it: mcplint:capability-source says unknown), and the record it was
// matched to.
func capabilityProperties(ps []cdx.Property, c facts.CapabilityFact) []cdx.Property {
	ps = appendProp(ps, "capability-source", c.Source)
	if c.Known != "" {
		ps = appendProp(ps, "known-server", c.Known)
	}
	for _, cl := range c.ClassList() {
		ps = appendProp(ps, "capability", cl)
	}
	return ps
}

func baseProperties(s *loader.Server) []cdx.Property {
	var ps []cdx.Property
	ps = appendProp(ps, "server", s.Name)
	ps = appendProp(ps, "client", s.Client)
	ps = appendProp(ps, "tier", string(s.Tier))
	ps = appendProp(ps, "transport", s.Transport)
	ps = appendProp(ps, "state", s.State())
	switch {
	case !s.Enabled:
		ps = appendProp(ps, "state-reason", s.DisabledBy)
	case s.Untrusted:
		ps = appendProp(ps, "state-reason", s.UntrustedBy)
	}
	if s.Doc != nil {
		ps = appendProp(ps, "source", source(s))
		if !isRegistry(s) {
			ps = appendProp(ps, "pointer", s.Pointer)
		}
		if s.Doc.Kind != loader.KindClientConfig {
			ps = appendProp(ps, "document-kind", string(s.Doc.Kind))
		}
	}
	if s.ShadowedBy != nil && s.ShadowedBy.Doc != nil {
		ps = appendProp(ps, "shadowed-by", source(s.ShadowedBy))
	}
	for _, e := range s.Env {
		ps = appendProp(ps, "env", e.Key)
	}
	for _, h := range s.Headers {
		ps = appendProp(ps, "header", h.Key)
	}
	return ps
}

// source is file:line:column of the definition's name.
func source(s *loader.Server) string {
	line, col := 1, 1
	if s.Doc.File != nil {
		p := s.Doc.File.Position(s.KeyStart)
		line, col = p.Line, p.Column
	}
	return fmt.Sprintf("%s:%d:%d", s.Doc.Path, line, col)
}

func bomRef(s *loader.Server) string {
	if s.Doc == nil {
		return secret.PointerIDs(s.Name)
	}
	return secret.PointerIDs(s.Doc.Path) + "#" + secret.PointerIDs(s.Pointer)
}

// appendProp adds an mcplint: property; the value is masked and empty
// values are left out.
func appendProp(ps []cdx.Property, name, value string) []cdx.Property {
	if value == "" {
		return ps
	}
	return append(ps, cdx.Property{Name: PropertyPrefix + name, Value: secret.Text(value)})
}

func setProp(ps *[]cdx.Property, name, value string) {
	for i := range *ps {
		if (*ps)[i].Name == PropertyPrefix+name {
			(*ps)[i].Value = secret.Text(value)
			return
		}
	}
	*ps = appendProp(*ps, name, value)
}

// splitScope splits "@scope/name" into "@scope" and "name".
func splitScope(p string) (string, string) {
	if strings.HasPrefix(p, "@") {
		if ns, name, ok := strings.Cut(p, "/"); ok {
			return ns, name
		}
	}
	return "", p
}

// pypiName is the normalised PyPI name (PEP 503), as the purl spec asks.
func pypiName(n string) string {
	n = strings.ToLower(n)
	var b strings.Builder
	dash := false
	for _, r := range n {
		if r == '-' || r == '_' || r == '.' {
			if !dash {
				b.WriteByte('-')
			}
			dash = true
			continue
		}
		dash = false
		b.WriteRune(r)
	}
	return b.String()
}

// addressName is a name for a package given by address (git URL, tarball,
// GitHub shorthand): its last path segment without .git, archive
// suffixes or a ref.
func addressName(a string) string {
	a = Endpoint(a)
	if i := strings.IndexAny(a, "#?"); i >= 0 {
		a = a[:i]
	}
	a = strings.TrimSuffix(strings.ReplaceAll(a, "\\", "/"), "/")
	if i := strings.LastIndexAny(a, "/:"); i >= 0 {
		a = a[i+1:]
	}
	for _, suf := range []string{".git", ".tgz", ".tar.gz", ".zip", ".whl", ".mcpb"} {
		a = strings.TrimSuffix(a, suf)
	}
	return a
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
