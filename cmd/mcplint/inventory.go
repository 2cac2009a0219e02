package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mcplint/mcplint/inventory"
	"github.com/mcplint/mcplint/loader"
)

// listCycloneDX writes `list --format cyclonedx`: the servers as a
// CycloneDX 1.6 bill of materials named after the first PATH's folder.
func listCycloneDX(w io.Writer, ws *loader.Workspace, paths []string) error {
	return inventory.Write(w, inventory.Build(ws, inventory.Options{
		Name: projectName(paths), ToolVersion: versionString(), Time: bomTime(),
	}))
}

// projectName is the base name of the first PATH (of the working folder
// when none was given).
func projectName(paths []string) string {
	p := "."
	if len(paths) > 0 {
		p = paths[0]
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		abs = filepath.Dir(abs)
	}
	return filepath.Base(abs)
}

// bomTime is now, or SOURCE_DATE_EPOCH for reproducible documents.
func bomTime() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0)
		}
	}
	return time.Now()
}
