package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/secret"
)

// Configuration is what the scanned project's own settings file changed
// against the defaults: rules switched off or set to another level,
// ignored findings, allow lists, budget and environment settings. Every
// report states it, so a repository cannot silence a scan unseen.
type Configuration struct {
	File      string                 `json:"file"`
	Overrides []finding.ConfigChange `json:"overrides"`
}

// masked is the configuration with every string from the file masked
// (a path or server name of an [[ignore]] is the file's text).
func (c *Configuration) masked() *Configuration {
	out := &Configuration{File: secret.Text(c.File), Overrides: make([]finding.ConfigChange, len(c.Overrides))}
	for i, o := range c.Overrides {
		o.Rule, o.Scope = secret.Text(o.Rule), secret.Text(o.Scope)
		out.Overrides[i] = o
	}
	return out
}

// maxConfigItems bounds the one line the text report gives the changes.
const maxConfigItems = 8

// line says in one line what the configuration changed, for the text
// and annotation formats: "configuration .mcplint.toml changes what is
// reported: secrets/literal-key off (default error), …".
func (c *Configuration) line() string {
	var items []string
	for i, o := range c.Overrides {
		if i == maxConfigItems {
			items = append(items, fmt.Sprintf("and %d more", len(c.Overrides)-maxConfigItems))
			break
		}
		var item string
		switch o.Kind {
		case "level":
			item = fmt.Sprintf("%s %s", o.Rule, o.Level)
			if o.Default != "" {
				item += fmt.Sprintf(" (default %s)", o.Default)
			}
		case "ignore":
			item = fmt.Sprintf("%s ignored for %s", o.Rule, o.Scope)
		case "allow":
			item = "allows " + o.Scope
		default:
			item = o.Scope
		}
		items = append(items, fmt.Sprintf("%s at %d:%d", item, o.Line, o.Column))
	}
	return secret.Display(fmt.Sprintf("configuration %s changes what is reported: %s", c.File, strings.Join(items, ", ")))
}

// sarifOverrides are the rule-wide changes as SARIF's
// ruleConfigurationOverrides, and a note naming every change.
func (c *Configuration) sarifOverrides() ([]sarifConfigOverride, []sarifNotification) {
	var out []sarifConfigOverride
	for _, o := range c.Overrides {
		if o.Kind != "level" {
			continue
		}
		conf := sarifReportingConf{}
		if o.Level == "off" {
			f := false
			conf.Enabled = &f
		} else {
			conf.Level = sarifLevelName(o.Level)
		}
		out = append(out, sarifConfigOverride{Descriptor: sarifDescriptorRef{ID: o.Rule}, Configuration: conf})
	}
	return out, []sarifNotification{{Level: "note", Message: sarifText{Text: c.line()}}}
}

func sarifLevelName(level string) string {
	switch level {
	case "info":
		return "note"
	case "warning", "error":
		return level
	}
	return "none"
}

type sarifConfigOverride struct {
	Descriptor    sarifDescriptorRef `json:"descriptor"`
	Configuration sarifReportingConf `json:"configuration"`
}

type sarifDescriptorRef struct {
	ID string `json:"id"`
}

type sarifReportingConf struct {
	Enabled *bool  `json:"enabled,omitempty"`
	Level   string `json:"level,omitempty"`
}

// ConfigurationOf is what the settings file at path changed (nil when
// there is no file or it changes nothing), its path shown relative to the
// working folder wd when it lies under it.
func ConfigurationOf(path string, changes []finding.ConfigChange, wd string) *Configuration {
	if len(changes) == 0 {
		return nil
	}
	file := path
	if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = filepath.ToSlash(rel)
	}
	return &Configuration{File: file, Overrides: changes}
}
