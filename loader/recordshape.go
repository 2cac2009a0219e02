package loader

import (
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/loader/syntax"
)

// The records mcplint probe writes (tool snapshots, the pins file) are
// read from a repository like any config, so a hand-edited or hostile one
// of the wrong shape gets a finding at the value that is wrong, not
// silence (a tool that is not an object) nor a decoder's message about Go
// types at 1:1.

// shapeProblem is one wrong value in a record file.
type shapeProblem struct {
	start, end int
	msg        string
}

// maxShapeProblems bounds the findings of one record file.
const maxShapeProblems = 50

// nodeWord names a value's type for a message: "a number", "null".
func nodeWord(n *syntax.Node) string {
	switch n.Kind {
	case syntax.Object:
		return "an object"
	case syntax.Array:
		return "an array"
	case syntax.String:
		return "a string"
	case syntax.Number:
		return "a number"
	case syntax.Bool:
		return "a boolean"
	case syntax.Null:
		return "null"
	case syntax.DateTime:
		return "a date"
	}
	return "not a value"
}

// snapshotShape lists the wrong values in a tool snapshot's lists: every
// tool must be an object with a string "name"; "title" and "description"
// are strings, "inputSchema", "outputSchema" and "annotations" objects. In
// the map form, a member that holds no tool list is reported too.
func snapshotShape(root *syntax.Node) []shapeProblem {
	var out []shapeProblem
	add := func(n *syntax.Node, msg string) {
		if len(out) < maxShapeProblems {
			out = append(out, shapeProblem{n.Start, n.End, msg})
		}
	}
	if root == nil || root.Kind != syntax.Object {
		return nil
	}
	checkList := func(list *syntax.Node, server string) {
		for i, it := range list.Items {
			where := fmt.Sprintf("tool %d of %s", i+1, server)
			if it.Kind != syntax.Object {
				add(it, fmt.Sprintf("%s is %s, not a tool object {\"name\": …, \"description\": …}: it is not read", where, nodeWord(it)))
				continue
			}
			name := it.Get("name")
			switch {
			case name == nil:
				add(it, where+` has no "name": it is not counted as a tool clients show`)
			case name.Kind != syntax.String:
				add(name, fmt.Sprintf(`"name" of %s is %s, not a string`, where, nodeWord(name)))
			}
			for _, k := range []string{"title", "description"} {
				if v := it.Get(k); v != nil && v.Kind != syntax.String {
					add(v, fmt.Sprintf("%q of %s is %s, not a string: its text is not checked", k, where, nodeWord(v)))
				}
			}
			for _, k := range []string{"inputSchema", "outputSchema", "annotations"} {
				if v := it.Get(k); v != nil && v.Kind != syntax.Object {
					add(v, fmt.Sprintf("%q of %s is %s, not an object", k, where, nodeWord(v)))
				}
			}
		}
	}
	if name := root.Get("server"); name != nil {
		if name.Kind != syntax.String {
			add(name, fmt.Sprintf(`"server" is %s, not the server's name as a string: no tools are read`, nodeWord(name)))
			return out
		}
		if list, _ := toolList(root, ""); list != nil {
			checkList(list, "server "+strconv.Quote(name.Text))
		} else if t := root.Get("tools"); t != nil {
			add(t, fmt.Sprintf(`"tools" is %s, not the list tools/list returns: no tools are read`, nodeWord(t)))
		}
		return out
	}
	for _, m := range root.Members {
		if m.Key == "$schema" {
			continue
		}
		server := "server " + strconv.Quote(m.Key)
		if m.Value.Kind == syntax.Array {
			checkList(m.Value, server)
		} else if list, _ := toolList(m.Value, ""); list != nil {
			checkList(list, server)
		} else {
			add(m.Value, fmt.Sprintf("the tools of %s are %s, not a list of tools: none are read", server, nodeWord(m.Value)))
		}
	}
	return out
}

// pinsShape lists the wrong values in a pins file, or says it is not
// one: {"version": 1, "servers": {NAME: {"instructions": "sha256:…",
// "tools": {TOOL: {"sha256": "…", "parts": {PART: "…"}}}}}}.
func pinsShape(root *syntax.Node) []shapeProblem {
	var out []shapeProblem
	add := func(n *syntax.Node, msg string) {
		if len(out) < maxShapeProblems {
			out = append(out, shapeProblem{n.Start, n.End, msg})
		}
	}
	if root == nil {
		return nil
	}
	if root.Kind != syntax.Object {
		add(root, fmt.Sprintf("the pins file is %s, not an object", nodeWord(root)))
		return out
	}
	if v := root.Get("version"); v != nil && (v.Kind != syntax.Number || v.Text != "1") {
		add(v, fmt.Sprintf(`"version" is %s, not 1`, valueWord(v)))
	}
	servers := root.Get("servers")
	if servers == nil {
		return out
	}
	if servers.Kind != syntax.Object {
		add(servers, fmt.Sprintf(`"servers" is %s, not an object of server names`, nodeWord(servers)))
		return out
	}
	str := func(n *syntax.Node, what string) {
		if n != nil && n.Kind != syntax.String {
			add(n, fmt.Sprintf("%s is %s, not a string", what, nodeWord(n)))
		}
	}
	for _, sm := range servers.Members {
		server := "server " + strconv.Quote(sm.Key)
		s := sm.Value
		if s.Kind != syntax.Object {
			add(s, fmt.Sprintf("the pins of %s are %s, not an object", server, nodeWord(s)))
			continue
		}
		str(s.Get("instructions"), `"instructions" of `+server)
		tools := s.Get("tools")
		if tools == nil {
			continue
		}
		if tools.Kind != syntax.Object {
			add(tools, fmt.Sprintf(`"tools" of %s is %s, not an object of tool names`, server, nodeWord(tools)))
			continue
		}
		for _, tm := range tools.Members {
			tool := fmt.Sprintf("tool %q of %s", tm.Key, server)
			t := tm.Value
			if t.Kind != syntax.Object {
				add(t, fmt.Sprintf("the pin of %s is %s, not an object", tool, nodeWord(t)))
				continue
			}
			str(t.Get("sha256"), `"sha256" of `+tool)
			if parts := t.Get("parts"); parts != nil {
				if parts.Kind != syntax.Object {
					add(parts, fmt.Sprintf(`"parts" of %s is %s, not an object`, tool, nodeWord(parts)))
					continue
				}
				for _, pm := range parts.Members {
					str(pm.Value, fmt.Sprintf("part %q of %s", pm.Key, tool))
				}
			}
		}
	}
	return out
}

// valueWord is nodeWord, with a number's own text.
func valueWord(n *syntax.Node) string {
	if n.Kind == syntax.Number {
		return n.Text
	}
	return nodeWord(n)
}
