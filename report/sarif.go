package report

import (
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/secret"
)

// RuleMeta is what reporters need to know about a rule.
type RuleMeta struct {
	ID               string
	Title            string
	Description      string
	Level            finding.Level
	HelpURL          string
	Markdown         string
	Tags             []string
	Precision        string
	SecuritySeverity string
}

// Tool names the program in SARIF output.
type Tool struct {
	Name           string
	Version        string
	InformationURI string
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	Invocations        []sarifInvocation           `json:"invocations,omitempty"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult               `json:"results"`
	ColumnKind         string                      `json:"columnKind"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                  `json:"executionSuccessful"`
	RuleConfigurationOverrides []sarifConfigOverride `json:"ruleConfigurationOverrides,omitempty"`
	ToolExecutionNotifications []sarifNotification   `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifText      `json:"help"`
	HelpURI              string         `json:"helpUri,omitempty"`
	DefaultConfiguration sarifRuleConf  `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties"`
}

type sarifRuleConf struct {
	Level string `json:"level"`
}

type sarifArtifactLoc struct {
	URI         string     `json:"uri,omitempty"`
	URIBaseID   string     `json:"uriBaseId,omitempty"`
	Description *sarifText `json:"description,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           sarifRegion      `json:"region"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent *sarifText  `json:"insertedContent,omitempty"`
}

