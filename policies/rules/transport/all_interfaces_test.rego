package mcplint.rules.transport["all-interfaces"]

srv(listen) := {"index": 0, "doc": 0, "pointer": "/mcpServers/x", "listen_all": listen}

test_host_flag if {
	r := report with input as {"servers": [srv([{"value": "--host 0.0.0.0", "pointer": "/mcpServers/x/args/3", "host": "0.0.0.0", "why": "makes the server listen on every network interface"}])]}
	r == {{"doc": 0, "message": "--host 0.0.0.0 makes the server listen on every network interface, so anyone on the same network can call its tools: listen on 127.0.0.1 instead", "pointer": "/mcpServers/x/args/3", "server": 0}}
}

test_docker_publish if {
	report == {{"doc": 0, "message": "-p 0.0.0.0:8080:8080 publishes the container's port on every interface of the host, so anyone on the same network can call its tools: listen on 127.0.0.1 instead (-p 127.0.0.1:PORT:PORT)", "pointer": "/p", "server": 0}} with input as {"servers": [srv([{"value": "-p 0.0.0.0:8080:8080", "pointer": "/p", "host": "0.0.0.0", "why": "publishes the container's port on every interface of the host"}])]}
}

test_nothing_to_say if {
	count(report) == 0 with input as {"servers": [srv([])]}
}
