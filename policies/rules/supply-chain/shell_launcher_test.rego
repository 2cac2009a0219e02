package mcplint.rules["supply-chain"]["shell-launcher"]

shell(extra) := object.union(
	{
		"launcher": "", "pointer": "/mcpServers/x/args/1", "pipe_to_interpreter": false, "downloader": "",
		"interpreter": "", "command_substitution": false, "filesystem": false, "broad_paths": [],
	},
	extra,
)

findings(sh) := rs if {
	rs := report with input as {"servers": [{"index": 0, "doc": 0, "name": "x", "pointer": "/mcpServers/x", "shell": sh}]}
}

test_inline_script if {
	rs := findings(shell({"launcher": "bash -c"}))
	rs == {{"doc": 0, "message": "bash -c runs an inline script, which allow-lists and trust pins cannot see into: run the program directly, \"command\": \"<program>\" with \"args\": [...]", "pointer": "/mcpServers/x/args/1", "server": 0}}
}

test_encoded_command if {
	findings(shell({"launcher": "powershell -EncodedCommand"})) == {{"doc": 0, "message": "powershell -EncodedCommand runs an encoded script that no reviewer or allow-list can read: run the program directly with fixed arguments", "pointer": "/mcpServers/x/args/1", "server": 0}}
}

test_pipe_wins_over_the_launcher if {
	rs := findings(shell({"launcher": "sh -c", "pipe_to_interpreter": true, "downloader": "curl", "interpreter": "sh", "command_substitution": true}))
	rs == {{"doc": 0, "message": "curl downloads a script and hands it to sh, so whatever that address returns runs on this machine, unreviewed: install a pinned release (npx name@1.2.3, uvx name==1.2.3, an image by digest) and run it directly", "pointer": "/mcpServers/x/args/1", "server": 0}}
}

test_substitution if {
	rs := findings(shell({"launcher": "bash -c", "command_substitution": true}))
	rs == {{"doc": 0, "message": "the command line uses command substitution ($(…) or backticks), so what runs is decided anew at every start: run the program directly with fixed arguments", "pointer": "/mcpServers/x/args/1", "server": 0}}
}

test_pipe_without_launcher if {
	findings(shell({"pointer": "/mcpServers/x/command", "pipe_to_interpreter": true, "downloader": "wget", "interpreter": "bash"})) == {{"doc": 0, "message": "wget downloads a script and hands it to bash, so whatever that address returns runs on this machine, unreviewed: install a pinned release (npx name@1.2.3, uvx name==1.2.3, an image by digest) and run it directly", "pointer": "/mcpServers/x/command", "server": 0}}
}

test_nothing_to_report if {
	count(findings(shell({"filesystem": true, "broad_paths": [{"flag": "/", "index": 2, "pointer": "/p", "why": "w"}]}))) == 0
	count(findings(null)) == 0
}
