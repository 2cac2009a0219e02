package report

import (
	"bufio"
	"strconv"
	"unicode/utf8"
)

// indentWriter writes JSON indented as encoding/json's Encoder with
// SetIndent(prefix, "  ") and SetEscapeHTML(false) writes it, for the
// finding records a large check writes by the thousand: encoding a record
// by reflection and then re-scanning it to indent was a tenth of such a
// check. TestIndentWriterMatchesEncodingJSON holds the two byte-equal.
type indentWriter struct {
	w     *bufio.Writer
	depth int  // indentation of the member being written
	first bool // no member written yet in the open object or array
	buf   []byte
}

func (j *indentWriter) newline() {
	j.w.WriteByte('\n')
	for i := 0; i < j.depth; i++ {
		j.w.WriteString("  ")
	}
}

// open starts an object or array ('{' or '[') as a value.
func (j *indentWriter) open(c byte) {
	j.w.WriteByte(c)
	j.depth++
	j.first = true
}

// close ends it; an empty one is written "{}" or "[]".
func (j *indentWriter) close(c byte) {
	j.depth--
	if !j.first {
		j.newline()
	}
	j.w.WriteByte(c)
	j.first = false
}

// key starts a member of an object.
func (j *indentWriter) key(k string) {
	j.elem()
	j.str(k)
	j.w.WriteString(": ")
}

// elem starts an element of an array (or a member, through key).
func (j *indentWriter) elem() {
	if !j.first {
		j.w.WriteByte(',')
	}
	j.first = false
	j.newline()
}

func (j *indentWriter) int(n int) {
	j.buf = strconv.AppendInt(j.buf[:0], int64(n), 10)
	j.w.Write(j.buf)
}

// str writes s quoted the way encoding/json quotes it without HTML
// escaping: \" \\ \b \f \n \r \t, \u00XX for the other control bytes,
// \ufffd for each invalid UTF-8 byte, \u2028 and \u2029 escaped.
func (j *indentWriter) str(s string) {
	const hex = "0123456789abcdef"
	b := append(j.buf[:0], '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	b = append(b, '"')
	j.buf = b
	j.w.Write(b)
}

// finding writes one finding record as a value at the writer's depth.
func (j *indentWriter) finding(f *jsonFinding) {
	j.open('{')
	j.key("rule")
	j.str(f.Rule)
	j.key("level")
	j.str(f.Level)
	j.key("message")
	j.str(f.Message)
	j.key("file")
	j.str(f.File)
	j.key("line")
	j.int(f.Line)
	j.key("column")
	j.int(f.Column)
	j.key("endLine")
	j.int(f.EndLine)
	j.key("endColumn")
	j.int(f.EndColumn)
	j.key("pointer")
	j.str(f.Pointer)
	j.key("server")
	j.str(f.Server)
	j.key("client")
	j.str(f.Client)
	j.key("tier")
	j.str(f.Tier)
	if f.Fingerprint != "" {
		j.key("fingerprint")
		j.str(f.Fingerprint)
	}
	if len(f.Related) > 0 {
		j.key("related")
		j.open('[')
		for i := range f.Related {
			r := &f.Related[i]
			j.elem()
			j.open('{')
			j.key("file")
			j.str(r.File)
			j.key("line")
			j.int(r.Line)
			j.key("column")
			j.int(r.Column)
			j.key("endLine")
			j.int(r.EndLine)
			j.key("endColumn")
			j.int(r.EndColumn)
			if r.Pointer != "" {
				j.key("pointer")
				j.str(r.Pointer)
			}
			if r.Message != "" {
				j.key("message")
				j.str(r.Message)
			}
			j.close('}')
		}
		j.close(']')
	}
	if f.Fix != nil {
		j.key("fix")
		j.open('{')
		j.key("title")
		j.str(f.Fix.Title)
		if f.Fix.Note != "" {
			j.key("note")
			j.str(f.Fix.Note)
		}
		j.key("edits")
		if f.Fix.Edits == nil {
			j.w.WriteString("null")
		} else {
			j.open('[')
			for i := range f.Fix.Edits {
				e := &f.Fix.Edits[i]
				j.elem()
				j.open('{')
				j.key("file")
				j.str(e.File)
				j.key("line")
				j.int(e.Line)
				j.key("column")
				j.int(e.Column)
				j.key("endLine")
				j.int(e.EndLine)
				j.key("endColumn")
				j.int(e.EndColumn)
				j.key("startOffset")
				j.int(e.StartOffset)
				j.key("endOffset")
				j.int(e.EndOffset)
				j.key("newText")
				j.str(e.NewText)
				j.close('}')
			}
			j.close(']')
		}
		j.close('}')
	}
	j.close('}')
}
