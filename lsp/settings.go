package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader"
)

// Settings are the editor's mcplint.* settings. The server asks for them
// with workspace/configuration (once for the whole workspace and once per
// workspace folder) after initialized and on every
// workspace/didChangeConfiguration; a client that cannot answer sends them
// in didChangeConfiguration or initializationOptions. A change re-lints
// every project at once: no restart.
type Settings struct {
	// Select keeps only the rules it names (an id, or a category such as
	// "secrets"); empty keeps every rule.
	Select []string `json:"select"`
	// Ignore drops the rules it names, after Select.
	Ignore []string `json:"ignore"`
	// Home adds the user-level files under this folder, like --home.
	Home string `json:"home"`
	// Client is the client whose dialect a file that mcplint does not
	// know by its name is read in (an untitled document, my-servers.json).
	Client string `json:"client"`
	// FailLevel is the level at which `mcplint check` fails in CI:
	// findings at or above it are shown as errors, the others as at most
	// warnings. "error" (default), "warning", "info" or "never".
	FailLevel string `json:"failLevel"`
	// Probe.Enable is the switch for starting servers from the editor,
	// off by default. The server has no probing action yet, so it is
	// read and starts nothing either way.
	Probe struct {
		Enable bool `json:"enable"`
	} `json:"probe"`
}

// decodeSettings reads a settings object: {"mcplint": {...}} or the
// section itself. null or an empty value gives the defaults.
func decodeSettings(raw json.RawMessage) (Settings, error) {
	var st Settings
	if len(raw) == 0 || string(raw) == "null" {
		return st, nil
	}
	var wrapped struct {
		Mcplint *json.RawMessage `json:"mcplint"`
	}
	if err := json.Unmarshal(raw, &wrapped); err == nil && wrapped.Mcplint != nil {
		raw = *wrapped.Mcplint
	}
	if string(raw) == "null" {
		return st, nil
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		return Settings{}, fmt.Errorf("mcplint settings: %s", describeJSONError(err))
	}
	return st, nil
}

// check drops what cannot be used and says why (in the log): an unknown
// client or level, a home that is not a folder.
func (s *Server) cleanSettings(st Settings) Settings {
	if st.Client != "" {
		if _, ok := loader.Clients[st.Client]; !ok {
			s.logf("setting mcplint.client: unknown client %q (known: %s); ignored", st.Client, strings.Join(loader.ClientIDs(), ", "))
			st.Client = ""
		}
	}
	switch st.FailLevel {
	case "", "error", "warning", "info", "never":
	default:
		s.logf("setting mcplint.failLevel: %q is not error, warning, info or never; error is used", st.FailLevel)
		st.FailLevel = ""
	}
	if st.Home != "" {
		h := st.Home
		if h == "~" || strings.HasPrefix(h, "~/") || strings.HasPrefix(h, "${userHome}") {
			rest := strings.TrimPrefix(strings.TrimPrefix(h, "${userHome}"), "~")
			h = filepath.Join(s.userHome, rest)
		}
		if fi, err := os.Stat(h); err != nil || !fi.IsDir() {
			s.logf("setting mcplint.home: %s is not a folder; ignored", h)
			h = ""
		} else if abs, err := filepath.Abs(h); err == nil {
			h = abs
		}
		st.Home = h
	}
	return st
}

// settingsFor gives the settings that apply to a path: those of the
// deepest workspace folder holding it, else the workspace's.
func (s *Server) settingsFor(path string) Settings {
	best := ""
	for root := range s.scoped {
		if within(root, path) && len(root) > len(best) {
			best = root
		}
	}
	if best != "" {
		return s.scoped[best]
	}
	return s.settings
}

// homeFor is the home folder read with a unit: the setting, else --home.
func (s *Server) homeFor(path string) string {
	if h := s.settingsFor(path).Home; h != "" {
		return h
	}
	return s.opts.Home
}

// requestConfiguration asks the client for the workspace's settings and
// each folder's; the answer re-lints everything.
func (s *Server) requestConfiguration() {
	if !s.caps.Workspace.Configuration {
		return
	}
	roots := append([]string(nil), s.roots...)
	items := []ConfigurationItem{{Section: "mcplint"}}
	for _, r := range roots {
		items = append(items, ConfigurationItem{ScopeURI: pathToURI(r), Section: "mcplint"})
	}
	s.call("workspace/configuration", ConfigurationParams{Items: items}, func(m *message) {
		if m.Error != nil {
			s.logf("workspace/configuration failed: %s", m.Error.Message)
			return
		}
		var vals []json.RawMessage
		if err := json.Unmarshal(m.Result, &vals); err != nil || len(vals) != len(items) {
			s.logf("workspace/configuration: the answer is not one value per item")
			return
		}
		global, err := decodeSettings(vals[0])
		if err != nil {
			s.logf("%v", err)
		}
		scoped := map[string]Settings{}
		for i, r := range roots {
			st, err := decodeSettings(vals[i+1])
			if err != nil {
				s.logf("%v", err)
				continue
			}
			scoped[r] = s.cleanSettings(st)
		}
		s.applySettings(s.cleanSettings(global), scoped)
	})
}

// didChangeConfiguration: a pulling client is asked again; otherwise the
// notification carries the settings.
func (s *Server) didChangeConfiguration(p *DidChangeConfigurationParams) {
	if s.caps.Workspace.Configuration {
		s.requestConfiguration()
		return
	}
	st, err := decodeSettings(p.Settings)
	if err != nil {
		s.logf("%v", err)
		return
	}
	s.applySettings(s.cleanSettings(st), nil)
}

// applySettings takes new settings and re-lints every unit (the home and
// the dialect change what is read).
func (s *Server) applySettings(global Settings, scoped map[string]Settings) {
	s.settings, s.scoped = global, scoped
	for _, path := range sortedDocPaths(s.docs) {
		d := s.docs[path]
		old := d.unit
		d.unit = s.unitFor(path, d.text)
		if old != d.unit && !s.unitInUse(old) {
			s.dropUnit(old)
		}
	}
	s.dirtyAll()
	s.refreshDiagnostics()
}

// ruleSelected applies mcplint.select and mcplint.ignore: an entry names a
// rule id or a category ("secrets" or "secrets/").
func ruleSelected(st Settings, rule string) bool {
	match := func(list []string) bool {
		for _, e := range list {
			e = strings.TrimSuffix(strings.TrimSpace(e), "/")
			if e != "" && (rule == e || strings.HasPrefix(rule, e+"/")) {
				return true
			}
		}
		return false
	}
	if len(st.Select) > 0 && !match(st.Select) {
		return false
	}
	return !match(st.Ignore)
}

// severityWith maps a finding's level to a severity under failLevel:
// at or above it, an error; below it, at most a warning.
func severityWith(l finding.Level, failLevel string) int {
	var at finding.Level
	switch failLevel {
	case "", "error":
		return severity(l)
	case "warning":
		at = finding.Warning
	case "info":
		at = finding.Info
	case "never":
		at = finding.Error + 1
	}
	if l >= at {
		return SeverityError
	}
	if l == finding.Error {
		return SeverityWarning
	}
	return severity(l)
}
