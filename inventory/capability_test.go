package inventory

import (
	"strings"
	"testing"
)

// Each component carries what its server's tools can do, and says when
// nothing is known of it.
func TestCapabilityProperties(t *testing.T) {
	_, bom := sbom(t, map[string]string{".mcp.json": `{"mcpServers": {
		"fetch": {"command": "uvx", "args": ["mcp-server-fetch==2025.4.7"]},
		"ours": {"command": "npx", "args": ["-y", "@acme/tools@1.0.0"]}
	}}`})
	comps := byServer(bom)
	var classes []string
	for _, p := range *comps["fetch"].Properties {
		if p.Name == PropertyPrefix+"capability" {
			classes = append(classes, p.Value)
		}
	}
	if strings.Join(classes, ",") != "untrusted-content,outbound" || prop(comps["fetch"].Properties, "known-server") != "fetch" || prop(comps["fetch"].Properties, "capability-source") != "knowledge" {
		t.Errorf("fetch: %v, %+v", classes, *comps["fetch"].Properties)
	}
	if prop(comps["ours"].Properties, "capability-source") != "unknown" || prop(comps["ours"].Properties, "capability") != "" {
		t.Errorf("ours: %+v", *comps["ours"].Properties)
	}
}
