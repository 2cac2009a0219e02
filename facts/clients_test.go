package facts

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/clients.md")

// fieldKinds are the words a field's kinds are written in (kindMatches).
var fieldKinds = map[string]bool{"string": true, "bool": true, "number": true, "object": true, "array": true,
	"null": true, "false": true, "string[]": true, "map": true, "any": true}

var knownSyntaxes = []string{secret.SyntaxDollarBrace, secret.SyntaxDollar, secret.SyntaxEnvColon, secret.SyntaxInput,
	secret.SyntaxEditorVar, secret.SyntaxOpencode, secret.SyntaxFile, secret.SyntaxContinue, secret.SyntaxTemplate,
	secret.SyntaxCatalogueInput}

// TestClientDataIsWellFormed checks every word of clients.toml, so a typo
// in the data fails here rather than reading as an unknown field.
func TestClientDataIsWellFormed(t *testing.T) {
	check := func(name string, e clientEntry) {
		for k, kinds := range e.Fields {
			for _, kind := range strings.Split(kinds, "|") {
				if !fieldKinds[kind] {
					t.Errorf("%s: field %s has unknown kind %q", name, k, kind)
				}
			}
		}
		for _, w := range e.Types {
			if _, ok := e.Fields["type"]; !ok {
				t.Errorf("%s: type words %v but no type field", name, e.Types)
			}
			if transportOf(w) == "" && !slices.Contains([]string{"sdk", "builtin", "platform", "frontend", "inline_python"}, w) {
				t.Errorf("%s: type word %q is no transport", name, w)
			}
		}
		for _, syn := range e.Expands {
			if !slices.Contains(knownSyntaxes, syn) {
				t.Errorf("%s: unknown reference syntax %q", name, syn)
			}
		}
		if e.Reference != "" {
			if !slices.Contains(e.Expands, e.Reference) {
				t.Errorf("%s: writes references as %q but does not expand them", name, e.Reference)
			}
			if envReference[e.Reference] == nil {
				t.Errorf("%s: no writer for references of syntax %q", name, e.Reference)
			}
		}
		for _, k := range append(append([]string{}, e.CommandKeys...), e.URLKeys...) {
			if _, ok := e.Fields[k]; !ok {
				t.Errorf("%s: transport key %s is not a field", name, k)
			}
		}
	}
	for id, e := range clientData.Client {
		if _, ok := loader.Clients[id]; !ok {
			t.Errorf("clients.toml names client %q, which the loader does not know", id)
		}
		check("client."+id, e)
	}
	for id, e := range clientData.Variant {
		check("variant."+id, e)
	}
}

// TestDecodeClientsRefusesUnknownKeys: a misspelt key must not pass
// silently as an empty setting.
func TestDecodeClientsRefusesUnknownKeys(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "client.x.expand") {
			t.Fatalf("recovered %v, want a panic naming client.x.expand", r)
		}
	}()
	decodeClients([]byte("[client.x]\nexpand = [\"dollar-brace\"]\n"))
}

// TestClientDocs keeps docs/clients.md in step with the data.
func TestClientDocs(t *testing.T) {
	got := clientDocs()
	p := filepath.Join("..", "docs", "clients.md")
	if *updateDocs {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil || string(want) != got {
		t.Fatal("docs/clients.md is stale: run go test ./facts -run TestClientDocs -update-docs")
	}
}

func clientDocs() string {
	var b strings.Builder
	b.WriteString("# Fields each client reads\n\n<!-- Generated from facts/clients.toml by `go test ./facts -run TestClientDocs -update-docs`; do not edit. -->\n\n")
	b.WriteString("`schema/unknown-field` and `schema/invalid-value` judge a server entry by its client's table below. " +
		"A closed client refuses an entry with a key it does not know; the others ignore it.\n\n")
	b.WriteString("| client | fields (kinds) | type words | expands | fix writes |\n|---|---|---|---|---|\n")
	row := func(name string, e clientEntry) {
		var fs []string
		for k, v := range e.Fields {
			fs = append(fs, fmt.Sprintf("`%s` %s", k, strings.ReplaceAll(v, "|", " or ")))
		}
		sort.Strings(fs)
		if e.Closed {
			fs = append([]string{"**closed**"}, fs...)
		}
		ref := "—"
		if w := envReference[e.Reference]; w != nil {
			ref = "`" + w("VAR") + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", name, orDash(fs), orDash(e.Types), orDash(e.Expands), ref)
	}
	ids := make([]string, 0, len(clientData.Client))
	for id := range clientData.Client {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		row(id, clientData.Client[id])
	}
	vs := make([]string, 0, len(clientData.Variant))
	for id := range clientData.Variant {
		vs = append(vs, id)
	}
	sort.Strings(vs)
	for _, id := range vs {
		row(id+" (variant)", clientData.Variant[id])
	}
	return b.String()
}

func orDash(xs []string) string {
	if len(xs) == 0 {
		return "—"
	}
	return strings.Join(xs, ", ")
}

// The loader's list of clients that switch a server off with "disabled"
// is the list of clients whose field table has the key.
func TestReadsDisabledMatchesTheFieldTables(t *testing.T) {
	for id, e := range clientData.Client {
		if _, has := e.Fields["disabled"]; has != loader.ReadsDisabled(id) {
			t.Errorf("%s: field table has disabled=%v, loader.ReadsDisabled=%v", id, has, loader.ReadsDisabled(id))
		}
	}
}
