package completion

import (
	"regexp"
	"strings"
)

// flagLine is a flag in a command's --help (the flag package's
// PrintDefaults): "  -name value" then its usage on the next line, or
// "  -name\tusage" for a short one.
var flagLine = regexp.MustCompile(`^  -([A-Za-z0-9][A-Za-z0-9-]*)(?:[ \t](.*))?$`)

// FlagsOf reads a command's flags from its --help text, so the
// completion scripts follow the flag sets.
func FlagsOf(help string) []Flag {
	var out []Flag
	lines := strings.Split(help, "\n")
	for i, l := range lines {
		m := flagLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		usage := ""
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "    \t") {
			usage = strings.TrimSpace(lines[i+1])
		} else if _, after, ok := strings.Cut(m[2], "\t"); ok {
			usage = strings.TrimSpace(after)
		}
		out = append(out, Flag{Name: m[1], Usage: usage})
	}
	return out
}
