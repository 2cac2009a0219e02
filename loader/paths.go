package loader

import (
	"path"
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
)

// dialect says how a file's servers are written.
type dialect uint8

const (
	dNone             dialect = iota
	dMCPServers               // {"mcpServers": {name: entry}} (Claude-compatible and most others)
	dClaudeJSON               // ~/.claude.json: user tier + projects[abs] local tier
	dClaudeSettings           // settings.json / managed-settings.json: approvals, managedMcpServers
	dVSCode                   // {"servers": {…}, "inputs": […]}
	dVSCodeSettings           // settings.json {"mcp": {"servers": …}}
	dCodexTOML                // [mcp_servers.<name>] (Codex, Grok)
	dOpenCode                 // {"mcp": {name: entry}}
	dServerMap                // {name: entry} with no wrapper (.agents/mcp.json)
	dZed                      // {"context_servers": …}
	dContinue                 // {"mcpServers": [ {name, …} ]} (YAML block or config)
	dGoose                    // {"extensions": {key: entry}}
	dRegistryServer           // one server.json
	dRegistryList             // {"servers": [{"server": …}]} or [server.json…]
	dTeamCatalogue            // Paseo 0.12.0: [entry…] or {"entries": […]}
	dTrustFile                // oceancode trust.json
	dGeminiEnablement         // ~/.gemini/mcp-server-enablement.json
	dAmazonQAgent             // cli-agents/*.json: mcpServers + useLegacyMcpJson
	dPaseoConfig              // $PASEO_HOME/config.json: the daemon's built-in server
	dPaseoAgent               // $PASEO_HOME/agents/<project dir>/<agent id>.json: servers hooks added
	dAIRouting                // $PASEO_HOME/plugin-settings/ai-router/routing.json: AI Router's routing
)

// pattern recognises a config file by the last segments of its path.
type pattern struct {
	segs    []string // matched against the path's last len(segs) segments; path.Match globs allowed
	client  string
	tier    Tier
	kind    Kind
	dialect dialect
	format  syntax.Format // 0: from the extension
	variant string
	// confirm, when set, must accept a walked file's parsed root before it
	// is read as this pattern: a name as common as server.json is only an
	// MCP Registry document when its content says so.
	confirm func(root *syntax.Node) bool
	// noHidden: a glob segment does not match a hidden file (Claude Code
	// skips hidden files in managed-settings.d/).
	noHidden bool
}

// projectPatterns are found anywhere in a walked folder; the project folder
// is the path minus the matched segments.
var projectPatterns = []pattern{
	{segs: []string{".mcp.json"}, client: "claude-code", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".claude", "settings.json"}, client: "claude-code", tier: TierProject, kind: KindSettings, dialect: dClaudeSettings, format: syntax.JSON},
	{segs: []string{".claude", "settings.local.json"}, client: "claude-code", tier: TierLocal, kind: KindSettings, dialect: dClaudeSettings, format: syntax.JSON},
	{segs: []string{".cursor", "mcp.json"}, client: "cursor", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".vscode", "mcp.json"}, client: "vscode", tier: TierProject, kind: KindClientConfig, dialect: dVSCode, format: syntax.JSONC},
	{segs: []string{".vscode", "settings.json"}, client: "vscode", tier: TierProject, kind: KindClientConfig, dialect: dVSCodeSettings, format: syntax.JSONC, variant: "legacy-settings"},
	{segs: []string{".github", "mcp.json"}, client: "copilot-cli", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".codex", "config.toml"}, client: "codex", tier: TierProject, kind: KindClientConfig, dialect: dCodexTOML, format: syntax.TOML},
	{segs: []string{"opencode.json"}, client: "opencode", tier: TierProject, kind: KindClientConfig, dialect: dOpenCode, format: syntax.JSONC},
	{segs: []string{"opencode.jsonc"}, client: "opencode", tier: TierProject, kind: KindClientConfig, dialect: dOpenCode, format: syntax.JSONC},
	{segs: []string{".opencode", "opencode.json"}, client: "opencode", tier: TierProject, kind: KindClientConfig, dialect: dOpenCode, format: syntax.JSONC},
	{segs: []string{".opencode", "opencode.jsonc"}, client: "opencode", tier: TierProject, kind: KindClientConfig, dialect: dOpenCode, format: syntax.JSONC},
	{segs: []string{".agents", "mcp.json"}, client: "opencode", tier: TierProject, kind: KindClientConfig, dialect: dServerMap, format: syntax.JSONC, variant: "agents-mcp"},
	{segs: []string{".gemini", "settings.json"}, client: "gemini", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSONC},
	{segs: []string{".zed", "settings.json"}, client: "zed", tier: TierProject, kind: KindClientConfig, dialect: dZed, format: syntax.JSONC},
	{segs: []string{".windsurf", "mcp_config.json"}, client: "windsurf", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".roo", "mcp.json"}, client: "roo", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".kilocode", "mcp.json"}, client: "kilo", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".amazonq", "mcp.json"}, client: "amazonq", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".amazonq", "cli-agents", "*.json"}, client: "amazonq", tier: TierAgent, kind: KindClientConfig, dialect: dAmazonQAgent, format: syntax.JSON},
	{segs: []string{".kiro", "settings", "mcp.json"}, client: "kiro", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".junie", "mcp", "mcp.json"}, client: "junie", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".continue", "mcpServers", "*.yaml"}, client: "continue", tier: TierProject, kind: KindClientConfig, dialect: dContinue, format: syntax.YAML},
	{segs: []string{".continue", "mcpServers", "*.yml"}, client: "continue", tier: TierProject, kind: KindClientConfig, dialect: dContinue, format: syntax.YAML},
	{segs: []string{".continue", "mcpServers", "*.json"}, client: "continue", tier: TierProject, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON, variant: "json-import"},
	{segs: []string{".grok", "config.toml"}, client: "grok", tier: TierProject, kind: KindClientConfig, dialect: dCodexTOML, format: syntax.TOML},
	{segs: []string{"server.json"}, client: "registry", tier: TierLibrary, kind: KindRegistryDoc, dialect: dRegistryServer, format: syntax.JSON, confirm: looksRegistryServer},
}

