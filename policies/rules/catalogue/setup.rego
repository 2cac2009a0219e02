# METADATA
# title: Setup block that does not check out
# description: |
#   A library entry says it needs setup in
#   _meta["io.github.itsjustanks/mcp-gallery"].setup, a team entry in a
#   "setup" field. Paseo checks the block like any untrusted text, and a
#   setup that does not check out makes the card "not installable" with
#   the reason. Each block has a "kind" and a "reason" (one plain line,
#   200 characters at most) and a "guideUrl" (https, the vendor's own
#   page); by kind it may have:
#
#   - byo-oauth (bring your own sign-in app): "steps" (up to 10 short
#     lines; a link in one must be https), "redirectHint" (the vendor's
#     name for the redirect field), "clients" ("claude", "codex") and
#     "scopes" (one space-separated string: a comma or semicolon between
#     scopes is a problem);
#   - per-org (your own address): "steps", "urlTemplate" (required) and
#     "label".
#
#   A field its kind does not use is an error, as is an unknown kind.
#   Which vendors byo-oauth may name is catalogue/byo-oauth-vendor's
#   check, and the urlTemplate itself is catalogue/url-template's. The
#   seed names only these two kinds; any other is reported until Paseo
#   documents it.
# custom:
#   level: error
#   source: 'Paseo ("Needs setup": kind, reason ≤ 200 characters, guideUrl https, by kind steps ≤ 10, redirectHint, clients, scopes, urlTemplate and label; "a field its kind doesn''t use is an error"; the card is "not installable" with the reason)'
#   fixable: false
#   tags: [correctness]
#   precision: high
package mcplint.rules.catalogue.setup

import data.mcplint.lib

max_reason := 200

max_steps := 10

common := {"kind", "reason", "guideUrl"}

kinds := {
	"byo-oauth": {"steps", "redirectHint", "clients", "scopes"},
	"per-org": {"steps", "urlTemplate", "label"},
}

required := {
	"byo-oauth": {"reason", "guideUrl"},
	"per-org": {"reason", "guideUrl", "urlTemplate"},
}

string_fields := {"kind", "reason", "guideUrl", "redirectHint", "scopes", "urlTemplate", "label"}

clients := {"claude", "codex"}

problem contains lib.at(s, st.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	st.kind != "object"
	msg := sprintf("setup is %s: write {\"kind\": \"byo-oauth\" or \"per-org\", \"reason\": \"…\", \"guideUrl\": \"https://…\", …}", [st.kind])
}

problem contains lib.at(s, st.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	st.kind == "object"
	not has(st, "kind")
	msg := `setup has no "kind": write "byo-oauth" (the vendor takes only a sign-in app you register) or "per-org" (each organisation has its own address)`
}

problem contains lib.at(s, st.kind_pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	has(st, "kind")
	not kinds[st.setup_kind]
	msg := sprintf("setup kind %q is not one Paseo knows: write \"byo-oauth\" or \"per-org\"", [st.setup_kind])
}

problem contains lib.at(s, st.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	need := required[st.setup_kind]
	some k in need
	not has(st, k)
	msg := sprintf("a %s setup has no %q: %s", [st.setup_kind, k, missing(k)])
}

problem contains lib.at_key(s, f.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	allowed := kinds[st.setup_kind]
	some f in st.fields
	not f.key in common
	not f.key in allowed
	msg := sprintf("%q is not a field of a %s setup, and a field its kind does not use is an error: remove it (a %s setup has %s)", [f.key, st.setup_kind, st.setup_kind, concat(", ", sort([k | some k in (common | allowed)]))])
}

problem contains lib.at_key(s, f.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	not has(st, "kind")
	some f in st.fields
	not f.key in common
	not known_anywhere(f.key)
	msg := sprintf("%q is not a setup field: a setup has kind, reason, guideUrl and, by kind, steps, redirectHint, clients, scopes, urlTemplate and label", [f.key])
}

problem contains lib.at(s, f.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	some f in st.fields
	f.key in string_fields
	f.kind != "string"
	msg := sprintf("setup %q is %s, where Paseo reads a string", [f.key, article(f.kind)])
}

