package mcplint.rules.catalogue["add-by-hand"]

srv(types, url) := {
	"index": 0, "doc": 0, "name": "x", "pointer": "/servers/0/server", "url": url,
	"registry": {"packages": [{"registry_type": t, "type_pointer": sprintf("/servers/0/server/packages/%d/registryType", [i])} | some i, t in types]},
}

docs := [{"index": 0, "kind": "registry-list"}]

run(s) := rs if {
	rs := report with input as {"documents": docs, "servers": [s], "index": {"registry": [0]}}
}

test_each_kind_is_by_hand if {
	got := {t: run(srv([t], null)) | some t in ["oci", "mcpb", "nuget", "NuGet"]}
	got == {
		"NuGet": {{"doc": 0, "message": "Paseo does not start a NuGet package, so the card of \"x\" is shown with Add by hand: add a remote or an npm or PyPI package for a one-click install", "pointer": "/servers/0/server/packages/0/registryType", "server": 0}},
		"mcpb": {{"doc": 0, "message": "Paseo does not start an mcpb bundle, so the card of \"x\" is shown with Add by hand: add a remote or an npm or PyPI package for a one-click install", "pointer": "/servers/0/server/packages/0/registryType", "server": 0}},
		"nuget": {{"doc": 0, "message": "Paseo does not start a NuGet package, so the card of \"x\" is shown with Add by hand: add a remote or an npm or PyPI package for a one-click install", "pointer": "/servers/0/server/packages/0/registryType", "server": 0}},
		"oci": {{"doc": 0, "message": "Paseo does not start an OCI image, so the card of \"x\" is shown with Add by hand: add a remote or an npm or PyPI package for a one-click install", "pointer": "/servers/0/server/packages/0/registryType", "server": 0}},
	}
}

test_startable_package_or_remote_is_not if {
	count(run(srv(["oci", "npm"], null))) == 0
	count(run(srv(["pypi"], null))) == 0
	count(run(srv(["oci"], {"value": "https://mcp.example.com/mcp"}))) == 0
}

test_single_server_json_is_not_a_library if {
	rs := report with input as {"documents": [{"index": 0, "kind": "registry-server"}], "servers": [srv(["oci"], null)], "index": {"registry": [0]}}
	rs == set()
}
