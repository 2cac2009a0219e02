package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mcplint/mcplint/export"
	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/secret"
)

func runExport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("export", "Write the configured server NAME (from any client's file in the PATHs) as a Paseo\n"+
		"catalogue entry, templated as Paseo's \"Copy as catalogue entry\" does, or as an\n"+
		"MCP Registry server.json. No stored value is written: every value becomes a\n"+
		"declared placeholder. Usage: mcplint export NAME [PATH...]", stderr)
	var lf loadFlags
	lf.register(fs)
	format := fs.String("format", "paseo", "output `FORMAT`: paseo (a team catalogue file) or registry (server.json)")
	output := fs.String("output", "", "write to `FILE` instead of standard output")
	namespace := fs.String("namespace", "", "registry form: the reverse-DNS `NAMESPACE` the server is published under (default: from a remote's host)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err)
	}
	if *format != "paseo" && *format != "registry" {
		fmt.Fprintf(stderr, "mcplint export: --format %q: want paseo or registry\n", *format)
		return exitUsage
	}
	if len(rest) == 0 {
		fmt.Fprintln(stderr, "mcplint export: name the server to export: mcplint export NAME [PATH...]")
		return exitUsage
	}
	if err := checkOutputPath(*output); err != nil {
		fmt.Fprintf(stderr, "mcplint export: %s\n", secret.Display(err.Error()))
		return exitUsage
	}
	name, paths := rest[0], rest[1:]
	if err := export.CheckName(name); err != nil {
		fmt.Fprintf(stderr, "mcplint export: %v\n", err)
		return exitUsage
	}
	ws, code := lf.load(paths, stderr, "export")
	if ws == nil {
		return code
	}
	s, err := export.Find(ws, name)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint export: %q: %v\n", name, err)
		return exitUsage
	}
	// An entry is published for others to read: a server or a variable
	// or header named by something secret-like would publish the secret
	// (as the entry's name, a placeholder or its upper-case variable).
	if what := secretLikeName(s); what != "" {
		fmt.Fprintf(stderr, "mcplint export: %s is not exported: %s looks like a secret; rename it first\n", display(strconv.Quote(name)), what)
		return exitFindings
	}
	runner := runnerOf(s)
	var out []byte
	switch *format {
	case "paseo":
		e, err := export.Paseo(s, runner)
		if err != nil {
			return exportRefused(stderr, name, err)
		}
		out, err = json.MarshalIndent([]*export.Entry{e}, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "mcplint export: %v\n", err)
			return exitInternal
		}
		out = append(out, '\n')
		// The entry must pass the catalogue rules Paseo applies; a server
		// that would be refused is not written.
		msgs, err := catalogueProblems(out)
		if err != nil {
			fmt.Fprintf(stderr, "mcplint export: %v\n", err)
			return exitInternal
		}
		if len(msgs) > 0 {
			fmt.Fprintf(stderr, "mcplint export: %q: Paseo would refuse the entry:\n", name)
			for _, m := range msgs {
				fmt.Fprintf(stderr, "  %s\n", m)
			}
			return exitFindings
		}
	case "registry":
		doc, err := export.Registry(s, runner, *namespace)
		if err != nil {
			return exportRefused(stderr, name, err)
		}
		vs, err := export.Validate(doc)
		if err != nil {
			fmt.Fprintf(stderr, "mcplint export: %v\n", err)
			return exitInternal
		}
		if len(vs) > 0 {
			fmt.Fprintf(stderr, "mcplint export: %q: the server.json does not match the %s schema:\n", name, export.RegistryVersion)
			for _, v := range vs {
				fmt.Fprintf(stderr, "  %s: %s\n", v.Pointer, v.Message)
			}
			return exitInternal
		}
		out, err = json.MarshalIndent(doc, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "mcplint export: %v\n", err)
			return exitInternal
		}
		out = append(out, '\n')
	}
	if *output == "" {
		_, err = stdout.Write(out)
	} else {
		// Replaced whole, like every --output: a link there is replaced,
		// not written through.
		err = writeFileAtomic(*output, out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint export: %v\n", err)
		return exitInternal
	}
	return exitOK
}

func exportRefused(stderr io.Writer, name string, err error) int {
	var ee *export.Error
	if errors.As(err, &ee) {
		fmt.Fprintf(stderr, "mcplint export: %q is not exported: %s\n", name, ee.Msg)
		return exitFindings
	}
	fmt.Fprintf(stderr, "mcplint export: %v\n", err)
	return exitInternal
}

// runnerOf is the runner fact of s (nil when it starts no package).
func runnerOf(s *loader.Server) *facts.RunnerFact {
	one := &loader.Workspace{Documents: []*loader.Document{s.Doc}, Servers: []*loader.Server{s}}
	in := facts.Build(one, facts.ConfigFact{})
	if len(in.Servers) == 0 {
		return nil
	}
	return in.Servers[0].Runner
}

// catalogueProblems checks a written team file with every built-in rule
// and returns the findings in words, without file positions.
func catalogueProblems(doc []byte) ([]string, error) {
	dir, err := os.MkdirTemp("", "mcplint-export-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }() // a temporary folder: nothing to report if it stays
	file := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(file, doc, 0o600); err != nil {
		return nil, err
	}
	ws, err := loader.Load(loader.Options{Paths: []string{file}})
	if err != nil {
		return nil, err
	}
	eng, err := rules.New(context.Background(), nil)
	if err != nil {
		return nil, err
	}
	fs, err := eng.Check(context.Background(), ws, rules.DefaultConfig())
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+": "+string(bytes.ReplaceAll([]byte(f.Message), []byte(file), []byte("the entry"))))
	}
	return out, nil
}

// secretLikeName says which name of s that an export would write is
// secret-like (secret.SecretLike): the server's own, an env or header
// key; "" when none is.
func secretLikeName(s *loader.Server) string {
	if secret.SecretLike(s.Name) {
		return "its name"
	}
	for _, p := range s.Env {
		if secret.SecretLike(p.Key) {
			return "the env name " + display(p.Key)
		}
	}
	for _, p := range s.Headers {
		if secret.SecretLike(p.Key) {
			return "the header name " + display(p.Key)
		}
	}
	return ""
}
