package rules

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/loader"
)

// supply-chain/look-alike-package on real configs: the realistic corpus
// and the real configs of fixtures/realworld and fixtures/flows hold no
// typosquat, so the rule must say nothing about any of them. (The
// registry's own entries are checked in knowledge: TestNoRegistryPackageLooksAlike.)
func TestLookAlikeIsQuietOnRealServers(t *testing.T) {
	if testing.Short() {
		t.Skip("checks every real-world set: the full suite runs it")
	}
	e := engine(t)
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
			if f.Rule == "supply-chain/look-alike-package" {
				t.Errorf("%s:%d: %s", f.File, f.Range.Start.Line, f.Message)
			}
		}
	}
	if servers < 300 {
		t.Errorf("only %d servers read: the sets are not where the test looks", servers)
	}
	t.Logf("%d servers, no look-alike", servers)
}
