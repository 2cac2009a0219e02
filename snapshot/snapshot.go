// Package snapshot records what a probed server offered: one JSON file per
// server in .mcplint/tools (masked, meant to be committed) and a SHA-256
// pin of each tool's definition in .mcplint/pins.json. It compares a new
// probe with the pins and words the drift.
package snapshot

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/probe"
	"github.com/mcplint/mcplint/secret"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server is one probed server: its configured name and transport, what it
// answered, and the values (from the caller's environment, headers,
// credentials) that must be scrubbed from anything recorded or shown.
type Server struct {
	Name      string
	Transport string
	Result    *probe.Result
	Scrub     []string
}

// file is the file probe writes for one server. The loader reads "server"
// and "tools"; the rest is the record of what the server said.
type file struct {
	Server            string                  `json:"server"`
	Transport         string                  `json:"transport"`
	ProtocolVersion   string                  `json:"protocolVersion,omitempty"`
	ServerInfo        *mcp.Implementation     `json:"serverInfo,omitempty"`
	Capabilities      *mcp.ServerCapabilities `json:"capabilities,omitempty"`
	Instructions      string                  `json:"instructions,omitempty"`
	Tools             []*mcp.Tool             `json:"tools"`
	Prompts           []*mcp.Prompt           `json:"prompts,omitempty"`
	Resources         []*mcp.Resource         `json:"resources,omitempty"`
	ResourceTemplates []*mcp.ResourceTemplate `json:"resourceTemplates,omitempty"`
	Notes             []string                `json:"notes,omitempty"`
}

// Encode is the snapshot file of s.
func Encode(s *Server) []byte {
	r := s.Result
	f := file{Server: loader.SnapshotServer(s.Name), Transport: s.Transport, ProtocolVersion: r.ProtocolVersion,
		ServerInfo: r.ServerInfo, Capabilities: r.Capabilities, Instructions: r.Instructions,
		Tools: toolsByID(r.Tools, s.Scrub), Prompts: r.Prompts, Resources: r.Resources, ResourceTemplates: r.ResourceTemplates, Notes: r.Notes}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		panic(err) // the SDK's types always encode
	}
	return maskJSON(scrubJSON(b.Bytes(), s.Scrub))
}

// toolsByID renames each tool whose name holds a secret (or a value of
// the server's environment) to its stable id, id-…: masked as "****" the
// names of several tools would be one, their pins would merge, and the
// tool-name rules would judge the mask. The id is the same on every run,
// so drift is still seen per tool.
func toolsByID(tools []*mcp.Tool, values []string) []*mcp.Tool {
	out := make([]*mcp.Tool, len(tools))
	for i, t := range tools {
		out[i] = t
		if t == nil || (secret.Text(t.Name) == t.Name && Scrub(t.Name, values) == t.Name) {
			continue
		}
		c := *t
		c.Name = strings.Trim(secret.NameID(t.Name), "‹›")
		out[i] = &c
	}
	return out
}

// maskJSON masks every secret-like token in the strings of an encoded
// snapshot (secret.Text), keys and values alike, decoded: a server's
// answers are untrusted text, and a token in a tool's description, schema
// or name must not be committed. Masking the encoded text instead could
// break it (a quoted id ending a token is taken in with it) and leave it
// unmasked. Order and layout are kept, so an unchanged answer encodes the
// same. A document that does not decode (never one Encode made) is masked
// as text: never written unmasked.
func maskJSON(b []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out bytes.Buffer
	str := func(s string) error {
		var e bytes.Buffer
		enc := json.NewEncoder(&e)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(secret.Text(s)); err != nil {
			return err
		}
		out.Write(bytes.TrimSuffix(e.Bytes(), []byte("\n")))
		return nil
	}
	// needComma says whether the next value or key follows another in its
	// object or array; inObject whether a key is expected.
	type level struct{ object, keyNext, any bool }
	var stack []level
	sep := func() {
		if n := len(stack); n > 0 {
			l := &stack[n-1]
			if l.object && !l.keyNext {
				out.WriteByte(':')
				l.keyNext = true
				return
			}
			if l.any {
				out.WriteByte(',')
			}
			l.any = true
			if l.object {
				l.keyNext = false
			}
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			return []byte(secret.Text(string(b)))
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				sep()
				out.WriteByte(byte(v))
				stack = append(stack, level{object: v == '{', keyNext: true})
			default:
				out.WriteByte(byte(v))
				stack = stack[:len(stack)-1]
			}
		case string:
			sep()
			if err := str(v); err != nil {
				return []byte(secret.Text(string(b)))
			}
		case json.Number:
			sep()
			out.WriteString(v.String())
		case bool:
			sep()
			out.WriteString(strconv.FormatBool(v))
		case nil:
			sep()
			out.WriteString("null")
		}
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, out.Bytes(), "", "  "); err != nil {
		return []byte(secret.Text(string(b)))
	}
	ind.WriteByte('\n')
	return ind.Bytes()
}

// Scrub replaces each value in text.
func Scrub(text string, values []string) string {
	for _, v := range values {
		text = strings.ReplaceAll(text, v, "****")
	}
	return text
}

// scrubJSON replaces each value in encoded JSON, raw and as JSON escapes
// it.
func scrubJSON(b []byte, values []string) []byte {
	for _, v := range values {
		b = bytes.ReplaceAll(b, []byte(v), []byte("****"))
		var e bytes.Buffer
		enc := json.NewEncoder(&e)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v)
		if q := bytes.TrimSuffix(bytes.TrimSpace(e.Bytes()), []byte(`"`)); len(q) > 1 {
			b = bytes.ReplaceAll(b, q[1:], []byte("****"))
		}
	}
	return b
}

// FileName is the file name of a server's snapshot: the name where it is
// a safe file name, else a cleaned name with a short digest.
func FileName(server string) string {
	if secret.SecretLike(server) {
		// Named by its id, without the ‹ and ›: the name is a token.
		return strings.TrimSuffix(strings.TrimPrefix(secret.NameID(server), "‹"), "›") + ".json"
	}
	ok := server != "" && len(server) <= 100 && !strings.HasPrefix(server, ".")
	clean := strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '.') {
			return r
		}
		ok = false
		return '_'
	}, server)
	if ok {
		return server + ".json"
	}
	if len(clean) > 60 {
		clean = clean[:60]
	}
	return strings.TrimLeft(clean, ".") + "-" + loader.Digest([]byte(server))[7:15] + ".json"
}
