//go:build tools

// Package tools pins regal, the Rego linter .ci/run builds from this
// module (go build -C .ci/tools/regal github.com/open-policy-agent/regal).
package tools

import _ "github.com/open-policy-agent/regal"
