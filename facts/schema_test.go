package facts

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/schema"
)

var updateSchema = flag.Bool("update-schema", false, "rewrite schema/input.schema.json")

// TestInputSchemaIsCurrent keeps the published input schema in step with
// the Go types it is derived from.
func TestInputSchemaIsCurrent(t *testing.T) {
	got := InputSchema()
	if *updateSchema {
		if err := os.WriteFile(filepath.Join("..", "schema", "input.schema.json"), got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(got, schema.Input) {
		t.Fatal("schema/input.schema.json is stale: run go test ./facts -run TestInputSchemaIsCurrent -update-schema")
	}
}
