package probe

import (
	"errors"
	"fmt"
	"io"

	"github.com/mcplint/mcplint/secret"
)

// Consent is how Admit decides which planned servers may be started or
// contacted.
type Consent struct {
	Yes      bool // --yes: nothing is asked
	Insecure bool // --allow-insecure-http
	// Terminal says In is a terminal someone answers on.
	Terminal bool
	In       io.Reader
	// Out gets the questions and, without a terminal, what would have
	// been asked.
	Out io.Writer
	// Report gets, in words, a server left out before anything is asked,
	// or that there is no terminal to ask on.
	Report func(string)
}

// ErrNoConsent is Admit's error when servers need consent and there is
// no terminal to ask it on: nothing may be started or contacted.
var ErrNoConsent = errors.New("no terminal to ask for consent")

// Admit keeps the servers that may be probed: none that would send
// credentials over plain http to another machine (unless Insecure), and
// of those that need consent the ones the user agreed to. Consent comes
// first, for every server that needs it, before anything starts or is
// contacted.
func Admit(targets []*Planned, c Consent) ([]*Planned, error) {
	if !c.Insecure {
		kept := targets[:0]
		for _, t := range targets {
			if t.Insecure {
				c.Report(fmt.Sprintf("%s: not contacted: it would send credentials over plain http to %s; use https, or --allow-insecure-http", secret.Display(t.Server.Name), t.Host))
				continue
			}
			kept = append(kept, t)
		}
		targets = kept
	}
	var asked []*Planned
	for _, t := range targets {
		if t.NeedsConsent() {
			asked = append(asked, t)
		}
	}
	if len(asked) == 0 || c.Yes {
		return targets, nil
	}
	if !c.Terminal {
		n := "1 server"
		if len(asked) != 1 {
			n = fmt.Sprintf("%d servers", len(asked))
		}
		c.Report("there is no terminal to ask for consent for " + n + ": nothing was started or contacted.")
		for _, t := range asked {
			fmt.Fprint(c.Out, Question(t))
		}
		fmt.Fprintln(c.Out, "Review them, then run again with --yes.")
		return nil, ErrNoConsent
	}
	return (&Asker{In: c.In, Out: c.Out}).Ask(targets), nil
}
