package rules

import (
	"flag"

	"github.com/mcplint/mcplint/internal/flagparse"
)

// AddFlags registers the flags of a command that evaluates policies
// into s: the extra policies and their limits, the settings file and the
// rule selection.
func (s *Setup) AddFlags(fs *flag.FlagSet) {
	fs.Var((*flagparse.List)(&s.Policies), "policy", "also load the Rego policies in `DIR` (repeatable)")
	fs.StringVar(&s.ConfigPath, "config", "", "read settings from `FILE` instead of the .mcplint.toml found upward from the first PATH")
	fs.BoolVar(&s.NoConfig, "no-config", false, "ignore any .mcplint.toml")
	fs.DurationVar(&s.Timeout, "policy-timeout", DefaultPolicyTimeout, "stop a check with --policy modules that evaluates longer than `DURATION` (exit 2)")
	fs.Var(flagparse.Words{To: &s.Selection.Select, Given: &s.SelectSet}, "select", "run only the rules matching `IDS` (rule ids or categories such as secrets/, comma-separated, repeatable); replaces [lint] select")
	fs.Var(flagparse.Words{To: &s.Selection.ExtendSelect}, "extend-select", "also run the rules matching `IDS`, on top of the selection")
	fs.Var(flagparse.Words{To: &s.Selection.Ignore}, "ignore", "do not run the rules matching `IDS`; the more specific of a select and an ignore wins")
	fs.Int64Var(&s.MemoryMiB, "policy-memory", DefaultPolicyMemory>>20, "stop a check with --policy modules whose evaluation grows the heap by more than `MIB` mebibytes (exit 2)")
}
