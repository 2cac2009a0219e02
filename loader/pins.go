package loader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

// Pins record what a project approved of its servers' tools: a SHA-256 of
// each tool's canonical definition (and of each part of it, so a change
// can be told), and of the server's instructions. mcplint probe writes
// them to .mcplint/pins.json next to the tool snapshots; check compares
// the snapshots against them without starting anything.
//
//	{"version": 1, "servers": {"NAME": {"instructions": "sha256:…",
//	  "tools": {"TOOL": {"sha256": "…", "parts": {"description": "…", …}}}}}}

// PinsFile is where a project keeps its pins.
const PinsFile = ".mcplint/pins.json"

// KindToolPins is a pins document.
const KindToolPins Kind = "tool-pins"

// Pins is a pins file.
type Pins struct {
	Version int                   `json:"version"`
	Servers map[string]*ServerPin `json:"servers"`
}

// ServerPin is one server's pins.
type ServerPin struct {
	// Instructions is the digest of the server's instructions ("" when it
	// gave none).
	Instructions string              `json:"instructions,omitempty"`
	Tools        map[string]*ToolPin `json:"tools"`
}

// ToolPin is one tool's pin.
type ToolPin struct {
	SHA256 string            `json:"sha256"`
	Parts  map[string]string `json:"parts,omitempty"`
}

// definitionFields are the members of a tool object that make its
// definition: what a model is shown and what a client decides approval
// on. _meta and icons are left out (they may change on every run without
// changing what the tool does).
var definitionFields = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}

// Digest is "sha256:" and the hex SHA-256 of b.
func Digest(b []byte) string {
	s := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(s[:])
}

// TextDigest is the digest of a string (instructions).
func TextDigest(s string) string {
	if s == "" {
		return ""
	}
	return Digest([]byte(s))
}

// PinTool computes the pin of a tool from its JSON object as recorded in a
// snapshot. The canonical form is the definition members re-encoded with
// sorted keys, numbers as written and no HTML escaping, so the same
// definition gives the same digest however it was indented.
func PinTool(raw []byte) (*ToolPin, error) {
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("tool definition: %w", err)
	}
	def := map[string]any{}
	pin := &ToolPin{Parts: map[string]string{}}
	for _, k := range definitionFields {
		v, ok := obj[k]
		if !ok {
			continue
		}
		def[k] = v
		if k == "name" {
			continue
		}
		pin.Parts[k] = Digest(canonical(v))
		if k == "inputSchema" {
			if m, ok := v.(map[string]any); ok {
				if props, ok := m["properties"].(map[string]any); ok {
					for p, pv := range props {
						pin.Parts["inputSchema.properties."+p] = Digest(canonical(pv))
					}
				}
				if req, ok := m["required"]; ok {
					pin.Parts["inputSchema.required"] = Digest(canonical(req))
				}
			}
		}
	}
	pin.SHA256 = Digest(canonical(def))
	return pin, nil
}

// PinToolCopies pins a tool a server lists more than once under one name
// (raws in list order): one copy alone is PinTool's pin, so pins made
// before stay valid; with more, the digest covers every copy and the part
// "copies" names them. Clients keep one of the copies (often the last),
// so a pin of the first alone would let another copy change unseen.
func PinToolCopies(raws [][]byte) (*ToolPin, error) {
	pin, err := PinTool(raws[0])
	if err != nil || len(raws) == 1 {
		return pin, err
	}
	all := pin.SHA256
	for _, r := range raws[1:] {
		p, err := PinTool(r)
		if err != nil {
			return nil, err
		}
		all += "\n" + p.SHA256
	}
	if pin.Parts == nil {
		pin.Parts = map[string]string{}
	}
	pin.Parts["copies"] = Digest([]byte(all))
	pin.SHA256 = Digest([]byte(pin.SHA256 + "\n" + pin.Parts["copies"]))
	return pin, nil
}

func canonical(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // maps encode with sorted keys
	return bytes.TrimRight(b.Bytes(), "\n")
}

// ParsePins reads a pins file.
func ParsePins(b []byte) (*Pins, error) {
	var p Pins
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, err
	}
	if p.Servers == nil {
		p.Servers = map[string]*ServerPin{}
	}
	for _, s := range p.Servers {
		if s != nil && s.Tools == nil {
			s.Tools = map[string]*ToolPin{}
		}
	}
	return &p, nil
}

