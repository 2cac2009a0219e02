package rules

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
)

// A project's own .mcplint.toml can switch rules off, lower their level,
// ignore findings and allow hosts, packages and commands. A scanned
// repository may use that to hide from whoever scans it, so every report
// says what the file changed (Overrides); the organisation's job passes
// --no-config or its own --config.

// Override is one change a configuration file makes to what is reported.
type Override struct {
	// Kind is "level" (a [rules] entry), "ignore" (an [[ignore]]),
	// "allow" (an [allow] list), "budget" or "env" (settings that make
	// the budget rules report less).
	Kind string
	// Rule is the rule id ("" for allow lists).
	Rule string
	// Level is the level set ("off", "info", "warning", "error"); Default
	// is the rule's own. For an ignore, Level is "off".
	Level, Default string
	// Scope is what an ignore or an allow list covers: "path …",
	// "server …", "3 hosts".
	Scope string
	// Line and Column place the setting in the file.
	Line, Column int
}

// Overrides lists what the configuration changes, in file order. The
// defaults (no file, or --no-config) change nothing.
func (c *Config) Overrides(e *Engine) []Override {
	if c == nil || c.Path == "" {
		return nil
	}
	var out []Override
	at := func(ptr string) (int, int) {
		if c.file == nil || c.file.Root == nil {
			return 0, 0
		}
		if n := c.file.Root.Lookup(ptr); n != nil {
			p := c.file.Position(n.Start)
			return p.Line, p.Column
		}
		return 0, 0
	}
	for id, level := range c.Levels {
		def := ""
		if e != nil {
			if r, ok := e.Rule(id); ok {
				def = r.Level.String()
			}
		}
		if level == def {
			continue
		}
		l, col := at(syntax.Pointer("rules", id))
		out = append(out, Override{Kind: "level", Rule: id, Level: level, Default: def, Line: l, Column: col})
	}
	for i, ig := range c.Ignores {
		scope := ""
		if ig.Path != "" {
			scope = "path " + ig.Path
		}
		if ig.Server != "" {
			if scope != "" {
				scope += ", "
			}
			scope += "server " + ig.Server
		}
		def := ""
		if e != nil {
			if r, ok := e.Rule(ig.Rule); ok {
				def = r.Level.String()
			}
		}
		l, col := at(syntax.Pointer("ignore", strconv.Itoa(i)))
		out = append(out, Override{Kind: "ignore", Rule: ig.Rule, Level: "off", Default: def, Scope: scope, Line: l, Column: col})
	}
	for _, list := range []struct {
		key  string
		vals []string
	}{{"hosts", c.Allow.Hosts}, {"packages", c.Allow.Packages}, {"commands", c.Allow.Commands}} {
		if len(list.vals) == 0 {
			continue
		}
		l, col := at(syntax.Pointer("allow", list.key))
		scope := strconv.Itoa(len(list.vals)) + " " + list.key
		if len(list.vals) == 1 {
			scope = "1 " + list.key[:len(list.key)-1]
		}
		out = append(out, Override{Kind: "allow", Scope: scope, Line: l, Column: col})
	}
	fl := c.fileLint
	if fl.Select == nil && fl.ExtendSelect == nil && fl.Ignore == nil {
		fl = c.Lint // SetSelection not called: the file's own
	}
	for _, list := range []struct {
		key  string
		sels []string
	}{{"select", fl.Select}, {"ignore", fl.Ignore}} {
		if len(list.sels) == 0 {
			continue
		}
		l, col := at(syntax.Pointer("lint", list.key))
		out = append(out, Override{Kind: "select", Scope: "[lint] " + list.key + " " + strings.Join(list.sels, ", "), Line: l, Column: col})
	}
	if c.Budget != defaultBudget() {
		l, col := at("/budget")
		out = append(out, Override{Kind: "budget", Scope: "limits of budget/server-count and budget/tool-count", Line: l, Column: col})
	}
	for _, env := range []struct {
		key string
		on  bool
	}{{"tool_search", c.Env.ToolSearch}, {"meta_tools", c.Env.MetaTools}} {
		if env.on {
			l, col := at(syntax.Pointer("env", env.key))
			out = append(out, Override{Kind: "env", Scope: env.key + " = true (fewer budget findings)", Line: l, Column: col})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Rule < out[j].Rule
	})
	return out
}
