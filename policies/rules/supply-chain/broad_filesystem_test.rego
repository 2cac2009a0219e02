package mcplint.rules["supply-chain"]["broad-filesystem"]

server(client, paths) := {"index": 0, "doc": 0, "name": "fs", "client": client, "pointer": "/mcpServers/fs", "shell": {
	"launcher": "", "pointer": "", "pipe_to_interpreter": false, "downloader": "", "interpreter": "",
	"command_substitution": false, "filesystem": true, "broad_paths": [
	{"flag": p, "index": i + 2, "pointer": sprintf("/mcpServers/fs/args/%d", [i + 2]), "why": why(p)} |
		some i, p in paths
	],
}}

# why is what facts/runner.go's broadPath says of a path.
why("/") := "the whole file system (/)"

why(p) := sprintf("your whole home folder (%s)", [p]) if p != "/"

findings(client, paths) := rs if {
	rs := report with input as {"servers": [server(client, paths)]}
}

test_each_broad_path if {
	rs := findings("claude-code", ["/", "~"])
	rs == {
		{"doc": 0, "message": "the filesystem server is granted the whole file system (/), so every tool call can read and change everything there: grant only the folders it needs, such as the project folder \"${CLAUDE_PROJECT_DIR:-.}\"", "pointer": "/mcpServers/fs/args/2", "server": 0},
		{"doc": 0, "message": "the filesystem server is granted your whole home folder (~), so every tool call can read and change everything there: grant only the folders it needs, such as the project folder \"${CLAUDE_PROJECT_DIR:-.}\"", "pointer": "/mcpServers/fs/args/3", "server": 0},
	}
}

test_project_folder_in_the_client_syntax if {
	findings("cursor", ["/"]) == {{"doc": 0, "message": "the filesystem server is granted the whole file system (/), so every tool call can read and change everything there: grant only the folders it needs, such as the project folder \"${workspaceFolder}\"", "pointer": "/mcpServers/fs/args/2", "server": 0}}
	findings("codex", ["/"]) == {{"doc": 0, "message": "the filesystem server is granted the whole file system (/), so every tool call can read and change everything there: grant only the folders it needs, such as the project folder's absolute path", "pointer": "/mcpServers/fs/args/2", "server": 0}}
}

test_nothing_granted if {
	count(findings("claude-code", [])) == 0
	count(report) == 0 with input as {"servers": [{"index": 0, "doc": 0, "pointer": "/p", "shell": null}]}
}
