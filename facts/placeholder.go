package facts

import (
	"strings"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// templateShapes are the shapes of a template's placeholder, left in a
// server's command or a path it is given: a reader was meant to replace
// them with a path of their own. Only a value without spaces is matched
// by the path shapes; a sentence ("absolute path to python") by the words.
var templateShapes = []struct {
	re   *lazyRegexp
	what string
	word bool // also in a value with spaces
}{
	{lazyRE(`(?i)(^|[\\/])path[\\/]to([\\/]|$)`), `a "path/to" placeholder`, false},
	{lazyRE(`(?i)absolute[ _/-]path`), `an "absolute path" placeholder`, true},
	{lazyRE(`(?i)\bpath to (your|the)\b`), `a "path to your …" placeholder`, true},
	{lazyRE(`(^|[\\/=])<[^<>\s\\/][^<>\\/]*>([\\/.]|$)`), "a <placeholder>", false},
}

// templateWhy says which placeholder shape v has ("" when none).
func templateWhy(v string) string {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > 4096 || !strings.ContainsAny(v, `/\<`) && !strings.Contains(strings.ToLower(v), "path") {
		return ""
	}
	spaced := strings.ContainsAny(v, " \t")
	for _, t := range templateShapes {
		if (t.word || !spaced) && t.re.MatchString(v) {
			return t.what
		}
	}
	return ""
}

// TemplateFact is a value of a server entry that is still a template's
// placeholder: Where is "command", "arg" or "cwd".
type TemplateFact struct {
	Value   string `json:"value"`
	Pointer string `json:"pointer"`
	Where   string `json:"where"`
	Why     string `json:"why"`
}

// templatePlaceholders lists the command, arguments and cwd of a local
// server that are still a template's placeholder. A library entry (a
// registry document, a catalogue) is a template on purpose: left out.
func templatePlaceholders(s *loader.Server, sf *ServerFact) []TemplateFact {
	out := []TemplateFact{}
	if s.Tier == loader.TierLibrary || s.Doc != nil && documentationFile(s.Doc.Path) {
		return out
	}
	if sf.Command != nil {
		if why := templateWhy(s.Command); why != "" {
			out = append(out, TemplateFact{Value: sf.Command.Value, Pointer: sf.Command.Pointer, Where: "command", Why: why})
		}
	}
	for _, a := range sf.Args {
		v, ok := argValue(a.Value)
		if !ok {
			continue
		}
		if why := templateWhy(v); why != "" {
			out = append(out, TemplateFact{Value: a.Value, Pointer: a.Pointer, Where: "arg", Why: why})
		}
	}
	if why := templateWhy(s.Cwd); why != "" {
		out = append(out, TemplateFact{Value: secret.MaskValue("cwd", s.Cwd), Pointer: s.Pointer + "/cwd", Where: "cwd", Why: why})
	}
	return out
}

// documentationFile: a config kept to show readers the shape (under an
// examples or docs folder, or named as an example or template), where a
// placeholder is for the reader to fill in.
func documentationFile(path string) bool {
	for _, part := range strings.FieldsFunc(strings.ToLower(path), func(r rune) bool { return r == '/' || r == '\\' }) {
		switch part {
		case "example", "examples", "docs", "doc", "sample", "samples", "template", "templates":
			return true
		}
		if strings.Contains(part, ".example") || strings.Contains(part, "example.") || strings.Contains(part, ".sample") || strings.Contains(part, ".template") {
			return true
		}
	}
	return false
}
