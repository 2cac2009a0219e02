// Package report renders findings and the server list: text with source
// excerpts, JSON, and (later) SARIF, GitHub annotations and diffs. Every
// renderer takes already-masked findings and masks source text it quotes.
package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/secret"
)

// Summary counts what a check run saw.
type Summary struct {
	Files    int `json:"files"`
	Servers  int `json:"servers"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	// Baselined counts findings left out because the baseline has them.
	Baselined int `json:"baselined"`
	// Configuration is what the project's own settings file changed; it
	// is written beside the summary, not in it.
	Configuration *Configuration `json:"-"`
}

// Summarise counts findings by level.
func Summarise(fs []finding.Finding, files, servers int) Summary {
	s := Summary{Files: files, Servers: servers}
	for _, f := range fs {
		switch f.Level {
		case finding.Error:
			s.Errors++
		case finding.Warning:
			s.Warnings++
		case finding.Info:
			s.Infos++
		}
	}
	return s
}

type jsonFinding struct {
	Rule        string        `json:"rule"`
	Level       string        `json:"level"`
	Message     string        `json:"message"`
	File        string        `json:"file"`
	Line        int           `json:"line"`
	Column      int           `json:"column"`
	EndLine     int           `json:"endLine"`
	EndColumn   int           `json:"endColumn"`
	Pointer     string        `json:"pointer"`
	Server      string        `json:"server"`
	Client      string        `json:"client"`
	Tier        string        `json:"tier"`
	Fingerprint string        `json:"fingerprint,omitempty"`
	Related     []jsonRelated `json:"related,omitempty"`
	Fix         *jsonFix      `json:"fix,omitempty"`
}

type jsonRelated struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Pointer   string `json:"pointer,omitempty"`
	Message   string `json:"message,omitempty"`
}

type jsonFix struct {
	Title string     `json:"title"`
	Note  string     `json:"note,omitempty"`
	Edits []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	File        string `json:"file"`
	Line        int    `json:"line"`
	Column      int    `json:"column"`
	EndLine     int    `json:"endLine"`
	EndColumn   int    `json:"endColumn"`
	StartOffset int    `json:"startOffset"`
	EndOffset   int    `json:"endOffset"`
	NewText     string `json:"newText"`
}

// JSON writes the findings document: {"findings": […], "summary": {…}}.
// Columns are 1-based and count Unicode code points.
func JSON(w io.Writer, fs []finding.Finding, sum Summary) error {
	return JSONVersion(w, "", fs, sum)
}

// JSONVersion is JSON with the version of mcplint that wrote it as the
// document's "version" field. The document is written one finding at a
// time, byte for byte as encoding/json would indent the whole of it, so a
// check with 100,000 findings does not hold its report in memory too.
func JSONVersion(w io.Writer, version string, fs []finding.Finding, sum Summary) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	// value writes v indented as a member at depth 1 (prefix "  ") or an
	// element at depth 2 (prefix "    "), without the encoder's newline.
	value := func(prefix string, v any) error {
		buf.Reset()
		enc.SetIndent(prefix, "  ")
		if err := enc.Encode(v); err != nil {
			return err
		}
		bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		return nil
	}
	bw.WriteString("{\n")
	if version != "" {
		bw.WriteString(`  "version": `)
		if err := value("  ", version); err != nil {
			return err
		}
		bw.WriteString(",\n")
	}
	if len(fs) == 0 {
		bw.WriteString(`  "findings": [],` + "\n")
	} else {
		bw.WriteString(`  "findings": [` + "\n")
		jw := &indentWriter{w: bw, depth: 2}
		for i, f := range fs {
			bw.WriteString("    ")
			jw.finding(&jsonFinding{
				Rule: f.Rule, Level: f.Level.String(), Message: f.Message, File: f.File,
				Line: f.Range.Start.Line, Column: f.Range.Start.Column,
				EndLine: f.Range.End.Line, EndColumn: f.Range.End.Column,
				Pointer: f.Pointer, Server: f.Server, Client: f.Client, Tier: f.Tier,
				Fingerprint: f.Fingerprint, Related: related(f.Related), Fix: fixJSON(f.Fix),
			})
			if i < len(fs)-1 {
				bw.WriteString(",\n")
			} else {
				bw.WriteString("\n")
			}
		}
		bw.WriteString("  ],\n")
	}
	if c := sum.Configuration; c != nil && len(c.Overrides) > 0 {
		bw.WriteString(`  "configuration": `)
		if err := value("  ", c.masked()); err != nil {
			return err
		}
		bw.WriteString(",\n")
	}
	bw.WriteString(`  "summary": `)
	if err := value("  ", sum); err != nil {
		return err
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func related(ls []finding.Location) []jsonRelated {
	var out []jsonRelated
	for _, l := range ls {
		out = append(out, jsonRelated{File: l.File, Line: l.Range.Start.Line, Column: l.Range.Start.Column,
			EndLine: l.Range.End.Line, EndColumn: l.Range.End.Column, Pointer: l.Pointer, Message: l.Message})
	}
	return out
}

func fixJSON(f *finding.Fix) *jsonFix {
	if f == nil {
		return nil
	}
	out := &jsonFix{Title: f.Title, Note: f.Note, Edits: []jsonEdit{}}
	for _, e := range f.Edits {
		out.Edits = append(out.Edits, jsonEdit{File: e.File, Line: e.Range.Start.Line, Column: e.Range.Start.Column,
			EndLine: e.Range.End.Line, EndColumn: e.Range.End.Column, StartOffset: e.Range.Start.Offset,
			EndOffset: e.Range.End.Offset, NewText: secret.Text(e.NewText)})
	}
	return out
}
