package lsp

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzServe feeds arbitrary bytes, after a valid initialize, to the
// server: it must answer or drop every message and stop at the end of the
// stream, never crash or hang.
func FuzzServe(f *testing.F) {
	init := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	open := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nonexistent/p/.mcp.json","languageId":"json","version":1,"text":"{\"mcpServers\":{\"a\":{\"url\":\"http://x.example.com\"}}}"}}}`
	for _, seed := range []string{
		"",
		frame(open),
		frame(open) + frame(`{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///nonexistent/p/.mcp.json"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"context":{"diagnostics":[]}}}`),
		frame(open) + frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nonexistent/p/.mcp.json","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":5},"end":{"line":0,"character":99}},"text":"é𝄞"}]}}`),
		frame(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x"},"position":{"line":-1,"character":-5}}}`),
		frame(`{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}`),
		"Content-Length: 99999999999999999999\r\n\r\n",
		"Content-Length: 5\r\n\r\n{}",
		frame(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`),
	} {
		f.Add([]byte(seed))
	}
	eng := testEngine(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		srv := NewServer(Options{Engine: eng, NoConfig: true, WorkDir: "/"})
		in := io.MultiReader(strings.NewReader(init), bytes.NewReader(data))
		var out bytes.Buffer
		code := srv.Serve(in, &out)
		if code != 0 && code != 1 {
			t.Fatalf("exit code %d", code)
		}
		// Everything written is well-framed.
		r := bufioReader(&out)
		for {
			_, err := readMessage(r)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("the server wrote a malformed message: %v", err)
			}
		}
	})
}
