# METADATA
# title: docker run without -i for a stdio server
# description: |
#   A stdio server reads the client's requests on its standard input.
#   docker run without -i (--interactive) starts the container with its
#   input closed: the server starts, reads end-of-file at once and never
#   answers, and the client reports a timeout or a closed connection.
#   Write -i before the image ("run", "-i", "--rm", IMAGE); -t is not
#   needed, and a terminal mixes \r\n into the messages.
# custom:
#   level: error
#   source: 'Docker run reference (-i, --interactive: keep STDIN open even if not attached); the MCP servers'' own docker examples all pass -i'
#   fixable: false
#   tags: [correctness]
#   precision: high
package mcplint.rules.compat["docker-stdin"]

import data.mcplint.lib

report contains lib.at(s, s.runner.package_pointer, msg) if {
	some s in lib.servers("runner")
	s.runner.ecosystem == "oci"
	not s.runner.registry
	s.transport == "stdio"
	before := [a.value | some a in s.args; a.index < image_index(s)]
	"run" in before
	not interactive(before)
	msg := sprintf("%s starts %s without -i, so the container's standard input is closed and the server never reads a request: write -i before the image (%q, %q, …)", [s.runner.runner, s.runner.package, "run", "-i"])
}

image_index(s) := i if {
	some a in s.args
	a.pointer == s.runner.package_pointer
	i := a.index
}

# interactive: -i, --interactive (=true), or -i among short flags (-it).
interactive(words) if {
	some w in words
	w in {"--interactive", "--interactive=true"}
}

interactive(words) if {
	some w in words
	regex.match(`^-[a-zA-Z]*i[a-zA-Z]*$`, w)
}
