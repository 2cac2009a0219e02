package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// documentedSettings reads the settings table of docs/configuration.md:
// name → type, in the order written.
func documentedSettings(t *testing.T) ([]string, map[string]string) {
	t.Helper()
	src, err := os.ReadFile("../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([^`]+)` \\| ([^|]+?) \\|")
	var names []string
	types := map[string]string{}
	for _, line := range strings.Split(string(src), "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			names = append(names, m[1])
			types[m[1]] = m[2]
		}
	}
	if len(names) == 0 {
		t.Fatal("docs/configuration.md has no settings table")
	}
	return names, types
}

var goodValue = map[string]string{"level": `"warning"`, "string": `"x"`, "whole number": "3", "list of strings": `["a", "b"]`, "true or false": "true"}
var goodPrinted = map[string]string{"level": "warning", "string": "x", "whole number": "3", "list of strings": "[a b]", "true or false": "true"}
var wrongValue = map[string]string{"level": "3", "string": "1", "whole number": `"eight"`, "list of strings": `"a"`, "true or false": `"yes"`}

// settingConfig writes a config whose line 2 (or the last line for an
// [[ignore]]) sets name to value; it returns the text and the value's
// line and column.
func settingConfig(name, value string) (string, int, int) {
	table, key, _ := strings.Cut(name, ".")
	if table == "rules" {
		key = `"transport/https-only"`
	}
	if table == "ignore" {
		fields := map[string]string{"rule": `"transport/https-only"`, "path": `"*"`, "reason": `"tested"`}
		if key == "rule" && value == `"x"` {
			value = `"transport/https-only"`
		}
		fields[key] = value
		var b strings.Builder
		b.WriteString("[[ignore]]\n")
		line := 1
		for _, k := range []string{"path", "reason", "server"} {
			if v, ok := fields[k]; ok && k != key {
				b.WriteString(k + " = " + v + "\n")
				line++
			}
		}
		if key != "rule" {
			b.WriteString("rule = " + fields["rule"] + "\n")
			line++
		}
		fmt.Fprintf(&b, "%s = %s\n", key, value)
		return b.String(), line + 1, len(key) + 4
	}
	return fmt.Sprintf("[%s]\n%s = %s\n", table, key, value), 2, len(key) + 4
}

// settingValue finds the decoded value of a setting by the toml tags of
// Config.
func settingValue(cfg *Config, name string) (reflect.Value, bool) {
	v := reflect.ValueOf(cfg).Elem()
	for _, seg := range strings.Split(name, ".") {
		switch v.Kind() {
		case reflect.Map:
			var found reflect.Value
			for _, k := range v.MapKeys() {
				found = v.MapIndex(k)
			}
			if !found.IsValid() {
				return v, false
			}
			v = found
			continue
		case reflect.Slice:
			if v.Len() == 0 {
				return v, false
			}
			v = v.Index(0)
		}
		ok := false
		for i := 0; i < v.NumField(); i++ {
			if strings.Split(v.Type().Field(i).Tag.Get("toml"), ",")[0] == seg {
				v, ok = v.Field(i), true
				break
			}
		}
		if !ok {
			return v, false
		}
	}
	return v, true
}

// TestEveryDocumentedSettingIsAccepted: each setting in the table of
// docs/configuration.md is read into the config, and a value of the
// wrong type is an error naming the setting at the value's line:col.
// The code's list of settings and the documented one are the same.
func TestEveryDocumentedSettingIsAccepted(t *testing.T) {
	names, types := documentedSettings(t)
	known := func(id string) bool { return id == "transport/https-only" }
	dir := t.TempDir()
	p := filepath.Join(dir, ConfigFileName)
	documented := map[string]bool{}
	for _, name := range names {
		documented[name] = true
		typ := types[name]
		good, ok := goodValue[typ]
		if !ok {
			t.Errorf("%s: type %q is not one the test knows", name, typ)
			continue
		}
		text, _, _ := settingConfig(name, good)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := LoadConfig(p, known)
		if err != nil {
			t.Errorf("%s = %s: %v\n%s", name, good, err, text)
			continue
		}
		got, ok := settingValue(cfg, name)
		want := goodPrinted[typ]
		if name == "ignore.rule" {
			want = "transport/https-only"
		}
		if !ok || fmt.Sprint(got.Interface()) != want {
			t.Errorf("%s = %s: not read into the config (got %v)", name, good, got)
		}

		text, line, col := settingConfig(name, wrongValue[typ])
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err = LoadConfig(p, known)
		var ce *ConfigError
		if !errors.As(err, &ce) || ce.Line != line || ce.Col != col || !strings.Contains(ce.Msg, "setting "+strings.Replace(name, `"RULE"`, `"transport/https-only"`, 1)+": want ") {
			t.Errorf("%s = %s: want an error at %d:%d naming the setting, got %v\n%s", name, wrongValue[typ], line, col, err, text)
		}
	}
	for name := range settingKinds {
		if !documented[name] {
			t.Errorf("setting %s is read but not in the table of docs/configuration.md", name)
		}
	}
	for name := range documented {
		if _, ok := settingKinds[name]; !ok && name != `rules."RULE"` {
			t.Errorf("documented setting %s is not one the config reads", name)
		}
	}
}

func TestSettingTypeErrorMessage(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ConfigFileName)
	for text, want := range map[string]string{
		"[env]\nwindows = \"yes\"\n":           ":2:11: setting env.windows: want true or false, not a string",
		"[budget]\nservers_warn = \"eight\"\n": ":2:16: setting budget.servers_warn: want a whole number above 0, not a string",
		"[budget]\nservers_max = -1\n":         ":2:15: setting budget.servers_max: want a whole number above 0, not -1",
		"[budget]\nservers_warn = 8\n":         "",
	} {
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := LoadConfig(p, nil)
		switch {
		case want == "" && (err != nil || cfg.Budget.ServersWarn != 8):
			t.Errorf("%q: %v", text, err)
		case want != "" && (err == nil || err.Error() != p+want):
			t.Errorf("%q: got %v, want %s%s", text, err, p, want)
		}
	}
}
