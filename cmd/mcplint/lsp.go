package main

import (
	"fmt"
	"os"

	"github.com/mcplint/mcplint/internal/flagparse"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/lsp"
)

func (c *Command) lsp(args []string) int {
	stdout, stderr := c.Stdout, c.Stderr
	fs := flagparse.NewSet("mcplint", "lsp", "", "Run the language server over stdio: editors get mcplint's findings as\ndiagnostics for open MCP config files (and the other tiers of their project,\nread from disk), quick fixes from the same edits as mcplint fix, and a rule's\nexplanation on hover. The policies are compiled once at start. Setup for\nNeovim, VS Code, Helix and Zed: docs/editors.md.", stderr)
	var pf policyFlags
	pf.register(fs)
	home := fs.String("home", "", "also read the user-level config files under `DIR` (e.g. --home ~)")
	maxFileSize := fs.Int64("max-file-size", loader.DefaultMaxFileSize, "files larger than this many `BYTES` are reported and not read")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if len(paths) > 0 {
		fmt.Fprintf(stderr, "mcplint lsp: takes no PATH (the editor names the files): %q\n", paths[0])
		return exitUsage
	}
	if *maxFileSize <= 0 {
		fmt.Fprintf(stderr, "mcplint lsp: --max-file-size %d: want a number of bytes above 0\n", *maxFileSize)
		return exitUsage
	}
	if *home != "" {
		if fi, err := os.Stat(c.path(*home)); err != nil || !fi.IsDir() {
			fmt.Fprintf(stderr, "mcplint lsp: --home %s: not a folder\n", *home)
			return exitUsage
		}
	}
	// The engine is compiled once here and reused for every lint. The
	// .mcplint.toml is found per project by the server, so setup only
	// checks a --config file here (it must load).
	setup := pf
	if setup.ConfigPath == "" {
		setup.NoConfig = true
	}
	eng, _, code := setup.setup(c, nil, "lsp")
	if eng == nil {
		return code
	}
	// Stdout carries the protocol: anything else printed to it would
	// corrupt a message, so stray output goes to stderr instead.
	if f, ok := stdout.(*os.File); ok && f == os.Stdout {
		os.Stdout = os.Stderr
		defer func() { os.Stdout = f }()
	}
	srv := lsp.NewServer(lsp.Options{
		Engine:      eng,
		ConfigPath:  c.path(pf.ConfigPath),
		NoConfig:    pf.NoConfig,
		Home:        c.path(*home),
		WorkDir:     c.Dir,
		MaxFileSize: *maxFileSize,
		Version:     versionString(),
		Log:         stderr,
	})
	return srv.Serve(c.Stdin, stdout)
}
