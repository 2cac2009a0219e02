package loader

import "testing"

func TestToolSearchFor(t *testing.T) {
	user := func(v map[string]string) envLayer { return envLayer{tier: TierUser, path: "u", vals: v} }
	proj := func(v map[string]string) envLayer { return envLayer{dir: "/p", tier: TierProject, path: "p", vals: v} }
	local := func(v map[string]string) envLayer { return envLayer{dir: "/p", tier: TierLocal, path: "l", vals: v} }
	managed := func(path string, v map[string]string) envLayer {
		return envLayer{tier: TierManaged, path: path, vals: v}
	}
	ts := func(v string) map[string]string { return map[string]string{"ENABLE_TOOL_SEARCH": v} }
	betas := map[string]string{"CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS": "1"}
	routed := envLayer{router: true, path: "r", where: "set by AI Router", vals: map[string]string{"ANTHROPIC_BASE_URL": routedBaseURL, "CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS": "1"}}
	for _, c := range []struct {
		name   string
		layers []envLayer
		want   string
	}{
		{"nothing set: on by default", nil, "on"},
		{"user true", []envLayer{user(ts("true"))}, "on"},
		{"local beats project", []envLayer{proj(ts("true")), local(ts("false"))}, "off"},
		{"an empty value cancels a lower one", []envLayer{user(ts("false")), local(ts(""))}, "on"},
		{"betas turn true off", []envLayer{proj(ts("auto")), local(betas)}, "off"},
		{"betas alone turn it off", []envLayer{local(betas)}, "off"},
		{"managed force keeps it on under betas", []envLayer{local(betas), managed("m", ts("force"))}, "on"},
		{"managed true does not", []envLayer{local(betas), managed("m", ts("true"))}, "off"},
		{"force below managed is not force", []envLayer{local(betas), proj(ts("force"))}, "off"},
		{"a later managed-settings.d file wins", []envLayer{managed("d/a.json", ts("force")), managed("d/b.json", ts("false")), local(betas)}, "off"},
		{"another project's settings do not apply", []envLayer{{dir: "/q", tier: TierLocal, path: "q", vals: ts("false")}}, "on"},
		{"managed-settings.json before managed-settings.d", []envLayer{managed("/etc/claude-code/managed-settings.d/10-on.json", ts("force")), managed("/etc/claude-code/managed-settings.json", ts("false")), local(betas)}, "on"},
		{"managed-settings.d alphabetical by name", []envLayer{managed("/etc/claude-code/managed-settings.d/b.json", ts("false")), managed("/etc/claude-code/managed-settings.d/a.json", ts("force")), local(betas)}, "off"},
		{"a gateway turns it off", []envLayer{user(map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example.com"})}, "off"},
		{"Anthropic's own API is no gateway", []envLayer{user(map[string]string{"ANTHROPIC_BASE_URL": "https://api.anthropic.com"})}, "on"},
		{"true keeps it on through a gateway", []envLayer{user(map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example.com"}), proj(ts("true"))}, "on"},
		{"force through a gateway", []envLayer{user(map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example.com"}), managed("m", ts("force"))}, "on"},
		{"force has no effect on Bedrock", []envLayer{local(betas), managed("m", map[string]string{"ENABLE_TOOL_SEARCH": "force", "CLAUDE_CODE_USE_BEDROCK": "1"})}, "off"},
		{"force has no effect on Mantle", []envLayer{local(betas), user(map[string]string{"CLAUDE_CODE_USE_MANTLE": "1"}), managed("m", ts("force"))}, "off"},
		{"force has no effect on Claude Platform on AWS", []envLayer{local(betas), user(map[string]string{"CLAUDE_CODE_USE_ANTHROPIC_AWS": "1"}), managed("m", ts("force"))}, "off"},
		{"force has no effect on Agent Platform", []envLayer{local(betas), user(map[string]string{"CLAUDE_CODE_USE_VERTEX": "true"}), managed("m", ts("force"))}, "off"},
		{"force has no effect on Foundry", []envLayer{local(betas), user(map[string]string{"CLAUDE_CODE_USE_FOUNDRY": "1"}), managed("m", ts("force"))}, "off"},
		{"AI Router's routing turns it off", []envLayer{routed}, "off"},
		{"a settings file is above the routing: an empty betas cancels it, true keeps it on through the gateway", []envLayer{proj(map[string]string{"CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS": "", "ENABLE_TOOL_SEARCH": "true"}), routed}, "on"},
		{"the routing below a settings file's betas cancel, with no true: the gateway still turns it off", []envLayer{routed, proj(map[string]string{"CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS": ""})}, "off"},
		{"a managed force keeps it on through AI Router", []envLayer{routed, managed("m", ts("force"))}, "on"},
		{"a managed true does not", []envLayer{routed, managed("m", ts("true"))}, "off"},
		{"a provider switched off is no provider", []envLayer{local(betas), user(map[string]string{"CLAUDE_CODE_USE_BEDROCK": "0"}), managed("m", ts("force"))}, "on"},
	} {
		if got := toolSearchFor(c.layers, "/p").On; got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
