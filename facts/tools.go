package facts

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
)

// Facts of tool snapshots as mcplint probe records them: whether each tool
// still matches its pin, tool names clients cannot use, tools two
// effective servers both offer, and the hints clients decide prompts by.

// SnapshotFact describes a tool snapshot document.
type SnapshotFact struct {
	// Pinned is true when the project's pins file has an entry for a
	// server of this snapshot; PinsPath is that file.
	Pinned   bool   `json:"pinned"`
	PinsPath string `json:"pins_path"`
	// Drift lists what differs from the pins: one item per tool.
	Drift []ToolDriftFact `json:"drift"`
	// Names are the snapshot's tools and how clients name them.
	Names []ToolNameFact `json:"names"`
	// Clashes are tools another effective server of the same project
	// offers too, or descriptions that name another server's tool.
	Clashes []ToolClashFact `json:"clashes"`
	// Unrecorded, for a pins file, names the pinned servers no snapshot of
	// the project records (a deleted snapshot hides its drift).
	Unrecorded []string `json:"unrecorded"`
}

// ToolDriftFact is one difference between a snapshot and its pins.
type ToolDriftFact struct {
	Server string `json:"server"`
	Tool   string `json:"tool"`
	// Kind is "changed" (the definition's digest differs), "new" (the
	// server is pinned, the tool is not), "removed" (pinned, no longer
	// listed) or "instructions" (the server's instructions differ).
	Kind string `json:"kind"`
	// Parts name what changed: "description", "inputSchema.properties.q
	// (added)", … (a change of a part without its own digest in an older
	// pin is "definition").
	Parts   []string `json:"parts"`
	Pointer string   `json:"pointer"`
	// Pinned and Current are the two digests ("" when absent).
	Pinned  string `json:"pinned"`
	Current string `json:"current"`
}

// ToolNameFact is one tool's name as clients show it to the model.
type ToolNameFact struct {
	Server  string `json:"server"`
	Tool    string `json:"tool"`
	Pointer string `json:"pointer"`
	// Full is mcp__<server>__<tool>, the name Claude Code and super-pi
	// send to the model.
	Full string `json:"full"`
	// Bad lists the characters of the tool name that model APIs refuse
	// in a tool name (they accept A–Z, a–z, 0–9, _ and -), each once, in
	// order, escaped; empty when there are none.
	Bad []string `json:"bad"`
}

// ToolClashFact is a tool that collides with another server's.
type ToolClashFact struct {
	Server  string `json:"server"`
	Tool    string `json:"tool"`
	Pointer string `json:"pointer"`
	// Kind is "same-name" (the other server offers a tool of this name)
	// or "mention" (this tool's description names the other's tool).
	Kind        string `json:"kind"`
	Other       string `json:"other"`
	OtherClient string `json:"other_client"`
	OtherTool   string `json:"other_tool"`
	// OtherDoc and OtherPointer place the other tool in its snapshot.
	OtherDoc     int    `json:"other_doc"`
	OtherPointer string `json:"other_pointer"`
}

// ToolHintFact is a tool's behaviour hints with the specification's
// defaults filled in (readOnlyHint false, destructiveHint true,
// openWorldHint true).
type ToolHintFact struct {
	Name        string `json:"name"`
	ReadOnly    bool   `json:"read_only"`
	Destructive bool   `json:"destructive"`
	OpenWorld   bool   `json:"open_world"`
	// Annotated is true when the tool carries annotations at all.
	Annotated bool `json:"annotated"`
}

// toolHints reads the annotations of a server's known tools.
func toolHints(ts *loader.ToolSet) []ToolHintFact {
	out := []ToolHintFact{}
	if ts == nil {
		return out
	}
	for _, t := range ts.Tools {
		h := ToolHintFact{Name: t.Name, Destructive: true, OpenWorld: true}
		if a := t.Node.Get("annotations"); a != nil && a.Kind == syntax.Object {
			h.Annotated = true
			if v, ok := boolOf(a.Get("readOnlyHint")); ok {
				h.ReadOnly = v
			}
			if v, ok := boolOf(a.Get("destructiveHint")); ok {
				h.Destructive = v
			}
			if v, ok := boolOf(a.Get("openWorldHint")); ok {
				h.OpenWorld = v
			}
		}
		out = append(out, h)
	}
	return out
}

