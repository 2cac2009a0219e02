package facts

import (
	"cmp"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/knowledge"
	"github.com/mcplint/mcplint/loader"
)

// CapabilityFact is what mcplint knows a server's tools can do, by class
// (knowledge.Classes): from the record of a known server, refined by a
// tool snapshot's names and annotations.
type CapabilityFact struct {
	// Known is the id of the record the server's package or address
	// matched ("" when none).
	Known string `json:"known"`
	// Name is the record's name ("" when none).
	Name string `json:"name"`
	// Source is "knowledge" (a record), "snapshot" (only a tool snapshot
	// classified the tools) or "unknown": nothing is known, which never
	// counts as safe.
	Source string `json:"source"`
	// Classes maps each class the server has to its tools, sorted.
	Classes map[string][]string `json:"classes"`
}

// capabilities matches every server to a record and classifies its tools.
func capabilities(in *Input, ws *loader.Workspace) {
	base := knowledgeOf(ws)
	for i := range in.Servers {
		sf := &in.Servers[i]
		sf.Capability = capabilityOf(base, sf.Runner, sf.URL, ws.Servers[i])
		if r := sf.Runner; r != nil && !r.Local && r.Package != "" && sf.Capability.Known == "" {
			if known, ok := base.LookAlike(r.Ecosystem, r.Package); ok {
				r.LookAlike = known
			}
		}
	}
}

// knowledgeOf is the built-in records with the projects' own.
func knowledgeOf(ws *loader.Workspace) *knowledge.Base {
	return knowledge.Builtin().With(ws.Knowledge)
}

// Capabilities gives each server of ws its capability fact, in ws's order,
// for the commands that describe servers (list, the inventory).
func Capabilities(ws *loader.Workspace) []CapabilityFact {
	base := knowledgeOf(ws)
	out := make([]CapabilityFact, len(ws.Servers))
	for i, s := range ws.Servers {
		var uf *URLFact
		if s.URL != "" || len(s.Remotes) > 0 {
			uf = urlFact(s)
		}
		out[i] = capabilityOf(base, Runner(s), uf, s)
	}
	return out
}

// ClassList is the fact's classes in knowledge.Classes order.
func (c CapabilityFact) ClassList() []string {
	var out []string
	for _, cl := range knowledge.Classes {
		if len(c.Classes[string(cl)]) > 0 {
			out = append(out, string(cl))
		}
	}
	return out
}

func capabilityOf(base *knowledge.Base, runner *RunnerFact, uf *URLFact, s *loader.Server) CapabilityFact {
	out := CapabilityFact{Source: "unknown", Classes: map[string][]string{}}
	var rec *knowledge.Record
	if r := runner; r != nil && !r.Local && r.Package != "" {
		rec = base.ByPackage(r.Ecosystem, r.Package)
		if rec == nil && (r.Problem == "address" || r.Problem == "git" || strings.Contains(r.Package, "://")) {
			rec = base.ByRepo(r.Package) // uvx --from git+https://…
		}
	}
	if rec == nil && uf != nil && uf.Host != "" {
		rec = base.ByHost(uf.Host)
	}
	add := func(c knowledge.Class, tool string) {
		for _, t := range out.Classes[string(c)] {
			if t == tool {
				return
			}
		}
		out.Classes[string(c)] = append(out.Classes[string(c)], tool)
	}
	listed := map[string]bool{}
	if rec != nil {
		out.Known, out.Name, out.Source = rec.ID, rec.Name, "knowledge"
		for _, c := range knowledge.Classes {
			for _, t := range rec.Tools[c] {
				add(c, t)
				listed[t] = true
			}
		}
	}
	// A snapshot names the tools the server really offers: the ones a
	// record does not list are classified by their annotations and names.
	if s.Tools != nil {
		for _, h := range toolHints(s.Tools) {
			if listed[h.Name] {
				continue
			}
			for _, c := range knowledge.Classify(h.Name, knowledge.Hints{Annotated: h.Annotated, ReadOnly: h.ReadOnly, Destructive: h.Destructive, OpenWorld: h.OpenWorld}) {
				add(c, h.Name)
			}
		}
		if rec == nil {
			out.Source = "snapshot"
		}
	}
	return out
}

// FlowFact is a set of servers one client loads together that can read
// content someone else wrote, read the user's private data and send data
// out: an instruction hidden in the first can make the agent leak the
// second through the third (the "lethal trifecta").
type FlowFact struct {
	Untrusted FlowStep `json:"untrusted"`
	Private   FlowStep `json:"private"`
	Outbound  FlowStep `json:"outbound"`
	// At is the server the finding is reported at: the one of the three
	// that comes last in the files, which completes the set.
	At int `json:"at"`
	// CodeExecution lists the flow's servers that can also run code.
	CodeExecution []FlowStep `json:"code_execution"`
	// Unknown is how many of the group's servers mcplint knows nothing of.
	Unknown int `json:"unknown"`
	// Unattended says why the outbound tool runs without the user being
	// asked: the client does not ask by default, or the file approves the
	// tool ("" when the client asks first, which is what stops the flow).
	Unattended string `json:"unattended"`
}

