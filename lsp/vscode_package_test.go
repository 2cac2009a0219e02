package lsp

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// The VS Code extension (editors/vscode) is built from npm packages at
// exact versions with a lock file, attaches the server to every project
// file docs/editors.md lists, and offers the settings the server reads.

var exactVersion = regexp.MustCompile(`^\d+\.\d+\.\d+$`)

type npmPackage struct {
	Name            string            `json:"name"`
	Dependencies    map[string]string `json:"dependencies"`
	DevDependencies map[string]string `json:"devDependencies"`
	Contributes     struct {
		Commands []struct {
			Command string `json:"command"`
		} `json:"commands"`
		Configuration struct {
			Properties map[string]struct {
				Default any      `json:"default"`
				Enum    []string `json:"enum"`
			} `json:"properties"`
		} `json:"configuration"`
	} `json:"contributes"`
	ActivationEvents []string `json:"activationEvents"`
}

func readPackage(t *testing.T, dir string) npmPackage {
	t.Helper()
	var p npmPackage
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatalf("%s/package.json: %v", dir, err)
	}
	return p
}

func TestVSCodePackagesArePinned(t *testing.T) {
	for _, dir := range []string{"../editors/vscode", "../editors/vscode/test/e2e", "../editors/vscode/test/e2e/node"} {
		p := readPackage(t, dir)
		var lock struct {
			LockfileVersion int `json:"lockfileVersion"`
			Packages        map[string]struct {
				Version         string            `json:"version"`
				Dependencies    map[string]string `json:"dependencies"`
				DevDependencies map[string]string `json:"devDependencies"`
			} `json:"packages"`
		}
		b, err := os.ReadFile(filepath.Join(dir, "package-lock.json"))
		if err != nil {
			t.Fatalf("%s has no package-lock.json: %v", dir, err)
		}
		if err := json.Unmarshal(b, &lock); err != nil || lock.LockfileVersion < 2 {
			t.Fatalf("%s/package-lock.json: %v (lockfileVersion %d)", dir, err, lock.LockfileVersion)
		}
		root := lock.Packages[""]
		for _, deps := range []struct {
			pkg, locked map[string]string
		}{{p.Dependencies, root.Dependencies}, {p.DevDependencies, root.DevDependencies}} {
			for name, v := range deps.pkg {
				if !exactVersion.MatchString(v) {
					t.Errorf("%s: %s is %q, not an exact version", dir, name, v)
				}
				if deps.locked[name] != v {
					t.Errorf("%s: package-lock.json is not current for %s (%q, package.json %q): run npm install there", dir, name, deps.locked[name], v)
				}
				if got := lock.Packages["node_modules/"+name].Version; got != v {
					t.Errorf("%s: the lock installs %s %s, package.json pins %s", dir, name, got, v)
				}
			}
		}
	}
}

func TestVSCodeExtensionCoversTheProjectFiles(t *testing.T) {
	src, err := os.ReadFile("../editors/vscode/src/extension.ts")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)CONFIG_GLOBS = \[(.*?)\];`).FindSubmatch(src)
	if block == nil {
		t.Fatal("no CONFIG_GLOBS in extension.ts")
	}
	var globs []string
	for _, m := range regexp.MustCompile(`"([^"]+)"`).FindAllSubmatch(block[1], -1) {
		globs = append(globs, string(m[1]))
	}
	matches := func(name string) bool {
		for _, g := range globs {
			g = strings.TrimPrefix(g, "**/")
			segs := strings.Count(g, "/") + 1
			parts := strings.Split(name, "/")
			if len(parts) < segs {
				continue
			}
			if ok, _ := path.Match(g, strings.Join(parts[len(parts)-segs:], "/")); ok {
				return true
			}
		}
		return false
	}
	doc, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	// The "project files" column of the table of files to attach to.
	n := 0
	_, table, _ := strings.Cut(string(doc), "## Which files to attach it to")
	table, _, _ = strings.Cut(table, "\n## ")
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.Contains(cells[2], "`") {
			continue
		}
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cells[2], -1) {
			name := m[1]
			name = strings.Split(name, " ")[0]
			name = strings.ReplaceAll(name, "[c]", "")
			if strings.ContainsAny(name, "()") || regexp.MustCompile(`^\.[a-z]+$`).MatchString(name) {
				continue
			}
			n++
			if !matches(name) && !matches(strings.TrimSuffix(name, "c")) {
				t.Errorf("docs/editors.md lists %s; no glob of CONFIG_GLOBS in editors/vscode/src/extension.ts matches it", name)
			}
		}
	}
	if n < 20 {
		t.Fatalf("read only %d file names from docs/editors.md's table", n)
	}
	for _, name := range []string{".mcp.json", ".cursor/mcp.json", ".vscode/mcp.json", "mcp.json", ".codex/config.toml", "opencode.json", "opencode.jsonc", ".gemini/settings.json", "server.json"} {
		if !matches("proj/" + name) {
			t.Errorf("the extension is not attached to %s", name)
		}
	}

	p := readPackage(t, "../editors/vscode")
	activation := strings.Join(p.ActivationEvents, "\n")
	for _, name := range []string{".mcp.json", ".cursor/mcp.json", ".vscode/mcp.json", "mcp.json", ".codex/config.toml", "opencode.json", "opencode.jsonc", ".gemini/settings.json", "server.json"} {
		if !strings.Contains(activation, "workspaceContains:**/"+name+"\n") && !strings.HasSuffix(activation, "workspaceContains:**/"+name) {
			t.Errorf("no activation event for %s", name)
		}
	}
	for _, c := range p.Contributes.Commands {
		if !strings.Contains(string(src), `registerCommand("`+c.Command+`"`) {
			t.Errorf("command %s is contributed but not registered", c.Command)
		}
	}
	props := p.Contributes.Configuration.Properties
	for _, k := range []string{"mcplint.path", "mcplint.select", "mcplint.ignore", "mcplint.home", "mcplint.client", "mcplint.failLevel", "mcplint.probe.enable"} {
		if _, ok := props[k]; !ok {
			t.Errorf("setting %s is missing", k)
		}
	}
	if props["mcplint.probe.enable"].Default != false {
		t.Errorf("mcplint.probe.enable defaults to %v", props["mcplint.probe.enable"].Default)
	}
	clients := append([]string(nil), props["mcplint.client"].Enum...)
	sort.Strings(clients)
	want := append([]string{""}, loader.ClientIDs()...)
	if strings.Join(clients, ",") != strings.Join(want, ",") {
		t.Errorf("mcplint.client enum = %v, want %v", clients, want)
	}
	for _, l := range []string{"error", "warning", "info", "never"} {
		if !strings.Contains(strings.Join(props["mcplint.failLevel"].Enum, ","), l) {
			t.Errorf("failLevel lacks %s", l)
		}
	}
}
