# METADATA
# title: Package name that imitates a well-known server's
# description: |
#   The server starts a package that mcplint does not know whose name is
#   one or two edits from a well-known MCP server's package, sits under a
#   scope that differs from the real one only by separators
#   (`@model-context-protocol/…` for `@modelcontextprotocol/…`), or is an
#   unscoped copy of a scoped name. A typosquatted package runs with the
#   credentials and files the server is given. Check the name against the
#   server's own documentation and write the real package. A package
#   under the real package's npm scope is never reported (only the
#   scope's owner publishes there), nor one a project's own records
#   (`.mcplint/knowledge/*.toml`) name.
# custom:
#   level: warning
#   source: 'typosquatting of MCP server packages (mcp-audit SC-001..003 compares against 57 names; mcplint against its records of well-known servers)'
#   fixable: false
#   tags: [security, supply-chain]
#   precision: medium
#   security_severity: 7.5
package mcplint.rules["supply-chain"]["look-alike-package"]

import data.mcplint.lib

report contains lib.at(s, s.runner.package_pointer, msg) if {
	some s in lib.servers("look_alike")
	s.runner.look_alike != ""
	msg := sprintf("%s is not a package mcplint knows, and its name is close to %s, a well-known MCP server's: check the name against the server's documentation and write the real package (a look-alike runs with this server's credentials)", [s.runner.package, s.runner.look_alike])
}