// FlowStep is one server of a flow and one of its tools of the class.
type FlowStep struct {
	Server int    `json:"server"`
	Tool   string `json:"tool"`
}

// flows finds the lethal trifecta across the servers of every group. A
// server that has all three classes by itself (GitHub's reads issues,
// reads private repositories and comments) is that server's own design:
// it is left out, and the others are looked at without it. Each class is
// taken from the first server in the group that has it, preferring
// servers not taken yet.
func flows(in *Input) {
	has := func(m int, c knowledge.Class) bool { return len(in.Servers[m].Capability.Classes[string(c)]) > 0 }
	for gi := range in.Groups {
		g := &in.Groups[gi]
		unknown := 0
		var members []int
		for _, m := range g.Members {
			if in.Servers[m].Capability.Source == "unknown" {
				unknown++
			}
			if !(has(m, knowledge.UntrustedContent) && has(m, knowledge.PrivateData) && has(m, knowledge.Outbound)) {
				members = append(members, m)
			}
		}
		used := map[int]bool{}
		pick := func(c knowledge.Class) (FlowStep, bool) {
			var first *FlowStep
			for _, m := range members {
				tools := in.Servers[m].Capability.Classes[string(c)]
				if len(tools) == 0 {
					continue
				}
				step := FlowStep{Server: m, Tool: tools[0]}
				if !used[m] {
					used[m] = true
					return step, true
				}
				if first == nil {
					first = &step
				}
			}
			if first != nil {
				return *first, true
			}
			return FlowStep{}, false
		}
		u, ok1 := pick(knowledge.UntrustedContent)
		p, ok2 := pick(knowledge.PrivateData)
		o, ok3 := pick(knowledge.Outbound)
		if !ok1 || !ok2 || !ok3 {
			continue
		}
		f := &FlowFact{Untrusted: u, Private: p, Outbound: o, At: max(u.Server, p.Server, o.Server), CodeExecution: []FlowStep{}, Unknown: unknown,
			Unattended: unattended(in, &in.Servers[o.Server], o.Tool)}
		seen := map[int]bool{}
		for _, st := range []FlowStep{u, p, o} {
			if seen[st.Server] {
				continue
			}
			seen[st.Server] = true
			if tools := in.Servers[st.Server].Capability.Classes[string(knowledge.CodeExecution)]; len(tools) > 0 {
				f.CodeExecution = append(f.CodeExecution, FlowStep{Server: st.Server, Tool: tools[0]})
			}
		}
		g.Flow = f
	}
}

// unattended says why tool of server s runs without the user being
// asked ("" when the client asks first): a client that runs MCP tools
// unasked by default (or is not known to ask), Gemini's "trust": true,
// the tool (or "*") in the entry's autoApprove or alwaysAllow list, or a
// Claude Code settings file of the project or the user that allows it.
// Approvals kept in a client's UI are not seen.
func unattended(in *Input, s *ServerFact, tool string) string {
	t := &s.Trust
	if sp := specs[s.Client]; sp == nil || !sp.asks {
		return fmt.Sprintf("%s runs MCP tools without asking first unless its own settings say so", cmp.Or(t.ClientName, s.Client))
	}
	if t.TrustAll {
		return fmt.Sprintf(`"trust": true lets every tool of %q run unasked`, s.Name)
	}
	for _, it := range t.AutoApproveItems {
		what := tool
		if it.All {
			what = "every tool"
		} else if it.Tool != tool {
			continue
		}
		return fmt.Sprintf("%s approves %s of %q in advance", path.Base(it.Pointer[:strings.LastIndexByte(it.Pointer, '/')]), what, s.Name)
	}
	if s.Client == "claude-code" {
		for _, d := range in.Documents {
			if d.Client != "claude-code" || d.Project != s.Project && d.Tier != "user" && d.Tier != "managed" {
				continue
			}
			for _, a := range d.AllowedTools {
				if a.Server == s.Name && (a.Tool == "" || a.Tool == tool) {
					rule := "mcp__" + a.Server
					if a.Tool != "" {
						rule += "__" + a.Tool
					}
					return fmt.Sprintf("permissions.allow in %s lets %s run unasked", d.Path, rule)
				}
			}
		}
	}
	return ""
}

// CodeFlowFact is a server that reads content someone else wrote and
// another server that runs code: an instruction hidden in the first can
// make the agent run commands on the machine through the second (the
// sharpest of agent-scan's destructive toxic flows). The two are
// different servers; one server with both is its own design.
type CodeFlowFact struct {
	Untrusted FlowStep `json:"untrusted"`
	Code      FlowStep `json:"code"`
	// At is the later of the two in the files, which completes the pair.
	At int `json:"at"`
}

