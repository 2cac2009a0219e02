package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/schema"
)

// A scanned repository's .mcplint.toml that silences rules is named in
// every format; --no-config (what the organisation job uses) reads none.
func TestReportsStateWhatTheProjectConfigChanged(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		".mcp.json": `{"mcpServers": {"gh": {"type": "http", "url": "http://example.com/mcp", "headers": {"Authorization": "Bearer ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"}}}}`,
		".mcplint.toml": "[rules]\n\"secrets/literal-key\" = \"off\"\n\"transport/https-only\" = \"info\"\n\n" +
			"[[ignore]]\nrule = \"transport/https-only\"\nserver = \"ghp_Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8\"\nreason = \"ours\"\n",
	})
	const secretName = "Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8"

	code, out, errs := runCLI(t, "check", "--format", "json", root)
	if code != exitOK {
		t.Fatalf("json: exit %d, stderr %s", code, errs)
	}
	var doc struct {
		Configuration *struct {
			File      string `json:"file"`
			Overrides []struct {
				Kind, Rule, Level, Default string
				Line, Column               int
			} `json:"overrides"`
		} `json:"configuration"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if err := schema.ValidateFindings([]byte(out)); err != nil {
		t.Errorf("the report does not follow schema/findings.schema.json: %v", err)
	}
	c := doc.Configuration
	if c == nil || !strings.HasSuffix(c.File, ".mcplint.toml") || len(c.Overrides) != 3 {
		t.Fatalf("configuration = %+v, want the file and its three changes", c)
	}
	if o := c.Overrides[0]; o.Kind != "level" || o.Rule != "secrets/literal-key" || o.Level != "off" || o.Default != "error" || o.Line != 2 {
		t.Errorf("first change = %+v, want secrets/literal-key off (default error) at line 2", o)
	}
	if o := c.Overrides[2]; o.Kind != "ignore" || o.Rule != "transport/https-only" || o.Line != 5 {
		t.Errorf("third change = %+v, want the [[ignore]] at line 5", o)
	}

	code, out, _ = runCLI(t, "check", "--format", "sarif", root)
	var sarif struct {
		Runs []struct {
			Invocations []struct {
				RuleConfigurationOverrides []struct {
					Descriptor    struct{ ID string }
					Configuration struct {
						Enabled *bool
						Level   string
					}
				} `json:"ruleConfigurationOverrides"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &sarif); err != nil || code != exitOK {
		t.Fatalf("sarif: exit %d, %v", code, err)
	}
	ovs := sarif.Runs[0].Invocations[0].RuleConfigurationOverrides
	if len(ovs) != 2 || ovs[0].Descriptor.ID != "secrets/literal-key" || ovs[0].Configuration.Enabled == nil || *ovs[0].Configuration.Enabled ||
		ovs[1].Configuration.Level != "note" {
		t.Errorf("ruleConfigurationOverrides = %+v, want literal-key disabled and https-only at note", ovs)
	}

	for _, format := range []string{"text", "github", "json", "sarif"} {
		_, out, errs := runCLI(t, "check", "--format", format, root)
		if strings.Contains(out+errs, secretName) {
			t.Errorf("%s: the secret-shaped server name of the [[ignore]] is shown", format)
		}
		if format == "text" || format == "github" {
			if !strings.Contains(out, "changes what is reported: secrets/literal-key off (default error) at 2:") {
				t.Errorf("%s output does not state the changes:\n%s", format, out)
			}
		}
	}

	_, out, _ = runCLI(t, "check", "--no-config", "--format", "json", root)
	if strings.Contains(out, `"configuration"`) {
		t.Errorf("--no-config: a configuration is reported:\n%s", out)
	}
}
