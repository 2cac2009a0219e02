package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/mcplint/mcplint/finding"
)

// DocsBase is where each rule's page lives: DocsBase + id + ".md".
const DocsBase = "https://github.com/mcplint/mcplint/blob/main/docs/rules/"

// Rule is one catalog entry, read from its package's METADATA.
type Rule struct {
	ID          string
	Category    string
	Name        string
	Title       string
	Description string
	Level       finding.Level
	// Source is the seed or client behaviour the rule encodes.
	Source  string
	Fixable bool
	HelpURL string
	Tags    []string
	// Precision is SARIF's precision (very-high, high, medium, low).
	Precision string
	// SecuritySeverity is GitHub's 0.0–10.0 score for security rules.
	SecuritySeverity string
	Custom           bool
	File             string
	// InGo marks rules whose check is done in Go (custom.implemented_in:
	// go); their package holds only METADATA.
	InGo bool
}

// buildCatalog reads every rule package's METADATA. A rule without a
// title, description or valid level is an error naming its file.
func buildCatalog(c *ast.Compiler) (map[string]*Rule, error) {
	out := map[string]*Rule{}
	var errs ast.Errors
	for _, ar := range c.GetAnnotationSet().Flatten() {
		a := ar.Annotations
		if a.Scope != "package" {
			continue
		}
		id, custom, ok := ruleID(ar.Path)
		if !ok {
			continue
		}
		r := &Rule{ID: id, Title: a.Title, Description: strings.TrimSpace(a.Description), Custom: custom, File: a.Location.File}
		r.Category, r.Name, _ = strings.Cut(id, "/")
		r.HelpURL = DocsBase + id + ".md"
		for _, rr := range a.RelatedResources {
			if rr.Ref.String() != "" {
				r.HelpURL = rr.Ref.String()
				break
			}
		}
		lvl, _ := a.Custom["level"].(string)
		l, err := finding.ParseLevel(lvl)
		if err != nil {
			errs = append(errs, ast.NewError(ast.CompileErr, a.Location, "rule %s: METADATA custom.level: %v", id, err))
		}
		r.Level = l
		r.Source, _ = a.Custom["source"].(string)
		r.Fixable, _ = a.Custom["fixable"].(bool)
		impl, _ := a.Custom["implemented_in"].(string)
		r.InGo = impl == "go"
		r.Precision, _ = a.Custom["precision"].(string)
		if r.Precision == "" {
			r.Precision = "high"
		}
		switch v := a.Custom["security_severity"].(type) {
		case string:
			r.SecuritySeverity = v
		case float64:
			r.SecuritySeverity = fmt.Sprintf("%.1f", v)
		case int:
			r.SecuritySeverity = fmt.Sprintf("%d.0", v)
		}
		if tags, ok := a.Custom["tags"].([]any); ok {
			for _, t := range tags {
				if s, ok := t.(string); ok {
					r.Tags = append(r.Tags, s)
				}
			}
		}
		sort.Strings(r.Tags)
		if r.Title == "" || r.Description == "" {
			errs = append(errs, ast.NewError(ast.CompileErr, a.Location, "rule %s: METADATA needs a title and a description", id))
		}
		out[id] = r
	}
	if len(errs) > 0 {
		// A PolicyError: the user's policy is wrong (exit 2), with its
		// file:line.
		sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
		return nil, &PolicyError{errs}
	}
	return out, nil
}

// ruleID turns data.mcplint.rules.<category>.<name> (or
// data.mcplint.custom…) into "category/name".
func ruleID(path ast.Ref) (string, bool, bool) {
	if len(path) != 5 {
		return "", false, false
	}
	parts := make([]string, len(path))
	for i, t := range path {
		switch v := t.Value.(type) {
		case ast.String:
			parts[i] = string(v)
		case ast.Var:
			parts[i] = string(v)
		default:
			return "", false, false
		}
	}
	if parts[0] != "data" || parts[1] != "mcplint" || (parts[2] != "rules" && parts[2] != "custom") {
		return "", false, false
	}
	return parts[3] + "/" + parts[4], parts[2] == "custom", true
}
