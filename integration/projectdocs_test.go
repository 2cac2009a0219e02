package integration

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(name)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return string(b)
}

// TestLicenseIsApache2: LICENSE is the whole Apache License 2.0, all nine
// sections and the appendix, not a pointer to it.
func TestLicenseIsApache2(t *testing.T) {
	l := readRepoFile(t, "LICENSE")
	for _, want := range []string{"Apache License", "Version 2.0, January 2004", "http://www.apache.org/licenses/",
		"1. Definitions.", "2. Grant of Copyright License.", "3. Grant of Patent License.", "4. Redistribution.",
		"5. Submission of Contributions.", "6. Trademarks.", "7. Disclaimer of Warranty.", "8. Limitation of Liability.",
		"9. Accepting Warranty or Additional Liability.", "END OF TERMS AND CONDITIONS", "APPENDIX: How to apply the Apache License to your work."} {
		if !strings.Contains(l, want) {
			t.Errorf("LICENSE lacks %q", want)
		}
	}
	if n := len(strings.Fields(l)); n < 1500 {
		t.Errorf("LICENSE has %d words, the Apache License 2.0 about 1,580", n)
	}
}

// TestNoticeNamesWhatIsBundled: every file of another project that the
// repository bundles (the schemas the binary embeds, the registry corpus
// the tests read) is named in NOTICE, and each of those folders has its
// own notice.
func TestNoticeNamesWhatIsBundled(t *testing.T) {
	notice := readRepoFile(t, "NOTICE")
	if !strings.Contains(notice, "Apache License, Version 2.0") {
		t.Error("NOTICE does not name mcplint's licence")
	}
	// mcplint's own schemas; every other embedded schema is someone else's.
	own := map[string]bool{"input.schema.json": true, "findings.schema.json": true, "mcplint-config.schema.json": true}
	embeds := regexp.MustCompile(`//go:embed\s+(\S+)`)
	srcs, _ := filepath.Glob(filepath.Join("..", "schema", "*.go"))
	bundled := 0
	for _, src := range srcs {
		for _, m := range embeds.FindAllStringSubmatch(readRepoFile(t, "schema/"+filepath.Base(src)), -1) {
			name := filepath.Base(m[1])
			if own[name] {
				continue
			}
			bundled++
			if !strings.Contains(notice, name) && !strings.Contains(notice, "schema/"+filepath.Dir(m[1])+"/") {
				t.Errorf("NOTICE does not name the embedded %s", m[1])
			}
		}
	}
	if bundled < 5 {
		t.Errorf("%d embedded schemas of other projects found: the search reads the wrong files", bundled)
	}
	for _, want := range []string{"testdata/registry", "CC-BY-4.0", "MIT / Apache-2.0", "OASIS"} {
		if !strings.Contains(notice, want) {
			t.Errorf("NOTICE lacks %q", want)
		}
	}
	for _, n := range []string{"schema/NOTICE", "schema/cyclonedx/NOTICE", "testdata/registry/NOTICE"} {
		if _, err := os.Stat(filepath.Join("..", n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// TestChangelogKeepsAChangelog: CHANGELOG.md has an [Unreleased] section,
// released headings "## [X.Y.Z] - YYYY-MM-DD" newest first with a 0.1.0
// entry, only Keep a Changelog's section names, and a link for every
// heading.
func TestChangelogKeepsAChangelog(t *testing.T) {
	c := readRepoFile(t, "CHANGELOG.md")
	heading := regexp.MustCompile(`(?m)^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$`)
	hs := heading.FindAllStringSubmatch(c, -1)
	if len(hs) < 2 || hs[0][1] != "Unreleased" {
		t.Fatalf("headings %v: want [Unreleased] first, then the releases", hs)
	}
	semver := regexp.MustCompile(`^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$`)
	var prev []int
	found010 := false
	for _, h := range hs[1:] {
		if !semver.MatchString(h[1]) || h[2] == "" {
			t.Errorf("heading [%s] %s: want ## [X.Y.Z] - YYYY-MM-DD", h[1], h[2])
			continue
		}
		found010 = found010 || h[1] == "0.1.0"
		var v []int
		for _, p := range strings.SplitN(strings.SplitN(h[1], "-", 2)[0], ".", 3) {
			n := 0
			for _, r := range p {
				n = n*10 + int(r-'0')
			}
			v = append(v, n)
		}
		if prev != nil && (v[0] > prev[0] || v[0] == prev[0] && (v[1] > prev[1] || v[1] == prev[1] && v[2] >= prev[2])) {
			t.Errorf("[%s] is not older than the release above it", h[1])
		}
		prev = v
	}
	if !found010 {
		t.Error("no 0.1.0 entry")
	}
	for _, h := range hs {
		if !regexp.MustCompile(`(?m)^\[` + regexp.QuoteMeta(h[1]) + `\]: https://github\.com/mcplint/mcplint/`).MatchString(c) {
			t.Errorf("no link for [%s]", h[1])
		}
	}
	for _, s := range regexp.MustCompile(`(?m)^### (.+)$`).FindAllStringSubmatch(c, -1) {
		switch s[1] {
		case "Added", "Changed", "Deprecated", "Removed", "Fixed", "Security":
		default:
			t.Errorf("section %q is not one of Keep a Changelog's", s[1])
		}
	}
	if newestRelease(t) != "0.1.0" && !found010 {
		t.Error("newest release unreadable")
	}
}

// newestRelease is the version of the newest released heading of
// CHANGELOG.md, as the Action and the release workflow read it.
func newestRelease(t *testing.T) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^## \[(\d+\.\d+\.\d+[^\]]*)\]`).FindStringSubmatch(readRepoFile(t, "CHANGELOG.md"))
	if m == nil {
		t.Fatal("CHANGELOG.md has no released heading")
	}
	return m[1]
}

// TestSecurityPolicy: SECURITY.md says how to report privately and what
// mcplint promises about the untrusted files it reads.
func TestSecurityPolicy(t *testing.T) {
	s := readRepoFile(t, "SECURITY.md")
	for _, want := range []string{"## Reporting a vulnerability", "security/advisories/new", "not in a\npublic issue",
		"## What mcplint promises about untrusted input", "No secret is printed", "No terminal escapes",
		"No network and no execution", "No reading outside", "never crashes", "checksums file"} {
		if !strings.Contains(s, want) {
			t.Errorf("SECURITY.md lacks %q", want)
		}
	}
}

// TestContributingRegenerates: CONTRIBUTING.md has the development loop,
// how to add a rule, and a command for every generated file; each command
// names a test and a flag that exist (or a package with go:generate), and
// every -update flag the tests define is in the list, so the list cannot
// fall behind.
func TestContributingRegenerates(t *testing.T) {
	c := readRepoFile(t, "CONTRIBUTING.md")
	for _, want := range []string{"## The development loop", "go test -short ./...", "go test ./...", "## Adding a rule",
		"policies/README.md", "fail.golden", "## Regenerating generated files", "## Releasing"} {
		if !strings.Contains(c, want) {
			t.Errorf("CONTRIBUTING.md lacks %q", want)
		}
	}
	goTest := regexp.MustCompile("`go test \\./([\\w/]+) -run (\\w+) -([\\w-]+)`")
	goGen := regexp.MustCompile("`go generate \\./([\\w/]+)`")
	documented := map[string]bool{}
	cmds := 0
	for _, m := range goTest.FindAllStringSubmatch(c, -1) {
		cmds++
		pkg, test, fl := m[1], m[2], m[3]
		documented[pkg+" -"+fl] = true
		src := packageTests(t, pkg)
		if !regexp.MustCompile(`func ` + test + `\(t \*testing\.T\)`).MatchString(src) {
			t.Errorf("%s: no test %s in ./%s", m[0], test, pkg)
		}
		if !strings.Contains(src, `flag.Bool("`+fl+`"`) {
			t.Errorf("%s: ./%s's tests define no flag -%s", m[0], pkg, fl)
		}
	}
	for _, m := range goGen.FindAllStringSubmatch(c, -1) {
		cmds++
		files, _ := filepath.Glob(filepath.Join("..", filepath.FromSlash(m[1]), "*.go"))
		gen := false
		for _, f := range files {
			b, _ := os.ReadFile(f)
			gen = gen || strings.Contains(string(b), "//go:generate ")
		}
		if !gen {
			t.Errorf("%s: ./%s has no go:generate line", m[0], m[1])
		}
	}
	if cmds < 10 {
		t.Errorf("%d regenerate commands in CONTRIBUTING.md, want every generated file's", cmds)
	}
	// Every update flag a test defines is documented.
	flagDef := regexp.MustCompile(`flag\.Bool\("(update[\w-]*)"`)
	root, _ := filepath.Abs("..")
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "testdata" || d.Name() == "bench") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		for _, m := range flagDef.FindAllStringSubmatch(string(b), -1) {
			if !documented[filepath.ToSlash(rel)+" -"+m[1]] {
				t.Errorf("./%s defines -%s, which CONTRIBUTING.md does not list", filepath.ToSlash(rel), m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// packageTests is the text of a package's test files.
func packageTests(t *testing.T, pkg string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", filepath.FromSlash(pkg), "*_test.go"))
	var sb strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(b)
	}
	return sb.String()
}
