package mcplint.rules["supply-chain"]["container-privileges"]

priv(f, i, why) := {"flag": f, "index": i, "pointer": sprintf("/mcpServers/x/args/%d", [i]), "why": why}

server(privs, eco) := {"index": 0, "doc": 0, "name": "x", "pointer": "/mcpServers/x", "runner": {
	"runner": "docker run", "ecosystem": eco, "package": "mcp/x", "version": "1", "spec": "mcp/x:1",
	"problem": "", "local": false, "package_pointer": "/mcpServers/x/args/9", "suggestion": "",
	"registry": false, "flags": [], "privileges": privs,
}}

findings(privs) := rs if {
	rs := report with input as {"servers": [server(privs, "oci")]}
}

test_each_privilege_is_reported if {
	rs := findings([
		priv("--privileged", 1, "gives the container every capability and all host devices, so it can take over the host"),
		priv("-v /var/run/docker.sock:/var/run/docker.sock", 3, "mounts the container engine's socket, which gives the container root on the host"),
	])
	rs == {
		{"doc": 0, "message": "docker run --privileged gives the container every capability and all host devices, so it can take over the host: remove it (a stdio server needs only stdin and stdout)", "pointer": "/mcpServers/x/args/1", "server": 0},
		{"doc": 0, "message": "docker run -v /var/run/docker.sock:/var/run/docker.sock mounts the container engine's socket, which gives the container root on the host: remove it; a server that must drive containers needs a socket proxy that allows only the calls it makes", "pointer": "/mcpServers/x/args/3", "server": 0},
	}
}

test_no_privileges if {
	count(findings([])) == 0
}

test_only_containers if {
	count(report) == 0 with input as {"servers": [server([priv("--privileged", 1, "x")], "npm")]}
}

test_mounts_get_a_narrower_mount if {
	findings([priv("-v /:/host:ro", 3, "mounts the host's whole file system")]) == {{"doc": 0, "message": "docker run -v /:/host:ro mounts the host's whole file system: mount only the folder the server works on, read-only if it can be (-v \"/path/to/project:/workspace:ro\")", "pointer": "/mcpServers/x/args/3", "server": 0}}
}
