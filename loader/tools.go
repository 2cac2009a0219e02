package loader

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// Tool snapshots record the tools a server offers, as its tools/list
// returned them, so the budget rules can count real tools and the text
// rules can read tool and parameter descriptions. A snapshot is JSON:
//
//	{"server": "github", "tools": [<MCP Tool objects>]}
//
// or a map of server name to such a list ({"github": [...], "fs": [...]}).
// Each list may also be the tools/list result itself ({"tools": [...]}).
// Snapshots are given with --tools FILE (Options.Tools) or found as
// .mcplint/tools/*.json in the project folders a run walks. The tools are
// attached to every server of that name (Server.Tools).

// KindToolSnapshot is a tool snapshot document.
const KindToolSnapshot Kind = "tool-snapshot"

// ToolSnapshotDir is where a project keeps its snapshots.
const ToolSnapshotDir = ".mcplint/tools"

// Tool is one tool of a snapshot.
type Tool struct {
	Name        string
	Description string
	// Pointer is the tool object's place in the snapshot document.
	Pointer string
	Node    *syntax.Node
}

// ToolSet is the tools a snapshot lists for one server.
type ToolSet struct {
	Server string
	Doc    *Document
	// Pointer is the list's place in the snapshot document.
	Pointer string
	Tools   []Tool
	// Pin is the server's entry in the pins file of the snapshot's project
	// (nil: not pinned), and PinsDoc that file.
	Pin     *ServerPin
	PinsDoc *Document
}

// Names are the tool names in snapshot order.
func (t *ToolSet) Names() []string {
	out := make([]string, 0, len(t.Tools))
	for _, tl := range t.Tools {
		out = append(out, tl.Name)
	}
	return out
}

// SnapshotSets reads the tool lists of a tool snapshot document (nil for
// any other document or one that did not parse).
func SnapshotSets(d *Document) []*ToolSet {
	if d == nil || d.Kind != KindToolSnapshot || d.File == nil || d.File.Root == nil {
		return nil
	}
	root := d.File.Root
	if root.Kind != syntax.Object {
		return nil
	}
	if name, ok := root.Get("server").Str(); ok {
		if list, ptr := toolList(root, ""); list != nil {
			return []*ToolSet{toolSet(d, name, list, ptr)}
		}
		return nil
	}
	var out []*ToolSet
	for _, m := range root.Members {
		if m.Key == "$schema" {
			continue
		}
		base := syntax.Pointer(m.Key)
		var list *syntax.Node
		ptr := base
		if m.Value.Kind == syntax.Array {
			list = m.Value
		} else {
			list, ptr = toolList(m.Value, base)
		}
		if list != nil {
			out = append(out, toolSet(d, m.Key, list, ptr))
		}
	}
	return out
}

// toolList finds the list in {"tools": [...]}, {"tools": {"tools": [...]}}
// or {"result": {"tools": [...]}} (a JSON-RPC response).
func toolList(n *syntax.Node, ptr string) (*syntax.Node, string) {
	for _, path := range [][]string{{"tools"}, {"tools", "tools"}, {"result", "tools"}} {
		cur, p := n, ptr
		for _, k := range path {
			cur = cur.Get(k)
			p += "/" + k
		}
		if cur != nil && cur.Kind == syntax.Array {
			return cur, p
		}
	}
	return nil, ""
}

func toolSet(d *Document, server string, list *syntax.Node, ptr string) *ToolSet {
	ts := &ToolSet{Server: server, Doc: d, Pointer: ptr}
	if d.Pins != nil && d.Pins.Pins != nil {
		ts.Pin, ts.PinsDoc = d.Pins.Pins.Servers[server], d.Pins.Doc
	}
	for i, it := range list.Items {
		if it.Kind != syntax.Object {
			continue
		}
		name, _ := it.Get("name").Str()
		desc, _ := it.Get("description").Str()
		ts.Tools = append(ts.Tools, Tool{Name: name, Description: desc, Pointer: ptr + "/" + strconv.Itoa(i), Node: it})
	}
	return ts
}

