// Package schema holds the JSON Schemas mcplint publishes and validates
// with: the policy input (generated from rules.Input), the MCP Registry
// server.json versions (registry.go) and the SARIF 2.1.0 schema.
package schema

import _ "embed"

// Input is the JSON Schema of the policy input (input.schema.json).
//
//go:embed input.schema.json
var Input []byte

// SARIF is the OASIS SARIF 2.1.0 schema (see NOTICE).
//
//go:embed sarif-schema-2.1.0.json
var SARIF []byte

// Findings is the JSON Schema of `mcplint check --format json`.
//
//go:embed findings.schema.json
var Findings []byte

// Config is the JSON Schema of .mcplint.toml, for editors (Taplo's
// #:schema) and kept in step with the settings mcplint reads by a test.
//
//go:embed mcplint-config.schema.json
var Config []byte
