package secret

import (
	"strings"
	"testing"
)

// fullPrefix returns the longest recognisable prefix of any detector that
// secret starts with: the public part of a token ("sk-ant-admin01-").
func fullPrefix(secret string) string {
	best := ""
	for _, d := range detectors {
		if p := d.prefixOf(secret); len(p) > len(best) {
			best = p
		}
	}
	return best
}

// assertNoLeak checks that no 5-byte piece of the secret's body (after its
// recognisable prefix) shows in out or in any field of the detections, and
// that every Masked keeps at most 4 bytes of its secret.
func assertNoLeak(t *testing.T, label, secret, out string, ds []Detection) {
	t.Helper()
	body := secret[len(fullPrefix(secret)):]
	for i := 0; i+5 <= len(body); i++ {
		w := body[i : i+5]
		if strings.Contains(out, w) {
			t.Errorf("%s: output %q leaks %q", label, out, w)
			return
		}
		for _, d := range ds {
			if strings.Contains(d.Masked, w) || strings.Contains(d.Description, w) || strings.Contains(d.Detector, w) {
				t.Errorf("%s: detection %+v leaks %q", label, d, w)
				return
			}
		}
	}
	for _, d := range ds {
		checkMaskedForm(t, label, d.Masked)
	}
}

// checkMaskedForm checks that m is "****" or at most 4 bytes then "…****".
func checkMaskedForm(t *testing.T, label, m string) {
	t.Helper()
	if m == "****" {
		return
	}
	kept, ok := strings.CutSuffix(m, "…****")
	if !ok || len(kept) == 0 || len(kept) > 4 {
		t.Errorf("%s: masked form %q", label, m)
	}
}

func ids(ds []Detection) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Detector)
	}
	return out
}

func hasID(ds []Detection, id string) bool {
	for _, d := range ds {
		if d.Detector == id {
			return true
		}
	}
	return false
}

func TestDetectorTable(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range detectors {
		if len(d.TruePositives) == 0 || len(d.FalsePositives) == 0 {
			t.Errorf("%s: every detector needs true- and false-positive examples", d.ID)
		}
		if d.Name == "" && len(d.Keywords) == 0 {
			t.Errorf("%s: a shape detector needs keywords for the pre-filter", d.ID)
		}
		for _, tp := range d.TruePositives {
			if d.Name == "" && !d.hit(tp) {
				t.Errorf("%s: keywords miss example %q", d.ID, tp)
			}
		}
		seen[d.ID] = true
	}
	for _, want := range []string{
		"github-pat", "github-oauth", "github-user-token", "github-app-token", "github-refresh-token",
		"github-fine-grained-pat", "gitlab-pat", "openai-key", "anthropic-key", "anthropic-admin-key",
		"aws-access-key-id", "aws-secret-access-key", "google-api-key", "slack-token", "slack-app-token",
		"slack-webhook", "stripe-key", "twilio-api-key", "twilio-account-sid", "sendgrid-key", "npm-token",
		"pypi-token", "huggingface-token", "linear-api-key", "notion-token", "atlassian-api-token",
		"sentry-token", "databricks-token", "digitalocean-token", "shopify-token", "mailgun-key",
		"perplexity-key", "groq-key", "figma-token", "postman-key", "doppler-token", "vercel-token",
		"cloudflare-api-token", "private-key", "jwt",
	} {
		if !seen[want] {
			t.Errorf("detector %s missing", want)
		}
	}
	if n := len(Detectors()); n < 40 {
		t.Errorf("Detectors() lists %d entries", n)
	}
}