// toolSnapshots reads the snapshots named by --tools and those in the
// project folders of the run, adds them to the workspace as documents and
// attaches each server's known tools. A --tools file that does not exist
// is a usage error; a snapshot that does not parse is reported like any
// file.
func (l *run) toolSnapshots(ws *Workspace, projects map[string]string) error {
	type snap struct {
		abs      string
		explicit bool
		project  string
	}
	var snaps []snap
	seen := map[string]bool{}
	for _, p := range l.opts.Tools {
		abs, err := filepath.Abs(p)
		if err != nil {
			return &UsageError{err.Error()}
		}
		_, open := l.opts.Overlay[abs]
		if fi, err := os.Stat(abs); (err != nil || fi.IsDir()) && !open {
			return &UsageError{fmt.Sprintf("--tools %s: no such file", p)}
		}
		if !seen[abs] {
			seen[abs] = true
			snaps = append(snaps, snap{abs: abs, explicit: true})
		}
	}
	dirs := make([]string, 0, len(projects))
	for _, dir := range projects {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		if !l.mayHoldRecords(dir) {
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(ToolSnapshotDir), "*.json"))
		sort.Strings(matches)
		for _, m := range matches {
			if fi, err := os.Stat(m); err == nil && fi.Mode().IsRegular() && !seen[m] {
				seen[m] = true
				snaps = append(snaps, snap{abs: m, project: dir})
			}
		}
	}
	// Pins are read even without snapshots: a pinned server whose
	// snapshot is gone is reported.
	pins := l.readPins(ws, dirs)
	if len(snaps) == 0 {
		return nil
	}
	byName := map[string]*ToolSet{}
	for _, sn := range snaps {
		pat := &pattern{kind: KindToolSnapshot, dialect: dNone, format: syntax.JSON, tier: TierUser}
		if sn.project != "" {
			pat.tier = TierProject
		}
		c := candidate{abs: sn.abs, pat: pat, projectDir: sn.project}
		if sn.project != "" {
			c.outside = l.outsideOf(sn.abs)
		}
		doc, fs, _ := l.read(c)
		if doc == nil {
			continue
		}
		doc.Explicit = sn.explicit
		doc.Pins = pins[sn.project]
		ws.Documents = append(ws.Documents, doc)
		ws.Findings = append(ws.Findings, fs...)
		if doc.ParseFailed || doc.File == nil || doc.File.Root == nil {
			continue
		}
		for _, pr := range snapshotShape(doc.File.Root) {
			ws.Findings = append(ws.Findings, l.finding(doc, "schema/parse-error", finding.Error, pr.start, pr.end,
				"not a tool snapshot as tools/list returns it: "+pr.msg))
		}
		sets := SnapshotSets(doc)
		if len(sets) == 0 {
			ws.Findings = append(ws.Findings, l.finding(doc, "schema/empty", finding.Info, 0, 0,
				`no tools found: a tool snapshot is {"server": NAME, "tools": [tools as tools/list returns them]} or {NAME: [tools], …}`))
			continue
		}
		for _, ts := range sets {
			if _, ok := byName[ts.Server]; !ok {
				byName[ts.Server] = ts
			}
		}
	}
	for _, s := range ws.Servers {
		if ts := byName[s.Name]; ts != nil {
			s.Tools = ts
		} else if ts := byName[SnapshotServer(s.Name)]; ts != nil {
			s.Tools = ts
		}
	}
	return nil
}

// SnapshotServer is how a snapshot and the pins file name a server: by its
// name, or by its stable id (secret.NameID) when the name is secret-like,
// so a committed snapshot never holds a token that names a server.
func SnapshotServer(name string) string {
	if secret.SecretLike(name) {
		return secret.NameID(name)
	}
	return name
}