func boolOf(n *syntax.Node) (bool, bool) {
	if n == nil || n.Kind != syntax.Bool {
		return false, false
	}
	return n.Text == "true", true
}

// snapshotFact builds the facts of a tool snapshot document that need no
// other document: names and drift against the pins.
func snapshotFact(d *loader.Document) *SnapshotFact {
	if d.Kind == loader.KindToolPins {
		return &SnapshotFact{Drift: []ToolDriftFact{}, Names: []ToolNameFact{}, Clashes: []ToolClashFact{}, Unrecorded: []string{}}
	}
	if d.Kind != loader.KindToolSnapshot {
		return nil
	}
	f := &SnapshotFact{Drift: []ToolDriftFact{}, Names: []ToolNameFact{}, Clashes: []ToolClashFact{}, Unrecorded: []string{}}
	for _, ts := range loader.SnapshotSets(d) {
		for _, t := range ts.Tools {
			f.Names = append(f.Names, ToolNameFact{Server: ts.Server, Tool: t.Name, Pointer: t.Pointer,
				Full: "mcp__" + ts.Server + "__" + t.Name, Bad: badNameChars(t.Name)})
		}
		if ts.Pin == nil {
			continue
		}
		f.Pinned = true
		if ts.PinsDoc != nil {
			f.PinsPath = ts.PinsDoc.Path
		}
		f.Drift = append(f.Drift, driftOf(d, ts)...)
	}
	return f
}

// driftOf compares a snapshot's tools and instructions with the pins.
func driftOf(d *loader.Document, ts *loader.ToolSet) []ToolDriftFact {
	var out []ToolDriftFact
	seen := map[string]bool{}
	copies := map[string][][]byte{}
	for _, t := range ts.Tools {
		copies[t.Name] = append(copies[t.Name], d.File.Src[t.Node.Start:t.Node.End])
	}
	for _, t := range ts.Tools {
		if seen[t.Name] {
			continue
		}
		seen[t.Name] = true
		old := ts.Pin.Tools[t.Name]
		cur, err := loader.PinToolCopies(copies[t.Name])
		if err != nil {
			// Not strict JSON (a comment in the snapshot): it cannot be
			// compared, which is a difference too.
			cur = &loader.ToolPin{SHA256: "unreadable"}
		}
		switch {
		case old == nil:
			out = append(out, ToolDriftFact{Server: ts.Server, Tool: t.Name, Kind: "new", Parts: []string{}, Pointer: t.Pointer, Current: cur.SHA256})
		case old.SHA256 != cur.SHA256:
			out = append(out, ToolDriftFact{Server: ts.Server, Tool: t.Name, Kind: "changed", Parts: loader.ChangedParts(old, cur),
				Pointer: t.Pointer, Pinned: old.SHA256, Current: cur.SHA256})
		}
	}
	var gone []string
	for name := range ts.Pin.Tools {
		if !seen[name] {
			gone = append(gone, name)
		}
	}
	sort.Strings(gone)
	for _, name := range gone {
		out = append(out, ToolDriftFact{Server: ts.Server, Tool: name, Kind: "removed", Parts: []string{}, Pointer: ts.Pointer, Pinned: ts.Pin.Tools[name].SHA256})
	}
	if d.File.Root != nil && d.File.Root.Get("server") != nil {
		instr, _ := d.File.Root.Get("instructions").Str()
		if cur := loader.TextDigest(instr); cur != ts.Pin.Instructions {
			ptr := "/instructions"
			if d.File.Root.Get("instructions") == nil {
				ptr = ""
			}
			out = append(out, ToolDriftFact{Server: ts.Server, Kind: "instructions", Parts: []string{}, Pointer: ptr, Pinned: ts.Pin.Instructions, Current: cur})
		}
	}
	return out
}

