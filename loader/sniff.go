package loader

import (
	"strings"

	"github.com/mcplint/mcplint/loader/syntax"
)

// sniff recognises a file with an unknown name by its content and sets the
// document's kind, client and tier. It returns dNone when nothing fits.
func (l *run) sniff(doc *Document, root *syntax.Node) dialect {
	set := func(k Kind, client string, tier Tier, d dialect) dialect {
		doc.Kind, doc.Client, doc.Tier = k, client, tier
		return d
	}
	if root == nil {
		return dNone
	}
	if root.Kind == syntax.Array {
		if len(root.Items) == 0 {
			return dNone
		}
		first := root.Items[0]
		switch {
		case first.Get("version_detail") != nil || hasPackageKey(first, "registry_name"):
			doc.Variant = "legacy"
			return set(KindRegistryOld, "registry", TierLibrary, dRegistryList)
		case first.Get("server") != nil || (first.Get("name") != nil && (first.Get("packages") != nil || first.Get("remotes") != nil)):
			doc.Variant = "seed"
			return set(KindRegistryList, "registry", TierLibrary, dRegistryList)
		case first.Get("transport") != nil || first.Get("id") != nil:
			doc.Variant = "list"
			return set(KindTeamCatalogue, "paseo", TierLibrary, dTeamCatalogue)
		}
		return dNone
	}
	if root.Kind != syntax.Object {
		return dNone
	}
	if schema, ok := root.Get("$schema").Str(); ok && strings.Contains(schema, "server.schema") {
		return set(KindRegistryDoc, "registry", TierLibrary, dRegistryServer)
	}
	if root.Get("name") != nil && (root.Get("packages") != nil || root.Get("remotes") != nil) {
		return set(KindRegistryDoc, "registry", TierLibrary, dRegistryServer)
	}
	if sv := root.Get("servers"); sv != nil && sv.Kind == syntax.Array {
		return set(KindRegistryList, "registry", TierLibrary, dRegistryList)
	}
	if e := root.Get("entries"); e != nil && e.Kind == syntax.Array {
		doc.Variant = "entries"
		return set(KindTeamCatalogue, "paseo", TierLibrary, dTeamCatalogue)
	}
	if isTrustFile(root) {
		return set(KindTrustFile, "oceancode", TierUser, dTrustFile)
	}
	if isClaudeJSON(root) {
		return set(KindClientConfig, "claude-code", TierUser, dClaudeJSON)
	}
	if ms := root.Get("mcpServers"); ms != nil {
		if ms.Kind == syntax.Object && looksGemini(root, ms) {
			return set(KindClientConfig, "gemini", TierProject, dMCPServers)
		}
		if ms.Kind == syntax.Array && looksContinue(root) {
			return set(KindClientConfig, "continue", TierProject, dContinue)
		}
		if doc.Format == syntax.YAML && ms.Kind == syntax.Array {
			return set(KindClientConfig, "continue", TierProject, dContinue)
		}
		if c, why := hintedClient(doc.Path, ms); c != "" {
			doc.Assumed = why
			return set(KindClientConfig, c, TierProject, dMCPServers)
		}
		// Nothing says which client loads it: read it with Claude Code's
		// fields, and give advice that fits any client. A name that says
		// a client which reads another shape (codex.mcp.json) is said so.
		doc.Assumed, doc.Unsure = "nothing in its name or content names a client", true
		if h, ok := otherShapeHint(doc.Path); ok {
			doc.Assumed = "its name says " + h.word + ", but " + h.name + " reads " + h.reads + ", not an mcpServers file, so no client is assumed"
		}
		return set(KindClientConfig, "claude-code", TierProject, dMCPServers)
	}
	if sv := root.Get("servers"); sv != nil && sv.Kind == syntax.Object {
		return set(KindClientConfig, "vscode", TierProject, dVSCode)
	}
	if mcp := root.Get("mcp"); mcp != nil && mcp.Kind == syntax.Object {
		if mcp.Get("servers") != nil {
			doc.Variant = "legacy-settings"
			return set(KindClientConfig, "vscode", TierProject, dVSCodeSettings)
		}
		return set(KindClientConfig, "opencode", TierProject, dOpenCode)
	}
	if root.Get("mcp_servers") != nil {
		return set(KindClientConfig, "codex", TierProject, dCodexTOML)
	}
	if root.Get("context_servers") != nil {
		return set(KindClientConfig, "zed", TierProject, dZed)
	}
	if root.Get("extensions") != nil && doc.Format == syntax.YAML {
		return set(KindClientConfig, "goose", TierUser, dGoose)
	}
	if root.Get("managedMcpServers") != nil {
		return set(KindSettings, "claude-code", TierManaged, dClaudeSettings)
	}
	return dNone
}

// isTrustFile: oceancode's trust.json keys projects by path and records
// repo trust, per-server overrides, pins and holds.
func isTrustFile(root *syntax.Node) bool {
	return anyProject(root, "mcp_hashes", "repo", "disabled_mcp", "enabled_mcp")
}

