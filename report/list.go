package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

type listDocument struct {
	File    string `json:"file"`
	Kind    string `json:"kind"`
	Client  string `json:"client"`
	Tier    string `json:"tier"`
	Format  string `json:"format"`
	Servers int    `json:"servers"`
	Parse   string `json:"parse"`
	Error   string `json:"error,omitempty"`
	Variant string `json:"variant,omitempty"`
}

type listRef struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Tier   string `json:"tier"`
}

type listServer struct {
	Name string `json:"name"`
	// QualifiedName is oceancode's <tier>:<name> for a copy that lost its
	// name to another tier's.
	QualifiedName string `json:"qualifiedName,omitempty"`
	Client        string `json:"client"`
	// Via is the client whose file oceancode read an oceancode copy from.
	Via       string   `json:"via,omitempty"`
	Tier      string   `json:"tier"`
	Transport string   `json:"transport"`
	Command   string   `json:"command,omitempty"`
	Args      []string `json:"args,omitempty"`
	URL       string   `json:"url,omitempty"`
	Headers   []string `json:"headers,omitempty"`
	Env       []string `json:"env,omitempty"`
	Enabled   bool     `json:"enabled"`
	State     string   `json:"state"`
	// Trust is "trusted" or "untrusted" (held until trusted), apart from
	// the state: oceancode's mcp list shows both ("Enabled and trusted
	// are independent").
	Trust       string   `json:"trust"`
	Reason      string   `json:"reason,omitempty"`
	File        string   `json:"file"`
	Line        int      `json:"line"`
	Column      int      `json:"column"`
	Pointer     string   `json:"pointer"`
	ShadowedBy  *listRef `json:"shadowedBy"`
	MergedFrom  *listRef `json:"mergedFrom,omitempty"`
	PackageRefs []string `json:"packages,omitempty"`
	// Capabilities are the classes of what the server's tools can do
	// (knowledge.Classes); KnownServer is the record they come from, and
	// CapabilitySource is knowledge, snapshot or unknown.
	Capabilities     []string `json:"capabilities"`
	KnownServer      string   `json:"knownServer,omitempty"`
	CapabilitySource string   `json:"capabilitySource"`
}

type listDoc struct {
	Documents []listDocument `json:"documents"`
	Servers   []listServer   `json:"servers"`
}

// ListJSON writes the effective server view as JSON. Header and env values
// are never shown (their names are); args and URLs are masked.
func ListJSON(w io.Writer, ws *loader.Workspace) error {
	return writeJSON(w, buildList(ws))
}

func buildList(ws *loader.Workspace) listDoc {
	out := listDoc{Documents: []listDocument{}, Servers: []listServer{}}
	for _, d := range ws.Documents {
		ld := listDocument{File: d.Path, Kind: string(d.Kind), Client: d.Client, Tier: string(d.Tier),
			Servers: len(d.Servers), Parse: "ok", Variant: d.Variant}
		if d.Format != 0 {
			ld.Format = d.Format.String()
		}
		if d.ParseFailed {
			ld.Parse, ld.Error = "error", secret.Text(d.Error)
		}
		out.Documents = append(out.Documents, ld)
	}
	caps := facts.Capabilities(ws)
	for i, s := range ws.Servers {
		ls := listEntry(ws, s)
		ls.Capabilities, ls.KnownServer, ls.CapabilitySource = caps[i].ClassList(), caps[i].Known, caps[i].Source
		if ls.Capabilities == nil {
			ls.Capabilities = []string{}
		}
		out.Servers = append(out.Servers, ls)
	}
	return out
}

// capabilityColumn is the list's CAPABILITIES cell: the classes, "none"
// for a known server without any, or "unknown".
func capabilityColumn(c facts.CapabilityFact) string {
	if c.Source == "unknown" {
		return "unknown"
	}
	if cl := c.ClassList(); len(cl) > 0 {
		return strings.Join(cl, ",")
	}
	return "none"
}

func ref(s *loader.Server) *listRef {
	if s == nil {
		return nil
	}
	p := position(s)
	return &listRef{File: s.Doc.Path, Line: p.Line, Column: p.Column, Tier: string(s.Tier)}
}