// homePatterns are read under --home DIR (Linux and macOS layouts).
var homePatterns = []pattern{
	{segs: []string{".claude.json"}, client: "claude-code", tier: TierUser, kind: KindClientConfig, dialect: dClaudeJSON, format: syntax.JSON},
	{segs: []string{".claude", "settings.json"}, client: "claude-code", tier: TierUser, kind: KindSettings, dialect: dClaudeSettings, format: syntax.JSON},
	{segs: []string{".config", "Claude", "claude_desktop_config.json"}, client: "claude-desktop", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"Library", "Application Support", "Claude", "claude_desktop_config.json"}, client: "claude-desktop", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".cursor", "mcp.json"}, client: "cursor", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".config", "Code", "User", "mcp.json"}, client: "vscode", tier: TierUser, kind: KindClientConfig, dialect: dVSCode, format: syntax.JSONC},
	{segs: []string{"Library", "Application Support", "Code", "User", "mcp.json"}, client: "vscode", tier: TierUser, kind: KindClientConfig, dialect: dVSCode, format: syntax.JSONC},
	{segs: []string{".config", "Code", "User", "settings.json"}, client: "vscode", tier: TierUser, kind: KindClientConfig, dialect: dVSCodeSettings, format: syntax.JSONC, variant: "legacy-settings"},
	{segs: []string{"Library", "Application Support", "Code", "User", "settings.json"}, client: "vscode", tier: TierUser, kind: KindClientConfig, dialect: dVSCodeSettings, format: syntax.JSONC, variant: "legacy-settings"},
	{segs: []string{".copilot", "mcp-config.json"}, client: "copilot-cli", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".codex", "config.toml"}, client: "codex", tier: TierUser, kind: KindClientConfig, dialect: dCodexTOML, format: syntax.TOML},
	{segs: []string{".gemini", "settings.json"}, client: "gemini", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSONC},
	{segs: []string{".gemini", "mcp-server-enablement.json"}, client: "gemini", tier: TierUser, kind: KindState, dialect: dGeminiEnablement, format: syntax.JSON},
	{segs: []string{".codeium", "windsurf", "mcp_config.json"}, client: "windsurf", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".config", "opencode", "opencode.json"}, client: "opencode", tier: TierUser, kind: KindClientConfig, dialect: dOpenCode, format: syntax.JSONC},
	{segs: []string{".config", "opencode", "opencode.jsonc"}, client: "opencode", tier: TierUser, kind: KindClientConfig, dialect: dOpenCode, format: syntax.JSONC},
	{segs: []string{".config", "zed", "settings.json"}, client: "zed", tier: TierUser, kind: KindClientConfig, dialect: dZed, format: syntax.JSONC},
	{segs: []string{".config", "goose", "config.yaml"}, client: "goose", tier: TierUser, kind: KindClientConfig, dialect: dGoose, format: syntax.YAML},
	{segs: []string{".continue", "config.yaml"}, client: "continue", tier: TierUser, kind: KindClientConfig, dialect: dContinue, format: syntax.YAML},
	{segs: []string{".kimi", "mcp.json"}, client: "kimi", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".grok", "config.toml"}, client: "grok", tier: TierUser, kind: KindClientConfig, dialect: dCodexTOML, format: syntax.TOML},
	{segs: []string{".aws", "amazonq", "mcp.json"}, client: "amazonq", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".kiro", "settings", "mcp.json"}, client: "kiro", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".junie", "mcp", "mcp.json"}, client: "junie", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".lmstudio", "mcp.json"}, client: "lmstudio", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".config", "Code", "User", "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json"}, client: "cline", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".cline", "data", "settings", "cline_mcp_settings.json"}, client: "cline", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".config", "Code", "User", "globalStorage", "rooveterinaryinc.roo-cline", "settings", "mcp_settings.json"}, client: "roo", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".config", "super-pi", "mcp_config.json"}, client: "super-pi", tier: TierGlobal, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".oceancode", "trust.json"}, client: "oceancode", tier: TierUser, kind: KindTrustFile, dialect: dTrustFile, format: syntax.JSON},
	{segs: []string{".paseo", "config.json"}, client: "paseo", tier: TierUser, kind: KindState, dialect: dPaseoConfig, format: syntax.JSON},
}

