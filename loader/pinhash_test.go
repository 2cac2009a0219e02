package loader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"
)

// TestPinHashPlainArgvIsTheJSON holds the shortcut for plain strings to
// what the JSON encoder writes: strings on both sides of its test (a
// quote, a backslash, a control character, DEL, non-ASCII, HTML
// characters the encoder is told not to escape) hash as the encoded
// array does.
func TestPinHashPlainArgvIsTheJSON(t *testing.T) {
	viaEncoder := func(argv []string) string {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(argv); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(bytes.TrimRight(buf.Bytes(), "\n"))
		return "sha256:" + hex.EncodeToString(sum[:])
	}
	words := []string{"", "npx", "-y", "@acme/server@1.2.3", "a b", "<&>", "~!#$%^*()_+{}|:?`'",
		`say "hi"`, `C:\tools\x.exe`, "tab\there", "nl\n", "\x00", "\x1f", "\x7f", "é", "\u2028", "\xff", " "}
	plain := 0
	for _, cmd := range words {
		for _, arg := range words {
			for _, args := range [][]string{nil, {}, {arg}, {arg, cmd}, {"--flag", arg, ""}} {
				s := &Server{Transport: "stdio", Command: cmd, Args: args}
				argv := append([]string{cmd}, args...)
				if got, want := PinHash(s), viaEncoder(argv); got != want {
					t.Errorf("PinHash(%q %q) = %s, the JSON gives %s", cmd, args, got, want)
				}
				if _, ok := plainArgv(cmd, args); ok {
					plain++
				}
			}
		}
	}
	if plain == 0 {
		t.Error("no case took the plain path")
	}
}
