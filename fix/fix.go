package fix

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
	"github.com/mcplint/mcplint/secret"
)

// RotateNote ends the note of every fix that moves a credential out of a
// file: a key that was committed stays in the history and every clone.
const RotateNote = "then rotate the key: one that was committed stays readable in the history, so it is compromised even now it is gone from the file"

// setNote is the note of a fix that moves credentials into variables:
// which to set, in whose environment, the claim that the values left the
// file (GoneClaim or goneClaims, which Unproven rewrites when the file
// did not read back so), and RotateNote.
func setNote(vars, client, claim string) string {
	return fmt.Sprintf("set %s in the environment %s starts from %s; %s", vars, client, claim, RotateNote)
}

// Build turns a policy's fix intent into byte edits, or nil when it
// cannot be done safely (the file did not parse, the value is not a
// string, the client has no reference syntax there).
func Build(d *loader.Document, s *loader.Server, in *facts.FixIntent) *finding.Fix {
	if in == nil || d.File == nil || d.ParseFailed {
		return nil
	}
	f := d.File
	// Within a server's entry, its own copy (a name written twice in one
	// object has two entries under one pointer).
	lookup := f.Root.Lookup
	if s != nil && s.Doc == d {
		lookup = s.Lookup
	}
	edit := func(start, end int, text string) finding.Edit {
		return finding.Edit{File: d.Path, Range: finding.Range{Start: f.Position(start), End: f.Position(end)}, NewText: text}
	}
	switch in.Kind {
	case facts.FixStripBOM:
		if bytes.HasPrefix(f.Src, []byte{0xEF, 0xBB, 0xBF}) {
			return &finding.Fix{Title: "Remove the UTF-8 byte order mark", Edits: []finding.Edit{edit(0, 3, "")}}
		}
	case facts.FixSecretToReference:
		n := lookup(in.Pointer)
		if n == nil || n.Kind != syntax.String || s == nil || !validVarName(in.Value) {
			return nil
		}
		field := fieldOf(s, in.Pointer)
		ref := facts.ReferenceFor(s, field, in.Value)
		if ref == "" {
			return nil
		}
		key := syntax.UnescapePointerToken(in.Pointer[strings.LastIndexByte(in.Pointer, '/')+1:])
		if field == "args" || field == "url" {
			key = ""
		}
		ds := secret.Scan(key, n.Text)
		if len(ds) == 0 {
			return nil
		}
		var b strings.Builder
		last := 0
		for _, dt := range ds {
			b.WriteString(n.Text[last:dt.Start])
			b.WriteString(ref)
			last = dt.End
		}
		b.WriteString(n.Text[last:])
		quoted, ok := quote(d.Format, b.String())
		if !ok {
			return nil
		}
		return &finding.Fix{
			Title: fmt.Sprintf("Replace the literal key with %s", ref),
			Edits: []finding.Edit{edit(n.Start, n.End, quoted)},
			Note:  setNote(in.Value, loader.ClientName(s.Client), GoneClaim),
		}
	case facts.FixValueToReference:
		n := lookup(in.Pointer)
		if n == nil || n.Kind != syntax.String || s == nil || !validVarName(in.Value) {
			return nil
		}
		ref := facts.ReferenceFor(s, fieldOf(s, in.Pointer), in.Value)
		quoted, ok := quote(d.Format, ref)
		if ref == "" || !ok {
			return nil
		}
		return &finding.Fix{
			Title: fmt.Sprintf("Replace the value with %s", ref),
			Edits: []finding.Edit{edit(n.Start, n.End, quoted)},
			Note:  setNote(in.Value, loader.ClientName(s.Client), GoneClaim),
		}
	case facts.FixReplaceString:
		n := lookup(in.Pointer)
		if n == nil || n.Kind != syntax.String {
			return nil
		}
		quoted, ok := quote(d.Format, in.Value)
		if !ok {
			return nil
		}
		return &finding.Fix{Title: fmt.Sprintf("Write %s", quoted), Edits: []finding.Edit{edit(n.Start, n.End, quoted)}}
	case facts.FixRenameKey:
		i := strings.LastIndexByte(in.Pointer, '/')
		if i < 0 {
			return nil
		}
		parent := lookup(in.Pointer[:i])
		m := parent.Member(syntax.UnescapePointerToken(in.Pointer[i+1:]))
		if m == nil || parent.Member(in.Value) != nil {
			return nil
		}
		quoted, ok := quoteKey(d.Format, f.Src[m.KeyStart:m.KeyEnd], in.Value)
		if !ok {
			return nil
		}
		return &finding.Fix{Title: fmt.Sprintf("Rename %q to %q", m.Key, in.Value), Edits: []finding.Edit{edit(m.KeyStart, m.KeyEnd, quoted)}}
	case facts.FixAddMember:
		key, val, ok := strings.Cut(in.Value, "=")
		if !ok || (d.Format != syntax.JSON && d.Format != syntax.JSONC) {
			return nil
		}
		n := lookup(in.Pointer)
		if n == nil || n.Kind != syntax.Object || n.Get(key) != nil || !json.Valid([]byte(val)) {
			return nil
		}
		qk, _ := quote(syntax.JSON, key)
		if len(n.Members) == 0 {
			return &finding.Fix{Title: fmt.Sprintf("Add %s: %s", qk, val), Edits: []finding.Edit{edit(n.Start+1, n.Start+1, " "+qk+": "+val+" ")}}
		}
		first := n.Members[0].KeyStart
		// Keep the layout: on its own line with the first member's
		// indentation when members are on separate lines.
		lineStart := bytes.LastIndexByte(f.Src[:first], '\n') + 1
		indent := f.Src[lineStart:first]
		text := qk + ": " + val + ", "
		if len(bytes.TrimSpace(indent)) == 0 && lineStart > n.Start {
			text = qk + ": " + val + ",\n" + string(indent)
		}
		return &finding.Fix{Title: fmt.Sprintf("Add %s: %s", qk, val), Edits: []finding.Edit{edit(first, first, text)}}
	}
	return nil
}