// copyPatterns are user-level files with names no project file shares,
// met inside a scanned folder: a project copy of a user file (a dotfiles
// or example repository), linted as that client's at tier copy.
var copyPatterns = []pattern{
	{segs: []string{"claude_desktop_config.json"}, client: "claude-desktop", tier: TierCopy, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".codeium", "windsurf", "mcp_config.json"}, client: "windsurf", tier: TierCopy, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"cline_mcp_settings.json"}, client: "cline", tier: TierCopy, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".copilot", "mcp-config.json"}, client: "copilot-cli", tier: TierCopy, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".aws", "amazonq", "mcp.json"}, client: "amazonq", tier: TierCopy, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".kimi", "mcp.json"}, client: "kimi", tier: TierCopy, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".lmstudio", "mcp.json"}, client: "lmstudio", tier: TierCopy, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
}

// namedPatterns recognise a file given explicitly as a PATH by its name,
// including files that are never found by a walk (managed files, home files
// named directly). They are tried after projectPatterns and homePatterns.
var namedPatterns = []pattern{
	{segs: []string{"managed-mcp.json"}, client: "claude-code", tier: TierManaged, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON, variant: "exclusive"},
	{segs: []string{"managed-settings.json"}, client: "claude-code", tier: TierManaged, kind: KindSettings, dialect: dClaudeSettings, format: syntax.JSON},
	{segs: []string{"managed-settings.d", "*.json"}, client: "claude-code", tier: TierManaged, kind: KindSettings, dialect: dClaudeSettings, format: syntax.JSON, noHidden: true},
	{segs: []string{"claude_desktop_config.json"}, client: "claude-desktop", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"cline_mcp_settings.json"}, client: "cline", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"mcp_settings.json"}, client: "roo", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"mcp-config.json"}, client: "copilot-cli", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"managed_config.toml"}, client: "codex", tier: TierManaged, kind: KindClientConfig, dialect: dCodexTOML, format: syntax.TOML},
	{segs: []string{"codex", "config.toml"}, client: "codex", tier: TierSystem, kind: KindClientConfig, dialect: dCodexTOML, format: syntax.TOML},
	{segs: []string{"goose", "config.yaml"}, client: "goose", tier: TierUser, kind: KindClientConfig, dialect: dGoose, format: syntax.YAML},
	{segs: []string{"trust.json"}, client: "oceancode", tier: TierUser, kind: KindTrustFile, dialect: dTrustFile, format: syntax.JSON},
	{segs: []string{"mcp-server-enablement.json"}, client: "gemini", tier: TierUser, kind: KindState, dialect: dGeminiEnablement, format: syntax.JSON},
	{segs: []string{"windsurf", "mcp_config.json"}, client: "windsurf", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"mcp_config.json"}, client: "super-pi", tier: TierGlobal, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{"settings", "mcp.json"}, client: "kiro", tier: TierUser, kind: KindClientConfig, dialect: dMCPServers, format: syntax.JSON},
	{segs: []string{".claude.json"}, client: "claude-code", tier: TierUser, kind: KindClientConfig, dialect: dClaudeJSON, format: syntax.JSON},
}

// match returns the pattern whose segments match the end of p (a slash
// path) and the number of segments it used. The longest match wins, so
// .opencode/opencode.json is not taken for a root opencode.json; between
// equally long ones the first listed wins.
func match(patterns []pattern, p string) (*pattern, int) {
	segs := strings.Split(p, "/")
	var best *pattern
	bestN := 0
	for i := range patterns {
		pt := &patterns[i]
		n := len(pt.segs)
		if n > len(segs) {
			continue
		}
		tail := segs[len(segs)-n:]
		ok := true
		for j, want := range pt.segs {
			if strings.ContainsAny(want, "*?[") {
				if m, _ := path.Match(want, tail[j]); !m || (pt.noHidden && strings.HasPrefix(tail[j], ".")) {
					ok = false
					break
				}
			} else if want != tail[j] {
				ok = false
				break
			}
		}
		if ok && n > bestN {
			best, bestN = pt, n
		}
	}
	return best, bestN
}

// skipDirs are never walked: version control, installed dependencies.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, ".hg": true, ".svn": true}
