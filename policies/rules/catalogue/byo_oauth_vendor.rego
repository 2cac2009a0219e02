# METADATA
# title: byo-oauth for a vendor Paseo does not know
# description: |
#   A byo-oauth setup asks the user for an OAuth client secret, and Claude
#   Code sends that secret to whichever sign-in server the MCP server
#   names: a library entry called "Gmail" at another address could
#   collect a real one. Paseo honours byo-oauth only for the vendors in
#   its own BYO_OAUTH_VENDORS list (never read from a library), at that
#   vendor's own MCP host: Google (<name>mcp.googleapis.com), HubSpot
#   (mcp.hubspot.com) and Zoom (mcp.zoom.us). The guide and every link in
#   the steps must be on that vendor's own sites (google.com and
#   googleapis.com; hubspot.com; zoom.us and zoom.com). Anything else
#   blocks the card. A new vendor takes a Paseo release: until then,
#   describe the server as one the user adds by hand. Links that are not
#   https are catalogue/setup's finding.
# custom:
#   level: error
#   source: 'Paseo ("byo-oauth is honoured only for a vendor in the plugin''s own BYO_OAUTH_VENDORS list …, at that vendor''s own MCP host: Google (<name>mcp.googleapis.com), HubSpot (mcp.hubspot.com) and Zoom (mcp.zoom.us). The guide and every link in the steps must be https on that vendor''s own sites")'
#   fixable: false
#   tags: [security]
#   precision: very-high
#   security_severity: 7.0
package mcplint.rules.catalogue["byo-oauth-vendor"]

import data.mcplint.lib

vendors := "Google (<name>mcp.googleapis.com), HubSpot (mcp.hubspot.com) and Zoom (mcp.zoom.us)"

report contains lib.at(s, a.pointer, msg) if {
	some s in lib.servers("catalogue")
	st := byo(s)
	st.vendor == ""
	a := s.catalogue.addresses[0]
	msg := sprintf("byo-oauth at %s: Paseo honours it only for %s at their own MCP host, because Claude Code sends the client secret to whatever sign-in server this one names; the card is blocked", [host_of(a), vendors])
}

report contains lib.at(s, st.pointer, msg) if {
	some s in lib.servers("catalogue")
	count(s.catalogue.addresses) == 0
	st := byo(s)
	msg := sprintf("byo-oauth needs the server's own https address at the vendor's MCP host (%s): this entry has none", [vendors])
}

report contains lib.at(s, a.pointer, msg) if {
	some s in lib.servers("catalogue")
	st := byo(s)
	st.vendor != ""
	not st.at_vendor_host
	some a in s.catalogue.addresses
	a.host != st.server_host
	msg := sprintf("byo-oauth for %s needs every address at %s, and this one is at %s: Paseo blocks the card", [st.vendor_host, st.vendor_host, host_of(a)])
}

report contains lib.at(s, g.pointer, msg) if {
	some s in lib.servers("catalogue")
	st := byo(s)
	st.vendor != ""
	g := st.guide_url
	g != null
	g.valid
	not g.vendor_site
	msg := sprintf("the guide of a byo-oauth setup must be on %s's own sites, and this one is on %s: Paseo blocks the card; link the vendor's own page", [name(st.vendor), g.host])
}

report contains lib.at(s, l.pointer, msg) if {
	some s in lib.servers("catalogue")
	st := byo(s)
	st.vendor != ""
	some step in st.steps
	some l in step.links
	l.valid
	not l.vendor_site
	msg := sprintf("step %d of a byo-oauth setup links to %s, off %s's own sites: Paseo blocks the card; link only the vendor's own pages", [step.index + 1, l.host, name(st.vendor)])
}

byo(s) := st if {
	st := s.catalogue.setup
	st.setup_kind == "byo-oauth"
}

host_of(a) := a.host if a.host != ""

else := a.value

name("google") := "Google"

name("hubspot") := "HubSpot"

name("zoom") := "Zoom"