// fieldOf names the part of a server a pointer is in: args, env,
// headers, url or "".
func fieldOf(s *loader.Server, ptr string) string {
	rest := strings.TrimPrefix(ptr, s.Pointer+"/")
	head, _, _ := strings.Cut(rest, "/")
	switch head {
	case "args", "command":
		return "args"
	case "env", "environment", "envs":
		return "env"
	case "headers", "http_headers", "requestOptions":
		return "headers"
	case "url", "serverUrl", "httpUrl", "uri":
		return "url"
	}
	return head
}

func validVarName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (i > 0 && c >= '0' && c <= '9')) {
			return false
		}
	}
	return true
}

// quote writes s as a string literal of the format.
func quote(f syntax.Format, s string) (string, bool) {
	switch f {
	case syntax.JSON, syntax.JSONC, syntax.YAML:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			return "", false
		}
		return strings.TrimSuffix(b.String(), "\n"), true
	case syntax.TOML:
		var b strings.Builder
		b.WriteByte('"')
		for _, r := range s {
			switch {
			case r == '"' || r == '\\':
				b.WriteByte('\\')
				b.WriteRune(r)
			case r < 0x20 || r == 0x7f:
				fmt.Fprintf(&b, "\\u%04X", r)
			default:
				b.WriteRune(r)
			}
		}
		b.WriteByte('"')
		return b.String(), true
	}
	return "", false
}

// quoteKey writes a renamed key in the style the old one was written.
func quoteKey(f syntax.Format, old []byte, key string) (string, bool) {
	if len(old) > 0 && (old[0] == '"' || old[0] == '\'') || f == syntax.JSON || f == syntax.JSONC {
		return quote(f, key)
	}
	for _, c := range key {
		if !(c == '_' || c == '-' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
			return quote(f, key)
		}
	}
	return key, true
}
