package integration

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite README.md's sample output from the demo's real output")

// readmeSample finds the sample output block of README.md: the fenced
// block after "The first prints findings such as". It returns the text
// before the block's lines, the lines, and the text after them.
func readmeSample(t *testing.T) (string, []string, string) {
	t.Helper()
	readme := readRepoFile(t, "README.md")
	const intro = "The first prints findings such as\n\n```\n"
	i := strings.Index(readme, intro)
	if i < 0 {
		t.Fatalf("README.md has no %q", intro)
	}
	start := i + len(intro)
	end := strings.Index(readme[start:], "```\n")
	if end < 0 {
		t.Fatal("README.md's sample block is not closed")
	}
	return readme[:start], strings.Split(strings.TrimSuffix(readme[start:start+end], "\n"), "\n"), readme[start+end:]
}

// TestReadmeSampleIsTheDemoOutput: the README's sample output of `go run
// ./cmd/mcplint check fixtures/demo` is what that command prints: whole
// findings, in order, cut where "…" stands, and the exit code the README
// gives after it. -update-readme writes the demo's literal-key finding
// and the one after it.
func TestReadmeSampleIsTheDemoOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	t.Parallel()
	cmd := exec.Command(releaseBinary(t), "check", "fixtures/demo")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	out, err := cmd.Output()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	// A finding starts at a line that is not indented (its file:line:col).
	starts := func(i int) bool { return i == len(lines) || i < len(lines) && strings.HasPrefix(lines[i], "fixtures/") }

	before, sample, after := readmeSample(t)
	if *updateReadme {
		from := -1
		for i, l := range lines {
			if strings.Contains(l, " secrets/literal-key: ") {
				from = i
				break
			}
		}
		if from < 0 {
			t.Fatalf("the demo reports no secrets/literal-key:\n%s", out)
		}
		to, n := from+1, 0
		for ; to < len(lines); to++ {
			if starts(to) {
				if n++; n == 2 {
					break
				}
			}
		}
		var sb strings.Builder
		sb.WriteString(before)
		if from > 0 {
			sb.WriteString("…\n")
		}
		sb.WriteString(strings.Join(lines[from:to], "\n") + "\n")
		if to < len(lines) {
			sb.WriteString("…\n")
		}
		sb.WriteString(after)
		if err := os.WriteFile(filepath.Join("..", "README.md"), []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		before, sample, after = readmeSample(t)
	}

	body := sample
	lead := len(body) > 0 && body[0] == "…"
	if lead {
		body = body[1:]
	}
	trail := len(body) > 0 && body[len(body)-1] == "…"
	if trail {
		body = body[:len(body)-1]
	}
	if len(body) == 0 {
		t.Fatal("README.md's sample block is empty")
	}
	at := -1
	for i := range lines {
		if i+len(body) <= len(lines) && strings.Join(lines[i:i+len(body)], "\n") == strings.Join(body, "\n") {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatalf("README.md's sample is not the demo's output (regenerate: go test ./integration -run TestReadmeSampleIsTheDemoOutput -update-readme)\nREADME:\n%s\n\nmcplint check fixtures/demo:\n%s", strings.Join(sample, "\n"), out)
	}
	if !starts(at) || !starts(at+len(body)) {
		t.Errorf("the sample cuts a finding in two (lines %d to %d of the output)", at+1, at+len(body))
	}
	if (at > 0) != lead || (at+len(body) < len(lines)) != trail {
		t.Errorf("the sample's … marks do not stand where the output goes on (first line %d, last %d of %d)", at+1, at+len(body), len(lines))
	}
	if code != 1 || !strings.Contains(after, "and exits 1 because there are error-level findings") {
		t.Errorf("the demo exits %d; README.md says after the sample: %.80q", code, after)
	}
	_ = before
}
