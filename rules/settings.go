package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
)

// settingKind is the type a .mcplint.toml setting wants.
type settingKind uint8

const (
	wantString settingKind = iota + 1
	wantBool
	wantCount // a whole number above 0
	wantStrings
	wantLevel
)

func (k settingKind) String() string {
	switch k {
	case wantString:
		return "a string"
	case wantBool:
		return "true or false"
	case wantCount:
		return "a whole number above 0"
	case wantStrings:
		return "a list of strings"
	case wantLevel:
		return "off, info, warning or error"
	}
	return "?"
}

// settingKinds are the settings of the fixed tables ([[ignore]] entries
// are "ignore.KEY"); [rules] maps any rule id to a level. The names are
// those of the toml tags of Config; docs/configuration.md lists them
// all, and a test keeps the two in step.
var settingKinds = map[string]settingKind{
	"ignore.rule":             wantString,
	"ignore.path":             wantString,
	"ignore.server":           wantString,
	"ignore.reason":           wantString,
	"budget.servers_warn":     wantCount,
	"budget.servers_max":      wantCount,
	"budget.tools_warn":       wantCount,
	"budget.tools_max":        wantCount,
	"budget.tools_per_server": wantCount,
	"allow.hosts":             wantStrings,
	"allow.packages":          wantStrings,
	"allow.commands":          wantStrings,
	"deny.hosts":              wantStrings,
	"deny.packages":           wantStrings,
	"deny.commands":           wantStrings,
	"env.tool_search":         wantBool,
	"env.meta_tools":          wantBool,
	"env.windows":             wantBool,
	"lint.select":             wantStrings,
	"lint.extend-select":      wantStrings,
	"lint.ignore":             wantStrings,
}

// tables are the top-level tables of settingKinds.
var settingTables = map[string]bool{"rules": true, "ignore": true, "budget": true, "allow": true, "deny": true, "env": true, "lint": true}

// checkSettingTypes gives the first setting whose value has the wrong
// type, at the value's line and column. Unknown settings are left to the
// decoder's list of undecoded keys.
func checkSettingTypes(f *syntax.File, file string) error {
	if f == nil || f.Root == nil {
		return nil
	}
	bad := func(name string, n *syntax.Node, want string) error {
		pos := f.Position(n.Start)
		return &ConfigError{File: file, Line: pos.Line, Col: pos.Column,
			Msg: fmt.Sprintf("setting %s: want %s, not %s", name, want, describeValue(n))}
	}
	for _, m := range f.Root.Members {
		if !settingTables[m.Key] {
			continue
		}
		v := m.Value
		switch m.Key {
		case "rules":
			if v.Kind != syntax.Object {
				return bad("rules", v, "a table of rule = level")
			}
			for _, r := range v.Members {
				if r.Value.Kind != syntax.String {
					return bad("rules."+strconv.Quote(r.Key), r.Value, wantLevel.String())
				}
			}
		case "ignore":
			if v.Kind != syntax.Array {
				return bad("ignore", v, "[[ignore]] tables")
			}
			for _, it := range v.Items {
				if it.Kind != syntax.Object {
					return bad("ignore", it, "[[ignore]] tables")
				}
				if err := checkTable(bad, "ignore", it); err != nil {
					return err
				}
			}
		default:
			if v.Kind != syntax.Object {
				return bad(m.Key, v, "a ["+m.Key+"] table")
			}
			if err := checkTable(bad, m.Key, v); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkTable(bad func(string, *syntax.Node, string) error, table string, t *syntax.Node) error {
	for _, m := range t.Members {
		name := table + "." + m.Key
		kind, ok := settingKinds[name]
		if !ok {
			continue
		}
		v := m.Value
		switch kind {
		case wantString:
			if v.Kind != syntax.String {
				return bad(name, v, kind.String())
			}
		case wantBool:
			if v.Kind != syntax.Bool {
				return bad(name, v, kind.String())
			}
		case wantCount:
			if v.Kind != syntax.Number {
				return bad(name, v, kind.String())
			}
			n, err := strconv.ParseInt(strings.ReplaceAll(v.Text, "_", ""), 0, 64)
			if err != nil || n <= 0 || n > 1<<31 {
				return bad(name, v, kind.String())
			}
		case wantStrings:
			if v.Kind != syntax.Array {
				return bad(name, v, kind.String())
			}
			for _, it := range v.Items {
				if it.Kind != syntax.String {
					return bad(name, it, kind.String())
				}
			}
		}
	}
	return nil
}

// describeValue names what a value is, quoting short numbers (never a
// string's text: a config may hold anything).
func describeValue(n *syntax.Node) string {
	switch n.Kind {
	case syntax.String:
		return "a string"
	case syntax.Bool:
		return n.Text
	case syntax.Number:
		if len(n.Text) <= 20 {
			return n.Text
		}
		return "a number"
	case syntax.Array:
		return "a list"
	case syntax.Object:
		return "a table"
	case syntax.DateTime:
		return "a date or time"
	}
	return "an unknown value"
}
