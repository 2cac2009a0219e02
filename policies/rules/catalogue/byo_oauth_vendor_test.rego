package mcplint.rules.catalogue["byo-oauth-vendor"]

link(k, host, ptr, site) := {"key": k, "value": sprintf("https://%s/x", [host]), "pointer": ptr, "valid": true, "scheme": "https", "host": host, "vendor_site": site}

srv(host, setup) := {"index": 0, "doc": 0, "name": "gmail", "pointer": "/0", "catalogue": {
	"kind": "team",
	"addresses": [link("url", host, "/0/url", false)],
	"setup": object.union(
		{
			"pointer": "/0/setup", "setup_kind": "byo-oauth", "vendor": "", "vendor_host": "", "server_host": host,
			"at_vendor_host": false, "guide_url": null, "steps": [],
		},
		setup,
	),
}}

findings(s) := rs if {
	rs := report with input as {"servers": [s]}
}

test_unknown_vendor_is_refused_at_the_address if {
	rs := findings(srv("gmail-mcp.example.com", {}))
	rs == {{"doc": 0, "message": "byo-oauth at gmail-mcp.example.com: Paseo honours it only for Google (<name>mcp.googleapis.com), HubSpot (mcp.hubspot.com) and Zoom (mcp.zoom.us) at their own MCP host, because Claude Code sends the client secret to whatever sign-in server this one names; the card is blocked", "pointer": "/0/url", "server": 0}}
}

test_known_vendor_with_own_links_passes if {
	s := srv("gmailmcp.googleapis.com", {
		"vendor": "google", "vendor_host": "<name>mcp.googleapis.com", "at_vendor_host": true,
		"guide_url": link("guideUrl", "developers.google.com", "/0/setup/guideUrl", true),
		"steps": [{"index": 0, "pointer": "/0/setup/steps/0", "links": [link("steps", "console.cloud.google.com", "/0/setup/steps/0", true)]}],
	})
	count(findings(s)) == 0
}

test_links_off_the_vendors_sites if {
	s := srv("mcp.hubspot.com", {
		"vendor": "hubspot", "vendor_host": "mcp.hubspot.com", "at_vendor_host": true,
		"guide_url": link("guideUrl", "hubspot-help.example.com", "/0/setup/guideUrl", false),
		"steps": [{"index": 1, "pointer": "/0/setup/steps/1", "links": [link("steps", "paste.example.com", "/0/setup/steps/1", false)]}],
	})
	rs := findings(s)
	rs == {
		{"doc": 0, "message": "step 2 of a byo-oauth setup links to paste.example.com, off HubSpot's own sites: Paseo blocks the card; link only the vendor's own pages", "pointer": "/0/setup/steps/1", "server": 0},
		{"doc": 0, "message": "the guide of a byo-oauth setup must be on HubSpot's own sites, and this one is on hubspot-help.example.com: Paseo blocks the card; link the vendor's own page", "pointer": "/0/setup/guideUrl", "server": 0},
	}
}

test_second_address_off_the_vendor_host if {
	s := srv("mcp.zoom.us", {"vendor": "zoom", "vendor_host": "mcp.zoom.us", "at_vendor_host": false})
	s2 := object.union(s, {"catalogue": object.union(s.catalogue, {"addresses": [link("url", "mcp.zoom.us", "/servers/0/server/remotes/0/url", false), link("url", "zoom.example.com", "/servers/0/server/remotes/1/url", false)]})})
	rs := findings(s2)
	rs == {{"doc": 0, "message": "byo-oauth for mcp.zoom.us needs every address at mcp.zoom.us, and this one is at zoom.example.com: Paseo blocks the card", "pointer": "/servers/0/server/remotes/1/url", "server": 0}}
}

test_byo_oauth_without_an_address if {
	s := srv("", {})
	s2 := object.union(s, {"catalogue": object.union(s.catalogue, {"addresses": []})})
	findings(s2) == {{"doc": 0, "message": "byo-oauth needs the server's own https address at the vendor's MCP host (Google (<name>mcp.googleapis.com), HubSpot (mcp.hubspot.com) and Zoom (mcp.zoom.us)): this entry has none", "pointer": "/0/setup", "server": 0}}
}

test_other_setups_are_not_checked if {
	count(findings(srv("mcp.example.com", {"setup_kind": "per-org"}))) == 0
}
