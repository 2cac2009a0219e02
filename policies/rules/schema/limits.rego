# METADATA
# title: Over a size limit
# description: |
#   Sizes past which a file or a server is refused. A file over the size
#   mcplint reads (1 MiB, Paseo's document cap; 64 MiB for
#   ~/.claude.json, which also keeps Claude Code's history) is not read at
#   all; a library or team catalogue read with a larger --max-file-size
#   is still reported when it is over Paseo's 1 MB. Paseo refuses a
#   library or catalogue with more than 500 servers, and a server that
#   would not fit a card: an address over 2048 characters, more than 64
#   arguments, or an argument over 1024 characters. Split large documents, move long query values into
#   headers, and pass long or many options through a config file or
#   environment variables instead of the command line.
# custom:
#   level: error
#   source: 'Paseo ("A document is capped at 1 MB and 500 servers"; an address over 2048 characters, more than 64 arguments or an argument over 1024 is refused)'
#   fixable: false
#   tags: [correctness]
#   precision: very-high
package mcplint.rules.schema.limits

import data.mcplint.lib

max_servers := 500

# A file over the size cap: the loader did not read it.
report contains {"doc": f.doc, "server": -1, "offset": f.offset, "end": f.end, "message": f.message, "level": f.level} if {
	some f in input.loader_findings
	f.rule == "schema/limits"
}

# An address, the argument list or one argument over Paseo's caps
# (measured in Go on the raw text, which the input only has masked).
report contains lib.at(s, p.pointer, p.message) if {
	some s in lib.servers("field_problems")
	some p in s.field_problems
	p.kind == "limits"
}

report contains lib.on_doc(d, servers_pointer(d), msg) if {
	some d in input.documents
	d.server_count > max_servers
	msg := sprintf("this document defines %d servers, over Paseo's limit of %d: Paseo refuses a document that large; split it into several files", [d.server_count, max_servers])
}

# A catalogue read with a larger --max-file-size is still over Paseo's
# 1 MB cap.
report contains lib.on_doc(d, "", msg) if {
	some d in lib.documents("catalogue")
	d.catalogue.size > d.catalogue.max_size
	msg := sprintf("this catalogue is %d bytes, over Paseo's limit of 1 MB (%d bytes): Paseo refuses a document that large; split it into several files", [d.catalogue.size, d.catalogue.max_size])
}

servers_pointer(d) := concat("", ["/", d.servers_key]) if d.servers_key != ""

else := ""
