package export

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/schema"
)

// MarshalJSON writes the pairs as one object, in order.
func (p Pairs) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range p {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv.Key)
		v, _ := json.Marshal(kv.Value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Variable is a registry Input: a value the user fills in.
type Variable struct {
	Description string `json:"description"`
	IsRequired  bool   `json:"isRequired"`
	IsSecret    bool   `json:"isSecret"`
}

// KeyValue is a registry header or environment variable.
type KeyValue struct {
	Name        string              `json:"name"`
	Description string              `json:"description,omitempty"`
	Value       string              `json:"value,omitempty"`
	IsRequired  bool                `json:"isRequired"`
	IsSecret    bool                `json:"isSecret"`
	Variables   map[string]Variable `json:"variables,omitempty"`
}

// Argument is a registry named or positional argument.
type Argument struct {
	Type      string              `json:"type"`
	Name      string              `json:"name,omitempty"`
	Value     string              `json:"value,omitempty"`
	ValueHint string              `json:"valueHint,omitempty"`
	IsSecret  bool                `json:"isSecret,omitempty"`
	Variables map[string]Variable `json:"variables,omitempty"`
}

// Transport is a registry package's or remote's transport.
type Transport struct {
	Type string `json:"type"`
}

// Package is a registry package.
type Package struct {
	RegistryType         string     `json:"registryType"`
	Identifier           string     `json:"identifier"`
	Version              string     `json:"version,omitempty"`
	Transport            Transport  `json:"transport"`
	RuntimeHint          string     `json:"runtimeHint,omitempty"`
	RuntimeArguments     []Argument `json:"runtimeArguments,omitempty"`
	PackageArguments     []Argument `json:"packageArguments,omitempty"`
	EnvironmentVariables []KeyValue `json:"environmentVariables,omitempty"`
}

// Remote is a registry remote.
type Remote struct {
	Type      string              `json:"type"`
	URL       string              `json:"url"`
	Headers   []KeyValue          `json:"headers,omitempty"`
	Variables map[string]Variable `json:"variables,omitempty"`
}

// Server is a server.json document.
type Server struct {
	Schema      string    `json:"$schema"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Version     string    `json:"version"`
	Packages    []Package `json:"packages,omitempty"`
	Remotes     []Remote  `json:"remotes,omitempty"`
}

// RegistryVersion is the server.json schema the registry form is written
// in.
const RegistryVersion = "2025-12-11"

var namespacePattern = regexp.MustCompile(`^[a-zA-Z0-9.-]+$`)

// Registry turns s into a server.json: a remote with its headers declared
// as inputs, or a package (npm, PyPI, OCI) with its arguments and
// environment variables declared as inputs. namespace is the reverse-DNS
// name the server is published under; "" takes it from a remote's host.
func Registry(s *loader.Server, runner *facts.RunnerFact, namespace string) (*Server, error) {
	// The Paseo templating decides what stays; the registry form writes
	// the same words in server.json's shape.
	e, err := Paseo(s, runner)
	if err != nil {
		return nil, err
	}
	vars := map[string]Variable{}
	for _, in := range e.Inputs {
		vars[in.ID] = Variable{Description: in.Label, IsRequired: true, IsSecret: in.Secret}
	}
	pick := func(text string) map[string]Variable {
		out := map[string]Variable{}
		for _, m := range placeholderRE.FindAllStringSubmatch(text, -1) {
			if v, ok := vars[m[1]]; ok {
				out[m[1]] = v
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	doc := &Server{Schema: schema.ServerSchemaURL(RegistryVersion), Description: e.Description, Version: "1.0.0"}
	if e.Transport == "http" {
		if namespace == "" {
			namespace = reverseHost(s.URL)
		}
		typ := "streamable-http"
		if s.Transport == "sse" {
			typ = "sse"
		}
		r := Remote{Type: typ, URL: e.URL, Variables: pick(e.URL)}
		for _, h := range e.Headers {
			kv := KeyValue{Name: h.Key, Value: h.Value, IsRequired: true, Variables: pick(h.Value)}
			for _, v := range kv.Variables {
				kv.IsSecret = kv.IsSecret || v.IsSecret
			}
			r.Headers = append(r.Headers, kv)
		}
		doc.Remotes = []Remote{r}
	} else {
		if runner == nil || runner.Package == "" {
			return nil, refuse("it does not start a package from npm, PyPI or an image, so the registry cannot describe how to run it")
		}
		p := Package{Identifier: runner.Package, Transport: Transport{Type: "stdio"}}
		switch runner.Ecosystem {
		case "npm":
			p.RegistryType, p.RuntimeHint = "npm", "npx"
		case "pypi":
			p.RegistryType, p.RuntimeHint = "pypi", "uvx"
		case "oci":
			p.RegistryType, p.RuntimeHint = "oci", "docker"
		default:
			return nil, refuse("its package is not from npm, PyPI or an image")
		}
		p.Version = strings.TrimPrefix(strings.TrimPrefix(runner.Version, "=="), "=")
		if p.RegistryType == "oci" {
			// server.json names an image with its tag in the identifier.
			p.Identifier = runner.Spec
			p.Version = ""
		} else if p.Version != "" {
			doc.Version = p.Version
		}
		keep := runnerWords(runner.Runner)
		pkgAt := -1
		for i, a := range e.Args {
			if a == runner.Spec {
				pkgAt = i
				break
			}
		}
		if pkgAt < 0 {
			return nil, refuse("its package could not be told apart from its arguments")
		}
		p.RuntimeArguments = arguments(e.Args[keep:pkgAt], pick, true)
		p.PackageArguments = arguments(e.Args[pkgAt+1:], pick, false)
		for _, kv := range e.Env {
			v := pick(kv.Value)
			in := KeyValue{Name: kv.Key, Description: kv.Key, IsRequired: true}
			for id, vv := range v {
				// The value is the whole placeholder: the variable is the
				// environment variable itself.
				if kv.Value == "{"+id+"}" {
					in.IsSecret = vv.IsSecret
				}
			}
			p.EnvironmentVariables = append(p.EnvironmentVariables, in)
		}
		doc.Packages = []Package{p}
	}
	if namespace == "" || !namespacePattern.MatchString(namespace) {
		return nil, refuse("name the reverse-DNS namespace it is published under with --namespace (for example io.github.your-account)")
	}
	doc.Name = namespace + "/" + e.ID
	return doc, nil
}

var placeholderRE = regexp.MustCompile(`\{([A-Za-z0-9_]+)\}`)

// arguments writes templated words as registry arguments. Runner flags a
// registry client adds itself (npx -y) are left out.
func arguments(words []string, pick func(string) map[string]Variable, runtime bool) []Argument {
	var out []Argument
	for i := 0; i < len(words); i++ {
		w := words[i]
		if runtime && (w == "-y" || w == "--yes") {
			continue
		}
		if strings.HasPrefix(w, "-") && len(w) > 1 && w != "--" {
			name, val, has := strings.Cut(w, "=")
			a := Argument{Type: "named", Name: name}
			if !has && i+1 < len(words) && placeholderRE.MatchString(words[i+1]) && !strings.HasPrefix(words[i+1], "-") {
				val, has = words[i+1], true
				i++
			}
			if has {
				a.Value, a.Variables = val, pick(val)
				for _, v := range a.Variables {
					a.IsSecret = a.IsSecret || v.IsSecret
				}
			}
			out = append(out, a)
			continue
		}
		a := Argument{Type: "positional", Value: w, Variables: pick(w)}
		for _, v := range a.Variables {
			a.IsSecret = a.IsSecret || v.IsSecret
		}
		if a.Variables != nil {
			a.ValueHint = strings.ToLower(strings.Trim(w, "{}"))
		}
		out = append(out, a)
	}
	return out
}

// reverseHost names a namespace after a remote's domain: mcp.acme.com →
// com.acme.
func reverseHost(raw string) string {
	host := raw
	if i := strings.Index(host, "://"); i >= 0 {
		host = host[i+3:]
	}
	host, _, _ = strings.Cut(host, "/")
	host, _, _ = strings.Cut(host, "?")
	host, _, _ = strings.Cut(host, ":")
	labels := strings.Split(strings.ToLower(host), ".")
	if len(labels) < 2 {
		return ""
	}
	return labels[len(labels)-1] + "." + labels[len(labels)-2]
}

// Validate checks a registry form against the embedded server.json schema.
func Validate(doc *Server) ([]schema.Violation, error) {
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return schema.ValidateServer(RegistryVersion, v)
}