// isClaudeJSON: ~/.claude.json (or a copy under another name) keeps
// per-project state, local servers and approvals under projects["<path>"].
func isClaudeJSON(root *syntax.Node) bool {
	return anyProject(root, "mcpServers", "hasTrustDialogAccepted", "allowedTools",
		"disabledMcpServers", "disabledMcpjsonServers", "enabledMcpjsonServers", "enableAllProjectMcpServers")
}

func anyProject(root *syntax.Node, keys ...string) bool {
	pr := root.Get("projects")
	if pr == nil || pr.Kind != syntax.Object {
		return false
	}
	for _, m := range pr.Members {
		for _, k := range keys {
			if m.Value.Get(k) != nil {
				return true
			}
		}
	}
	return false
}

// looksGemini: Gemini settings carry a global mcp block (allowed, excluded,
// serverCommand) beside mcpServers, or entries with Gemini-only transport
// keys (httpUrl, tcp).
func looksGemini(root, servers *syntax.Node) bool {
	if mcp := root.Get("mcp"); mcp != nil && mcp.Kind == syntax.Object &&
		(mcp.Get("allowed") != nil || mcp.Get("excluded") != nil || mcp.Get("serverCommand") != nil) {
		return true
	}
	for _, m := range servers.Members {
		if m.Value.Get("httpUrl") != nil || m.Value.Get("tcp") != nil {
			return true
		}
	}
	return false
}

// looksRegistryServer: an official server.json names its schema, or has a
// name and packages or remotes.
func looksRegistryServer(root *syntax.Node) bool {
	if root == nil || root.Kind != syntax.Object {
		return false
	}
	if schema, ok := root.Get("$schema").Str(); ok && strings.Contains(schema, "server.schema") {
		return true
	}
	return root.Get("name") != nil && (root.Get("packages") != nil || root.Get("remotes") != nil)
}

func hasPackageKey(n *syntax.Node, key string) bool {
	pk := n.Get("packages")
	return pk != nil && pk.Kind == syntax.Array && len(pk.Items) > 0 && pk.Items[0].Get(key) != nil
}

// looksContinue: a Continue config or block names itself and its schema.
func looksContinue(root *syntax.Node) bool {
	return root.Get("schema") != nil || root.Get("version") != nil || root.Get("name") != nil
}

// nameHints are words in a file name that name the client whose
// mcpServers dialect the file is written for ("windsurf.mcp.json",
// "cursor-mcp.json"). A client whose files are not JSON with mcpServers
// (Codex) is no hint.
var nameHints = []struct{ word, client string }{
	{"claude_desktop", "claude-desktop"}, {"claude-desktop", "claude-desktop"},
	{"windsurf", "windsurf"}, {"codeium", "windsurf"}, {"cursor", "cursor"},
	{"cline", "cline"}, {"kilo", "kilo"}, {"roo", "roo"}, {"gemini", "gemini"},
	{"copilot", "copilot-cli"}, {"kiro", "kiro"}, {"amazonq", "amazonq"},
	{"junie", "junie"}, {"kimi", "kimi"}, {"lmstudio", "lmstudio"}, {"claude", "claude-code"},
}

// otherShapeHints are clients a file name may name whose own files have
// another shape than an mcpServers object: an mcpServers file named for
// one of them (codex.mcp.json) is no file of theirs.
var otherShapeHints = []struct{ word, name, reads string }{
	{"codex", "Codex", "[mcp_servers.<name>] tables in ~/.codex/config.toml"},
	{"grok", "Grok Build", "[mcp_servers.<name>] tables in ~/.grok/config.toml"},
	{"opencode", "OpenCode", `an "mcp" object in opencode.json`},
	{"vscode", "VS Code", `a "servers" object in .vscode/mcp.json`},
	{"zed", "Zed", `"context_servers" in its settings.json`},
	{"goose", "Goose", "extensions in config.yaml"},
}

func otherShapeHint(path string) (h struct{ word, name, reads string }, ok bool) {
	base := lowerBase(path)
	for _, h := range otherShapeHints {
		if strings.Contains(base, h.word) {
			return h, true
		}
	}
	return h, false
}

// hintedClient works out the client of an mcpServers file met by content:
// a key only one client reads (Windsurf's serverUrl) or a client named in
// the file name. It returns the client and why, or "" when nothing says.
func hintedClient(path string, servers *syntax.Node) (string, string) {
	if servers != nil && servers.Kind == syntax.Object {
		for _, m := range servers.Members {
			if m.Value.Get("serverUrl") != nil {
				return "windsurf", `its entries use "serverUrl", Windsurf's key`
			}
		}
	}
	base := lowerBase(path)
	for _, h := range nameHints {
		if strings.Contains(base, h.word) {
			return h.client, "its name says " + h.word
		}
	}
	return "", ""
}

// lowerBase is a path's last element in lower case, / or \ separated.
func lowerBase(path string) string {
	base := strings.ToLower(path)
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	return base
}
