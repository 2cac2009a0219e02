package loader

import (
	"flag"
	"strings"

	"github.com/mcplint/mcplint/internal/flagparse"
)

// AddFlags registers the flags of a command that loads configs into o:
// --home, --client, --max-file-size and --tools.
func (o *Options) AddFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.Home, "home", "", "also read the user-level config files under `DIR` (e.g. --home ~)")
	fs.StringVar(&o.Client, "client", "", "read files given as PATH in this client's dialect (`NAME`: "+strings.Join(ClientIDs(), ", ")+")")
	fs.Int64Var(&o.MaxFileSize, "max-file-size", DefaultMaxFileSize, "files larger than this many `BYTES` are reported and not read (~/.claude.json: 64 MiB)")
	fs.Var((*flagparse.List)(&o.Tools), "tools", "read the tool snapshot `FILE` ({\"server\": name, \"tools\": [...]} or {name: [...]}) for real tool counts and descriptions (repeatable; .mcplint/tools/*.json in a project is read too)")
}
