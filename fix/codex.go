package fix

import (
	"bytes"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
)

// Codex expands no variables: a literal key moves out of env or
// http_headers into the indirection fields Codex reads instead
// (env_vars, bearer_token_env_var, env_http_headers). Several keys of one
// server touch the same tables, so their moves are composed into one set
// of edits that every such finding carries; applying it twice is a no-op
// because identical edits are applied once.

// CodexMove is one literal that a Codex fix moves into an indirection
// field: the finding's fix kind, the literal's pointer, the variable.
type CodexMove struct {
	Kind    string
	Pointer string
	VarName string
}

// Codex gives the findings that asked for a Codex move one composed
// fix per server.
func Codex(ws *loader.Workspace, out []finding.Finding, moves map[int]CodexMove, servers map[int]*loader.Server) {
	byServer := map[*loader.Server][]int{}
	var order []*loader.Server
	for i := range out {
		s := servers[i]
		if _, ok := moves[i]; !ok || s == nil {
			continue
		}
		if _, seen := byServer[s]; !seen {
			order = append(order, s)
		}
		byServer[s] = append(byServer[s], i)
	}
	for _, s := range order {
		idx := byServer[s]
		var ms []CodexMove
		for _, i := range idx {
			ms = append(ms, moves[i])
		}
		fix := codexServerFix(s, ms)
		for _, i := range idx {
			out[i].Fix = fix
		}
	}
}

// codexServerFix builds the edits for all moves of one server, or nil
// when the server is not written as a [mcp_servers.<name>] table (inline
// and dotted forms are left to the user) or a table it must change is
// in a shape it does not rewrite.
func codexServerFix(s *loader.Server, moves []CodexMove) *finding.Fix {
	d := s.Doc
	if d == nil || d.File == nil || d.ParseFailed || d.Format != syntax.TOML || s.Node == nil {
		return nil
	}
	src := d.File.Src
	if s.Node.Start >= len(src) || src[s.Node.Start] != '[' {
		return nil
	}
	// What Codex reads instead goes right under the server's header.
	headerEnd := bytes.IndexByte(src[s.Node.Start:], '\n')
	if headerEnd < 0 {
		return nil
	}
	c := &codexEdit{src: src, f: d.File, path: d.Path, server: s.Node}
	t := codexTargetsOf(moves)
	if !c.removeMoved(moves) ||
		!c.appendList("env_vars", t.envVars) ||
		!c.setBearer(t.bearer) ||
		!c.appendPairs("env_http_headers", t.headerNames, t.headerVars) {
		return nil
	}
	if len(c.lines) > 0 {
		at := s.Node.Start + headerEnd
		c.edit(at, at, "\n"+strings.Join(c.lines, "\n"))
	}
	sort.SliceStable(c.edits, func(i, j int) bool { return c.edits[i].Range.Start.Offset < c.edits[j].Range.Start.Offset })
	return &finding.Fix{
		Title: "Move the literal keys out of the file into variables Codex reads",
		Edits: c.edits,
		Note:  setNote(strings.Join(t.names(), ", "), "Codex", goneClaims),
	}
}

// codexEdit collects the edits of one Codex server's fix, and the lines
// to add under its header.
type codexEdit struct {
	src    []byte
	f      *syntax.File
	path   string
	server *syntax.Node
	edits  []finding.Edit
	lines  []string
}

func (c *codexEdit) edit(start, end int, text string) {
	c.edits = append(c.edits, finding.Edit{File: c.path, Range: finding.Range{Start: c.f.Position(start), End: c.f.Position(end)}, NewText: text})
}

// codexTargets are the names the moved literals go to, by the field
// Codex reads them from.
type codexTargets struct {
	envVars, headerNames, headerVars []string
	bearer                           string
}

func codexTargetsOf(moves []CodexMove) codexTargets {
	var t codexTargets
	for _, m := range moves {
		switch m.Kind {
		case facts.FixCodexEnv:
			t.envVars = append(t.envVars, m.VarName)
		case facts.FixCodexBearer:
			t.bearer = m.VarName
		case facts.FixCodexEnvHeader:
			t.headerNames = append(t.headerNames, syntax.UnescapePointerToken(m.Pointer[strings.LastIndexByte(m.Pointer, '/')+1:]))
			t.headerVars = append(t.headerVars, m.VarName)
		}
	}
	return t
}

// names are the variables the user must set, for the fix's note.
func (t codexTargets) names() []string {
	var set []string
	for _, n := range append(append(append([]string{}, t.envVars...), t.headerVars...), t.bearer) {
		if n != "" {
			set = append(set, n)
		}
	}
	return set
}

// removeMoved removes the moved members, table by table.
func (c *codexEdit) removeMoved(moves []CodexMove) bool {
	removed := map[*syntax.Node][]string{}
	tablePtr := map[*syntax.Node]string{}
	for _, m := range moves {
		i := strings.LastIndexByte(m.Pointer, '/')
		if i < 0 {
			return false
		}
		parent := c.f.Root.Lookup(m.Pointer[:i])
		key := syntax.UnescapePointerToken(m.Pointer[i+1:])
		if parent == nil || parent.Member(key) == nil {
			return false
		}
		removed[parent] = append(removed[parent], key)
		tablePtr[parent] = m.Pointer[:i]
	}
	for table, keys := range removed {
		// A table left with nothing would be an empty env = {} or
		// http_headers = {}, which the next check reports: remove it whole.
		if empties(table, keys) && removeTable(c.src, c.f.Root, tablePtr[table], table, c.edit) {
			continue
		}
		if !removeMembers(c.src, table, keys, c.edit) {
			return false
		}
	}
	return true
}

