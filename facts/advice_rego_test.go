package facts_test

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/rules"
)

// evalList evaluates query (which binds x to an array of strings) with
// the built-in policies; $ in the query stands for list, written as a
// literal (the input is type-checked against the policy input's schema).
func evalList(t *testing.T, query string, list []any, opts ...func(*rego.Rego)) []string {
	t.Helper()
	lit, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	query = strings.Replace(query, "$", string(lit), 1)
	mods, err := rules.Modules(nil, false)
	if err != nil {
		t.Fatal(err)
	}
	c, err := rules.NewCompiler(mods)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rego.New(append(opts, rego.Compiler(c), rego.Query(query))...).Eval(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 {
		t.Fatalf("%s: %d results", query, len(rs))
	}
	var out []string
	for _, v := range rs[0].Bindings["x"].([]any) {
		out = append(out, v.(string))
	}
	return out
}

// names are server names and keys of every shape the naming meets:
// camelCase, kebab-case, digits first, prefixes, non-ASCII, empty.
var names = []string{"", "github", "GITHUB_TOKEN", "TOKEN", "exaApiKey", "x-api-key", "X-Api-Key", "my-server",
	"1password", "aB1C", "über", "--srv--", "__k__", "github.TOKEN", "GitHub", "githubToken", "API_KEY", "ıd", "ſlack",
	"a", "A1b2C3", "‹id-0123abcd›", "server name", "mcp_1", "_x", "9"}

// TestVariableNamesMatchThePolicies: the variable names built in Go are
// the ones data.mcplint.secrets.env_name and snake (which other rules
// still use) build, for every pair of names.
func TestVariableNamesMatchThePolicies(t *testing.T) {
	var pairs []any
	var want []string
	for _, s := range names {
		for _, k := range names {
			pairs = append(pairs, []any{s, k})
			want = append(want, facts.EnvName(s, k))
		}
	}
	got := evalList(t, `x := [data.mcplint.secrets.env_name(p[0], p[1]) | some p in $]`, pairs)
	if len(got) != len(want) {
		t.Fatalf("%d names from the policies, %d from Go", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("env_name(%q): policies %q, Go %q", pairs[i], got[i], want[i])
		}
	}
	var list []any
	for _, n := range names {
		list = append(list, n)
	}
	snakes := evalList(t, `x := [data.mcplint.secrets.snake(n) | some n in $]`, list)
	for i, n := range names {
		if snakes[i] != facts.Snake(n) {
			t.Errorf("snake(%q): policies %q, Go %q", n, snakes[i], facts.Snake(n))
		}
	}
}

// TestReferenceFormsMatchThePolicies: for every client, field and kind
// of document, the reference Go writes into the advice is the one
// data.mcplint.secrets.form writes ("" where it has none).
func TestReferenceFormsMatchThePolicies(t *testing.T) {
	ids := []string{"paseo", "registry", "unknown-client"}
	for id := range loader.Clients {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	checked := 0
	for _, kind := range []string{"client-config", "settings", "team-catalogue"} {
		var cases []any
		var want []string
		for _, id := range ids {
			for _, field := range []string{"env", "headers", "args", "url"} {
				cases = append(cases, []any{id, field})
				want = append(want, facts.ReferenceForm(id, kind == "settings", field, "VAR"))
			}
		}
		docs := map[string]any{"documents": []any{map[string]any{"kind": kind, "client_name": ""}}}
		got := evalList(t, `x := [concat("", [r | r := data.mcplint.secrets.form({"client": c[0], "doc": 0}, c[1], "VAR")]) | some c in $]`,
			cases, rego.Input(docs))
		if len(got) != len(want) {
			t.Fatalf("%d forms from the policies, %d from Go", len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%v in a %s document: policies %q, Go %q", cases[i], kind, got[i], want[i])
			}
			if got[i] != "" {
				checked++
			}
		}
	}
	if checked < 60 {
		t.Fatalf("only %d references written: the client list is not what it should be", checked)
	}
}

// TestArgumentNamesMatchThePolicies: the name an argument goes by is the
// one data.mcplint.secrets.arg_key gives (which other rules still use).
func TestArgumentNamesMatchThePolicies(t *testing.T) {
	lists := [][]string{
		{"--api-key", "v"}, {"-k", "v"}, {"--k=v"}, {"NAME=v"}, {"---x=1"}, {"-", "v"}, {"--", "v"}, {"--9", "v"},
		{"--a=b", "v"}, {"x", "y"}, {"-1abc", "y"}, {"--a.b-c=1"}, {"=v"}, {"--_x=1"}, {"-xYz", "v", "--n", "w"},
		{"--über=1", "v"}, {"-ü", "v"}, {"--tok en=1"},
	}
	var cases []any
	var want []string
	for _, l := range lists {
		s := &facts.ServerFact{}
		var args []any
		for i, v := range l {
			s.Args = append(s.Args, facts.ArgFact{Index: i, Value: v})
			args = append(args, map[string]any{"index": i, "value": v})
		}
		for i := range l {
			cases = append(cases, []any{map[string]any{"args": args}, i})
			want = append(want, facts.ArgKey(s, s.Args[i]))
		}
	}
	got := evalList(t, `x := [data.mcplint.secrets.arg_key(c[0], c[0].args[c[1]]) | some c in $]`, cases)
	if len(got) != len(want) {
		t.Fatalf("%d names from the policies, %d from Go", len(got), len(want))
	}
	named := 0
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%v: policies %q, Go %q", cases[i], got[i], want[i])
		}
		if got[i] != "" {
			named++
		}
	}
	if named < 8 {
		t.Fatalf("only %d arguments named", named)
	}
}
