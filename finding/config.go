package finding

// ConfigChange is one change a project's own settings file makes to what
// is reported, placed in that file: the engine lists them and every
// report states them, so a scanned repository cannot silence itself
// unseen.
type ConfigChange struct {
	// Kind is "level" (a [rules] entry), "ignore" (an [[ignore]]),
	// "allow" (an [allow] list), "select" ([lint] select or ignore),
	// "budget" or "env" (settings that make the budget rules quieter).
	Kind string `json:"kind"`
	// Rule is the rule id of a level or an ignore.
	Rule string `json:"rule,omitempty"`
	// Level is the level set ("off" for an ignore); Default is the
	// rule's own.
	Level   string `json:"level,omitempty"`
	Default string `json:"default,omitempty"`
	// Scope is what an ignore, a list or a setting covers: "path …",
	// "server …", "3 hosts".
	Scope  string `json:"scope,omitempty"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}
