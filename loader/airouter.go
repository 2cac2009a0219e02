package loader

import (
	"os"
	"path/filepath"
	"strconv"

	"github.com/mcplint/mcplint/loader/syntax"
)

// AI Router, one of the sources of a Paseo claude agent's tool search
// (seeds/001, "Tool search", source 3): "It routes the built-in claude
// provider while its routeAgents setting is on (read-only from
// $PASEO_HOME/plugin-settings/ai-router/routing.json; a missing or
// unreadable file, or a version other than 1, means not routed …). A
// routed session gets both ANTHROPIC_BASE_URL and
// CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS=1." The seed names the keys, not
// their nesting; mcplint reads {"version": 1, "routeAgents": true} at the
// top of the file (docs/seeds/paseo.md).
var aiRoutingPath = filepath.Join("plugin-settings", "ai-router", "routing.json")

var aiRoutingPattern = pattern{segs: []string{"routing.json"}, client: "paseo", tier: TierUser, kind: KindState, dialect: dAIRouting, format: syntax.JSON, variant: "ai-router"}

// routedBaseURL stands for the address AI Router gives a routed session:
// a gateway, whatever its host.
const routedBaseURL = "AI Router"

// aiRouting adds the env a routed session gets, below every settings
// file (they and managed settings are sources 4 and 5, later winning).
func aiRouting(doc *Document, root *syntax.Node) func(*state) {
	if v := root.Get("version"); v == nil || v.Kind != syntax.Number || !isOne(v.Text) {
		return nil
	}
	if on, ok := root.Get("routeAgents").BoolValue(); !ok || !on {
		return nil
	}
	where := "set by AI Router for Paseo's claude agents (routeAgents in " + doc.Path + ")"
	return func(st *state) {
		st.claudeEnv = append(st.claudeEnv, envLayer{router: true, path: doc.Path, where: where, vals: map[string]string{
			"ANTHROPIC_BASE_URL":                     routedBaseURL,
			"CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS": "1",
		}})
	}
}

// isOne is true for a JSON number equal to 1 (1, 1.0, 1e0).
func isOne(lit string) bool {
	f, err := strconv.ParseFloat(lit, 64)
	return err == nil && f == 1
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