func TestTruePositives(t *testing.T) {
	for _, d := range detectors {
		for _, tp := range d.TruePositives {
			ds := Scan("", tp)
			if !hasID(ds, d.ID) {
				t.Errorf("%s: Scan(%q) = %v, want a %s detection", d.ID, tp, ids(ds), d.ID)
				continue
			}
			out := MaskValue("", tp)
			for _, det := range ds {
				if det.Start < 0 || det.End > len(tp) || det.Start >= det.End {
					t.Fatalf("%s: bad range %+v", d.ID, det)
				}
				secret := tp[det.Start:det.End]
				assertNoLeak(t, d.ID, secret, out, ds)
				if det.Description == "" {
					t.Errorf("%s: empty description", d.ID)
				}
			}
			if d.Name == "" && d.Group == 0 {
				if len(ds) != 1 || ds[0].Start != 0 || ds[0].End != len(tp) {
					t.Errorf("%s: Scan(%q) = %+v, want one detection over the whole value", d.ID, tp, ds)
				}
				// The same token inside text, under a neutral name.
				for _, wrap := range []string{"token: %s", "Bearer %s", "--key=%s", "https://api.example.com/v1?q=%s&x=1", "%s\n"} {
					v := strings.Replace(wrap, "%s", tp, 1)
					got := Scan("description", v)
					if !hasID(got, d.ID) {
						t.Errorf("%s: Scan(%q) = %v, want %s", d.ID, v, ids(got), d.ID)
					}
					assertNoLeak(t, d.ID+" in "+wrap, tp, MaskValue("description", v), got)
				}
			}
			// Masking is idempotent: the masked value is clean.
			if again := Scan("", out); len(again) != 0 {
				t.Errorf("%s: masked %q still yields %+v", d.ID, out, again)
			}
		}
	}
}

func TestFalsePositives(t *testing.T) {
	for _, d := range detectors {
		for _, fp := range d.FalsePositives {
			if ds := Scan("", fp); len(ds) != 0 {
				t.Errorf("%s: Scan(%q) = %+v, want none", d.ID, fp, ds)
			}
		}
	}
}