// unrecordedPins fills, for each pins file, the pinned servers that no
// snapshot of its project records.
func unrecordedPins(in *Input, ws *loader.Workspace, docIdx map[*loader.Document]int) {
	recorded := map[*loader.PinsDocument]map[string]bool{}
	for _, d := range ws.Documents {
		if d.Kind != loader.KindToolSnapshot || d.Pins == nil {
			continue
		}
		if recorded[d.Pins] == nil {
			recorded[d.Pins] = map[string]bool{}
		}
		for _, ts := range loader.SnapshotSets(d) {
			recorded[d.Pins][ts.Server] = true
		}
		if d.ParseFailed {
			// A snapshot that does not parse is reported as such; its
			// servers are not "missing".
			recorded[d.Pins]["\x00any"] = true
		}
	}
	for _, d := range ws.Documents {
		if d.Kind != loader.KindToolPins || d.Pins == nil || d.Pins.Pins == nil {
			continue
		}
		i, ok := docIdx[d]
		if !ok || in.Documents[i].Snapshot == nil || recorded[d.Pins]["\x00any"] {
			continue
		}
		var names []string
		for name := range d.Pins.Pins.Servers {
			if !recorded[d.Pins][name] {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		in.Documents[i].Snapshot.Unrecorded = append(in.Documents[i].Snapshot.Unrecorded, names...)
	}
}

// badNameChars lists the characters model APIs refuse in a tool name.
func badNameChars(name string) []string {
	out := []string{}
	seen := map[rune]bool{}
	for _, r := range name {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			continue
		}
		if seen[r] {
			continue
		}
		seen[r] = true
		switch {
		case r == ' ':
			out = append(out, "space")
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r > 0x7e && !strconv.IsPrint(r):
			out = append(out, fmt.Sprintf("U+%04X", r))
		default:
			out = append(out, strconv.QuoteRune(r))
		}
	}
	return out
}

// toolClashes finds, among the servers that run, tools two servers of one
// project both offer, and descriptions that name another server's tool.
// A home-tier server runs in every project. Each pair is reported once, on
// the server whose name sorts later.
func toolClashes(in *Input, ws *loader.Workspace, docIdx map[*loader.Document]int) {
	type offer struct {
		s    *loader.Server
		tool loader.Tool
	}
	var running []*loader.Server
	for _, s := range ws.Servers {
		if s.Tools == nil || s.Tools.Doc == nil || s.Doc == nil || s.Doc.Kind != loader.KindClientConfig || s.State() != "enabled" {
			continue
		}
		running = append(running, s)
	}
	if len(running) < 2 {
		return
	}
	sameScope := func(a, b *loader.Server) bool {
		return a.Project == b.Project || a.Project == "" || b.Project == ""
	}
	byTool := map[string][]offer{}
	for _, s := range running {
		for _, t := range s.Tools.Tools {
			byTool[t.Name] = append(byTool[t.Name], offer{s, t})
		}
	}
	reported := map[string]bool{}
	add := func(s *loader.Server, t loader.Tool, kind string, o *loader.Server, ot loader.Tool) {
		key := strings.Join([]string{kind, s.Name, t.Name, o.Name, ot.Name, s.Tools.Doc.AbsPath}, "\x00")
		if reported[key] {
			return
		}
		reported[key] = true
		i, ok := docIdx[s.Tools.Doc]
		if !ok || in.Documents[i].Snapshot == nil {
			return
		}
		oi, ok := docIdx[o.Tools.Doc]
		if !ok {
			oi = -1
		}
		in.Documents[i].Snapshot.Clashes = append(in.Documents[i].Snapshot.Clashes, ToolClashFact{
			Server: s.Name, Tool: t.Name, Pointer: t.Pointer, Kind: kind, Other: o.Name, OtherClient: loader.ClientName(o.Client),
			OtherTool: ot.Name, OtherDoc: oi, OtherPointer: ot.Pointer})
	}
	names := make([]string, 0, len(byTool))
	for n := range byTool {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		offers := byTool[n]
		for _, a := range offers {
			for _, b := range offers {
				// super-pi names every tool mcp__<server>__<tool>, "so
				// the model sees which server a tool belongs to and two
				// servers cannot collide".
				prefixed := a.s.Client == "super-pi" && b.s.Client == "super-pi"
				if a.s.Name < b.s.Name && sameScope(a.s, b.s) && a.s.Tools.Doc != b.s.Tools.Doc && !prefixed {
					add(b.s, b.tool, "same-name", a.s, a.tool)
				}
			}
		}
	}
	// Mentions: a description that names a distinctive tool of another
	// server (one with a separator or at least 8 characters, written as a
	// whole word), or its mcp__server__tool form.
	for _, s := range running {
		for _, t := range s.Tools.Tools {
			desc := toolProse(t.Node)
			if desc == "" {
				continue
			}
			for _, o := range running {
				if o.Name == s.Name || !sameScope(s, o) || o.Tools.Doc == s.Tools.Doc {
					continue
				}
				for _, ot := range o.Tools.Tools {
					if mentions(desc, o.Name, ot.Name) {
						add(s, t, "mention", o, ot)
					}
				}
			}
		}
	}
}

// toolProse is a tool's description, title and parameter descriptions.
func toolProse(n *syntax.Node) string {
	var b strings.Builder
	syntax.Walk(n, func(v syntax.Visit) bool {
		if v.Node.Kind == syntax.String && (v.Field == "description" || v.Field == "title") {
			b.WriteString(v.Node.Text)
			b.WriteByte('\n')
		}
		return true
	}, nil)
	return b.String()
}

func mentions(text, server, tool string) bool {
	if tool == "" {
		return false
	}
	if strings.Contains(text, "mcp__"+server+"__"+tool) {
		return true
	}
	if len(tool) < 8 && !strings.ContainsAny(tool, "_-.") {
		return false
	}
	// Every occurrence, overlapping ones included, is tried as a whole
	// word; no pattern is compiled per pair of tools.
	for from := 0; ; {
		i := strings.Index(text[from:], tool)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(tool)
		if (i == 0 || !toolNameByte(text[i-1])) && (end == len(text) || !toolNameByte(text[end])) {
			return true
		}
		from = i + 1
	}
}

// toolNameByte reports whether c may continue a tool name ([A-Za-z0-9_-]),
// so that a mention inside a longer name does not count.
func toolNameByte(c byte) bool {
	return c == '_' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// snapshotExtraText checks the text a snapshot records beside the tools:
// the server's instructions, its prompts and its resources.
func snapshotExtraText(d *loader.Document) []TextFact {
	root := d.File.Root
	if root == nil || root.Kind != syntax.Object {
		return nil
	}
	server, ok := root.Get("server").Str()
	if !ok {
		return nil
	}
	var out []TextFact
	sc := textScan{src: d.File.Src, format: d.Format, server: server}
	if n := root.Get("instructions"); n != nil {
		sc.walk(n, "", []string{"instructions"}, func([]string) string { return fmt.Sprintf("the instructions of server %q", server) })
	}
	for _, list := range []struct{ key, what string }{{"prompts", "prompt"}, {"resources", "resource"}, {"resourceTemplates", "resource template"}} {
		n := root.Get(list.key)
		if n == nil || n.Kind != syntax.Array {
			continue
		}
		for i, it := range n.Items {
			if it.Kind != syntax.Object {
				continue
			}
			name, _ := it.Get("name").Str()
			if name == "" {
				name = "#" + strconv.Itoa(i)
			}
			what := list.what
			sc.walk(it, "/"+list.key+"/"+strconv.Itoa(i), nil, func(path []string) string { return itemLabel(what, name, path) })
		}
	}
	return append(out, sc.out...)
}

// itemLabel names a string of a prompt or resource: `the description of
// prompt "p"`, `the description of argument "a" of prompt "p"`.
func itemLabel(what, name string, path []string) string {
	field := ""
	arg := ""
	for i, p := range path {
		if p == "arguments" && i+1 < len(path) {
			continue
		}
		if _, err := strconv.Atoi(p); err == nil {
			if i > 0 && path[i-1] == "arguments" {
				arg = "#" + p
			}
			continue
		}
		field = p
	}
	if arg != "" && field != "" {
		return fmt.Sprintf("the %s of an argument of %s %q", field, what, name)
	}
	if field != "" {
		return fmt.Sprintf("the %s of %s %q", field, what, name)
	}
	return fmt.Sprintf("%s %q", what, name)
}
