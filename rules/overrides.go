package rules

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

// A project's own .mcplint.toml can switch rules off, lower their level,
// ignore findings and allow hosts, packages and commands. A scanned
// repository may use that to hide from whoever scans it, so every report
// says what the file changed (Overrides); the organisation's job passes
// --no-config or its own --config.

// Overrides lists what the configuration changes, in file order. The
// defaults (no file, or --no-config) change nothing.
func (c *Config) Overrides(e *Engine) []finding.ConfigChange {
	if c == nil || c.Path == "" {
		return nil
	}
	var out []finding.ConfigChange
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
	defaultLevel := func(id string) string {
		if e != nil {
			if r, ok := e.Rule(id); ok {
				return r.Level.String()
			}
		}
		return ""
	}
	for id, level := range c.Levels {
		def := defaultLevel(id)
		if level == def {
			continue
		}
		l, col := at(syntax.Pointer("rules", id))
		out = append(out, finding.ConfigChange{Kind: "level", Rule: id, Level: level, Default: def, Line: l, Column: col})
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
		l, col := at(syntax.Pointer("ignore", strconv.Itoa(i)))
		out = append(out, finding.ConfigChange{Kind: "ignore", Rule: ig.Rule, Level: "off", Default: defaultLevel(ig.Rule), Scope: scope, Line: l, Column: col})
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
		out = append(out, finding.ConfigChange{Kind: "allow", Scope: scope, Line: l, Column: col})
	}
	fl := c.fileLint
	for _, list := range []struct {
		key  string
		sels []string
	}{{"select", fl.Select}, {"ignore", fl.Ignore}} {
		if len(list.sels) == 0 {
			continue
		}
		l, col := at(syntax.Pointer("lint", list.key))
		out = append(out, finding.ConfigChange{Kind: "select", Scope: "[lint] " + list.key + " " + strings.Join(list.sels, ", "), Line: l, Column: col})
	}
	if c.Budget != defaultBudget() {
		l, col := at("/budget")
		out = append(out, finding.ConfigChange{Kind: "budget", Scope: "limits of budget/server-count and budget/tool-count", Line: l, Column: col})
	}
	for _, env := range []struct {
		key string
		on  bool
	}{{"tool_search", c.Env.ToolSearch}, {"meta_tools", c.Env.MetaTools}} {
		if env.on {
			l, col := at(syntax.Pointer("env", env.key))
			out = append(out, finding.ConfigChange{Kind: "env", Scope: env.key + " = true (fewer budget findings)", Line: l, Column: col})
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
