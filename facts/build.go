package facts

import (
	"github.com/mcplint/mcplint/internal/parallel"
	"github.com/mcplint/mcplint/loader"
)

// Build turns a workspace into the policy input; cfg is what the
// repository's settings tell the policies.
func Build(ws *loader.Workspace, cfg ConfigFact) Input {
	in := Input{Documents: make([]DocFact, 0, len(ws.Documents)), Servers: make([]ServerFact, 0, len(ws.Servers)),
		LoaderFindings: []LoaderFinding{}}
	docIdx := make(map[*loader.Document]int, len(ws.Documents))
	byPath := make(map[string]int, len(ws.Documents))
	pf := &projectFiles{}
	for i, d := range ws.Documents {
		docIdx[d] = i
		byPath[d.Path] = i
		in.Documents = append(in.Documents, buildDoc(i, d, pf))
	}
	srvIdx := make(map[*loader.Server]int, len(ws.Servers))
	for i, s := range ws.Servers {
		srvIdx[s] = i
	}
	in.Servers = in.Servers[:len(ws.Servers)]
	envs := docEnvironments(ws, ws.Documents)
	parallel.For(len(ws.Servers), func(i int) {
		s := ws.Servers[i]
		in.Servers[i] = buildServer(i, docIdx[s.Doc], s, srvIdx, envs[s.Doc], pf)
	})
	capabilities(&in, ws)
	disagreements(&in)
	toolClashes(&in, ws, docIdx)
	unrecordedPins(&in, ws, docIdx)
	in.Config = cfg
	in.Index = indexServers(in.Servers)
	in.DocIndex = indexDocuments(in.Documents)
	in.Groups = buildGroups(ws)
	flows(&in)
	codeFlows(&in)
	for _, f := range ws.Findings {
		d, ok := byPath[f.File]
		if !ok {
			continue
		}
		in.LoaderFindings = append(in.LoaderFindings, LoaderFinding{Rule: f.Rule, Level: f.Level.String(), Message: f.Message,
			Doc: d, Offset: f.Range.Start.Offset, End: f.Range.End.Offset})
	}
	in.Hidden = hideNames(&in, ws)
	// After hiding: the advice is built from what the policies see.
	addLiteralKeys(&in)
	return in
}
