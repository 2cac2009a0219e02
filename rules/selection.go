package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/internal/editdist"
)

// Rule selection as ruff has it: select replaces the set of rules that
// run (every rule by default), extend-select adds to it, ignore takes
// away; a selector is a rule id or a category ("secrets" or "secrets/"),
// and when a select and an ignore both match a rule the more specific
// one wins (an id beats a category). The same words are [lint] select,
// extend-select and ignore in .mcplint.toml and --select, --extend-select
// and --ignore on the command line.

// Lint is the [lint] table.
type Lint struct {
	Select       []string `toml:"select"`
	ExtendSelect []string `toml:"extend-select"`
	Ignore       []string `toml:"ignore"`
}

// Selection is what the command line adds to [lint].
type Selection struct {
	// Select, when not nil, replaces [lint] select.
	Select       []string
	ExtendSelect []string
	Ignore       []string
}

// SetSelection checks the file's selectors against the catalog (ids
// lists the rule ids), then applies the command line's over them.
func (c *Config) SetSelection(cli Selection, ids []string) error {
	for _, list := range []struct {
		key  string
		sels []string
	}{{"select", c.Lint.Select}, {"extend-select", c.Lint.ExtendSelect}, {"ignore", c.Lint.Ignore}} {
		for i, sel := range list.sels {
			if err := checkSelector(sel, ids); err != nil {
				ce := &ConfigError{File: c.Path, Msg: "[lint] " + list.key + ": " + err.Error()}
				if c.file != nil && c.file.Root != nil {
					if n := c.file.Root.Lookup(fmt.Sprintf("/lint/%s/%d", list.key, i)); n != nil {
						p := c.file.Position(n.Start)
						ce.Line, ce.Col = p.Line, p.Column
					}
				}
				return ce
			}
		}
	}
	for _, list := range []struct {
		flag string
		sels []string
	}{{"--select", cli.Select}, {"--extend-select", cli.ExtendSelect}, {"--ignore", cli.Ignore}} {
		for _, sel := range list.sels {
			if err := checkSelector(sel, ids); err != nil {
				return fmt.Errorf("%s: %w", list.flag, err)
			}
		}
	}
	if cli.Select != nil {
		c.Lint.Select = cli.Select
	}
	c.Lint.ExtendSelect = append(c.Lint.ExtendSelect, cli.ExtendSelect...)
	c.Lint.Ignore = append(c.Lint.Ignore, cli.Ignore...)
	return nil
}

// checkSelector refuses a selector that matches no rule, naming the one
// meant when one is close.
func checkSelector(sel string, ids []string) error {
	for _, id := range ids {
		if selectorSpecificity(sel, id) > 0 {
			return nil
		}
	}
	cands := append([]string(nil), ids...)
	seen := map[string]bool{}
	for _, id := range ids {
		if cat, _, ok := strings.Cut(id, "/"); ok && !seen[cat] {
			seen[cat] = true
			cands = append(cands, cat+"/")
		}
	}
	sort.Strings(cands)
	msg := fmt.Sprintf("rule selector %q matches no rule", sel)
	if s := editdist.Nearest(sel, cands); s != "" {
		return fmt.Errorf("%s: did you mean %s?", msg, s)
	}
	return fmt.Errorf("%s (mcplint rules lists them)", msg)
}

// selectorSpecificity is how specifically sel names the rule id: 2 for
// the id itself, 1 for its category, 0 for no match.
func selectorSpecificity(sel, id string) int {
	if sel == id {
		return 2
	}
	cat, _, _ := strings.Cut(id, "/")
	if c := strings.TrimSuffix(sel, "/"); c == cat {
		return 1
	}
	return 0
}

// selected says whether the rule runs under [lint]: the most specific
// matching select (every rule, least specifically, when select is empty)
// must be more specific than the most specific matching ignore.
func (l Lint) selected(id string) bool {
	sel, ign := -1, -1
	if len(l.Select) == 0 {
		sel = 0
	}
	for _, list := range [][]string{l.Select, l.ExtendSelect} {
		for _, s := range list {
			if sp := selectorSpecificity(s, id); sp > 0 {
				sel = max(sel, sp)
			}
		}
	}
	for _, s := range l.Ignore {
		if sp := selectorSpecificity(s, id); sp > 0 {
			ign = max(ign, sp)
		}
	}
	return sel >= 0 && sel > ign
}