// appendList adds names to the server's list key (env_vars).
func (c *codexEdit) appendList(key string, names []string) bool {
	var quoted []string
	for _, v := range names {
		q, _ := quote(syntax.TOML, v)
		quoted = append(quoted, q)
	}
	return c.appendInline(key, quoted, syntax.Array, "[", "]", "")
}

// setBearer adds bearer_token_env_var, which must not be set already.
func (c *codexEdit) setBearer(name string) bool {
	if name == "" {
		return true
	}
	if c.server.Get("bearer_token_env_var") != nil {
		return false
	}
	q, _ := quote(syntax.TOML, name)
	c.lines = append(c.lines, "bearer_token_env_var = "+q)
	return true
}

// appendPairs adds name = variable pairs to the server's inline table key
// (env_http_headers).
func (c *codexEdit) appendPairs(key string, names, vars []string) bool {
	var pairs []string
	for i, h := range names {
		k, _ := quote(syntax.TOML, h)
		v, _ := quote(syntax.TOML, vars[i])
		pairs = append(pairs, k+" = "+v)
	}
	return c.appendInline(key, pairs, syntax.Object, "{", "}", " ")
}

// appendInline adds items to the server's inline list or table key, of
// the given kind and written between open and closing brackets on one
// line: before the closing bracket, or as a new key = line when the key
// is absent. pad is the space a table keeps inside its braces.
func (c *codexEdit) appendInline(key string, items []string, kind syntax.Kind, open, closing, pad string) bool {
	if len(items) == 0 {
		return true
	}
	joined := strings.Join(items, ", ")
	n := c.server.Get(key)
	switch {
	case n == nil:
		c.lines = append(c.lines, key+" = "+open+pad+joined+pad+closing)
	case n.Kind == kind && c.src[n.End-1] == closing[0]:
		sep := ", "
		if len(n.Items) == 0 && len(n.Members) == 0 {
			sep = pad
		}
		c.edit(n.End-1, n.End-1, sep+joined+pad)
	default:
		return false
	}
	return true
}

// empties reports whether removing keys leaves table with no member.
func empties(table *syntax.Node, keys []string) bool {
	drop := map[string]bool{}
	for _, k := range keys {
		drop[k] = true
	}
	for _, m := range table.Members {
		if !drop[m.Key] {
			return false
		}
	}
	return true
}

// removeTable deletes a whole TOML table: an inline "env = { … }" line
// of its server, or a [mcp_servers.<name>.env] header with its lines. It
// reports false when the table is written in a shape it does not rewrite
// (the caller then removes the members alone).
func removeTable(src []byte, root *syntax.Node, ptr string, table *syntax.Node, edit func(int, int, string)) bool {
	if table.Start >= len(src) || len(table.Members) == 0 {
		return false
	}
	lineEnd := func(off int) int {
		if j := bytes.IndexByte(src[off:], '\n'); j >= 0 {
			return off + j + 1
		}
		return len(src)
	}
	switch src[table.Start] {
	case '{':
		j := strings.LastIndexByte(ptr, '/')
		if j < 0 {
			return false
		}
		parent := root.Lookup(ptr[:j])
		mem := parent.Member(syntax.UnescapePointerToken(ptr[j+1:]))
		if mem == nil || mem.Value != table {
			return false
		}
		lineStart := bytes.LastIndexByte(src[:mem.KeyStart], '\n') + 1
		if strings.TrimSpace(string(src[lineStart:mem.KeyStart])) != "" {
			return false
		}
		edit(lineStart, lineEnd(mem.Value.End), "")
		return true
	case '[':
		if table.Start > 0 && src[table.Start-1] != '\n' {
			return false
		}
		last := table.Members[len(table.Members)-1].Value.End
		start := table.Start
		if start >= 2 && src[start-2] == '\n' {
			start-- // the blank line before the header goes with it
		}
		edit(start, lineEnd(last), "")
		return true
	}
	return false
}

// removeMembers deletes keys from a TOML table: whole lines in a
// [header] table, or a rewrite of an inline table with the rest.
func removeMembers(src []byte, table *syntax.Node, keys []string, edit func(int, int, string)) bool {
	drop := map[string]bool{}
	for _, k := range keys {
		drop[k] = true
	}
	if table.Start < len(src) && src[table.Start] == '{' {
		var keep []string
		for _, m := range table.Members {
			if !drop[m.Key] {
				keep = append(keep, string(src[m.KeyStart:m.Value.End]))
			}
		}
		text := "{}"
		if len(keep) > 0 {
			text = "{ " + strings.Join(keep, ", ") + " }"
		}
		edit(table.Start, table.End, text)
		return true
	}
	for _, m := range table.Members {
		if !drop[m.Key] {
			continue
		}
		lineStart := bytes.LastIndexByte(src[:m.KeyStart], '\n') + 1
		// The line must hold only this key = value (and spaces or a comment).
		if strings.TrimSpace(string(src[lineStart:m.KeyStart])) != "" {
			return false
		}
		lineEnd := bytes.IndexByte(src[m.Value.End:], '\n')
		end := len(src)
		if lineEnd >= 0 {
			end = m.Value.End + lineEnd + 1
		}
		edit(lineStart, end, "")
	}
	return true
}
