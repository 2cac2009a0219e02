package rules

import (
	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/secret"
)

// maskFindings masks every string of the findings that came from a scanned
// file (secret.Text): the message, the server name, the pointer (a server
// name or key that is a token sits in it), related locations and the fix's
// title and note. It runs once, after ignores, which match the names as
// written. The fix's edits are left alone: they are applied, not shown,
// and every reporter that shows one masks it itself.
//
// A rule says the same thing of the same server in every project of a
// monorepo (four messages in five on 2,000 findings-heavy projects), so
// each distinct text is masked once.
func maskFindings(fs []finding.Finding) {
	done := map[string]string{}
	text := func(s string) string {
		if m, ok := done[s]; ok {
			return m
		}
		m := secret.Text(s)
		done[s] = m
		return m
	}
	for i := range fs {
		f := &fs[i]
		f.Message = text(f.Message)
		f.Server = text(f.Server)
		f.Pointer = text(f.Pointer)
		f.Fingerprint = fingerprint(f.Rule, text(f.File), f.Pointer)
		for j := range f.Related {
			r := &f.Related[j]
			r.Message = text(r.Message)
			r.Pointer = text(r.Pointer)
		}
		if f.Fix != nil {
			fx := *f.Fix
			fx.Title = text(fx.Title)
			fx.Note = text(fx.Note)
			f.Fix = &fx
		}
	}
}

// restorePointers maps the ids that stand for secret-like names and keys
// in the policy input (facts.Hidden) back to the names in the pointers a
// policy returned, so its finding points at the right place, and the ids
// in its messages to the masked display of the names (facts.Hidden.Display):
// a message says "ghp_…****", not an id the user cannot place.
func restorePointers(h *facts.Hidden, r *rawFinding) {
	if h == nil {
		return
	}
	r.Pointer = h.Restore(r.Pointer)
	r.Message = h.Display(r.Message)
	if r.Fix != nil {
		fx := *r.Fix
		fx.Pointer = h.Restore(fx.Pointer)
		r.Fix = &fx
	}
	for i := range r.Related {
		r.Related[i].Pointer = h.Restore(r.Related[i].Pointer)
		r.Related[i].Message = h.Display(r.Related[i].Message)
	}
}
