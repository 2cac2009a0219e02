package facts

import "testing"

// An image name without a registry host or a namespace that is not a
// Docker Official Image can only be one built on the machine: nothing to
// pin. An official image, a namespaced one, and a tagged one are judged
// as before.
func TestLocalOnlyImages(t *testing.T) {
	in := loadFacts(t, map[string]string{".cursor/mcp.json": `{"mcpServers": {
		"local": {"command": "docker", "args": ["run", "-i", "--rm", "local-doc-context-mcp", "python", "-m", "app.mcp"]},
		"latest": {"command": "docker", "args": ["run", "-i", "--rm", "my-mcp:latest"]},
		"official": {"command": "docker", "args": ["run", "-i", "--rm", "postgres"]},
		"hub": {"command": "docker", "args": ["run", "-i", "--rm", "mcp/postgres"]}
	}}`})
	want := map[string]string{"local": "", "latest": "", "official": "no-tag", "hub": "no-tag"}
	for name, problem := range want {
		s := serverNamed(in, name)
		if s == nil || s.Runner == nil {
			t.Fatalf("%s: no runner", name)
		}
		if s.Runner.Problem != problem {
			t.Errorf("%s: problem %q, want %q", name, s.Runner.Problem, problem)
		}
	}
	if !localOnlyImage("local-doc-context-mcp") || localOnlyImage("node") || localOnlyImage("ghcr.io/acme/mcp") {
		t.Error("localOnlyImage")
	}
}
