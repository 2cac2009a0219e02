package mcplint.rules.compat["tool-name-characters"]

snap(names) := {"index": 0, "path": ".mcplint/tools/fs.json", "kind": "tool-snapshot", "snapshot": {"pinned": false, "pins_path": "", "drift": [], "names": names, "clashes": []}}

test_dot_and_space if {
	r := report with input as {
		"documents": [snap([
			{"server": "fs", "tool": "files.read", "pointer": "/tools/0", "full": "mcp__fs__files.read", "bad": ["'.'"]},
			{"server": "fs", "tool": "read file", "pointer": "/tools/1", "full": "mcp__fs__read file", "bad": ["space"]},
			{"server": "fs", "tool": "list_files", "pointer": "/tools/2", "full": "mcp__fs__list_files", "bad": []},
		])],
		"servers": [],
	}
	r == {
		{"doc": 0, "message": "tool name \"files.read\" of server \"fs\" has a character that model APIs refuse in a tool name ('.'): as mcp__fs__files.read the request fails or the client drops the tool; tool names may use letters, digits, _ and -", "pointer": "/tools/0/name", "server": -1},
		{"doc": 0, "message": "tool name \"read file\" of server \"fs\" has a character that model APIs refuse in a tool name (space): as mcp__fs__read file the request fails or the client drops the tool; tool names may use letters, digits, _ and -", "pointer": "/tools/1/name", "server": -1},
	}
}
