package inventory

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestOddInputsStillValidate builds definitions out of awkward pieces
// (spaces, percent signs, @, colons, braces, control and non-ASCII
// characters, templates) and checks every SBOM validates and every purl
// round-trips.
func TestOddInputsStillValidate(t *testing.T) {
	pieces := []string{"@", "@scope/", "a b", "%", "%zz", ":", "::", "{x}", "${X}", "${/}", "/", "\\", "..", "\t", "\x01", "é", "名", "?q=1", "#f",
		"==", "^1", "latest", "1.2.3", "sha256:" + strings.Repeat("ab", 32), "git+https://h/r.git", "./p", "-y", "--from", "", "https://u:p@h:1/p?k=v"}
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		var b strings.Builder
		for n := rng.IntN(4) + 1; n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	runners := []string{"npx", "uvx", "pipx", "docker", "dnx", "node", "/opt/x/bin/y", "npm", "bunx", "uv", "podman", word()}
	for round := 0; round < 40; round++ {
		servers := map[string]any{}
		for i := 0; i < 8; i++ {
			name := word() + string(rune('a'+i))
			switch rng.IntN(3) {
			case 0:
				args := []string{}
				if rng.IntN(2) == 0 {
					args = append(args, "run")
				}
				for n := rng.IntN(4); n >= 0; n-- {
					args = append(args, word())
				}
				servers[name] = map[string]any{"command": runners[rng.IntN(len(runners))], "args": args}
			case 1:
				servers[name] = map[string]any{"type": "http", "url": "https://" + word() + "/" + word(), "headers": map[string]string{word(): word()}}
			default:
				servers[name] = map[string]any{"command": word() + " " + word()}
			}
		}
		doc, _ := json.Marshal(map[string]any{"mcpServers": servers})
		pkgs := []map[string]any{}
		for _, typ := range []string{"npm", "pypi", "oci", "nuget", "mcpb", word()} {
			pkgs = append(pkgs, map[string]any{"registryType": typ, "identifier": word(), "version": word(), "registryBaseUrl": word()})
		}
		reg, _ := json.Marshal(map[string]any{"name": "io.x/" + word(), "version": "1.0.0", "description": "d", "packages": pkgs,
			"remotes": []map[string]any{{"type": word(), "url": word()}}})
		_, bom := sbom(t, map[string]string{".mcp.json": string(doc), "server.json": string(reg)})
		for _, c := range *bom.Components {
			if c.PackageURL != "" {
				roundTrip(t, c.PackageURL)
			}
		}
		if t.Failed() {
			t.Logf("round %d: %s\n%s", round, doc, reg)
			return
		}
	}
}

// TestComponentNamesAreMaskedAsListMasksThem: the script a node or python3
// command runs names its component and purl. A random token with no
// provider prefix there (a detector-only mask leaves it) must be masked as
// list masks it, and so must one in a package name, version or tag.
func TestComponentNamesAreMaskedAsListMasksThem(t *testing.T) {
	const tok = "Xq9vT2mLp8RzK4wYb7Nc3Hd"
	doc := `{"mcpServers":{
		"a":{"command":"node","args":["` + tok + `"]},
		"b":{"command":"python3","args":["-u","/srv/` + tok + `.py"]},
		"c":{"command":"npx","args":["-y","pkg-` + tok + `@1.0.0"]},
		"d":{"command":"docker","args":["run","-i","img:` + tok + `"]},
		"e":{"command":"deno","args":["run","` + tok + `"]}}}`
	out, _ := sbom(t, map[string]string{".mcp.json": doc})
	if strings.Contains(string(out), tok) || strings.Contains(string(out), tok[:16]) {
		t.Fatalf("a token in the SBOM:\n%s", out)
	}
}
