package probe

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/secret"
)

// Asker asks the user, server by server, before anything starts.
type Asker struct {
	In  io.Reader
	Out io.Writer
}

// Ask asks for each stdio server; "a" says yes to the rest. It returns
// the servers the user agreed to (remote ones pass).
func (a *Asker) Ask(planned []*Planned) []*Planned {
	in := bufio.NewReader(a.In)
	all := false
	var out []*Planned
	for _, p := range planned {
		if p.Target.Transport != "stdio" || all {
			out = append(out, p)
			continue
		}
		fmt.Fprintf(a.Out, "Start %s (%s, %s) on this machine?\n  %s\n[y]es / [N]o / [a]ll: ", secret.Display(p.Server.Name), p.Server.Client, p.Server.Doc.Path, p.Shown)
		// The question ends without a newline: standard error escapes
		// line by line, so it is flushed before the answer is awaited.
		if f, ok := a.Out.(interface{ Flush() error }); ok {
			_ = f.Flush()
		}
		line, _ := in.ReadString('\n')
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes":
			out = append(out, p)
		case "a", "all":
			all = true
			out = append(out, p)
		default:
			fmt.Fprintf(a.Out, "  %s not started\n", secret.Display(p.Server.Name))
		}
	}
	return out
}
