package loader

import (
	"testing"

	"github.com/mcplint/mcplint/loader/syntax"
)

// Each client's transport for the entry shapes it meets (clients.md
// §18.1): a row of transportRules changed by mistake fails here.
func TestTransportByClient(t *testing.T) {
	for _, c := range []struct{ client, entry, url, want string }{
		{"claude-code", `{"command": "x"}`, "", "stdio"},
		{"claude-code", `{"url": "u"}`, "u", "unknown"},
		{"claude-code", `{"type": "http", "url": "u"}`, "u", "http"},
		{"claude-code", `{"command": "x", "url": "u"}`, "u", "stdio"},
		{"claude-code", `{}`, "", "stdio"},
		{"claude-desktop", `{"url": "u"}`, "u", "unknown"},
		{"super-pi", `{"type": "sse", "command": "x", "url": "u"}`, "u", "stdio"},
		{"super-pi", `{"serverUrl": "u"}`, "u", "http"},
		{"super-pi", `{}`, "", "unknown"},
		{"cline", `{"transportType": "sse", "url": "u"}`, "u", "sse"},
		{"cline", `{"type": "streamableHttp", "transportType": "sse", "url": "u"}`, "u", "http"},
		{"cline", `{"url": "u"}`, "u", "sse"},
		{"roo", `{"url": "u"}`, "u", "sse"},
		{"kilo", `{"type": "streamable-http", "url": "u"}`, "u", "http"},
		{"codex", `{"type": "stdio", "url": "u"}`, "u", "http"},
		{"grok", `{"command": "x"}`, "", "stdio"},
		{"opencode", `{"type": "local", "command": ["x"]}`, "", "stdio"},
		{"opencode", `{"type": "remote", "url": "u"}`, "u", "http"},
		{"opencode", `{"type": "http", "url": "u"}`, "u", "unknown"},
		{"gemini", `{"httpUrl": "u"}`, "u", "http"},
		{"gemini", `{"url": "u"}`, "u", "http"},
		{"gemini", `{"url": "u", "type": "http"}`, "u", "http"},
		{"gemini", `{"url": "u", "type": "sse"}`, "u", "sse"},
		{"gemini", `{"url": "u", "type": "websocket"}`, "u", "http"},
		{"gemini", `{"tcp": "h:1"}`, "", "ws"},
		{"gemini", `{"url": "u", "command": "x"}`, "u", "http"},
		{"zed", `{"source": "extension"}`, "", "extension"},
		{"zed", `{"settings": {}}`, "", "extension"},
		{"zed", `{"url": "u"}`, "u", "http"},
		{"goose", `{"type": "streamable_http", "uri": "u"}`, "u", "http"},
		{"goose", `{"type": "platform"}`, "", "builtin"},
		{"goose", `{"type": "http", "uri": "u"}`, "u", "unknown"},
		{"goose", `{"cmd": "x"}`, "", "stdio"},
		{"vscode", `{"type": "sse", "url": "u"}`, "u", "sse"},
		{"vscode", `{"url": "u"}`, "u", "http"},
		{"vscode", `{}`, "", "unknown"},
	} {
		f, err := syntax.Parse([]byte(c.entry), syntax.JSON)
		if err != nil {
			t.Fatal(err)
		}
		if got := transport(c.client, f.Root, &Server{URL: c.url}); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.client, c.entry, got, c.want)
		}
	}
}
