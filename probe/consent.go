package probe

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/secret"
)

// Asker asks the user, server by server, before anything starts or is
// contacted with credentials.
type Asker struct {
	In  io.Reader
	Out io.Writer
}

// Question is what the user is asked about p: what starts (the masked
// command) or which address is contacted, and which of the caller's
// variables go where.
func Question(p *Planned) string {
	var b strings.Builder
	if p.Target.Transport == "stdio" {
		fmt.Fprintf(&b, "Start %s (%s, %s) on this machine?\n  %s\n", secret.Display(p.Server.Name), p.Server.Client, secret.Display(p.Server.Doc.Path), p.Shown)
	} else {
		fmt.Fprintf(&b, "Connect to %s (server %s, %s, %s) and send it what follows?\n", p.Host, secret.Display(p.Server.Name), p.Server.Client, secret.Display(p.Server.Doc.Path))
	}
	for _, pass := range p.Passes {
		fmt.Fprintf(&b, "  %s\n", pass)
	}
	return b.String()
}

// Ask asks for each server that needs consent; "a" says yes to the rest.
// It returns the servers the user agreed to and those that need none.
func (a *Asker) Ask(planned []*Planned) []*Planned {
	in := bufio.NewReader(a.In)
	all := false
	var out []*Planned
	for _, p := range planned {
		if !p.NeedsConsent() || all {
			out = append(out, p)
			continue
		}
		fmt.Fprintf(a.Out, "%s[y]es / [N]o / [a]ll: ", Question(p))
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
			fmt.Fprintf(a.Out, "  %s not probed\n", secret.Display(p.Server.Name))
		}
	}
	return out
}
