package rules

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcplint/mcplint/schema"
)

// schemaType is the JSON Schema a setting kind wants.
func schemaType(t *testing.T, defs map[string]any, prop map[string]any) string {
	if ref, ok := prop["$ref"].(string); ok {
		prop = defs[strings.TrimPrefix(ref, "#/definitions/")].(map[string]any)
	}
	switch {
	case prop["type"] == "string":
		return wantString.String()
	case prop["type"] == "boolean":
		return wantBool.String()
	case prop["type"] == "integer" && prop["minimum"] == 1.0:
		return wantCount.String()
	case prop["type"] == "array":
		if items, _ := prop["items"].(map[string]any); items["type"] == "string" {
			return wantStrings.String()
		}
	case prop["enum"] != nil:
		return wantLevel.String()
	}
	t.Errorf("schema property %v has no type mcplint knows", prop)
	return ""
}

// schema/mcplint-config.schema.json names exactly the settings the
// parser accepts, each with the same type.
func TestConfigSchemaMatchesTheSettings(t *testing.T) {
	var doc struct {
		Definitions map[string]any            `json:"definitions"`
		Properties  map[string]map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(schema.Config, &doc); err != nil {
		t.Fatal(err)
	}
	inSchema := map[string]string{}
	for table, tp := range doc.Properties {
		if !settingTables[table] {
			t.Errorf("schema table %q is not a setting table", table)
		}
		if table == "rules" {
			continue
		}
		props := tp["properties"]
		if items, ok := tp["items"].(map[string]any); ok {
			props = items["properties"]
		}
		for key, p := range props.(map[string]any) {
			inSchema[table+"."+key] = schemaType(t, doc.Definitions, p.(map[string]any))
		}
	}
	for key, kind := range settingKinds {
		if got, ok := inSchema[key]; !ok {
			t.Errorf("setting %s is read but not in the schema", key)
		} else if got != kind.String() {
			t.Errorf("setting %s: schema says %s, the parser wants %s", key, got, kind)
		}
	}
	for key := range inSchema {
		if _, ok := settingKinds[key]; !ok {
			t.Errorf("schema names %s, which the parser refuses", key)
		}
	}
	for table := range settingTables {
		if _, ok := doc.Properties[table]; !ok {
			t.Errorf("table [%s] is not in the schema", table)
		}
	}
}

// Every settings file of the fixtures validates, and files the parser
// refuses for their shape do not.
func TestConfigSchemaValidatesFiles(t *testing.T) {
	sch := compileConfigSchema(t)
	validate := func(src string) error {
		var v map[string]any
		if _, err := toml.Decode(src, &v); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return sch.Validate(inst)
	}
	n := 0
	_ = filepath.WalkDir(filepath.Join("..", "fixtures"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != ConfigFileName {
			return nil
		}
		src, _ := os.ReadFile(p)
		if err := validate(string(src)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		n++
		return nil
	})
	if n == 0 {
		t.Error("no .mcplint.toml among the fixtures")
	}
	for _, bad := range []string{
		"[rules]\n\"secrets/literal-key\" = \"loud\"\n",
		"[budget]\nservers_warn = 0\n",
		"[env]\nwindows = \"yes\"\n",
		"[[ignore]]\nrule = \"secrets/literal-key\"\nreason = \"x\"\n",
		"[lint]\nselect = \"secrets/\"\n",
		"[colour]\nx = 1\n",
	} {
		if validate(bad) == nil {
			t.Errorf("the schema accepts %q", bad)
		}
	}
}

func compileConfigSchema(t *testing.T) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema.Config))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://mcplint.dev/schema/mcplint-config.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}
