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
	for _, c := range []struct {
		name   string
		layers []envLayer
		want   string
	}{
		{"nothing set", nil, ""},
		{"user true", []envLayer{user(ts("true"))}, "on"},
		{"local beats project", []envLayer{proj(ts("true")), local(ts("false"))}, "off"},
		{"an empty value cancels a lower one", []envLayer{user(ts("true")), local(ts(""))}, ""},
		{"betas turn true off", []envLayer{proj(ts("auto")), local(betas)}, "off"},
		{"betas alone turn it off", []envLayer{local(betas)}, "off"},
		{"managed force keeps it on under betas", []envLayer{local(betas), managed("m", ts("force"))}, "on"},
		{"managed true does not", []envLayer{local(betas), managed("m", ts("true"))}, "off"},
		{"force below managed is not force", []envLayer{local(betas), proj(ts("force"))}, "off"},
		{"a later managed-settings.d file wins", []envLayer{managed("d/a.json", ts("force")), managed("d/b.json", ts("false")), local(betas)}, "off"},
		{"another project's settings do not apply", []envLayer{{dir: "/q", tier: TierLocal, path: "q", vals: ts("true")}}, ""},
	} {
		if got := toolSearchFor(c.layers, "/p").On; got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
