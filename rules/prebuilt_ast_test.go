package rules

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/version"
)

// prebuiltASTFields is every field of the OPA AST types that prebuilt.go
// encodes by hand, with what the encoder does with it. An OPA update that
// adds, removes or retypes a field fails TestPrebuiltKnowsOPAAST: a field
// the encoder does not know would be lost from prebuilt.bin without a
// sound, and the engine would evaluate different policies from the ones
// it compiled.
var prebuiltASTFields = map[string]map[string]string{
	"Module": {
		"Package *ast.Package":            "encoded (path and location)",
		"Imports []*ast.Import":           "dropped: the compiler resolved every import into full references",
		"Annotations []*ast.Annotations":  "dropped: METADATA is in the catalog",
		"Rules []*ast.Rule":               "encoded",
		"Comments []*ast.Comment":         "dropped: never evaluated",
		"regoVersion ast.RegoVersionSpan": "set to Rego v1 on decode",
	},
	"Package": {
		"Path ast.Ref":                "encoded",
		"Location *location.Location": "encoded",
	},
	"Rule": {
		"Head *ast.Head":                 "encoded",
		"Body ast.Body":                  "encoded",
		"Else *ast.Rule":                 "encoded",
		"Location *location.Location":    "encoded",
		"Annotations []*ast.Annotations": "dropped: METADATA is in the catalog",
		"Module *ast.Module":             "set on decode",
		"Default bool":                   "encoded",
		"generatedBody bool":             "dropped: not read by evaluation",
	},
	"Head": {
		"Name ast.Var":                "encoded",
		"Reference ast.Ref":           "encoded",
		"Args ast.Args":               "encoded",
		"Key *ast.Term":               "encoded",
		"Value *ast.Term":             "encoded",
		"Assign bool":                 "encoded",
		"Location *location.Location": "encoded",
		"keywords []tokens.Token":     "dropped: not read by evaluation",
		"generatedValue bool":         "dropped: not read by evaluation",
	},
	"Expr": {
		"With []*ast.With":            "encoded",
		"Terms interface {}":          "encoded (term, call, some, every)",
		"Index int":                   "encoded",
		"Generated bool":              "encoded",
		"Negated bool":                "encoded",
		"Location *location.Location": "encoded",
		"generatedFrom *ast.Expr":     "dropped: not read by evaluation",
		"generates []*ast.Expr":       "dropped: not read by evaluation",
		"fromAssignment bool":         "dropped: not read by evaluation",
	},
	"With": {
		"Target *ast.Term":            "encoded",
		"Value *ast.Term":             "encoded",
		"Location *location.Location": "encoded",
	},
	"SomeDecl": {
		"Symbols []*ast.Term":         "encoded",
		"Location *location.Location": "encoded",
	},
	"Every": {
		"Key *ast.Term":               "encoded",
		"Value *ast.Term":             "encoded",
		"Domain *ast.Term":            "encoded",
		"Body ast.Body":               "encoded",
		"Location *location.Location": "encoded",
	},
	"Term": {
		"Value ast.Value":             "encoded",
		"Location *location.Location": "encoded",
	},
	"Location": {
		"Text []uint8": "dropped: not read by evaluation (errors name file, row and column)",
		"File string":  "encoded",
		"Row int":      "encoded",
		"Col int":      "encoded",
		"Offset int":   "encoded",
		"Tabs []int":   "dropped: not read by evaluation",
	},
	"ArrayComprehension":  {"Term *ast.Term": "encoded", "Body ast.Body": "encoded"},
	"ObjectComprehension": {"Key *ast.Term": "encoded", "Value *ast.Term": "encoded", "Body ast.Body": "encoded"},
	"SetComprehension":    {"Term *ast.Term": "encoded", "Body ast.Body": "encoded"},
}

// TestPrebuiltKnowsOPAAST compares the fields of OPA's AST types with
// prebuiltASTFields, so that a dependency update which changes the AST
// fails here, loudly, before prebuilt.bin drops what it does not know.
func TestPrebuiltKnowsOPAAST(t *testing.T) {
	types := []any{ast.Module{}, ast.Package{}, ast.Rule{}, ast.Head{}, ast.Expr{}, ast.With{}, ast.SomeDecl{},
		ast.Every{}, ast.Term{}, ast.Location{}, ast.ArrayComprehension{}, ast.ObjectComprehension{}, ast.SetComprehension{}}
	if len(types) != len(prebuiltASTFields) {
		t.Fatalf("%d types checked, %d in prebuiltASTFields", len(types), len(prebuiltASTFields))
	}
	var changed []string
	for _, v := range types {
		ty := reflect.TypeOf(v)
		known := prebuiltASTFields[ty.Name()]
		have := map[string]bool{}
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			key := f.Name + " " + f.Type.String()
			have[key] = true
			if _, ok := known[key]; !ok {
				changed = append(changed, "new field ast."+ty.Name()+"."+key)
			}
		}
		for key := range known {
			if !have[key] {
				changed = append(changed, "field ast."+ty.Name()+"."+key+" is gone")
			}
		}
	}
	if len(changed) > 0 {
		sort.Strings(changed)
		t.Fatalf("OPA's AST changed, and rules/prebuilt.go encodes it by hand:\n  %s\n"+
			"Encode each new field in encoder/decoder (or say in prebuiltASTFields why it is dropped), "+
			"update prebuiltASTFields, then regenerate prebuilt.bin with: go generate ./rules",
			strings.Join(changed, "\n  "))
	}
}

// An OPA update makes prebuilt.bin stale even when no policy changed: the
// file holds OPA's compiled AST, so the OPA version is part of its hash.
func TestPolicyHashNamesTheOPAVersion(t *testing.T) {
	before := PolicyHash()
	saved := version.Version
	version.Version = saved + "-next"
	after := PolicyHash()
	version.Version = saved
	if before == after {
		t.Fatal("PolicyHash does not change with OPA's version: a prebuilt.bin of another OPA would be decoded as current")
	}
}
