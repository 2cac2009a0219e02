# METADATA
# title: Field the client does not read
# description: |
#   A key in a server entry that this client does not read, so whatever
#   it was meant to do does not happen: "environment" (OpenCode's name)
#   where the client reads "env", "transport" for "type", "serverUrl" for
#   "url", Roo Code's "alwaysAllow" or Cline's "autoApprove" in a Claude
#   Code .mcp.json, "disabled" where the client switches servers off with
#   "enabled": false. The message suggests the name the client reads when
#   there is one (another client's word for the same thing, a different
#   case or separator, or a near spelling) and says where the setting
#   lives when the client keeps it outside the entry. Keys no client uses
#   are left alone, except in Codex, which accepts no unknown key in a
#   [mcp_servers.<name>] table (reported as an error there).
# custom:
#   level: warning
#   source: 'clients.md (each client''s entry fields, §2–§17)'
#   fixable: true
#   tags: [correctness]
#   precision: high
package mcplint.rules.schema["unknown-field"]

import data.mcplint.lib

report contains with_fix(level(lib.at_key(s, p.pointer, text(s, p)), p), p) if {
	some s in lib.servers("field_problems")
	some p in s.field_problems
	p.kind == "unknown-field"
	not catalogue_field(s, p)
}

# A file met by its content rather than at a client's place (a catalogue
# or example kept in the repository for copying) describes its servers:
# such fields are what the document is for, not a mistake.
# text adds oceancode's reading: it reads Claude Code's files and, unlike
# Claude Code, their "enabled" switch.
text(s, p) := sprintf("%s; oceancode, which reads this file too, does read it: enabled: false holds the server off unless enabled_mcp in ~/.oceancode/trust.json switches it on", [p.message]) if {
	p.key == "enabled"
	s.client == "claude-code"
	lib.oceancode
} else := p.message

catalogue_field(s, p) if {
	input.documents[s.doc].sniffed
	key := regex.replace(p.pointer, `^.*/`, "")
	key in descriptive
}

descriptive := {"description", "title", "displayName", "display_name", "homepage", "repository", "website", "docs", "documentation", "tags", "category", "categories", "icon", "author", "license", "notes"}

level(f, p) := lib.with_level(f, p.level) if p.level != ""

else := f

with_fix(f, p) := object.union(f, {"fix": p.fix}) if p.fix != null

else := f
