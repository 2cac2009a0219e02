package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// SecretLikeName says which name of s that an export would write is
// secret-like (secret.SecretLike): the server's own, an env or header
// key; "" when none is. An entry is published for others to read: such a
// name would publish the secret (as the entry's name, a placeholder or
// its upper-case variable).
func SecretLikeName(s *loader.Server) string {
	if secret.SecretLike(s.Name) {
		return "its name"
	}
	for _, p := range s.Env {
		if secret.SecretLike(p.Key) {
			return "the env name " + secret.Display(p.Key)
		}
	}
	for _, p := range s.Headers {
		if secret.SecretLike(p.Key) {
			return "the header name " + secret.Display(p.Key)
		}
	}
	return ""
}

// RunnerOf is the runner fact of s (nil when it starts no package).
func RunnerOf(s *loader.Server) *facts.RunnerFact {
	one := &loader.Workspace{Documents: []*loader.Document{s.Doc}, Servers: []*loader.Server{s}}
	in := facts.Build(one, facts.ConfigFact{})
	if len(in.Servers) == 0 {
		return nil
	}
	return in.Servers[0].Runner
}

// File is v as an indented JSON file: a team catalogue of entries, or a
// server.json.
func File(v any) ([]byte, error) {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// Rejected is an entry that was made but would not be taken: Paseo's
// catalogue rules refuse it, or a server.json does not match its schema
// (Ours: that is mcplint's fault).
type Rejected struct {
	Why      string
	Problems []string
	Ours     bool
}

func (e *Rejected) Error() string { return e.Why + ": " + strings.Join(e.Problems, "; ") }

// Document is s as a file of the format "paseo" (a team catalogue of one
// entry, which must pass check, the catalogue rules Paseo applies) or
// "registry" (a server.json published under namespace, which must match
// the schema). An *Error says s cannot be exported, a *Rejected that
// what was made would not be taken.
func Document(s *loader.Server, format, namespace string, check func([]byte) ([]string, error)) ([]byte, error) {
	if format == "registry" {
		doc, err := Registry(s, RunnerOf(s), namespace)
		if err != nil {
			return nil, err
		}
		vs, err := Validate(doc)
		if err != nil {
			return nil, err
		}
		if len(vs) > 0 {
			r := &Rejected{Why: "the server.json does not match the " + RegistryVersion + " schema", Ours: true}
			for _, v := range vs {
				r.Problems = append(r.Problems, v.Pointer+": "+v.Message)
			}
			return nil, r
		}
		return File(doc)
	}
	e, err := Paseo(s, RunnerOf(s))
	if err != nil {
		return nil, err
	}
	out, err := File([]*Entry{e})
	if err != nil {
		return nil, err
	}
	msgs, err := check(out)
	if err != nil {
		return nil, err
	}
	if len(msgs) > 0 {
		return nil, &Rejected{Why: "Paseo would refuse the entry", Problems: msgs}
	}
	return out, nil
}

// Explain says in lines why name was not exported (Document's error),
// and whether the reason is the server's (false: mcplint's own fault).
func Explain(name string, err error) ([]string, bool) {
	var ee *Error
	var re *Rejected
	switch {
	case errors.As(err, &ee):
		return []string{fmt.Sprintf("%q is not exported: %s", name, ee.Msg)}, true
	case errors.As(err, &re):
		lines := []string{fmt.Sprintf("%q: %s:", name, re.Why)}
		for _, p := range re.Problems {
			lines = append(lines, "  "+p)
		}
		return lines, !re.Ours
	}
	return []string{err.Error()}, false
}
