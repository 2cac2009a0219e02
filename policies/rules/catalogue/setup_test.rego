package mcplint.rules.catalogue.setup

fld(k, kind) := {"key": k, "pointer": sprintf("/0/setup/%s", [k]), "kind": kind, "value": ""}

setup(kind, keys, extra) := object.union(
	{
		"pointer": "/0/setup", "kind": "object", "setup_kind": kind, "kind_pointer": "/0/setup/kind",
		"fields": [fld(k, "string") | some k in keys],
		"reason_length": 40, "reason_lines": 1, "reason_pointer": "/0/setup/reason",
		"guide_url": {"key": "guideUrl", "value": "https://vendor.example.com/guide", "pointer": "/0/setup/guideUrl", "valid": true, "scheme": "https", "host": "vendor.example.com"},
		"steps": [], "steps_kind": "", "steps_pointer": "", "clients": [],
	},
	extra,
)

srv(st) := {"index": 0, "doc": 0, "name": "x", "pointer": "/0", "catalogue": {"kind": "team", "setup": st}}

findings(st) := rs if {
	rs := report with input as {"servers": [srv(st)]}
}

step(i) := {"index": i, "pointer": sprintf("/0/setup/steps/%d", [i]), "kind": "string", "length": 5, "links": []}

byo_keys := ["kind", "reason", "guideUrl"]

perorg_keys := ["kind", "reason", "guideUrl", "urlTemplate", "label"]

test_good_setups_pass if {
	count(findings(setup("byo-oauth", byo_keys, {}))) == 0
	count(findings(setup("per-org", perorg_keys, {}))) == 0
}

test_unknown_kind if {
	rs := findings(setup("admin-approval", ["kind", "reason"], {}))
	rs == {{"doc": 0, "message": "setup kind \"admin-approval\" is not one Paseo knows: write \"byo-oauth\" or \"per-org\"; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/kind", "server": 0}}
}

test_missing_kind if {
	st := setup("", ["reason", "guideUrl"], {"kind_pointer": ""})
	findings(st) == {{"doc": 0, "message": "setup has no \"kind\": write \"byo-oauth\" (the vendor takes only a sign-in app you register) or \"per-org\" (each organisation has its own address); Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup", "server": 0}}
}

test_field_of_another_kind if {
	rs := findings(setup("byo-oauth", array.concat(byo_keys, ["urlTemplate"]), {}))
	rs == {{"doc": 0, "key": true, "message": "\"urlTemplate\" is not a field of a byo-oauth setup, and a field its kind does not use is an error: remove it (a byo-oauth setup has clients, guideUrl, kind, reason, redirectHint, scopes, steps); Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/urlTemplate", "server": 0}}
}

test_per_org_needs_a_template if {
	rs := findings(setup("per-org", ["kind", "reason", "guideUrl"], {}))
	rs == {{"doc": 0, "message": "a per-org setup has no \"urlTemplate\": write the server's address with {subdomain} or {org} where the organisation goes, e.g. https://{subdomain}.zendesk.com/api/mcp; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup", "server": 0}}
}

test_reason_over_200_and_on_two_lines if {
	count(findings(setup("byo-oauth", byo_keys, {"reason_length": 200}))) == 0
	findings(setup("byo-oauth", byo_keys, {"reason_length": 201})) == {{"doc": 0, "message": "the setup reason is 201 characters, over Paseo's limit of 200: say why in one plain line and put the details in the guide; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/reason", "server": 0}}
	findings(setup("byo-oauth", byo_keys, {"reason_lines": 2})) == {{"doc": 0, "message": "the setup reason has 2 lines: Paseo shows it as one plain line; put the steps in \"steps\"; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/reason", "server": 0}}
}

test_guide_not_https if {
	g := {"key": "guideUrl", "value": "http://vendor.example.com/guide", "pointer": "/0/setup/guideUrl", "valid": true, "scheme": "http", "host": "vendor.example.com"}
	findings(setup("byo-oauth", byo_keys, {"guide_url": g})) == {{"doc": 0, "message": "the guide http://vendor.example.com/guide is not https: Paseo shows https links only; use https://vendor.example.com; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/guideUrl", "server": 0}}
}

# "A setup that doesn't check out makes the card 'not installable' with the
# reason": every finding says so and gives the reason.
test_every_problem_says_not_installable if {
	findings(setup("nope", byo_keys, {})) == {{"doc": 0, "message": "setup kind \"nope\" is not one Paseo knows: write \"byo-oauth\" or \"per-org\"; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/kind", "server": 0}}
}

test_steps if {
	eleven := [step(i) | some i in numbers.range(0, 10)]
	findings(setup("byo-oauth", array.concat(byo_keys, ["steps"]), {"steps": eleven, "steps_kind": "array", "steps_pointer": "/0/setup/steps"})) == {{"doc": 0, "message": "setup has 11 steps, over Paseo's limit of 10: keep the short lines here and move the rest to the guide; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/steps", "server": 0}}
	plain := object.union(step(0), {"links": [{"key": "steps", "value": "http://a.example.com/x", "pointer": "/0/setup/steps/0", "valid": true, "scheme": "http", "host": "a.example.com"}]})
	findings(setup("byo-oauth", array.concat(byo_keys, ["steps"]), {"steps": [plain], "steps_kind": "array", "steps_pointer": "/0/setup/steps"})) == {{"doc": 0, "message": "step 1 links to http://a.example.com/x, which is not https: Paseo shows https links only; use https://a.example.com; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/steps/0", "server": 0}}
}

test_clients if {
	st := setup("byo-oauth", array.concat(byo_keys, ["clients"]), {"clients": [{"value": "claude", "pointer": "/0/setup/clients/0", "kind": "string"}, {"value": "cursor", "pointer": "/0/setup/clients/1", "kind": "string"}]})
	st2 := object.union(st, {"fields": array.concat([fld(k, "string") | some k in byo_keys], [fld("clients", "array")])})
	rs := findings(st2)
	rs == {{"doc": 0, "message": "client \"cursor\" is not one a byo-oauth setup names: write \"claude\" or \"codex\"; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup/clients/1", "server": 0}}
}

test_setup_not_an_object if {
	findings({"pointer": "/0/setup", "kind": "string", "setup_kind": "", "kind_pointer": "", "fields": [], "reason_length": -1, "reason_lines": 0, "reason_pointer": "", "guide_url": null, "steps": [], "steps_kind": "", "steps_pointer": "", "clients": []}) == {{"doc": 0, "message": "setup is string: write {\"kind\": \"byo-oauth\" or \"per-org\", \"reason\": \"…\", \"guideUrl\": \"https://…\", …}; Paseo shows \"x\" as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", "pointer": "/0/setup", "server": 0}}
}
