package integration

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"text/template"

	"go.yaml.in/yaml/v3"
)

type goreleaserFile struct {
	Version int `yaml:"version"`
	Builds  []struct {
		ID      string   `yaml:"id"`
		Main    string   `yaml:"main"`
		Binary  string   `yaml:"binary"`
		Env     []string `yaml:"env"`
		Goos    []string `yaml:"goos"`
		Goarch  []string `yaml:"goarch"`
		Flags   []string `yaml:"flags"`
		Ldflags []string `yaml:"ldflags"`
	} `yaml:"builds"`
	Archives []struct {
		NameTemplate    string   `yaml:"name_template"`
		Formats         []string `yaml:"formats"`
		FormatOverrides []struct {
			Goos    string   `yaml:"goos"`
			Formats []string `yaml:"formats"`
		} `yaml:"format_overrides"`
	} `yaml:"archives"`
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
		Algorithm    string `yaml:"algorithm"`
	} `yaml:"checksum"`
	SBOMs []struct {
		Artifacts string `yaml:"artifacts"`
	} `yaml:"sboms"`
}

func readGoreleaser(t *testing.T) goreleaserFile {
	t.Helper()
	g, err := loadGoreleaser()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func loadGoreleaser() (goreleaserFile, error) {
	var g goreleaserFile
	raw, err := os.ReadFile(filepath.Join("..", ".goreleaser.yaml"))
	if err != nil {
		return g, err
	}
	if err := yaml.Unmarshal(raw, &g); err != nil {
		return g, fmt.Errorf(".goreleaser.yaml: %w", err)
	}
	if len(g.Builds) == 0 {
		return g, fmt.Errorf(".goreleaser.yaml: no builds")
	}
	return g, nil
}

var (
	releaseOnce sync.Once
	releaseBin  string
	releaseErr  error
)

// releaseBinary is mcplint built the way .goreleaser.yaml builds a v9.9.9
// tag: its env and its ldflags, goreleaser's template fields filled in as
// a tag build would. It is built once for the package: the stamp, action,
// org-scan and pre-commit tests all run this binary.
func releaseBinary(t *testing.T) string {
	t.Helper()
	releaseOnce.Do(func() { releaseBin, releaseErr = buildRelease() })
	if releaseErr != nil {
		t.Fatal(releaseErr)
	}
	return releaseBin
}

func buildRelease() (string, error) {
	g, err := loadGoreleaser()
	if err != nil {
		return "", err
	}
	b := g.Builds[0]
	fields := map[string]string{
		"Version": "9.9.9", "Tag": "v9.9.9",
		"Commit": "0123456789abcdef0123456789abcdef01234567", "FullCommit": "0123456789abcdef0123456789abcdef01234567", "ShortCommit": "0123456",
		"Date": "2026-11-30T12:00:00Z", "CommitDate": "2026-11-30T12:00:00Z",
	}
	var ldflags []string
	for _, l := range b.Ldflags {
		tpl, err := template.New("ldflags").Option("missingkey=error").Parse(l)
		if err != nil {
			return "", err
		}
		var sb strings.Builder
		if err := tpl.Execute(&sb, fields); err != nil {
			return "", fmt.Errorf("ldflags %q use a field a tag build has not got here: %w", l, err)
		}
		ldflags = append(ldflags, sb.String())
	}
	dir, err := os.MkdirTemp("", "mcplint-release-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "mcplint")
	// The config's -trimpath is left out: it changes only the file paths
	// recorded in the binary, and with it every package would be compiled
	// again instead of coming from the build cache the other tests fill.
	args := []string{"build", "-ldflags", strings.Join(ldflags, " "), "-o", bin, b.Main}
	cmd := exec.Command("go", args...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), b.Env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go %v: %w\n%s", args, err, out)
	}
	return bin, nil
}

// stampVars are the package-level string variables of cmd/mcplint, which
// -X can set.
func stampVars(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join("..", "cmd", "mcplint", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	vars := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							vars[f.Name.Name+"."+n.Name] = true
						}
					}
				}
			}
		}
	}
	return vars
}

var xFlag = regexp.MustCompile(`-X\s+([\w./]+)=(\S+)`)