// codeFlows finds, per group and in one pass, the first server that
// reads untrusted content and the first that runs code and reads none.
// Pairs with a tool that only changes or deletes things (an issue
// tracker's update_issue beside a search server) are left out: nearly
// every multi-server config has one, and a finding on every config is
// not read.
func codeFlows(in *Input) {
	tools := func(m int, c knowledge.Class) []string { return in.Servers[m].Capability.Classes[string(c)] }
	for gi := range in.Groups {
		g := &in.Groups[gi]
		reader, runner := -1, -1
		for _, m := range g.Members {
			reads, runs := len(tools(m, knowledge.UntrustedContent)) > 0, len(tools(m, knowledge.CodeExecution)) > 0
			switch {
			case reads && reader < 0:
				reader = m
			case runs && !reads && runner < 0:
				// A server that runs code and reads untrusted content
				// itself (a browser) is exposed on its own; another
				// server's content adds nothing to it. So the two are
				// always different servers.
				runner = m
			}
		}
		if reader >= 0 && runner >= 0 {
			g.CodeFlow = &CodeFlowFact{
				Untrusted: FlowStep{Server: reader, Tool: tools(reader, knowledge.UntrustedContent)[0]},
				Code:      FlowStep{Server: runner, Tool: tools(runner, knowledge.CodeExecution)[0]},
				At:        max(reader, runner),
			}
		}
	}
}

// DisagreeFact says that another client's copy of the same server (the
// same package, or the same address) in the same project runs it
// differently.
type DisagreeFact struct {
	// Other is the index of the other client's copy.
	Other int `json:"other"`
	// What is version, args or env; Mine and Theirs are the two sides as
	// written (masked), for a message.
	What   string `json:"what"`
	Mine   string `json:"mine"`
	Theirs string `json:"theirs"`
}

// disagreements compares the copies of one server that different clients
// run in one project. A pair is reported once, at the later copy.
func disagreements(in *Input) {
	type key struct{ project, id string }
	byKey := map[key][]int{}
	for i := range in.Servers {
		s := &in.Servers[i]
		if s.Project == "" || s.Via != "" || s.Builtin != "" || s.State != "enabled" || s.Tier == "library" {
			continue
		}
		id := serverIdentity(s)
		if id == "" {
			continue
		}
		k := key{s.Project, id}
		byKey[k] = append(byKey[k], i)
	}
	for _, idx := range byKey {
		for j := 1; j < len(idx); j++ {
			b := &in.Servers[idx[j]]
			for _, i := range idx[:j] {
				a := &in.Servers[i]
				if a.Client == b.Client {
					continue
				}
				if d, ok := differ(a, b); ok {
					d.Other = i
					b.Disagrees = append(b.Disagrees, d)
					break
				}
			}
		}
	}
}

// serverIdentity is what makes two entries the same server: the package
// (ecosystem and normalised name) or the address without its query.
func serverIdentity(s *ServerFact) string {
	if r := s.Runner; r != nil && !r.Local && r.Package != "" {
		return r.Ecosystem + ":" + knowledge.Normalise(r.Ecosystem, r.Package)
	}
	if u := s.URL; u != nil && u.Valid && u.Host != "" {
		return "url:" + strings.ToLower(u.Host) + strings.TrimSuffix(u.Path, "/")
	}
	return ""
}

// differ compares the version, the arguments after the package and the
// names of the env entries of two copies; b is the later copy.
func differ(a, b *ServerFact) (DisagreeFact, bool) {
	if a.Runner != nil && b.Runner != nil && a.Runner.Version != b.Runner.Version {
		return DisagreeFact{What: "version", Mine: b.Runner.Spec, Theirs: a.Runner.Spec}, true
	}
	if x, y := argsAfterPackage(a), argsAfterPackage(b); x != y {
		return DisagreeFact{What: "args", Mine: y, Theirs: x}, true
	}
	if x, y := envNames(a), envNames(b); x != y {
		return DisagreeFact{What: "env", Mine: y, Theirs: x}, true
	}
	return DisagreeFact{}, false
}

func argsAfterPackage(s *ServerFact) string {
	var out []string
	after := s.Runner == nil
	for _, a := range s.Args {
		if after {
			out = append(out, a.Value)
		} else if a.Pointer == s.Runner.PackagePointer {
			after = true
		}
	}
	return strings.Join(out, " ")
}

func envNames(s *ServerFact) string {
	names := make([]string, 0, len(s.Env)+len(s.forwarded))
	for _, e := range s.Env {
		names = append(names, e.Key)
	}
	names = append(names, s.forwarded...)
	sort.Strings(names)
	return strings.Join(names, ", ")
}