// Encode writes the pins file: indented, keys sorted, one line per digest.
func (p *Pins) Encode() []byte {
	if p.Version == 0 {
		p.Version = 1
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(p)
	return b.Bytes()
}

// ChangedParts names the parts of a tool that differ between two pins,
// sorted: "description", "inputSchema.properties.mode (added)", …
func ChangedParts(old, cur *ToolPin) []string {
	var out []string
	for k, v := range cur.Parts {
		ov, ok := old.Parts[k]
		switch {
		case !ok:
			out = append(out, k+" (added)")
		case ov != v:
			out = append(out, k)
		}
	}
	for k := range old.Parts {
		if _, ok := cur.Parts[k]; !ok {
			out = append(out, k+" (removed)")
		}
	}
	sort.Strings(out)
	// A changed property also changes inputSchema: name it only when
	// nothing finer explains it.
	fine := false
	for _, s := range out {
		if len(s) > len("inputSchema.") && s[:len("inputSchema.")] == "inputSchema." {
			fine = true
		}
	}
	if fine {
		kept := out[:0]
		for _, s := range out {
			if s != "inputSchema" {
				kept = append(kept, s)
			}
		}
		out = kept
	}
	if len(out) == 0 && old.SHA256 != cur.SHA256 {
		out = append(out, "definition")
	}
	return out
}

// PinsDocument is a project's pins file as read.
type PinsDocument struct {
	Doc *Document
	// Pins is nil when the file could not be read as pins.
	Pins *Pins
}

// readPins reads the pins file of each project folder that has one, adds
// it to the workspace and returns the pins by folder. A file that does not
// parse is reported like any file; one of the wrong shape gets a finding
// and pins nothing.
func (l *run) readPins(ws *Workspace, dirs []string) map[string]*PinsDocument {
	out := map[string]*PinsDocument{}
	for _, dir := range dirs {
		if !l.mayHoldRecords(dir) {
			continue
		}
		abs := filepath.Join(dir, filepath.FromSlash(PinsFile))
		if fi, err := os.Stat(abs); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		pat := &pattern{kind: KindToolPins, dialect: dNone, format: syntax.JSON, tier: TierProject}
		doc, fs, _ := l.read(candidate{abs: abs, pat: pat, projectDir: dir, outside: l.outsideOf(abs)})
		if doc == nil {
			continue
		}
		ws.Documents = append(ws.Documents, doc)
		ws.Findings = append(ws.Findings, fs...)
		pf := &PinsDocument{Doc: doc}
		doc.Pins = pf
		out[dir] = pf
		if doc.ParseFailed || doc.File == nil {
			continue
		}
		const shape = `mcplint probe writes {"version": 1, "servers": {NAME: {"tools": {TOOL: {"sha256": …}}}}}`
		if probs := pinsShape(doc.File.Root); len(probs) > 0 {
			for _, pr := range probs {
				ws.Findings = append(ws.Findings, l.finding(doc, "schema/parse-error", finding.Error, pr.start, pr.end,
					"not a pins file, so nothing is pinned: "+pr.msg+"; "+shape))
			}
			continue
		}
		p, err := ParsePins(doc.File.Src)
		if err != nil {
			ws.Findings = append(ws.Findings, l.finding(doc, "schema/parse-error", finding.Error, 0, 1,
				"not a pins file, so nothing is pinned; "+shape))
			continue
		}
		pf.Pins = p
	}
	return out
}

// recordProject is the project folder of a tool snapshot
// (DIR/.mcplint/tools/NAME.json) or pins file (DIR/.mcplint/pins.json), or
// "" for any other path.
func recordProject(abs string) string {
	dir, base := filepath.Split(abs)
	dir = filepath.Clean(dir)
	switch {
	case base == filepath.Base(PinsFile) && filepath.Base(dir) == ".mcplint":
		return filepath.Dir(dir)
	case filepath.Ext(base) == ".json" && filepath.Base(dir) == "tools" && filepath.Base(filepath.Dir(dir)) == ".mcplint":
		return filepath.Dir(filepath.Dir(dir))
	}
	return ""
}
