package rules

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/report"
)

// literalKeys are the fake, real-shaped keys of the literal-key fixture:
// eight providers and more, in env, headers, args and a URL query.
var literalKeys = []string{
	"ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr",
	"sk-" + "5uwC044sTMB0vVHmSOrBtekgMECqUqIspI4qqrSkVmZqtqio",
	"xoxb" + "-9432133360167-1880109221009-85UiHWainIgbDZmtihLVbAHM",
	"AKIA" + "5BCPWZS3IJXQ3M2I",
	"B4gWXsfvsZn0jqjujFGfb1oY" + "VpDf45ipDFT/VBG+",
	"sk_test_" + "KL4bVSIkBCMG9IZBxbDAjLdvuPQc6w5mDJ",
	"S3cr3tPassw0rd" + "2024",
	"sk-ant-api03-" + "pK8ZMgQv4jz3p4CEqdITzwUjiNtQVaiYoLyA9q6IllJDS2j4mJqvXggLiVbG_P3cW94xf4Z4xMZirks73WLPMXH2mbwZqAA",
	"glpat-" + "ZcjE6q0p4H1FaqHUwje6",
	"AIza" + "MBvdhndcFHIiXqpwFT8MfjvkzH8fNvLCsD4",
	"TD8Q4U77Z/B82I7KCS8V5/" + "jND3xFHsRDzkA1uE1Kr39SiD",
	"lin_api_" + "npjofM7Jz4bQqufjazB67H4lCVwBg5WrIxR3nJSn",
	"hf_" + "BrwYQthopKMFlRrymzZYChyknEgvpCqbgl",
	"sk-proj-" + "20etWxfEh1U-9PaNOYR-hR90xDDc9XIgi_vnVML2qGrEGuCsEXTvH4ZOoEyxIWtQgG37h5iSzKT3BlbkFJ03uIO0M9c5Zeokq0oudM2gY0aBar--V1ie39NL1Pg-wH7XRxtuV9esiLNW_L-zqZnqjQ7XDslu",
	"SG." + "uNOHh8cHBEVjjCkWuwx5uj.o3m-tWUGQP-A_GOpvDv40v3Q9q9m0c0BPQxIpffIHaU",
	"npm_" + "55yFUxj4BCNW6VPGQzwiX4TzbPfYJo0enZSQ",
}

// TestLiteralKeysAreFoundAndNeverShown is the acceptance test of the
// secrets rules: every key of the literal-key fixture gets a finding at
// its line (literal-key, or url-credentials for the address's query), and
// no key reaches the text or JSON report, an excerpt, a fix or a
// fingerprint.
func TestLiteralKeysAreFoundAndNeverShown(t *testing.T) {
	e := engine(t)
	run := runExample(t, e, "secrets/literal-key", "fail")
	covered := map[string]bool{}
	for _, f := range run.findings {
		if f.Rule == "secrets/literal-key" || f.Rule == "transport/url-credentials" {
			covered[f.File+":"+strconv.Itoa(f.Range.Start.Line)] = true
		}
	}
	found := 0
	err := filepath.Walk(filepath.Join(run.root, "fail"), func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(run.root, p)
		for i, line := range strings.Split(string(b), "\n") {
			for _, k := range literalKeys {
				if !strings.Contains(line, k) {
					continue
				}
				found++
				if !covered[filepath.ToSlash(rel)+":"+strconv.Itoa(i+1)] {
					t.Errorf("%s:%d: the key %.6s… has no literal-key or url-credentials finding", rel, i+1, k)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < len(literalKeys) {
		t.Errorf("the fixture holds %d of the %d keys", found, len(literalKeys))
	}
	var out bytes.Buffer
	sum := report.Summarise(run.findings, 5, 20)
	if err := report.Text(&out, run.findings, nil, sum, report.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := report.JSON(&out, run.findings, sum); err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(run.findings)
	out.Write(raw)
	text := out.String()
	for _, k := range literalKeys {
		// The key, and the key without the prefix a mask may keep.
		for _, piece := range []string{k, k[6:]} {
			if strings.Contains(text, piece) {
				t.Errorf("output holds the key %.6s…", k)
			}
		}
	}
	if !strings.Contains(text, "secrets/literal-key") {
		t.Fatal("no literal-key finding in the output")
	}
	// Fixes replace the key with a reference and never carry it.
	fixes := 0
	for _, f := range run.findings {
		if f.Fix != nil && f.Rule == "secrets/literal-key" {
			fixes++
		}
	}
	if fixes == 0 {
		t.Error("no literal-key finding carries a fix")
	}
}
