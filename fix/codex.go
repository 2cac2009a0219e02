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
// and dotted forms are left to the user).
func codexServerFix(s *loader.Server, moves []CodexMove) *finding.Fix {
	d := s.Doc
	if d == nil || d.File == nil || d.ParseFailed || d.Format != syntax.TOML || s.Node == nil {
		return nil
	}
	src := d.File.Src
	if s.Node.Start >= len(src) || src[s.Node.Start] != '[' {
		return nil
	}
	f := d.File
	var edits []finding.Edit
	edit := func(start, end int, text string) {
		edits = append(edits, finding.Edit{File: d.Path, Range: finding.Range{Start: f.Position(start), End: f.Position(end)}, NewText: text})
	}
	// Remove the moved members, table by table.
	removed := map[*syntax.Node][]string{}
	tablePtr := map[*syntax.Node]string{}
	for _, m := range moves {
		i := strings.LastIndexByte(m.Pointer, '/')
		if i < 0 {
			return nil
		}
		parent := f.Root.Lookup(m.Pointer[:i])
		key := syntax.UnescapePointerToken(m.Pointer[i+1:])
		if parent == nil || parent.Member(key) == nil {
			return nil
		}
		removed[parent] = append(removed[parent], key)
		tablePtr[parent] = m.Pointer[:i]
	}
	for table, keys := range removed {
		// A table left with nothing would be an empty env = {} or
		// http_headers = {}, which the next check reports: remove it whole.
		if empties(table, keys) && removeTable(src, f.Root, tablePtr[table], table, edit) {
			continue
		}
		if !removeMembers(src, table, keys, edit) {
			return nil
		}
	}
	// Add what Codex reads instead, right under the server's header.
	headerEnd := bytes.IndexByte(src[s.Node.Start:], '\n')
	if headerEnd < 0 {
		return nil
	}
	at := s.Node.Start + headerEnd
	var envVars, headerVars []string
	var bearer string
	var headerNames []string
	for _, m := range moves {
		switch m.Kind {
		case facts.FixCodexEnv:
			envVars = append(envVars, m.VarName)
		case facts.FixCodexBearer:
			bearer = m.VarName
		case facts.FixCodexEnvHeader:
			headerNames = append(headerNames, syntax.UnescapePointerToken(m.Pointer[strings.LastIndexByte(m.Pointer, '/')+1:]))
			headerVars = append(headerVars, m.VarName)
		}
	}
	var lines []string
	if len(envVars) > 0 {
		var quoted []string
		for _, v := range envVars {
			q, _ := quote(syntax.TOML, v)
			quoted = append(quoted, q)
		}
		if ev := s.Node.Get("env_vars"); ev != nil && ev.Kind == syntax.Array && src[ev.End-1] == ']' {
			sep := ", "
			if len(ev.Items) == 0 {
				sep = ""
			}
			edit(ev.End-1, ev.End-1, sep+strings.Join(quoted, ", "))
		} else if ev == nil {
			lines = append(lines, "env_vars = ["+strings.Join(quoted, ", ")+"]")
		} else {
			return nil
		}
	}
	if bearer != "" {
		if s.Node.Get("bearer_token_env_var") != nil {
			return nil
		}
		q, _ := quote(syntax.TOML, bearer)
		lines = append(lines, "bearer_token_env_var = "+q)
	}
	if len(headerNames) > 0 {
		var pairs []string
		for i, h := range headerNames {
			k, _ := quote(syntax.TOML, h)
			v, _ := quote(syntax.TOML, headerVars[i])
			pairs = append(pairs, k+" = "+v)
		}
		if eh := s.Node.Get("env_http_headers"); eh != nil && eh.Kind == syntax.Object && src[eh.End-1] == '}' {
			sep := ", "
			if len(eh.Members) == 0 {
				sep = " "
			}
			edit(eh.End-1, eh.End-1, sep+strings.Join(pairs, ", ")+" ")
		} else if eh == nil {
			lines = append(lines, "env_http_headers = { "+strings.Join(pairs, ", ")+" }")
		} else {
			return nil
		}
	}
	if len(lines) > 0 {
		edit(at, at, "\n"+strings.Join(lines, "\n"))
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Range.Start.Offset < edits[j].Range.Start.Offset })
	names := append(append(append([]string{}, envVars...), headerVars...), bearer)
	var set []string
	for _, n := range names {
		if n != "" {
			set = append(set, n)
		}
	}
	return &finding.Fix{
		Title: "Move the literal keys out of the file into variables Codex reads",
		Edits: edits,
		Note:  setNote(strings.Join(set, ", "), "Codex", goneClaims),
	}
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