func TestMask(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "****"},
		{"abc", "****"},
		{"ghp_abc", "****"},
		{"ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr", "ghp_…****"},
		{"sk-proj-" + "20etWxfEh1U-9PaNOYR-hR90xDDc9XIgi_vnVML2qGrE", "sk-p…****"},
		{"sk-" + "49bece4714e1895a06a86d4e2605ac3f", "sk-…****"},
		{"xoxb" + "-9432133360167-1880109221009-85UiHW", "xoxb…****"},
		{"AKIA" + "5BCPWZS3IJXQ3M2I", "AKIA…****"},
		{"github_pat_" + "Hb2iph5CzZAxEouUcz4yGP_DwuJlLk", "gith…****"},
		{"hunter2hunter2", "****"},
		{"correct horse battery staple", "****"},
	}
	for _, c := range cases {
		if got := Mask(c.in); got != c.want {
			t.Errorf("Mask(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// The mask never depends on the length of the secret.
	if Mask("ghp_"+strings.Repeat("Ab1", 12)) != Mask("ghp_"+strings.Repeat("Ab1", 40)) {
		t.Error("Mask reveals length")
	}
}

func TestPlaceholders(t *testing.T) {
	placeholders := []string{
		"YOUR_API_KEY_HERE", "your-api-key-here", "<token>", "<your-key>", "<YOUR GITHUB TOKEN>",
		"xxx", "xxxxxxxx", "XXXXXXXXXXXXXXXXXXXX", "changeme", "CHANGEME", "REDACTED", "[REDACTED]",
		"...", "…", "sk-...", "sk-…****", "ghp_…****", "****", "sk-proj-xxxxxxxxxxxxxxxxxxxx",
		"your-token", "YourApiKey", "{N8N_TOKEN}", "{token}", "%API_KEY%", "TODO", "todo", "example",
		"Example", "dummy", "dummy-token", "fake_password", "placeholder", "replace-me", "REPLACE_ME",
		"insert-your-key", "sk-ant-api03-...", "AKIAXXXXXXXXXXXXXXXX", "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
		"Bearer YOUR_TOKEN", "xoxb-your-bot-token", "tokenhere", "yourapikey", "sk-...abcd", "  <api key>  ",
		"sample-secret", "TBD", "FIXME",
	}
	for _, p := range placeholders {
		if !IsPlaceholder(p) {
			t.Errorf("IsPlaceholder(%q) = false, want true", p)
		}
		for _, name := range []string{"", "API_KEY", "Authorization", "--token", "password"} {
			if ds := Scan(name, p); len(ds) != 0 {
				t.Errorf("Scan(%q, %q) = %+v, want none", name, p, ds)
			}
		}
	}
	notPlaceholders := []string{
		"", "todoist", "examplecorp", "Pxxxw0rd", "password", "hunter2", "secret",
		"ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr", "<ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr>",
		"sk_test_" + "KL4bVSIkBCMG9IZBxbDAjLdvuPQc6w5mDJ", "xoxb" + "-9432133360167-1880109221009-85UiHWainIgbDZmtihLVbAHM",
		"hf_" + "BrwYQthopKMFlRrymzZYChyknEgvpCqbgl", "Maxxx123", "box", "https://example.com/sse",
		"{\"a\":1}", "npx", "tex", "sextant",
	}
	for _, p := range notPlaceholders {
		if IsPlaceholder(p) {
			t.Errorf("IsPlaceholder(%q) = true, want false", p)
		}
	}
}

func TestReferences(t *testing.T) {
	cases := []struct {
		in, syntax, name, def string
		hasDef                bool
	}{
		{"${GITHUB_TOKEN}", SyntaxDollarBrace, "GITHUB_TOKEN", "", false},
		{"${API_KEY:-}", SyntaxDollarBrace, "API_KEY", "", true},
		{"${API_KEY:-none}", SyntaxDollarBrace, "API_KEY", "none", true},
		{"${PORT-8080}", SyntaxDollarBrace, "PORT", "8080", true},
		{"${CLAUDE_PLUGIN_ROOT}", SyntaxDollarBrace, "CLAUDE_PLUGIN_ROOT", "", false},
		{"${user_config.api_key}", SyntaxDollarBrace, "user_config.api_key", "", false},
		{"$GEMINI_API_KEY", SyntaxDollar, "GEMINI_API_KEY", "", false},
		{"${env:OPENAI_API_KEY}", SyntaxEnvColon, "OPENAI_API_KEY", "", false},
		{"${input:github-token}", SyntaxInput, "github-token", "", false},
		{"${process.env.CONTEXT7_API_KEY}", SyntaxProcessEnv, "CONTEXT7_API_KEY", "", false},
		{"${workspaceFolder}", SyntaxEditorVar, "workspaceFolder", "", false},
		{"${workspaceFolderBasename}", SyntaxEditorVar, "workspaceFolderBasename", "", false},
		{"${userHome}", SyntaxEditorVar, "userHome", "", false},
		{"${pathSeparator}", SyntaxEditorVar, "pathSeparator", "", false},
		{"${/}", SyntaxEditorVar, "/", "", false},
		{"${config:mcp.token}", SyntaxEditorVar, "config:mcp.token", "", false},
		{"{env:ANTHROPIC_API_KEY}", SyntaxOpencode, "ANTHROPIC_API_KEY", "", false},
		{"{file:~/.secrets/openai}", SyntaxOpencode, "~/.secrets/openai", "", false},
		{"${file:/run/secrets/token}", SyntaxFile, "/run/secrets/token", "", false},
		{"${{ secrets.GITHUB_TOKEN }}", SyntaxContinue, "secrets.GITHUB_TOKEN", "", false},
		{"${{inputs.apiKey}}", SyntaxContinue, "inputs.apiKey", "", false},
		{"{{session_id}}", SyntaxTemplate, "session_id", "", false},
		{"{{ api_key }}", SyntaxTemplate, "api_key", "", false},
		{"{INPUT_NAME}", SyntaxCatalogueInput, "INPUT_NAME", "", false},
		{"{N8N_TOKEN}", SyntaxCatalogueInput, "N8N_TOKEN", "", false},
		{" ${TOKEN} ", SyntaxDollarBrace, "TOKEN", "", false},
	}
	for _, c := range cases {
		syn, ok := IsReference(c.in)
		if !ok || syn != c.syntax {
			t.Errorf("IsReference(%q) = %q, %v; want %q", c.in, syn, ok, c.syntax)
			continue
		}
		refs := References(strings.TrimSpace(c.in))
		if len(refs) == 0 {
			t.Errorf("References(%q) empty", c.in)
			continue
		}
		r := refs[0]
		if r.Syntax != c.syntax || r.Name != c.name || r.Default != c.def || r.HasDefault != c.hasDef || r.Start != 0 || r.End != len(strings.TrimSpace(c.in)) {
			t.Errorf("References(%q)[0] = %+v, want %s %q default %q/%v", c.in, r, c.syntax, c.name, c.def, c.hasDef)
		}
		for _, name := range []string{"", "GITHUB_TOKEN", "Authorization", "--api-key", "password"} {
			if ds := Scan(name, c.in); len(ds) != 0 {
				t.Errorf("Scan(%q, %q) = %+v, want none", name, c.in, ds)
			}
		}
	}

	notRefs := []string{"", "$", "${}", "${ FOO }", "{token}", "{lower_case}", "$1", "pa$word", "${A", "{}", "{{}}", "{\"a\":1}", "$$", "hello ${X}"}
	for _, s := range notRefs {
		if syn, ok := IsReference(s); ok {
			t.Errorf("IsReference(%q) = %q, want false", s, syn)
		}
	}

	// References inside text.
	in := "Bearer {token} and $HOME/x ${A:-${B}} pa$$word {{ id }} https://h/?k={API_KEY}"
	var got []string
	for _, r := range References(in) {
		got = append(got, r.Syntax+":"+r.Name+"="+in[r.Start:r.End])
	}
	want := []string{
		"catalogue-input:token={token}", "dollar:HOME=$HOME", "dollar-brace:A=${A:-${B}}",
		"dollar-brace:B=${B}", "template:id={{ id }}", "catalogue-input:API_KEY={API_KEY}",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("References(%q) =\n  %v\nwant\n  %v", in, got, want)
	}

	// A credential-shaped name is not a reference.
	tok := "ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"
	for _, s := range []string{"{" + tok + "}", "${" + tok + "}", "{{" + tok + "}}"} {
		if _, ok := IsReference(s); ok {
			t.Errorf("IsReference(%q) = true", s)
		}
		if !hasID(Scan("", s), "github-pat") {
			t.Errorf("Scan(%q) misses the token", s)
		}
	}
}

func TestReferencePartsNeverDetected(t *testing.T) {
	cases := []struct{ name, value string }{
		{"Authorization", "Bearer ${GITHUB_TOKEN}"},
		{"Authorization", "Bearer $TOKEN"},
		{"Authorization", "Bearer {token}"},
		{"Authorization", "Bearer ${env:API_TOKEN}"},
		{"Authorization", "token ${{ secrets.GH_PAT }}"},
		{"Authorization", "Basic {env:BASIC_AUTH}"},
		{"url", "postgres://app:${PGPASSWORD}@db:5432/app"},
		{"url", "https://user:$PASS@example.com/x"},
		{"url", "https://mcp.example.com/sse?api_key=${API_KEY}&page=2"},
		{"url", "https://mcp.example.com/sse?token={TOKEN}"},
		{"url", "https://mcp.example.com/mcp?key={{api_key}}"},
		{"args", "--api-key=${input:api-key}"},
		{"API_KEY", "${API_KEY:-}"},
		{"API_KEY", "${API_KEY:-changeme}"},
		{"API_KEY", "prefix-${API_KEY}-suffix"},
	}
	for _, c := range cases {
		if ds := Scan(c.name, c.value); len(ds) != 0 {
			t.Errorf("Scan(%q, %q) = %+v, want none", c.name, c.value, ds)
		}
		if got := MaskValue(c.name, c.value); got != c.value {
			t.Errorf("MaskValue(%q) = %q, want unchanged", c.value, got)
		}
	}
	// A literal default is literal text and is checked.
	v := "${GITHUB_TOKEN:-ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr}"
	if got, want := MaskValue("GITHUB_TOKEN", v), "${GITHUB_TOKEN:-ghp_…****}"; got != want {
		t.Errorf("MaskValue(%q) = %q, want %q", v, got, want)
	}
}

func TestStructural(t *testing.T) {
	const lit = "b0UCHnibrWFLxB8VDJtDCGEoHB8Sl8"
	cases := []struct {
		name, value string
		ids         []string
		masked      string
	}{
		{"", "postgres://user:pass@host/db", []string{IDConnectionString}, "postgres://user:****@host/db"},
		{"", "postgresql://app:s3cr3t-P4ss@db.internal:5432/app?sslmode=require", []string{IDConnectionString}, "postgresql://app:****@db.internal:5432/app?sslmode=require"},
		{"", "mysql://root:hunter2@localhost/mysql", []string{IDConnectionString}, "mysql://root:****@localhost/mysql"},
		{"", "mongodb+srv://admin:Zx9pQ2rT@cluster0.mongodb.net/test", []string{IDConnectionString}, "mongodb+srv://admin:****@cluster0.mongodb.net/test"},
		{"", "redis://:redispass123@cache:6379/0", []string{IDConnectionString}, "redis://:****@cache:6379/0"},
		{"", "amqp://guest:guestpw@rabbit:5672/", []string{IDConnectionString}, "amqp://guest:****@rabbit:5672/"},
		{"", "https://u:p@host", []string{IDURLPassword}, "https://u:****@host"},
		{"", "https://x-access-token:" + lit + "@github.com/o/r.git", []string{IDURLPassword}, "https://x-access-token:****@github.com/o/r.git"},
		{"", "https://" + lit + "@api.example.com/", []string{IDURLTokenUser}, "https://****@api.example.com/"},
		{"", "Server=db;Database=app;User Id=sa;Password=Sup3r$ecret;", []string{IDConnectionString}, "Server=db;Database=app;User Id=sa;Password=****;"},
		{"", "host=db user=app password='pa ss' dbname=x", []string{IDConnectionString}, "host=db user=app password='****' dbname=x"},
		{"", "https://api.example.com/sse?api_key=abc123&page=2", []string{IDQueryKey}, "https://api.example.com/sse?api_key=****&page=2"},
		{"", "https://api.example.com/sse?page=2&ACCESS_TOKEN=" + lit, []string{IDQueryKey}, "https://api.example.com/sse?page=2&ACCESS_TOKEN=****"},
		{"", "https://api.example.com/x?sig=" + lit + "#frag", []string{IDQueryKey}, "https://api.example.com/x?sig=****#frag"},
		{"", "https://api.example.com/x?tavilyApiKey=" + lit, []string{IDQueryKey}, "https://api.example.com/x?tavilyApiKey=****"},
		{"Authorization", "Bearer " + lit, []string{IDBearerLiteral}, "Bearer ****"},
		{"", "Authorization: Bearer " + lit, []string{IDBearerLiteral}, "Authorization: Bearer ****"},
		{"Authorization", "Basic dXNlcjpwYXNzd29yZA==", []string{IDBasicLiteral}, "Basic ****"},
		{"Authorization", "token " + lit, []string{IDBearerLiteral}, "token ****"},
		{"X-API-Key", lit, []string{IDNameEntropy}, "****"},
		{"", "X-API-Key: " + lit, []string{IDNameEntropy}, "X-API-Key: ****"},
		{"", "MY_SERVICE_TOKEN=" + lit, []string{IDNameEntropy}, "MY_SERVICE_TOKEN=****"},
		{"", "npx -y server --api-key " + lit + " --verbose", []string{IDNameEntropy}, "npx -y server --api-key **** --verbose"},
		{"", "docker run -e BRAVE_API_KEY=" + lit + " image", []string{IDNameEntropy}, "docker run -e BRAVE_API_KEY=**** image"},
		{"", "ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr ghp_" + "65aSNCTMUTNORvIo6yBwB1o2JHJGCrO2gv7Q", []string{"github-pat", "github-pat"}, "ghp_…**** ghp_…****"},
		// A token inside a longer literal: the rest is masked too.
		{"", "https://u:AKIA" + "5BCPWZS3IJXQ3M2I-extra@host/x", []string{"aws-access-key-id", IDURLPassword}, "https://u:AKIA…********@host/x"},
		{"", "https://api.example.com/?key=AIza" + "MBvdhndcFHIiXqpwFT8MfjvkzH8fNvLCsD4.more", []string{"google-api-key", IDQueryKey}, "https://api.example.com/?key=AIza…********"},
		// A credential written where its variable's name belongs; a name
		// there is no credential.
		{"api_key_env", "sk-user-" + lit, []string{IDNameEntropy}, "sk-…****"},
		{"TOKEN_VAR", lit + "-x", []string{IDNameEntropy}, "****"},
		{"api_key_env", "TESTSPRITE_API_KEY", nil, ""},
		{"bearer_token_env_var", "GITHUB_PAT_" + lit, nil, ""},
		{"region_env", "us-" + lit, nil, ""},
		// A user name before a password is a user name; a token with
		// GitHub's fixed x-oauth-basic password is still a token.
		{"", "mongodb+srv://app_db_user2005:Tq4mWz8cLp2VbRk7@cluster0.x.mongodb.net/", []string{IDConnectionString}, "mongodb+srv://app_db_user2005:****@cluster0.x.mongodb.net/"},
		{"", "https://" + lit + ":x-oauth-basic@github.com/o/r.git", []string{IDURLTokenUser, IDURLPassword}, "https://****:****@github.com/o/r.git"},
		// A local database's stock password is its image's default.
		{"", "postgresql://postgres:postgres@localhost:5432/app", nil, ""},
		{"", "mysql://root:root@127.0.0.1/app", nil, ""},
		{"", "postgresql://postgres:postgres@db.example.com:5432/app", []string{IDConnectionString}, "postgresql://postgres:****@db.example.com:5432/app"},
		{"", "postgresql://app:Sup3rS3cret@localhost:5432/app", []string{IDConnectionString}, "postgresql://app:****@localhost:5432/app"},
		// A token in angle brackets is one detection: the brackets hold
		// nothing secret.
		{"Authorization", "Bearer <hf_" + "ppIrSlasJjkIuSzjAhtFAyPgAHCdPEbhVc>", []string{"huggingface-token"}, "Bearer <hf_…****>"},
		// Keys published on purpose.
		{"--anon-key", "sb_publishable_Xk3Pq9mZt2Lr7VwYb5Nc1D_H8sgFA-q", nil, ""},
		{"SUPABASE_KEY", "sb_publishable_Xk3Pq9mZt2Lr7VwYb5Nc1D_H8sgFA-q", nil, ""},
		{"SUPABASE_ANON_KEY", lit, nil, ""},
		{"STRIPE_KEY", "pk_live_" + lit, nil, ""},
		// clean values
		{"", "https://api.example.com/sse?page=2&auth=oauth", nil, ""},
		{"", "https://example.com/token?code=", nil, ""},
		{"", "https://mcp.example.com/sse", nil, ""},
		{"", "postgres://localhost:5432/app", nil, ""},
		{"", "postgres://user@localhost:5432/app", nil, ""},
		{"", "https://user:<password>@example.com", nil, ""},
		{"", "postgres://user:****@host/db", nil, ""},
		{"Authorization", "Bearer", nil, ""},
		{"Authorization", "Bearer token", nil, ""},
		{"", "Use a bearer token for auth", nil, ""},
		{"", "basic authentication is supported", nil, ""},
		{"", "the token expired yesterday", nil, ""},
	}
	for _, c := range cases {
		ds := Scan(c.name, c.value)
		if strings.Join(ids(ds), ",") != strings.Join(c.ids, ",") {
			t.Errorf("Scan(%q, %q) = %+v, want %v", c.name, c.value, ds, c.ids)
			continue
		}
		if c.ids == nil {
			continue
		}
		if got := MaskValue(c.name, c.value); got != c.masked {
			t.Errorf("MaskValue(%q, %q) = %q, want %q", c.name, c.value, got, c.masked)
		}
		for _, d := range ds {
			assertNoLeak(t, c.value, c.value[d.Start:d.End], d.Masked, ds)
		}
	}
}

func TestEntropyRule(t *testing.T) {
	cases := []struct {
		name, value string
		want        bool
	}{
		{"API_KEY", "BgslngspxVHlbYIL4FUdbCK0jIW2yexC", true},
		{"SECRET", "70f9d607af6a1a2d1b59f9ef", true},
		{"client_secret", "HeXlBfMb+loCxsOShxP6LbKxklNL/sB3iHbxdIf1", true},
		{"apiKey", "S0tqmh6VWsYrmvu6Ig2k", true},
		{"DB_PASSWORD", "P@ssw0rd!2024xyzQ", true},
		{"EXA_KEY", "3f1c2b9a-7d4e-4f0a-9b1c-2e3d4f5a6b7c", true},
		{"PRIVATE_KEY", "S0tqmh6VWsYrmvu6Ig2k", true},
		{"X-Auth-Token", "S0tqmh6VWsYrmvu6Ig2k", true},
		{"githubtoken", "S0tqmh6VWsYrmvu6Ig2k", true},
		// too short, too plain, not a credential
		{"API_KEY", "S0tqmh6VWsYrmv", false},
		{"API_KEY", "correct-horse-battery-staple", false},
		{"API_KEY", "MySecretPasswordValue", false},
		{"API_KEY", "aaaaaaaaaaaaaaaaaaaa1", false},
		{"API_KEY", "/home/user/.config/keys/api.key", false},
		{"API_KEY", "C:\\Users\\me\\keys\\key2024.txt", false},
		{"API_KEY", "./secrets/service-account-4f3a2b.json", false},
		{"API_KEY", "https://vault.example.com/v1/secret/data/a1", false},
		{"API_KEY", "1234567890123456789", false},
		{"API_KEY", "true", false},
		{"AUTH_EMAIL", "john.doe1234@example.com", false},
		{"AUTH_SERVER", "api-01.prod.example.com:8443", false},
		{"OAUTH_CLIENT_ID", "S0tqmh6VWsYrmvu6Ig2k", false},
		{"GITHUB_TOKEN_PATH", "S0tqmh6VWsYrmvu6Ig2k", false},
		{"AUTHOR", "S0tqmh6VWsYrmvu6Ig2k", false},
		{"PUBLIC_KEY", "S0tqmh6VWsYrmvu6Ig2k", false},
		{"MAX_TOKENS", "4096", false},
		{"DESCRIPTION", "S0tqmh6VWsYrmvu6Ig2k", false},
		{"", "S0tqmh6VWsYrmvu6Ig2k", false},
		{"API_KEY", "2024-01-01T00:00:00Z", false},
		{"API_KEY", "use the key from 1Password vault", false},
	}
	for _, c := range cases {
		ds := Scan(c.name, c.value)
		if got := hasID(ds, IDNameEntropy); got != c.want {
			t.Errorf("Scan(%q, %q) = %+v, want entropy detection %v", c.name, c.value, ds, c.want)
		}
	}
}

func TestCredentialName(t *testing.T) {
	yes := []string{
		"API_KEY", "apiKey", "api-key", "X-API-Key", "--api-key", "-k", "GITHUB_TOKEN", "token",
		"SECRET", "client_secret", "PASSWORD", "passwd", "DB_PASS", "Authorization", "auth",
		"credentials", "PRIVATE_KEY", "private-key", "AWS_ACCESS_KEY", "accessKey", "OPENAI_APIKEY",
		"githubtoken", "BRAVE_API_KEY", "EXA_KEY", "--token", "GITLAB_PAT",
	}
	no := []string{
		"", "-", "-v", "-p", "AUTHOR", "PATH", "OAUTH_CLIENT_ID", "AUTH_URL", "TOKEN_ENDPOINT",
		"GITHUB_TOKEN_PATH", "API_KEY_FILE", "PUBLIC_KEY", "SORT_KEY", "HOME", "DEBUG", "--verbose",
		"keyboard", "monkey", "tokenizer", "USERNAME", "MAX_TOKENS", "passthrough",
	}
	for _, n := range yes {
		if !CredentialName(n) {
			t.Errorf("CredentialName(%q) = false", n)
		}
	}
	for _, n := range no {
		if CredentialName(n) {
			t.Errorf("CredentialName(%q) = true", n)
		}
	}
}

func TestMaskURL(t *testing.T) {
	const lit = "b0UCHnibrWFLxB8VDJtDCGEoHB8Sl8"
	cases := []struct{ in, want string }{
		{"https://user:pass@host/path?api_key=abc123&page=2", "https://user:****@host/path?api_key=****&page=2"},
		{"https://" + lit + "@host/x", "https://****@host/x"},
		{"https://x-access-token:ghs_" + "rJ5LJOo5SHTB7e5TSrnwHrop8DoWticfghdT@github.com/o/r", "https://x-access-token:ghs_…****@github.com/o/r"},
		{"postgres://app:" + lit + "@db/app?sslmode=disable", "postgres://app:****@db/app?sslmode=disable"},
		{"https://api.example.com/v1?token=" + lit + "&signature=" + lit + "&q=hello", "https://api.example.com/v1?token=****&signature=****&q=hello"},
		{"https://hooks.slack.com/services/" + "TD8Q4U77Z/B82I7KCS8V5/jND3xFHsRDzkA1uE1Kr39SiD", "https://hooks.slack.com/services/****"},
		{"https://maps.googleapis.com/maps/api?key=AIza" + "MBvdhndcFHIiXqpwFT8MfjvkzH8fNvLCsD4", "https://maps.googleapis.com/maps/api?key=AIza…****"},
		{"https://user:${PASSWORD}@host/x?api_key=${API_KEY}", "https://user:${PASSWORD}@host/x?api_key=${API_KEY}"},
		{"https://mcp.example.com/sse?page=2", "https://mcp.example.com/sse?page=2"},
		{"not a url", "not a url"},
	}
	for _, c := range cases {
		if got := MaskURL(c.in); got != c.want {
			t.Errorf("MaskURL(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestScanArgs(t *testing.T) {
	const lit = "b0UCHnibrWFLxB8VDJtDCGEoHB8Sl8"
	ghp := "ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"
	type hit struct {
		index int
		id    string
	}
	cases := []struct {
		args   []string
		want   []hit
		masked []string
	}{
		{[]string{"-y", "server", "--api-key", lit}, []hit{{3, IDNameEntropy}}, []string{"-y", "server", "--api-key", "****"}},
		{[]string{"--token=" + lit}, []hit{{0, IDNameEntropy}}, []string{"--token=****"}},
		{[]string{"--token", ghp}, []hit{{1, "github-pat"}}, []string{"--token", "ghp_…****"}},
		{[]string{"-k", lit}, []hit{{1, IDNameEntropy}}, []string{"-k", "****"}},
		{[]string{"-k", "https://self-signed.example.com"}, nil, nil},
		{[]string{"-e", "GITHUB_PERSONAL_ACCESS_TOKEN=" + ghp, "ghcr.io/github/github-mcp-server"}, []hit{{1, "github-pat"}}, []string{"-e", "GITHUB_PERSONAL_ACCESS_TOKEN=ghp_…****", "ghcr.io/github/github-mcp-server"}},
		{[]string{"--header", "Authorization: Bearer " + lit}, []hit{{1, IDBearerLiteral}}, []string{"--header", "Authorization: Bearer ****"}},
		{[]string{"--api-key", "${API_KEY}"}, nil, nil},
		{[]string{"--api-key", "$API_KEY"}, nil, nil},
		{[]string{"--api-key", "--verbose", lit}, nil, nil},
		{[]string{"--token"}, nil, nil},
		{[]string{"--token", "YOUR_TOKEN_HERE"}, nil, nil},
		{[]string{"--password=" + "hunter2"}, nil, nil},
		{[]string{"-y", "@modelcontextprotocol/server-filesystem", "/home/me/projects"}, nil, nil},
	}
	for _, c := range cases {
		got := ScanArgs(c.args)
		var gh []hit
		for _, d := range got {
			gh = append(gh, hit{d.Index, d.Detector})
			secret := c.args[d.Index][d.Start:d.End]
			assertNoLeak(t, strings.Join(c.args, " "), secret, d.Masked, []Detection{d.Detection})
		}
		if len(gh) != len(c.want) {
			t.Errorf("ScanArgs(%q) = %+v, want %v", c.args, got, c.want)
			continue
		}
		for i := range gh {
			if gh[i] != c.want[i] {
				t.Errorf("ScanArgs(%q) = %+v, want %v", c.args, got, c.want)
			}
		}
		if c.masked != nil {
			if m := MaskArgs(c.args); strings.Join(m, "\x00") != strings.Join(c.masked, "\x00") {
				t.Errorf("MaskArgs(%q) = %q, want %q", c.args, m, c.masked)
			}
		}
	}
}

func TestShortValuesAndEmpty(t *testing.T) {
	for _, v := range []string{"", "a", "1234567", "sk-abc"} {
		if ds := Scan("API_KEY", v); ds != nil {
			t.Errorf("Scan(%q) = %+v", v, ds)
		}
		if MaskValue("API_KEY", v) != v {
			t.Errorf("MaskValue(%q) changed it", v)
		}
	}
}
