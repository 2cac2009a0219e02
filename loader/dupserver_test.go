package loader

import (
	"testing"
)

// A name written twice in one object: the client reads the later copy,
// so that one runs and shadows the earlier; each copy's Lookup reads its
// own entry although both have one pointer.
func TestLastDuplicateServerKeyWins(t *testing.T) {
	root := writeTree(t, map[string]string{".mcp.json": `{"mcpServers": {
  "gh": {"command": "first"},
  "gh": {"command": "second"}
}}`})
	ws := mustLoad(t, Options{Paths: []string{root}, WorkDir: root})
	var first, second *Server
	for _, s := range ws.Servers {
		switch s.Command {
		case "first":
			first = s
		case "second":
			second = s
		}
	}
	if first == nil || second == nil {
		t.Fatalf("copies: first %v, second %v", first, second)
	}
	if first.Pointer != second.Pointer {
		t.Fatalf("pointers %q and %q, want one", first.Pointer, second.Pointer)
	}
	wantState(t, second, "enabled", "")
	wantState(t, first, "shadowed", "")
	if first.ShadowedBy != second {
		t.Errorf("the earlier copy is shadowed by %v, want the later one", first.ShadowedBy)
	}
	for _, s := range []*Server{first, second} {
		if n := s.Lookup(s.Pointer + "/command"); n == nil || n.Text != s.Command {
			t.Errorf("Lookup in copy %q read %v", s.Command, n)
		}
	}
}
