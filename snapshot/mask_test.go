package snapshot

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/probe"
)

// A description that holds a quoted random id next to a token, or a token
// followed by a quote, made the masked text invalid JSON, and the snapshot
// was written unmasked. Strings are masked decoded now: every token is
// gone and the file is valid JSON.
func TestSnapshotMasksDecodedStrings(t *testing.T) {
	const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
	tools := []*mcp.Tool{
		{Name: "search", Description: `Pass the workspace id "Zq8rT2vLx9Kp4mWn7Bc3Hd6Fj1Gs5Ya0" to every call. Key: ` + token + `"`, InputSchema: map[string]any{"type": "object"}},
		{Name: "other", Description: "uses " + token + " too", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"description": "token " + token}}}},
	}
	out := Encode(&Server{Name: "s", Transport: "stdio", Result: &probe.Result{Tools: tools}})
	if bytes.Contains(out, []byte("0123456789abcdef")) || bytes.Contains(out, []byte("Zq8rT2vLx9")) {
		t.Errorf("a token is written:\n%s", out)
	}
	if !json.Valid(out) {
		t.Errorf("not valid JSON:\n%s", out)
	}
	var f struct {
		Tools []struct{ Name, Description string } `json:"tools"`
	}
	if err := json.Unmarshal(out, &f); err != nil || len(f.Tools) != 2 || !strings.Contains(f.Tools[0].Description, "Pass the workspace id") {
		t.Errorf("tools %+v, err %v", f.Tools, err)
	}
}

// Nothing to mask: the file is byte for byte what the encoder wrote, so
// pins taken before stay the same.
func TestSnapshotUnchangedWithoutSecrets(t *testing.T) {
	tools := []*mcp.Tool{{Name: "b_tool", Description: "Reads <things> & more", InputSchema: map[string]any{"type": "object", "z": 1.5, "a": []any{true, nil, "x"}}}}
	s := &Server{Name: "s", Transport: "stdio", Result: &probe.Result{Tools: tools, Instructions: "use \u00e9 and \\n"}}
	got := Encode(s)
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(file{Server: "s", Transport: "stdio", Instructions: "use \u00e9 and \\n", Tools: tools}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("got\n%s\nwant\n%s", got, want.Bytes())
	}
}
