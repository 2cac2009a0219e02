# METADATA
# description: |
#   The router: gathers every rule's report into one set of findings.
#   A rule is the package data.mcplint.rules[category][name] (built in) or
#   data.mcplint.custom[category][name] (--policy); its id is
#   "category/name". Levels, ignores and baselines are applied in Go.
package mcplint.main

findings contains object.union(f, {"rule": concat("/", [category, name])}) if {
	some category, rules in data.mcplint.rules
	some name, rule in rules
	some f in rule.report
}

findings contains object.union(f, {"rule": concat("/", [category, name])}) if {
	some category, rules in data.mcplint.custom
	some name, rule in rules
	some f in rule.report
}
