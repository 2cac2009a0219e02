package schema

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The CycloneDX 1.6 JSON schema and the two schemas it references (see
// cyclonedx/NOTICE; Apache-2.0).
var (
	//go:embed cyclonedx/bom-1.6.schema.json
	cycloneDX16 []byte
	//go:embed cyclonedx/spdx.schema.json
	cycloneDXSPDX []byte
	//go:embed cyclonedx/jsf-0.82.schema.json
	cycloneDXJSF []byte
)

const cycloneDX16URL = "http://cyclonedx.org/schema/bom-1.6.schema.json"

var (
	cdxOnce   sync.Once
	cdxSchema *jsonschema.Schema
	cdxErr    error
)

func compileCycloneDX() {
	c := jsonschema.NewCompiler()
	// Formats (date-time, iri-reference, email) are checked too: the tools
	// SBOMs are fed to validate strictly.
	c.AssertFormat()
	for url, src := range map[string][]byte{
		cycloneDX16URL: cycloneDX16,
		"http://cyclonedx.org/schema/spdx.schema.json":     cycloneDXSPDX,
		"http://cyclonedx.org/schema/jsf-0.82.schema.json": cycloneDXJSF,
	} {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
		if err != nil {
			cdxErr = err
			return
		}
		if err := c.AddResource(url, doc); err != nil {
			cdxErr = err
			return
		}
	}
	cdxSchema, cdxErr = c.Compile(cycloneDX16URL)
}

// ValidateCycloneDXValue checks a decoded JSON value (from
// jsonschema.UnmarshalJSON) against the CycloneDX 1.6 schema. The error is
// a *jsonschema.ValidationError for a document that does not conform.
func ValidateCycloneDXValue(inst any) error {
	cdxOnce.Do(compileCycloneDX)
	if cdxErr != nil {
		return fmt.Errorf("CycloneDX schema: %w", cdxErr)
	}
	return cdxSchema.Validate(inst)
}

// ValidateCycloneDX checks a CycloneDX JSON document against the
// CycloneDX 1.6 schema.
func ValidateCycloneDX(doc []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return ValidateCycloneDXValue(inst)
}
