package flagparse

import (
	"bytes"
	"errors"
	"flag"
	"slices"
	"strings"
	"testing"
)

func TestFlagsBetweenPaths(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	fs := NewSet("tool", "check", "[PATH...]", "Check things.", &out)
	format := fs.String("format", "text", "output `FORMAT`")
	var sel []string
	fs.Var(Words{To: &sel}, "select", "rules")
	paths, err := Parse("tool", fs, []string{"a", "--format", "json", "b", "--select", "x, y", "--", "--c"})
	if err != nil || !slices.Equal(paths, []string{"a", "b", "--c"}) || *format != "json" || !slices.Equal(sel, []string{"x", "y"}) {
		t.Errorf("paths %v, format %q, select %v, err %v", paths, *format, sel, err)
	}
}

func TestMistakesAndHelp(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	fs := NewSet("tool", "check", "[PATH...]", "Check things.", &out)
	fs.String("format", "text", "output `FORMAT`")
	if _, err := Parse("tool", fs, []string{"--formt", "json"}); err == nil || !strings.Contains(out.String(), "tool check: unknown flag --formt: did you mean --format?") {
		t.Errorf("err %v, output %q", err, out.String())
	}
	out.Reset()
	_, err := Parse("tool", NewSet("tool", "lsp", "", "Serve.", &out), []string{"--help"})
	if !errors.Is(err, flag.ErrHelp) || strings.Count(out.String(), "Usage: tool lsp [flags]\n") != 1 {
		t.Errorf("--help: err %v, output %q", err, out.String())
	}
}
