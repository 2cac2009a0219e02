package rules

import (
	"context"
	"sort"
	"testing"

	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/mcplint/mcplint/facts"
	"github.com/mcplint/mcplint/loader"
)

// TestPolicyReferenceFormsMatchTheClientData: the secrets rules write the
// reference a fix will make (data.mcplint.secrets.form), and package fix
// writes it from facts/clients.toml (facts.ReferenceFor). The two must
// agree for every client, field and tier, or the advice names a syntax the
// fix does not write.
func TestPolicyReferenceFormsMatchTheClientData(t *testing.T) {
	mods, err := Modules(nil, false)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewCompiler(mods)
	if err != nil {
		t.Fatal(err)
	}
	queries := map[string]rego.PreparedEvalQuery{}
	for _, field := range []string{"env", "headers", "args", "url"} {
		q, err := rego.New(rego.Compiler(c), rego.Query(`x := data.mcplint.secrets.form(input.servers[0], "`+field+`", "VAR")`)).
			PrepareForEval(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		queries[field] = q
	}
	var ids []string
	for id := range loader.Clients {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	checked := 0
	for _, id := range ids {
		if id == "paseo" || id == "registry" {
			continue // catalogue inputs ({NAME}), not environment references
		}
		for _, doc := range []struct {
			kind loader.Kind
			tier loader.Tier
		}{{loader.KindClientConfig, loader.TierProject}, {loader.KindSettings, loader.TierManaged}} {
			d := &loader.Document{Kind: doc.kind, Tier: doc.tier, Client: id}
			s := &loader.Server{Client: id, Doc: d, Tier: doc.tier}
			for _, field := range []string{"env", "headers", "args", "url"} {
				want := facts.ReferenceFor(s, field, "VAR")
				rs, err := queries[field].Eval(context.Background(), rego.EvalInput(map[string]any{
					"servers":   []any{map[string]any{"client": id, "doc": 0}},
					"documents": []any{map[string]any{"kind": string(doc.kind), "client_name": ""}},
				}))
				if err != nil {
					t.Fatal(err)
				}
				got := ""
				if len(rs) > 0 {
					got, _ = rs[0].Bindings["x"].(string)
				}
				if got != want {
					t.Errorf("%s %s (%s): policies write %q, fix writes %q", id, field, doc.kind, got, want)
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Fatalf("checked %d cases; the client list is not what it should be", checked)
	}
}
