package export

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
)

// A refusal names the package from the scanned file; a control character
// in it must not reach the terminal as it is.
func TestRefusalEscapesPackageName(t *testing.T) {
	s := &loader.Server{Name: "demo", Transport: "stdio", Command: "npx", Args: []string{"-y", "acme\x1b[2J-mcp@^1.0.0"}}
	rf := facts.Runner(s)
	if rf == nil || rf.Package == "" || rf.Problem == "" {
		t.Fatalf("runner fact = %+v, want an unpinned package", rf)
	}
	_, err := Paseo(s, rf)
	if err == nil {
		t.Fatal("an unpinned package was exported")
	}
	if strings.ContainsRune(err.Error(), 0x1b) {
		t.Fatalf("refusal holds a raw escape: %q", err.Error())
	}
	if !strings.Contains(err.Error(), "acme") {
		t.Fatalf("refusal does not name the package: %q", err.Error())
	}
}
