package rules

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// supply-chain/look-alike-package on real configs: the realistic corpus
// and the real configs of fixtures/realworld and fixtures/flows name real
// packages, so the rule must say nothing about them, except where a
// reviewer labelled the name a look-alike before mcplint ran
// (fixtures/realworld/labels.tsv: eks-mcp-server beside AWS's
// awslabs.eks-mcp-server). (The registry's own entries are checked in
// knowledge: TestNoRegistryPackageLooksAlike.)
func TestLookAlikeIsQuietOnRealServers(t *testing.T) {
	if testing.Short() {
		t.Skip("checks every real-world set: the full suite runs it")
	}
	e := engine(t)
	labelled := map[string]bool{}
	for _, l := range readRealWorldLabels(t) {
		if l.rule == "supply-chain/look-alike-package" {
			labelled[fmt.Sprintf("%s:%d", l.file, l.line)] = true
		}
	}
	servers := 0
	for _, dir := range []string{
		filepath.Join("..", "fixtures", "corpus"),
		filepath.Join("..", "fixtures", "realworld"),
		filepath.Join("..", "fixtures", "flows"),
	} {
		abs, _ := filepath.Abs(dir)
		ws, err := loader.Load(loader.Options{Paths: []string{abs}, WorkDir: abs})
		if err != nil {
			t.Fatal(err)
		}
		servers += len(ws.Servers)
		t.Logf("%s: %d servers", dir, len(ws.Servers))
		fs, err := e.Check(context.Background(), ws, DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if f.Rule == "supply-chain/look-alike-package" && !labelled[fmt.Sprintf("%s:%d", f.File, f.Range.Start.Line)] {
				t.Errorf("%s:%d: %s", f.File, f.Range.Start.Line, f.Message)
			}
		}
	}
	if servers < 300 {
		t.Errorf("only %d servers read: the sets are not where the test looks", servers)
	}
	t.Logf("%d servers, no look-alike", servers)
}