type sarifChange struct {
	ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifFix struct {
	Description     sarifText     `json:"description"`
	ArtifactChanges []sarifChange `json:"artifactChanges"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

func sarifLevel(l finding.Level) string {
	switch l {
	case finding.Error:
		return "error"
	case finding.Warning:
		return "warning"
	}
	return "note"
}

// ruleName is the rule id in PascalCase, SARIF's "name" convention.
func ruleName(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '/' || r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// MaxSARIFResults is how many results GitHub code scanning accepts in one
// run; an upload with more is rejected whole.
const MaxSARIFResults = 25000

// SARIFOptions say where results are placed and how many are kept.
type SARIFOptions struct {
	// WorkDir is the absolute folder that relative finding paths are
	// relative to (the process's working folder).
	WorkDir string
	// Root is the absolute repository root: URIs of files under it are
	// relative to it (base %SRCROOT%), which is how code scanning finds
	// them whatever folder mcplint ran in. Files outside it get absolute
	// file: URIs. Empty: WorkDir.
	Root string
	// MaxResults caps the results (0: MaxSARIFResults). The lowest levels
	// are left out first and a notification says how many.
	MaxResults int
	// Configuration is what the project's settings file changed (nil:
	// nothing), stated in the invocation.
	Configuration *Configuration
}

// sarifURI is a path relative to the repository root when the file is
// under it, else an absolute file: URI.
func (o SARIFOptions) sarifURI(p string) sarifArtifactLoc {
	native := filepath.FromSlash(p)
	if !filepath.IsAbs(native) && !strings.HasPrefix(p, "/") && o.WorkDir != "" {
		native = filepath.Join(o.WorkDir, native)
	}
	if filepath.IsAbs(native) || strings.HasPrefix(p, "/") {
		if o.Root != "" {
			if rel, err := filepath.Rel(o.Root, native); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
				return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: "%SRCROOT%"}
			}
		}
		return sarifArtifactLoc{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(native)}).String()}
	}
	return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(p)}).String(), URIBaseID: "%SRCROOT%"}
}

// capResults keeps at most max findings, dropping the lowest levels first
// (within a level, the last ones), in their original order. It returns
// the findings kept.
func capResults(fs []finding.Finding, max int) []finding.Finding {
	if len(fs) <= max {
		return fs
	}
	byLevel := map[finding.Level]int{}
	for _, f := range fs {
		byLevel[f.Level]++
	}
	levels := make([]finding.Level, 0, len(byLevel))
	for l := range byLevel {
		levels = append(levels, l)
	}
	sort.Slice(levels, func(i, j int) bool { return levels[i] > levels[j] })
	room := map[finding.Level]int{}
	left := max
	for _, l := range levels {
		room[l] = min(byLevel[l], left)
		left -= room[l]
	}
	kept := make([]finding.Finding, 0, max)
	for _, f := range fs {
		if room[f.Level] > 0 {
			room[f.Level]--
			kept = append(kept, f)
		}
	}
	return kept
}

func sarifRegionOf(r finding.Range) sarifRegion {
	reg := sarifRegion{StartLine: max(r.Start.Line, 1), StartColumn: max(r.Start.UTF16Column, 1), EndLine: max(r.End.Line, 1), EndColumn: max(r.End.UTF16Column, 1)}
	if reg.EndLine < reg.StartLine || (reg.EndLine == reg.StartLine && reg.EndColumn < reg.StartColumn) {
		reg.EndLine, reg.EndColumn = reg.StartLine, reg.StartColumn
	}
	return reg
}

// SARIF writes a SARIF 2.1.0 log with one run: the tool with every rule
// that can fire, and one result per finding with UTF-16 regions, the
// structural fingerprint and the fix edits (which never hold a secret).
// root is the absolute folder relative paths are based on, taken as the
// repository root too.
func SARIF(w io.Writer, tool Tool, rules []RuleMeta, fs []finding.Finding, root string) error {
	return WriteSARIF(w, tool, rules, fs, SARIFOptions{WorkDir: root, Root: root})
}

// SARIFFailure writes a SARIF log for a run that could not check anything
// (a bad path, flag or configuration): a valid document with no results,
// an unsuccessful invocation and the error as a notification, so a code
// scanning upload shows the real problem.
func SARIFFailure(w io.Writer, tool Tool, msg string) error {
	run := sarifRun{
		Tool:    sarifTool{Driver: sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.InformationURI, Rules: []sarifRule{}}},
		Results: []sarifResult{}, ColumnKind: "utf16CodeUnits",
		Invocations: []sarifInvocation{{ExecutionSuccessful: false, ToolExecutionNotifications: []sarifNotification{{Level: "error", Message: sarifText{Text: msg}}}}},
	}
	return writeJSON(w, sarifLog{Schema: sarifSchemaURI, Version: "2.1.0", Runs: []sarifRun{run}})
}

const sarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// WriteSARIF is SARIF with the placement and cap of opts.
func WriteSARIF(w io.Writer, tool Tool, rules []RuleMeta, fs []finding.Finding, opts SARIFOptions) error {
	if opts.Root == "" {
		opts.Root = opts.WorkDir
	}
	max := opts.MaxResults
	if max <= 0 {
		max = MaxSARIFResults
	}
	// Only the rules a result names are described: the catalogue's help
	// for every rule was most of a small report's bytes.
	fired := map[string]bool{}
	for _, f := range fs {
		fired[f.Rule] = true
	}
	var sorted []RuleMeta
	for _, r := range rules {
		if fired[r.ID] {
			sorted = append(sorted, r)
		}
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	index := map[string]int{}
	driver := sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.InformationURI, Rules: []sarifRule{}}
	for i, r := range sorted {
		index[r.ID] = i
		props := map[string]any{"tags": append([]string{}, r.Tags...), "precision": orDefault(r.Precision, "high")}
		if r.SecuritySeverity != "" {
			props["security-severity"] = r.SecuritySeverity
		}
		md := r.Markdown
		if md == "" {
			md = "**" + r.Title + "**\n\n" + r.Description
		}
		driver.Rules = append(driver.Rules, sarifRule{
			ID: r.ID, Name: ruleName(r.ID),
			ShortDescription:     sarifText{Text: r.Title},
			FullDescription:      sarifText{Text: r.Description},
			Help:                 sarifText{Text: r.Description + "\n\nDocs: " + r.HelpURL, Markdown: md},
			HelpURI:              r.HelpURL,
			DefaultConfiguration: sarifRuleConf{Level: sarifLevel(r.Level)},
			Properties:           props,
		})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, Results: []sarifResult{}, ColumnKind: "utf16CodeUnits"}
	// The base is named, never given: a local absolute path has no place
	// in a file that is uploaded.
	run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{"%SRCROOT%": {Description: &sarifText{Text: "The repository root: the folder holding .git, or --root."}}}
	inv := sarifInvocation{ExecutionSuccessful: true}
	known := fs[:0:0]
	for _, f := range fs {
		if _, ok := index[f.Rule]; ok {
			known = append(known, f)
		}
	}
	if kept := capResults(known, max); len(kept) < len(known) {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "warning", Message: sarifText{
			Text: fmt.Sprintf("%d results were found; %d of the lowest level were left out, as GitHub code scanning accepts at most %d results per run. Run mcplint check --format json for all of them.", len(known), len(known)-len(kept), max)}})
		fs = kept
	} else {
		fs = known
	}
	if c := opts.Configuration; c != nil && len(c.Overrides) > 0 {
		var notes []sarifNotification
		inv.RuleConfigurationOverrides, notes = c.masked().sarifOverrides()
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, notes...)
	}
	run.Invocations = []sarifInvocation{inv}
	for _, f := range fs {
		idx, ok := index[f.Rule]
		if !ok {
			continue
		}
		res := sarifResult{
			RuleID: f.Rule, RuleIndex: idx, Level: sarifLevel(f.Level),
			Message:   sarifText{Text: f.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: opts.sarifURI(f.File), Region: sarifRegionOf(f.Range)}}},
		}
		if f.Fingerprint != "" {
			res.PartialFingerprints = map[string]string{"mcplintFingerprint/v1": f.Fingerprint}
		}
		for _, rel := range f.Related {
			msg := &sarifText{Text: rel.Message}
			if rel.Message == "" {
				msg = nil
			}
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				PhysicalLocation: sarifPhysical{ArtifactLocation: opts.sarifURI(rel.File), Region: sarifRegionOf(rel.Range)}, Message: msg})
		}
		if f.Fix != nil && len(f.Fix.Edits) > 0 {
			fix := sarifFix{Description: sarifText{Text: f.Fix.Title}}
			byFile := map[string]int{}
			for _, e := range f.Fix.Edits {
				i, ok := byFile[e.File]
				if !ok {
					i = len(fix.ArtifactChanges)
					byFile[e.File] = i
					fix.ArtifactChanges = append(fix.ArtifactChanges, sarifChange{ArtifactLocation: opts.sarifURI(e.File)})
				}
				rep := sarifReplacement{DeletedRegion: sarifRegionOf(e.Range)}
				if e.NewText != "" {
					rep.InsertedContent = &sarifText{Text: secret.Text(e.NewText)}
				}
				fix.ArtifactChanges[i].Replacements = append(fix.ArtifactChanges[i].Replacements, rep)
			}
			res.Fixes = []sarifFix{fix}
		}
		run.Results = append(run.Results, res)
	}
	return writeJSON(w, sarifLog{Schema: sarifSchemaURI, Version: "2.1.0", Runs: []sarifRun{run}})
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