problem contains lib.at(s, st.reason_pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	st.reason_length > max_reason
	msg := sprintf("the setup reason is %d characters, over Paseo's limit of %d: say why in one plain line and put the details in the guide", [st.reason_length, max_reason])
}

problem contains lib.at(s, st.reason_pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	st.reason_length >= 0
	st.reason_length <= max_reason
	st.reason_lines > 1
	msg := sprintf("the setup reason has %d lines: Paseo shows it as one plain line; put the steps in \"steps\"", [st.reason_lines])
}

problem contains lib.at(s, g.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	g := st.guide_url
	g != null
	msg := not_https(g, "the guide")
}

problem contains lib.at(s, st.steps_pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	st.steps_kind != ""
	st.steps_kind != "array"
	msg := sprintf("steps is %s: write a list of short lines, at most %d", [article(st.steps_kind), max_steps])
}

problem contains lib.at(s, st.steps_pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	count(st.steps) > max_steps
	msg := sprintf("setup has %d steps, over Paseo's limit of %d: keep the short lines here and move the rest to the guide", [count(st.steps), max_steps])
}

problem contains lib.at(s, step.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	some step in st.steps
	step.kind != "string"
	msg := sprintf("step %d is %s: a step is one short line of text", [step.index + 1, article(step.kind)])
}

problem contains lib.at(s, l.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	some step in st.steps
	some l in step.links
	l.scheme != "https"
	msg := sprintf("step %d links to %s, which is not https: Paseo shows https links only; use https://%s", [step.index + 1, l.value, l.host])
}

problem contains lib.at(s, c.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	st.setup_kind == "byo-oauth"
	some c in st.clients
	not c.value in clients
	msg := sprintf("client %q is not one a byo-oauth setup names: write \"claude\" or \"codex\"", [c.value])
}

problem contains lib.at(s, f.pointer, msg) if {
	some i, st in setups
	s := input.servers[i]
	st.setup_kind == "byo-oauth"
	some f in st.fields
	f.key == "clients"
	f.kind != "array"
	msg := sprintf("clients is %s: write a list such as [\"claude\"]", [article(f.kind)])
}

# "scopes (space-separated)": scopes written with commas or semicolons
# reach the vendor as one scope it does not know. The seed does not say
# Paseo refuses them, so this is a warning, not a "not installable".
report contains lib.with_level(lib.at(s, f.pointer, msg), "warning") if {
	some i, st in setups
	s := input.servers[i]
	some f in st.fields
	f.key == "scopes"
	f.kind == "string"
	regex.match(`[,;]`, f.value)
	msg := sprintf("scopes %q are not space-separated: Paseo takes them as one space-separated string; write %q", [f.value, trim_space(regex.replace(f.value, `[\s,;]+`, " "))])
}

# report says of every problem that Paseo shows the card as "not
# installable" with that reason: "A setup that doesn't check out makes the
# card 'not installable' with the reason; it is never dropped".
report contains object.union(p, {"message": msg}) if {
	some p in problem
	name := input.servers[p.server].name
	msg := sprintf("%s; Paseo shows %q as \"not installable\" with this reason (the card is never dropped, so a gated server never shows as one click)", [p.message, name])
}

# setups maps each server with a setup block to it.
setups[i] := s.catalogue.setup if {
	some i in lib.indexes("catalogue")
	s := input.servers[i]
	s.catalogue.setup != null
}

has(st, k) if {
	some f in st.fields
	f.key == k
}

known_anywhere(k) if {
	some fs in kinds
	k in fs
}

missing("reason") := "say in one plain line why the server cannot be added in one click"

missing("guideUrl") := "link the vendor's own https page that explains the setup"

missing("urlTemplate") := "write the server's address with {subdomain} or {org} where the organisation goes, e.g. https://{subdomain}.zendesk.com/api/mcp"

not_https(l, what) := sprintf("%s %s is not https: Paseo shows https links only; use https://%s", [what, l.value, l.host]) if {
	l.valid
	l.scheme != "https"
} else := sprintf("%s %s is not an address: write the vendor's https page", [what, l.value]) if {
	not l.valid
}

article(k) := concat(" ", ["an", k]) if k in {"object", "array"}

else := k if k == "null"

else := concat(" ", ["a", k])
