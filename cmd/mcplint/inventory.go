package main

import (
	"github.com/mcplint/mcplint/inventory"
	"github.com/mcplint/mcplint/loader"
)

// listCycloneDX writes `list --format cyclonedx`: the servers as a
// CycloneDX 1.6 bill of materials named after the first PATH's folder.
func (c *Command) listCycloneDX(ws *loader.Workspace, paths []string) error {
	first := "."
	if len(paths) > 0 {
		first = paths[0]
	}
	return inventory.Write(c.Stdout, inventory.Build(ws, inventory.Options{
		Name: inventory.ProjectName(c.path(first)), ToolVersion: versionString(), Time: inventory.Time(c.LookupEnv),
	}))
}
