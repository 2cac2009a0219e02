package loader

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// TestDrainGivesSplitsParts: draining a plan gives the parts Split gives,
// file for file and project for project, each with the listings of its
// own folders, and leaves the plan holding only the files of no project.
func TestDrainGivesSplitsParts(t *testing.T) {
	files := map[string]string{"home/.claude.json": `{"mcpServers":{"h":{"command":"h"}}}`}
	for i := 0; i < 23; i++ {
		files[fmt.Sprintf("repo/p%02d/.mcp.json", 22-i)] = `{"mcpServers":{"x":{"command":"x"}}}`
		if i%3 == 0 {
			files[fmt.Sprintf("repo/p%02d/.cursor/mcp.json", 22-i)] = `{"mcpServers":{"y":{"command":"y"}}}`
		}
	}
	root := writeTree(t, files)
	opts := Options{Paths: []string{filepath.Join(root, "repo")}, Home: filepath.Join(root, "home"), WorkDir: root}
	discover := func() *Plan {
		p, err := Discover(opts)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	want := discover().Split(5)
	if len(want) < 4 {
		t.Fatalf("%d parts, want at least 4", len(want))
	}
	plan := discover()
	var got []*Plan
	for part := range plan.Drain(5) {
		got = append(got, part)
	}
	if len(got) != len(want) {
		t.Fatalf("drained %d parts, split %d", len(got), len(want))
	}
	total := 0
	for i := range want {
		a, b := want[i], got[i]
		if !slices.Equal(a.cands, b.cands) {
			t.Errorf("part %d: drained files %v, split %v", i, b.cands, a.cands)
		}
		if len(a.projects) != len(b.projects) {
			t.Errorf("part %d: drained projects %v, split %v", i, b.projects, a.projects)
		}
		for k, v := range a.projects {
			if b.projects[k] != v {
				t.Errorf("part %d: project %s: drained %q, split %q", i, k, b.projects[k], v)
			}
		}
		for _, c := range b.cands {
			if c.projectDir == "" {
				continue
			}
			total++
			k := filepath.Clean(c.projectDir)
			if !slices.Equal(b.listings[k], a.listings[k]) || b.listings[k] == nil {
				t.Errorf("part %d: %s: listing %q, want %q", i, k, b.listings[k], a.listings[k])
			}
		}
	}
	if total != 23+8 {
		t.Errorf("%d project files in the parts, want 31", total)
	}
	if len(plan.cands) != 1 || plan.cands[0].projectDir != "" || len(plan.listings) != 0 {
		t.Errorf("drained plan keeps %d files and %d listings, want the home file alone", len(plan.cands), len(plan.listings))
	}
}
