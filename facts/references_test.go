package facts

import (
	"testing"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

func TestReferenceForEachClient(t *testing.T) {
	managed := &loader.Document{Kind: loader.KindSettings}
	cases := []struct {
		s     *loader.Server
		field string
		want  string
	}{
		{&loader.Server{Client: "claude-code"}, "env", "${T}"},
		{&loader.Server{Client: "claude-code", Tier: loader.TierManaged, Doc: managed}, "headers", ""},
		{&loader.Server{Client: "cursor"}, "headers", "${env:T}"},
		{&loader.Server{Client: "vscode"}, "env", "${env:T}"},
		{&loader.Server{Client: "opencode"}, "env", "{env:T}"},
		{&loader.Server{Client: "continue"}, "headers", "${{ secrets.T }}"},
		{&loader.Server{Client: "super-pi"}, "headers", "${T}"},
		{&loader.Server{Client: "super-pi"}, "env", ""},
		{&loader.Server{Client: "codex"}, "env", ""},
		{&loader.Server{Client: "claude-desktop"}, "env", ""},
	}
	for _, c := range cases {
		if got := ReferenceFor(c.s, c.field, "T"); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.s.Client, c.field, got, c.want)
		}
	}
	if !Expands(&loader.Server{Client: "vscode"}, secret.SyntaxInput, "env") || Expands(&loader.Server{Client: "cursor"}, secret.SyntaxInput, "env") {
		t.Error("${input:…} is VS Code's alone")
	}
}
