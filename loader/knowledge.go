package loader

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/knowledge"
	"github.com/mcplint/mcplint/loader/syntax"
)

// KnowledgeDir holds a project's own records of MCP servers, which add to
// or replace the ones mcplint ships (knowledge/servers/*.toml).
const KnowledgeDir = ".mcplint/knowledge"

// KindKnowledge is a project's record of a known server.
const KindKnowledge Kind = "knowledge"

// knowledgeRecords reads .mcplint/knowledge/*.toml in each project folder.
// A record that does not read is reported at its file and left out; the
// others apply to the whole run.
func (l *run) knowledgeRecords(ws *Workspace, dirs []string) {
	for _, dir := range dirs {
		if !l.mayHoldRecords(dir) {
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(KnowledgeDir), "*.toml"))
		sort.Strings(matches)
		for _, m := range matches {
			if fi, err := os.Stat(m); err != nil || !fi.Mode().IsRegular() {
				continue
			}
			pat := &pattern{kind: KindKnowledge, dialect: dNone, format: syntax.TOML, tier: TierProject}
			doc, fs, _ := l.read(candidate{abs: m, pat: pat, projectDir: dir, outside: l.outsideOf(m)})
			if doc == nil {
				continue
			}
			ws.Documents = append(ws.Documents, doc)
			ws.Findings = append(ws.Findings, fs...)
			if doc.ParseFailed || doc.File == nil {
				continue
			}
			r, err := knowledge.Parse(doc.Path, doc.File.Src)
			if err != nil {
				msg := strings.TrimPrefix(err.Error(), doc.Path+": ")
				ws.Findings = append(ws.Findings, l.finding(doc, "schema/parse-error", finding.Error, 0, 1,
					"not a server record, so mcplint's knowledge of servers does not take it: "+msg))
				continue
			}
			ws.Knowledge = append(ws.Knowledge, r)
		}
	}
}