// TestGoreleaserConfig: the release configuration builds ./cmd/mcplint
// for linux, darwin and windows on amd64 and arm64 without cgo, archives
// under the names action.yml downloads, writes a sha256 checksums file
// and SBOMs, and its ldflags set version, commit and date: string
// variables that exist in package main.
func TestGoreleaserConfig(t *testing.T) {
	g := readGoreleaser(t)
	if g.Version != 2 || len(g.Builds) != 1 {
		t.Fatalf("version %d, %d builds", g.Version, len(g.Builds))
	}
	b := g.Builds[0]
	if b.Main != "./cmd/mcplint" || b.Binary != "mcplint" {
		t.Errorf("build main %q binary %q", b.Main, b.Binary)
	}
	if !contains(b.Env, "CGO_ENABLED=0") {
		t.Errorf("build env %v: release binaries must be static", b.Env)
	}
	sort.Strings(b.Goos)
	sort.Strings(b.Goarch)
	if strings.Join(b.Goos, ",") != "darwin,linux,windows" || strings.Join(b.Goarch, ",") != "amd64,arm64" {
		t.Errorf("targets %v × %v", b.Goos, b.Goarch)
	}
	vars := stampVars(t)
	set := map[string]string{}
	for _, l := range b.Ldflags {
		for _, m := range xFlag.FindAllStringSubmatch(l, -1) {
			if !vars[m[1]] {
				t.Errorf("ldflags set %s, which is not a string variable of cmd/mcplint (have %v)", m[1], vars)
			}
			set[m[1]] = m[2]
		}
	}
	for _, v := range []string{"main.version", "main.commit", "main.date"} {
		if set[v] == "" {
			t.Errorf("ldflags do not set %s: %v", v, b.Ldflags)
		}
	}
	if len(g.Archives) != 1 || g.Archives[0].NameTemplate != "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}" {
		t.Errorf("archives: %+v (action.yml downloads mcplint_VERSION_OS_ARCH)", g.Archives)
	}
	a := g.Archives[0]
	if !contains(a.Formats, "tar.gz") || len(a.FormatOverrides) != 1 || a.FormatOverrides[0].Goos != "windows" || !contains(a.FormatOverrides[0].Formats, "zip") {
		t.Errorf("archive formats: %+v", a)
	}
	if g.Checksum.Algorithm != "sha256" || g.Checksum.NameTemplate != "{{ .ProjectName }}_{{ .Version }}_checksums.txt" {
		t.Errorf("checksum: %+v (action.yml verifies mcplint_VERSION_checksums.txt)", g.Checksum)
	}
	if len(g.SBOMs) == 0 {
		t.Error("no SBOM")
	}
}

// TestReleaseBinaryPrintsItsStamp builds one target with the config's
// ldflags (goreleaser's template fields filled in as a tag
// build would) and checks that the binary reports what was stamped:
// mcplint version, the JSON document's version and SARIF's driver.
func TestReleaseBinaryPrintsItsStamp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	b := readGoreleaser(t).Builds[0]
	if !contains(b.Flags, "-trimpath") {
		t.Errorf("build flags %v: release binaries should not carry the build machine's paths", b.Flags)
	}
	bin := releaseBinary(t)
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "mcplint 9.9.9 (commit 0123456789abcdef0123456789abcdef01234567, built 2026-11-30T12:00:00Z)\n"
	if string(out) != want {
		t.Errorf("mcplint version:\n got %q\nwant %q", out, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(`{"mcpServers": {"d": {"type": "http", "url": "https://docs.example.com/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(format string) []byte {
		c := exec.Command(bin, "check", "--no-config", "--format", format, ".")
		c.Dir = dir
		out, err := c.Output()
		if err != nil {
			t.Fatalf("check --format %s: %v", format, err)
		}
		return out
	}
	var doc struct{ Version string }
	if err := json.Unmarshal(run("json"), &doc); err != nil || doc.Version != "9.9.9" {
		t.Errorf("JSON version %q (%v)", doc.Version, err)
	}
	var log struct {
		Runs []struct {
			Tool struct{ Driver struct{ Version string } }
		}
	}
	if err := json.Unmarshal(run("sarif"), &log); err != nil || log.Runs[0].Tool.Driver.Version != "9.9.9" {
		t.Errorf("SARIF driver version: %+v (%v)", log, err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