type lineCol struct{ Line, Column int }

func position(s *loader.Server) lineCol {
	if s.Doc.File == nil {
		return lineCol{1, 1}
	}
	p := s.Doc.File.Position(s.KeyStart)
	return lineCol{p.Line, p.Column}
}

func listEntry(ws *loader.Workspace, s *loader.Server) listServer {
	p := position(s)
	ls := listServer{
		Name: secret.Text(s.Name), Client: s.Client, Tier: string(s.Tier), Transport: s.Transport,
		Command: secret.Text(s.Command), Args: maskArgs(s.Args), URL: secret.Text(s.URL),
		Enabled: s.Enabled, State: s.State(), Trust: trustWord(s), File: s.Doc.Path, Line: p.Line, Column: p.Column,
		Pointer: secret.Text(s.Pointer), ShadowedBy: ref(s.ShadowedBy), MergedFrom: ref(s.MergedFrom),
	}
	if q := s.QualifiedName(ws); q != s.Name {
		ls.QualifiedName = secret.Text(q)
	}
	if s.Via != "" {
		ls.Client, ls.Via = "oceancode", s.Via
	}
	switch {
	case !s.Enabled:
		ls.Reason = secret.Text(s.DisabledBy)
	case s.Untrusted:
		ls.Reason = secret.Text(s.UntrustedBy)
	}
	for _, h := range s.Headers {
		ls.Headers = append(ls.Headers, secret.Text(h.Key))
	}
	for _, e := range s.Env {
		ls.Env = append(ls.Env, secret.Text(e.Key))
	}
	for _, pk := range s.Packages {
		r := pk.RegistryType + ":" + pk.Identifier
		if pk.Version != "" {
			r += "@" + pk.Version
		}
		ls.PackageRefs = append(ls.PackageRefs, secret.Text(r))
	}
	return ls
}

// ListText writes the effective view like `oceancode mcp list`: one row
// per definition with its state and source.
func ListText(w io.Writer, ws *loader.Workspace) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTRANSPORT\tCLIENT\tTIER\tTRUST\tSTATE\tSOURCE\tCAPABILITIES")
	caps := facts.Capabilities(ws)
	for i, s := range ws.Servers {
		p := position(s)
		state := s.State()
		if state == "untrusted" {
			state = "enabled" // the TRUST column says it is held
		}
		if s.ShadowedBy != nil {
			q := position(s.ShadowedBy)
			tier := string(s.ShadowedBy.Tier)
			if d := s.ShadowedBy.Doc; s.Tier == loader.TierLibrary && (d.Team || d.Kind == loader.KindTeamCatalogue) {
				tier = "team" // Paseo's libraries merge by trust, Team first
			}
			state = fmt.Sprintf("shadowed by %s %s:%d", tier, secret.Display(s.ShadowedBy.Doc.Path), q.Line)
		}
		name := secret.Display(s.QualifiedName(ws))
		if s.Name == "" {
			name = "(unnamed)"
		}
		client := s.Client
		if s.Via != "" {
			client = "oceancode (" + s.Via + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s:%d\t%s\n", name, s.Transport, client, s.Tier, trustWord(s), state, secret.Display(s.Doc.Path), p.Line, capabilityColumn(caps[i]))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	failed := 0
	for _, d := range ws.Documents {
		if d.ParseFailed {
			failed++
		}
	}
	fmt.Fprintf(w, "%s in %s", plural(len(ws.Servers), "server"), plural(len(ws.Documents), "file"))
	if failed > 0 {
		fmt.Fprintf(w, " (%d not read: run mcplint check for why)", failed)
	}
	fmt.Fprintln(w)
	return nil
}

// trustWord is the trust column: untrusted for a server held until it is
// trusted, whatever its state.
func trustWord(s *loader.Server) string {
	if s.Untrusted {
		return "untrusted"
	}
	return "trusted"
}

func maskArgs(args []string) []string {
	if len(args) == 0 {
		return nil
	}
	out := secret.MaskArgs(args)
	for i, a := range out {
		out[i] = secret.Text(a)
	}
	return out
}
