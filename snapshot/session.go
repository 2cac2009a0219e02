package snapshot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/probe"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

// Session probes planned servers one after another and records what
// they offer, project by project.
type Session struct {
	Options  probe.Options
	Recorder *Recorder
	// Report gets, in words, a server that was not probed or a project
	// whose records were not written.
	Report func(string)
}

// Outcome is what a session did.
type Outcome struct {
	Drift   int      // tools whose definition differs from its pin
	Failed  int      // servers not probed, projects not written
	Written []string // the record files considered
}

// Run probes every target that is ready until ctx ends, then records the
// results of each project (in the order of their folders).
func (s *Session) Run(ctx context.Context, targets []*probe.Planned) Outcome {
	var o Outcome
	byProject := map[string][]*Server{}
	var projects []string
	for _, t := range targets {
		res, why := s.probe(ctx, t)
		if res == nil {
			s.Report(secret.Display(t.Server.Name) + ": " + why)
			o.Failed++
			continue
		}
		if _, ok := byProject[t.Project]; !ok {
			projects = append(projects, t.Project)
		}
		byProject[t.Project] = append(byProject[t.Project], &Server{Name: t.Server.Name, Transport: t.Target.Transport, Result: res, Scrub: t.Scrub})
	}
	sort.Strings(projects)
	for _, dir := range projects {
		n, files, err := s.Recorder.Project(dir, byProject[dir])
		if err != nil {
			// This project's files stay as they were (or as far as they
			// got); the other projects are still written.
			if errors.Is(err, fix.ErrChanged) || errors.Is(err, fix.ErrExists) {
				err = fmt.Errorf("%v (another program wrote it meanwhile; run mcplint probe again)", strings.SplitN(err.Error(), ":", 2)[0])
			}
			s.Report(err.Error())
			o.Failed++
		}
		o.Drift += n
		o.Written = append(o.Written, files...)
	}
	return o
}

// probe probes one target; without a result it says why.
func (s *Session) probe(ctx context.Context, t *probe.Planned) (*probe.Result, string) {
	if len(t.Missing) > 0 {
		return nil, "not probed: " + strings.Join(t.Missing, ", ") + " not set in your environment"
	}
	if ctx.Err() != nil {
		return nil, "not probed: " + stopped(ctx)
	}
	res, err := probe.Probe(ctx, t.Target, s.Options)
	if err != nil {
		return nil, t.Quiet(err.Error())
	}
	return res, ""
}

// stopped says why the run's context ended.
func stopped(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "the run's deadline (--run-deadline) passed"
	}
	return "interrupted"
}

// Findings are what check finds in ws that concerns the records just
// written: the findings in the files written, and the tool findings of
// the servers probed.
func Findings(ctx context.Context, eng *rules.Engine, cfg *rules.Config, ws *loader.Workspace, written []string, targets []*probe.Planned) ([]finding.Finding, error) {
	fs, err := eng.Check(ctx, ws, cfg)
	if err != nil {
		return nil, err
	}
	inFiles := map[string]bool{}
	for _, d := range ws.Documents {
		for _, f := range written {
			if d.AbsPath == f {
				inFiles[d.Path] = true
			}
		}
	}
	probed := map[string]bool{}
	for _, t := range targets {
		probed[t.Server.Name] = true
	}
	var out []finding.Finding
	for _, f := range fs {
		if inFiles[f.File] || (probed[f.Server] && toolRule(f.Rule)) {
			out = append(out, f)
		}
	}
	return out, nil
}

// toolRule is a rule that reads tool snapshots.
func toolRule(id string) bool {
	switch id {
	case "budget/tool-count", "budget/tool-name-length", "trust/tool-drift", "trust/tool-shadowing", "compat/tool-name-characters", "compat/effects":
		return true
	}
	return false
}
