package secret

import (
	"regexp"
	"sort"
	"strings"
	"sync"
)

// detector is one entry of the provider table. A shape detector (Name == "")
// fires wherever its pattern matches; a by-name detector fires only when the
// key the value sits under matches Name.
type detector struct {
	ID          string
	Description string
	// Keywords are literal, case-sensitive substrings; a shape detector runs
	// its regexp only when the value holds one of them.
	Keywords []string
	// Prefixes are the recognisable prefixes kept (at most 4 bytes) by Mask.
	Prefixes []string
	// Name, when set, is a case-insensitive regexp the key name must match;
	// NameKeywords are lower-case substrings of which one must be in the
	// name before Name is tried.
	Name         string
	NameKeywords []string
	// Pattern is the regexp; Group is the submatch holding the secret
	// (0: the whole match).
	Pattern string
	Group   int
	// AnyBefore and AnyAfter lift the rule that the match must not touch a
	// letter, digit or underscore on that side.
	AnyBefore, AnyAfter bool
	// TruePositives and FalsePositives are examples checked by the tests.
	// By-name examples are written "NAME=value".
	TruePositives  []string
	FalsePositives []string

	re     *lazyRegexp
	nameRe *lazyRegexp
}

// lazyRegexp compiles its pattern on first use: a run that never meets a
// value holding one of a detector's keywords (or a key its name keywords
// select) never compiles that detector's pattern.
type lazyRegexp struct {
	once sync.Once
	expr string
	re   *regexp.Regexp
}

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}

// detectors is the provider table, most specific first: when two detections
// overlap, the earlier entry wins.
var detectors = []detector{
	{
		ID: "github-pat", Description: "GitHub personal access token",
		Keywords: []string{"ghp_"}, Prefixes: []string{"ghp_"},
		Pattern:        `ghp_[A-Za-z0-9]{36,255}`,
		TruePositives:  []string{"ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"},
		FalsePositives: []string{"ghp_" + "62d8o7XYua9hdTsU0dFW5", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "xghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr", "ghp_" + "62d8o7XYua9hdTsU-0dFW5VjIlbDG5UspWmKr"},
	},
	{
		ID: "github-oauth", Description: "GitHub OAuth access token",
		Keywords: []string{"gho_"}, Prefixes: []string{"gho_"},
		Pattern:        `gho_[A-Za-z0-9]{36,255}`,
		TruePositives:  []string{"gho_" + "wtvH7doMLLqlZot943dBKGbRxQq34L9Q28Qb"},
		FalsePositives: []string{"gho_" + "wtvH7doMLLqlZot943dB", "gho_0000000000000000000000000000000000000"},
	},
	{
		ID: "github-user-token", Description: "GitHub user-to-server token",
		Keywords: []string{"ghu_"}, Prefixes: []string{"ghu_"},
		Pattern:        `ghu_[A-Za-z0-9]{36,255}`,
		TruePositives:  []string{"ghu_" + "v5P5coF7OiFd9yEOF0tRzqYVEYGIQGkuoP75"},
		FalsePositives: []string{"ghu_" + "v5P5coF7OiFd9yEOF0tRzq"},
	},
	{
		ID: "github-app-token", Description: "GitHub App installation token",
		Keywords: []string{"ghs_"}, Prefixes: []string{"ghs_"},
		Pattern:        `ghs_[A-Za-z0-9]{36,255}`,
		TruePositives:  []string{"ghs_" + "rJ5LJOo5SHTB7e5TSrnwHrop8DoWticfghdT"},
		FalsePositives: []string{"ghs_" + "rJ5LJOo5SHTB7e5TSrnw", "ghs_..."},
	},
	{
		ID: "github-refresh-token", Description: "GitHub refresh token",
		Keywords: []string{"ghr_"}, Prefixes: []string{"ghr_"},
		Pattern:        `ghr_[A-Za-z0-9]{36,255}`,
		TruePositives:  []string{"ghr_" + "65aSNCTMUTNORvIo6yBwB1o2JHJGCrO2gv7Q"},
		FalsePositives: []string{"ghr_" + "65aSNCTMUTNORvIo6yBw"},
	},
	{
		ID: "github-fine-grained-pat", Description: "GitHub fine-grained personal access token",
		Keywords: []string{"github_pat_"}, Prefixes: []string{"github_pat_"},
		Pattern:        `github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59,200}`,
		TruePositives:  []string{"github_pat_" + "Hb2iph5CzZAxEouUcz4yGP_DwuJlLkqzmeJUWoGBlOQu1jt11TaSwWsr87yxTxA51MWTdhQCy4Hw0PUpAD"},
		FalsePositives: []string{"github_pat_" + "Hb2iph5CzZAxEouUcz4yGP", "github_pat_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"},
	},
	{
		ID: "gitlab-pat", Description: "GitLab personal access token",
		Keywords: []string{"glpat-"}, Prefixes: []string{"glpat-"},
		Pattern:        `glpat-[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]+)*`,
		TruePositives:  []string{"glpat-" + "ZcjE6q0p4H1FaqHUwje6"},
		FalsePositives: []string{"glpat-" + "ZcjE6q0p4H1F", "glpat-xxxxxxxxxxxxxxxxxxxx"},
	},
	{
		ID: "gitlab-token", Description: "GitLab runner, deploy, trigger or OAuth token",
		Keywords: []string{"glrt-", "gldt-", "glptt-", "gloas-"}, Prefixes: []string{"glrt-", "gldt-", "glptt-", "gloas-"},
		Pattern:        `gl(?:rt|dt|ptt|oas)-[A-Za-z0-9_-]{20,}`,
		TruePositives:  []string{"glrt-" + "MJxnx6nq0XTj9WabcBtv", "gldt-" + "ZcjE6q0p4H1FaqHUwje6"},
		FalsePositives: []string{"glrt-" + "MJxnx6nq0", "gldt-"},
	},
	{
		ID: "anthropic-admin-key", Description: "Anthropic admin API key",
		Keywords: []string{"sk-ant-admin"}, Prefixes: []string{"sk-ant-admin01-"},
		Pattern:        `sk-ant-admin\d{2}-[A-Za-z0-9_-]{32,}`,
		TruePositives:  []string{"sk-ant-admin01-" + "dMRWoWj49Y7i4cqMynZ3ZZPgSZCDTSGLVktMu7kvM5n0cWFTuW8wrRBfIn6tFWjaFDXDnDXnXXt9AbFOj0FCF-PDxoCQYAA"},
		FalsePositives: []string{"sk-ant-admin01-...", "sk-ant-admin01-" + "dMRWoWj49Y7i"},
	},
	{
		ID: "anthropic-key", Description: "Anthropic API key or OAuth token",
		Keywords: []string{"sk-ant-"}, Prefixes: []string{"sk-ant-api03-", "sk-ant-oat01-", "sk-ant-"},
		Pattern: `sk-ant-(?:api|oat|sid|ort)\d{2}-[A-Za-z0-9_-]{32,}`,
		TruePositives: []string{
			"sk-ant-api03-" + "pK8ZMgQv4jz3p4CEqdITzwUjiNtQVaiYoLyA9q6IllJDS2j4mJqvXggLiVbG_P3cW94xf4Z4xMZirks73WLPMXH2mbwZqAA",
			"sk-ant-oat01-" + "CTGgnEZ5bf9-k_RmdtUYJIn0l1L9wYGpCZmVk0ElJq63NCZUlfL_5g-79TvEdVRzrKk212nQ1Rl6YffHX1217ZIIaiZOPAA",
		},
		FalsePositives: []string{"sk-ant-api03-...", "sk-ant-api03-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "sk-ant-api03-YOUR-KEY-HERE"},
	},
	{
		ID: "openrouter-key", Description: "OpenRouter API key",
		Keywords: []string{"sk-or-"}, Prefixes: []string{"sk-or-v1-"},
		Pattern:        `sk-or-v1-[a-f0-9]{64}`,
		TruePositives:  []string{"sk-or-v1-" + "5135c772d948e15fefc7c78b389e0ef710d862e89f5702c91132b74b9364e94e"},
		FalsePositives: []string{"sk-or-v1-" + "5135c772d948e15fefc7c78b", "sk-or-v1-..."},
	},
	{
		ID: "openai-key", Description: "OpenAI API key",
		Keywords: []string{"sk-"}, Prefixes: []string{"sk-proj-", "sk-svcacct-", "sk-admin-", "sk-"},
		Pattern: `sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|sk-[A-Za-z0-9]{48}`,
		TruePositives: []string{
			"sk-proj-" + "20etWxfEh1U-9PaNOYR-hR90xDDc9XIgi_vnVML2qGrEGuCsEXTvH4ZOoEyxIWtQgG37h5iSzKT3BlbkFJ03uIO0M9c5Zeokq0oudM2gY0aBar--V1ie39NL1Pg-wH7XRxtuV9esiLNW_L-zqZnqjQ7XDslu",
			"sk-" + "iPj5vvexq37LQOnWLZJa" + "T3BlbkFJ" + "TTMsfUD14U6UWIZZwNf9",
			"sk-" + "5uwC044sTMB0vVHmSOrBtekgMECqUqIspI4qqrSkVmZqtqio",
		},
		FalsePositives: []string{"sk-...", "sk-proj-...", "sk-proj-your-openai-api-key-goes-here-please", "sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "task-" + "5uwC044sTMB0vVHmSOrBtekgMECqUqIspI4qqrSkVmZqtqio"},
	},
	{
		ID: "generic-sk-key", Description: "Secret API key with an sk- prefix (DeepSeek, Moonshot and others)",
		Keywords: []string{"sk-"}, Prefixes: []string{"sk-"},
		Pattern:        `sk-[A-Za-z0-9]{32,}`,
		TruePositives:  []string{"sk-" + "49bece4714e1895a06a86d4e2605ac3f"},
		FalsePositives: []string{"sk-" + "49bece4714e1895a06a86d4e", "disk-" + "49bece4714e1895a06a86d4e2605ac3f", "sk-00000000000000000000000000000000"},
	},
	{
		ID: "aws-access-key-id", Description: "AWS access key ID",
		Keywords: []string{"AKIA", "ASIA", "ABIA", "ACCA"}, Prefixes: []string{"AKIA", "ASIA", "ABIA", "ACCA"},
		Pattern:        `(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`,
		TruePositives:  []string{"AKIA" + "5BCPWZS3IJXQ3M2I", "ASIA" + "5BCPWZS3IJXQ3M2I"},
		FalsePositives: []string{"AKIA" + "5BCPWZS3IJXQ3M2", "AKIA" + "5BCPWZS3IJXQ3M2IX", "AKIAXXXXXXXXXXXXXXXX", "akia" + "5bcpwzs3ijxq3m2i"},
	},
	{
		ID: "aws-secret-access-key", Description: "AWS secret access key",
		Name: `aws.{0,20}secret|secret.?access.?key`, NameKeywords: []string{"secret"},
		Pattern:        `[A-Za-z0-9/+]{40}`,
		TruePositives:  []string{"AWS_SECRET_ACCESS_KEY=" + "B4gWXsfvsZn0jqjujFGfb1oYVpDf45ipDFT/VBG+"},
		FalsePositives: []string{"AWS_SECRET_ACCESS_KEY=changeme", "AWS_REGION=" + "B4gWXsfvsZn0jqjujFGfb1oYVpDf45ipDFT/VBG+", "AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY}"},
	},
	{
		ID: "google-api-key", Description: "Google API key",
		Keywords: []string{"AIza"}, Prefixes: []string{"AIza"},
		Pattern:        `AIza[0-9A-Za-z_-]{35}`,
		TruePositives:  []string{"AIza" + "MBvdhndcFHIiXqpwFT8MfjvkzH8fNvLCsD4"},
		FalsePositives: []string{"AIza" + "MBvdhndcFHIiXqpwFT8Mfjvk", "AIzaXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"},
	},
	{
		ID: "google-oauth-client-secret", Description: "Google OAuth client secret",
		Keywords: []string{"GOCSPX-"}, Prefixes: []string{"GOCSPX-"},
		Pattern:        `GOCSPX-[A-Za-z0-9_-]{28}`,
		TruePositives:  []string{"GOCSPX-" + "dLnV7tkviPllcx7vZUTmkI0XDVkF"},
		FalsePositives: []string{"GOCSPX-" + "dLnV7tkviPll", "GOCSPX-..."},
	},
	{
		ID: "slack-webhook", Description: "Slack incoming webhook URL",
		Keywords: []string{"hooks.slack.com/"},
		Pattern:  `https://hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/+-]{20,})`, Group: 1,
		TruePositives:  []string{"https://hooks.slack.com/services/" + "TD8Q4U77Z/B82I7KCS8V5/jND3xFHsRDzkA1uE1Kr39SiD"},
		FalsePositives: []string{"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "https://hooks.slack.com/services/"},
	},
	{
		ID: "slack-token", Description: "Slack token",
		Keywords: []string{"xox"}, Prefixes: []string{"xoxb-", "xoxp-", "xoxa-", "xoxo-", "xoxs-", "xoxr-", "xoxe-"},
		Pattern:        `xox[abposre]-[0-9A-Za-z-]{20,}`,
		TruePositives:  []string{"xoxb" + "-9432133360167-1880109221009-85UiHWainIgbDZmtihLVbAHM", "xoxp" + "-9432133360167-1880109221009-85UiHWainIgbDZmtihLVbAHM"},
		FalsePositives: []string{"xoxb-your-bot-token", "xoxb-xxxxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxx", "xoxb" + "-9432133"},
	},
	{
		ID: "slack-app-token", Description: "Slack app-level token",
		Keywords: []string{"xapp-"}, Prefixes: []string{"xapp-"},
		Pattern:        `xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+`,
		TruePositives:  []string{"xapp" + "-1-A9P0GYNEZS4-1424887176449-fba213b961f4a313656a6c44899d70c0c006828fdbce17e23da40fce984a2eb4"},
		FalsePositives: []string{"xapp-1-...", "xapp-your-app-token"},
	},
	{
		ID: "discord-webhook", Description: "Discord webhook URL",
		Keywords: []string{"/api/webhooks/"},
		Pattern:  `https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/\d+/([A-Za-z0-9_-]{60,})`, Group: 1,
		TruePositives:  []string{"https://discord.com/api/webhooks/" + "605796106108495070/mwAa0Wq1MY94Fvc3DQEZaHY5B6Gxw4oKouk2rH_8Y2LC3eLMPAzv7hZPOy-yC7svuO1a"},
		FalsePositives: []string{"https://discord.com/api/webhooks/605796106108495070/short"},
	},
	{
		ID: "stripe-key", Description: "Stripe secret or restricted key",
		Keywords: []string{"_live_", "_test_"}, Prefixes: []string{"sk_live_", "rk_live_", "sk_test_", "rk_test_"},
		Pattern: `(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}`,
		TruePositives: []string{
			"sk_live_" + "KL4bVSIkBCMG9IZBxbDAjLdvuPQc6w5mDJipTYygYOfcHMUBDBadx5LBySABssVVFPrsPt9K9I9svTEttIpIQMnz2cMC8wlXTdF",
			"rk_live_" + "JP7IG0goPWmhGT5Mvw4Ad90osvZckTlWNceX4F5dfNG65vecv6wnU8BKfClO9jAaLHvCvy2R1drBeK3yc5N72mRexNkfLwKDvpY",
			"sk_test_" + "KL4bVSIkBCMG9IZBxbDAjLdvuPQc6w5mDJ",
		},
		FalsePositives: []string{"pk_live_" + "KL4bVSIkBCMG9IZBxbDAjLdvuPQc6w5mDJ", "sk_live_...", "sk_test_xxxxxxxxxxxxxxxxxxxxxxxx", "sk_live_" + "KL4bVSIk"},
	},
	{
		ID: "twilio-api-key", Description: "Twilio API key SID",
		Keywords: []string{"SK"}, Prefixes: []string{"SK"},
		Pattern:        `SK[0-9a-f]{32}`,
		TruePositives:  []string{"SK" + "fdfb681b195e1f3ab485005785f30aa1"},
		FalsePositives: []string{"SK" + "fdfb681b195e1f3ab485005785f30aa", "TASK" + "fdfb681b195e1f3ab485005785f30aa1", "SK" + "FDFB681B195E1F3AB485005785F30AA1"},
	},
	{
		ID: "twilio-account-sid", Description: "Twilio account SID",
		Keywords: []string{"AC"}, Prefixes: []string{"AC"},
		Pattern:        `AC[0-9a-f]{32}`,
		TruePositives:  []string{"AC" + "f54e1306d42334dcc518ce872c994b40"},
		FalsePositives: []string{"AC" + "f54e1306d42334dcc518ce872c994b4", "ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
	},
	{
		ID: "twilio-auth-token", Description: "Twilio auth token",
		Name: `twilio.*(auth|token|secret)`, NameKeywords: []string{"twilio"},
		Pattern:        `[0-9a-f]{32}`,
		TruePositives:  []string{"TWILIO_AUTH_TOKEN=" + "194ae4997e662c1ad31d2495dbd84339"},
		FalsePositives: []string{"TWILIO_ACCOUNT_SID=" + "194ae4997e662c1ad31d2495dbd84339", "TWILIO_AUTH_TOKEN=your_auth_token"},
	},
	{
		ID: "sendgrid-key", Description: "SendGrid API key",
		Keywords: []string{"SG."}, Prefixes: []string{"SG."},
		Pattern:        `SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`,
		TruePositives:  []string{"SG." + "uNOHh8cHBEVjjCkWuwx5uj.o3m-tWUGQP-A_GOpvDv40v3Q9q9m0c0BPQxIpffIHaU"},
		FalsePositives: []string{"SG." + "uNOHh8cHBEVjjCkWuwx5uj", "SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
	},
	{
		ID: "npm-token", Description: "npm access token",
		Keywords: []string{"npm_"}, Prefixes: []string{"npm_"},
		Pattern:        `npm_[A-Za-z0-9]{36}`,
		TruePositives:  []string{"npm_" + "55yFUxj4BCNW6VPGQzwiX4TzbPfYJo0enZSQ"},
		FalsePositives: []string{"npm_" + "55yFUxj4BCNW6VPGQzwiX4", "npm_config_registry"},
	},
	{
		ID: "pypi-token", Description: "PyPI upload token",
		Keywords: []string{"pypi-AgE"}, Prefixes: []string{"pypi-"},
		Pattern:        `pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,}`,
		TruePositives:  []string{"pypi-AgEIcHlwaS5vcmc" + "wRoqY5D6DGFKcdo7i3AxOnmbeQsrwma0w-emsWzJanJFw4CJpK81V3lfl0XxCnmR3oIbl3"},
		FalsePositives: []string{"pypi-AgEIcHlwaS5vcmc" + "wRoqY5D6DG", "pypi-token"},
	},
	{
		ID: "huggingface-token", Description: "Hugging Face access token",
		Keywords: []string{"hf_"}, Prefixes: []string{"hf_"},
		Pattern:        `hf_[A-Za-z0-9]{34,}`,
		TruePositives:  []string{"hf_" + "BrwYQthopKMFlRrymzZYChyknEgvpCqbgl"},
		FalsePositives: []string{"hf_" + "BrwYQthopKMFlRrymzZY", "hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "shelf_" + "BrwYQthopKMFlRrymzZYChyknEgvpCqbgl"},
	},
	{
		ID: "linear-api-key", Description: "Linear API key",
		Keywords: []string{"lin_"}, Prefixes: []string{"lin_api_", "lin_oauth_"},
		Pattern:        `lin_(?:api|oauth)_[A-Za-z0-9]{40,}`,
		TruePositives:  []string{"lin_api_" + "npjofM7Jz4bQqufjazB67H4lCVwBg5WrIxR3nJSn"},
		FalsePositives: []string{"lin_api_" + "npjofM7Jz4bQqufjazB6", "lin_api_..."},
	},
	{
		ID: "notion-token", Description: "Notion integration token",
		Keywords: []string{"secret_", "ntn_"}, Prefixes: []string{"secret_", "ntn_"},
		Pattern:        `secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,}`,
		TruePositives:  []string{"secret_" + "JvnMv4QIMOozjRwRNSQPtInc0hnbgOh5cNDUIfR14tA", "ntn_" + "34360675002saJ0uQ62vSmHGagpoEuSsVUGK7NoGKMJEP4"},
		FalsePositives: []string{"secret_" + "JvnMv4QIMOozjRwRNSQP", "client_secret_" + "JvnMv4QIMOozjRwRNSQPtInc0hnbgOh5cNDUIfR14tA", "ntn_..."},
	},
	{
		ID: "atlassian-api-token", Description: "Atlassian API token",
		Keywords: []string{"ATATT3"}, Prefixes: []string{"ATATT3"},
		Pattern:        `ATATT3[A-Za-z0-9_=-]{50,}`,
		TruePositives:  []string{"ATATT3" + "0VIjx_w29HrZaGTSDVXhO0VAo2GN9XnjQnhN9psK52xqvT7vzqF4sqBXj4UwquNFhZcgOMkxCuzVmpoo7HdMojtkvVpUDPTf1mrYcCSmb776xVTJUpA9sIi5OBUk-9zoUHmkB3D_Czhx2PdgL8Tml2wSh4HlnDU-ErZMXLUZ-5FOv-qtDRuZkHx=A7YD5CHT"},
		FalsePositives: []string{"ATATT3" + "0VIjx_w29HrZ", "ATATT3xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
	},
	{
		ID: "atlassian-api-token", Description: "Atlassian (Jira, Confluence) API token",
		Name:         `(jira|atlassian|confluence|bitbucket).*(token|key|secret|pass)|(token|key|secret|pass).*(jira|atlassian|confluence|bitbucket)`,
		NameKeywords: []string{"jira", "atlassian", "confluence", "bitbucket"},
		Pattern:      `[A-Za-z0-9]{24}`,
		TruePositives: []string{
			"JIRA_API_TOKEN=" + "FhIXJhfFVP9pwUEIgzUcoqrV",
			"CONFLUENCE_TOKEN=" + "FhIXJhfFVP9pwUEIgzUcoqrV",
		},
		FalsePositives: []string{"JIRA_URL=https://example.atlassian.net", "JIRA_API_TOKEN=<your-api-token>", "JIRA_PROJECT=" + "FhIXJhfFVP9pwUEIgzUcoqrV"},
	},
	{
		ID: "sentry-token", Description: "Sentry auth token",
		Keywords: []string{"sntry"}, Prefixes: []string{"sntrys_", "sntryu_"},
		Pattern: `sntrys_[A-Za-z0-9+/=_-]{50,}|sntryu_[a-f0-9]{64}`,
		TruePositives: []string{
			"sntrys_" + "eyJpYXQiOjE2OTQbvkrCYiPpXae2RIqQNfI7ySvqjCpcWrjrYGtQy4pa2KtwaNeMHyMTQWRJGgXUMYPKK1XoLopoDFxk5i4_vIY098ZBN8bgZ8SJQFlkio28+vadVvvYzQavtFPmdjj",
			"sntryu_" + "4554bb0e05ffd3ba65d5e99b649064d7e89985cfe8c3a9a37533075d970fb7a6",
		},
		FalsePositives: []string{"sntrys_" + "eyJpYXQiOjE2OTQbvkrC", "sntryu_..."},
	},
	{
		ID: "databricks-token", Description: "Databricks personal access token",
		Keywords: []string{"dapi"}, Prefixes: []string{"dapi"},
		Pattern:        `dapi[a-f0-9]{32}(?:-\d)?`,
		TruePositives:  []string{"dapi" + "6aaa98bf9d2e744a8f540bcc8c1137bf"},
		FalsePositives: []string{"dapi" + "6aaa98bf9d2e744a8f540bcc8c1137b", "dapi" + "6AAA98BF9D2E744A8F540BCC8C1137BF", "rapidapi" + "6aaa98bf9d2e744a8f540bcc8c1137bf"},
	},
	{
		ID: "digitalocean-token", Description: "DigitalOcean token",
		Keywords: []string{"_v1_"}, Prefixes: []string{"dop_v1_", "doo_v1_", "dor_v1_"},
		Pattern:        `do[opr]_v1_[a-f0-9]{64}`,
		TruePositives:  []string{"dop_v1_" + "1bd2744e0779e46c6c2850d4443fadf60f43154e6253c76ab0e84673aa7be2d6"},
		FalsePositives: []string{"dop_v1_" + "1bd2744e0779e46c6c2850d4443fadf6", "dop_v1_..."},
	},
	{
		ID: "shopify-token", Description: "Shopify access token or shared secret",
		Keywords: []string{"shp"}, Prefixes: []string{"shpat_", "shpss_", "shpca_", "shppa_"},
		Pattern:        `shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}`,
		TruePositives:  []string{"shpat_" + "4cc89d2ffa7be6ca4d242a604f2854c5", "shpss_" + "4cc89d2ffa7be6ca4d242a604f2854c5"},
		FalsePositives: []string{"shpat_" + "4cc89d2ffa7be6ca4d242a604f28", "shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
	},
	{
		ID: "mailgun-key", Description: "Mailgun API key",
		Name: `mailgun.*(key|token|secret)|(^|[^a-z])mg_?api_?key`, NameKeywords: []string{"mailgun", "mg"}, Prefixes: []string{"key-"},
		Pattern:        `key-[0-9a-f]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}`,
		TruePositives:  []string{"MAILGUN_API_KEY=key-" + "374885ad8cdd6682eaa5e6ea00adff57", "MAILGUN_API_KEY=" + "374885ad8cdd6682eaa5e6ea00adff57-1bd2744e-0779e46c"},
		FalsePositives: []string{"MAILGUN_DOMAIN=mg.example.com", "MAILGUN_API_KEY=key-..."},
	},
	{
		ID: "perplexity-key", Description: "Perplexity API key",
		Keywords: []string{"pplx-"}, Prefixes: []string{"pplx-"},
		Pattern:        `pplx-[A-Za-z0-9]{40,}`,
		TruePositives:  []string{"pplx-" + "IXyvTXAR2InXzrcu9K1ibr5w5kyMeSXLRayMDJCdK1K8ufb1"},
		FalsePositives: []string{"pplx-" + "IXyvTXAR2InXzrcu9K1i", "pplx-..."},
	},
	{
		ID: "groq-key", Description: "Groq API key",
		Keywords: []string{"gsk_"}, Prefixes: []string{"gsk_"},
		Pattern:        `gsk_[A-Za-z0-9]{48,}`,
		TruePositives:  []string{"gsk_" + "vOrxXqi5L7vf2kJewPtVaiDIEMmKseYgAxrIAR2pwq0FFo3dlDWR"},
		FalsePositives: []string{"gsk_" + "vOrxXqi5L7vf2kJewPtV", "gsk_your_groq_api_key_here"},
	},
	{
		ID: "figma-token", Description: "Figma personal access token",
		Keywords: []string{"figd_"}, Prefixes: []string{"figd_"},
		Pattern:        `figd_[A-Za-z0-9_-]{40,}`,
		TruePositives:  []string{"figd_" + "hIaNoYD4_MHDD6CNxTiM6wAj2SMjguHLqc59hvGz"},
		FalsePositives: []string{"figd_" + "hIaNoYD4_MHDD6CN", "figd_..."},
	},
	{
		ID: "postman-key", Description: "Postman API key",
		Keywords: []string{"PMAK-"}, Prefixes: []string{"PMAK-"},
		Pattern:        `PMAK-[a-f0-9]{24}-[a-f0-9]{34}`,
		TruePositives:  []string{"PMAK-" + "af6da6494cce816581936f9a-98f012941813b16aa8cbff375e30d86063"},
		FalsePositives: []string{"PMAK-" + "af6da6494cce816581936f9a", "PMAK-..."},
	},
	{
		ID: "doppler-token", Description: "Doppler token",
		Keywords: []string{"dp."}, Prefixes: []string{"dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."},
		Pattern:        `dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}`,
		TruePositives:  []string{"dp.pt." + "RAtKwtr4PtwA2N6lOQs28mXQukPWs4T8Bu7w0HYgtRn"},
		FalsePositives: []string{"dp.pt." + "RAtKwtr4PtwA2N6l", "dp.pt.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
	},
	{
		ID: "vercel-token", Description: "Vercel access token",
		Name: `vercel.*(token|key|secret|auth)`, NameKeywords: []string{"vercel"},
		Pattern:        `[A-Za-z0-9]{24}`,
		TruePositives:  []string{"VERCEL_TOKEN=" + "VutjNv9UtZvENRLx7K2v54ui"},
		FalsePositives: []string{"VERCEL_PROJECT_ID=" + "VutjNv9UtZvENRLx7K2v54ui", "VERCEL_TOKEN=<your-vercel-token>"},
	},
	{
		ID: "cloudflare-api-token", Description: "Cloudflare API token or key",
		Name: `(cloudflare|(^|[^a-z])cf[_-]).*(token|key|secret|auth)`, NameKeywords: []string{"cloudflare", "cf"},
		Pattern:        `[A-Za-z0-9_-]{40}|[0-9a-f]{37}`,
		TruePositives:  []string{"CLOUDFLARE_API_TOKEN=" + "A9PcACenXUZoAvJ26_f14sgH00GwQeoZp08UM6X8", "CF_API_KEY=" + "4554bb0e05ffd3ba65d5e99b649064d7e8998"},
		FalsePositives: []string{"CLOUDFLARE_ACCOUNT_ID=" + "A9PcACenXUZoAvJ26", "CLOUDFLARE_API_TOKEN=${CLOUDFLARE_API_TOKEN}"},
	},
	{
		ID: "supabase-token", Description: "Supabase access token or secret key",
		Keywords: []string{"sbp_", "sb_secret_"}, Prefixes: []string{"sbp_", "sb_secret_"},
		Pattern:        `sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,}`,
		TruePositives:  []string{"sbp_" + "f42940af1082c07598525572a92c8ab082b704ae", "sb_secret_" + "XbVBK4qpIfB49oTlhn5OOqzHdcWDdAXz"},
		FalsePositives: []string{"sbp_" + "f42940af1082c0759852", "sb_publishable_" + "XbVBK4qpIfB49oTlhn5OOqzHdcWDdAXz"},
	},
	{
		ID: "tavily-key", Description: "Tavily API key",
		Keywords: []string{"tvly-"}, Prefixes: []string{"tvly-"},
		Pattern:        `tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}`,
		TruePositives:  []string{"tvly-" + "XbVBK4qpIfB49oTlhn5OOqzHdcWDdAXz", "tvly-dev-" + "XbVBK4qpIfB49oTlhn5OOqzHdcWDdAXz"},
		FalsePositives: []string{"tvly-" + "XbVBK4qpIfB49oTl", "tvly-YOUR_API_KEY"},
	},
	{
		ID: "firecrawl-key", Description: "Firecrawl API key",
		Keywords: []string{"fc-"}, Prefixes: []string{"fc-"},
		Pattern:        `fc-[a-f0-9]{32}`,
		TruePositives:  []string{"fc-" + "71c7bba18fb35e642245b109ae82d59f"},
		FalsePositives: []string{"fc-" + "71c7bba18fb35e642245b109", "abc-" + "71c7bba18fb35e642245b109ae82d59f", "fc-YOUR_API_KEY"},
	},
	{
		ID: "replicate-token", Description: "Replicate API token",
		Keywords: []string{"r8_"}, Prefixes: []string{"r8_"},
		Pattern:        `r8_[A-Za-z0-9]{37}`,
		TruePositives:  []string{"r8_" + "ZsBk87vrScZ4Nien9s30nwqTvoHPFURYaybGI"},
		FalsePositives: []string{"r8_" + "ZsBk87vrScZ4Nien9s30", "r8_..."},
	},
	{
		ID: "xai-key", Description: "xAI API key",
		Keywords: []string{"xai-"}, Prefixes: []string{"xai-"},
		Pattern:        `xai-[A-Za-z0-9]{70,}`,
		TruePositives:  []string{"xai-" + "VoJDhyApx6oB9dO0O0azfnTlgD95jK8BgQJCyHUjVF9M9Qf0713oVIznzWbw04TeGsCodTxLaNQhyQRg"},
		FalsePositives: []string{"xai-" + "VoJDhyApx6oB9dO0O0az", "xai-..."},
	},
	{
		ID: "grafana-token", Description: "Grafana service account or cloud token",
		Keywords: []string{"glsa_", "glc_"}, Prefixes: []string{"glsa_", "glc_"},
		Pattern:        `glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2}`,
		TruePositives:  []string{"glsa_" + "BCvUHvK7r6oTJ8PuQoedyO88eE441r2X_b7b38e8c"},
		FalsePositives: []string{"glsa_" + "BCvUHvK7r6oTJ8Pu", "glsa_..."},
	},
	{
		ID: "telegram-bot-token", Description: "Telegram bot token",
		Keywords: []string{":AA"},
		Pattern:  `[0-9]{8,10}:AA[A-Za-z0-9_-]{33}`, AnyBefore: true,
		TruePositives:  []string{"478967140:AA" + "DvMQwCsH69rUucoOSKr6s3n2Tuw_dNKrp"},
		FalsePositives: []string{"478967140:AA" + "DvMQwCsH69rU", "12:AAAA"},
	},
	{
		ID: "private-key", Description: "Private key (PEM)",
		Keywords: []string{"PRIVATE KEY"},
		Pattern:  `-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:\s|\\[nr])*((?s:.*?))(?:\s|\\[nr])*(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)`, Group: 1,
		AnyBefore: true, AnyAfter: true,
		TruePositives: []string{
			"-----BEGIN RSA PRIVATE KEY-----\n" + pemBody + "\n-----END RSA PRIVATE KEY-----",
			"-----BEGIN OPENSSH PRIVATE KEY-----\\n" + strings.ReplaceAll(pemBody, "\n", "\\n") + "\\n-----END OPENSSH PRIVATE KEY-----",
			"-----BEGIN PRIVATE KEY-----\n" + pemBody,
		},
		FalsePositives: []string{"-----BEGIN PUBLIC KEY-----\n" + pemBody + "\n-----END PUBLIC KEY-----", "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----"},
	},
	{
		ID: "jwt", Description: "JSON Web Token",
		Keywords: []string{"eyJ"}, Prefixes: []string{"eyJ"},
		Pattern:        `eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}`,
		TruePositives:  []string{"eyJhbGciOiJIUzI1NiJ9.eyJ" + "TE-TOyybR3659gGGLNTVtSgB0DaJq1dnEMNDzGKrpn2aod-LEpdCIzfIDiZd." + "uOT71rlwOPU097AnRhZLbmPWtBbDlv3M6iRvNga-kv0"},
		FalsePositives: []string{"eyJhbGciOiJub25lIn0.eyJzdWIiOiIxMjM0In0.", "eyJhbGciOiJIUzI1NiJ9"},
	},
}

// pemBody is a made-up PEM body for the private-key examples.
const pemBody = "IvIwe5/+5PTQZ9mGxHZp5M7qaAbRjLRvhBBVIIDGq1W6RhqN46b7I30kBjjkdr0d\n" +
	"vyPRsPYGFv2UUjR4yNS2tFl+2z+1muAW9qoBR7tdqUjENBHxfeIWs9PEjMhld0SI\n" +
	"ktRDi4zH73yxBx4onRHqDoF/b9AL/nnYny9BD/piM+BorTGbI2y/il1C1+5rcqY1\n" +
	"bFI2QQXRAax/LrVTewuGT7ThL+1GYxv8hTv+g2P7ip2ziwrOZ0TSQRJanccwCwoE"

// shapeDetectors and nameDetectors index the table by kind.
var (
	shapeDetectors []*detector
	nameDetectors  []*detector
	// maskPrefixes are the recognisable prefixes of 3 bytes or more, longest
	// first, used by Mask.
	maskPrefixes []string
)

func init() {
	seen := map[string]bool{}
	for i := range detectors {
		d := &detectors[i]
		d.re = &lazyRegexp{expr: d.Pattern}
		if d.Name != "" {
			d.nameRe = &lazyRegexp{expr: `(?i)` + d.Name}
			nameDetectors = append(nameDetectors, d)
		} else {
			shapeDetectors = append(shapeDetectors, d)
		}
		for _, p := range d.Prefixes {
			if len(p) >= 3 && !seen[p] {
				seen[p] = true
				maskPrefixes = append(maskPrefixes, p)
			}
		}
	}
	sort.SliceStable(maskPrefixes, func(i, j int) bool { return len(maskPrefixes[i]) > len(maskPrefixes[j]) })
	indexKeywords()
}

// The keyword pre-filter: every keyword is filed under its first two bytes,
// so one pass over a value finds which shape detectors may match it.
type kwEntry struct {
	kw  string
	det int // index in shapeDetectors
}

var (
	kwIndex  [1 << 16]uint8 // two-byte prefix → 1 + index in kwGroups, or 0
	kwGroups [][]kwEntry
)

func indexKeywords() {
	if len(shapeDetectors) > 128 {
		panic("secret: more than 128 shape detectors")
	}
	for i, d := range shapeDetectors {
		for _, k := range d.Keywords {
			if len(k) < 2 {
				panic("secret: keyword shorter than 2 bytes: " + d.ID)
			}
			key := uint16(k[0])<<8 | uint16(k[1])
			if kwIndex[key] == 0 {
				kwGroups = append(kwGroups, nil)
				if len(kwGroups) > 255 {
					panic("secret: too many keyword groups")
				}
				kwIndex[key] = uint8(len(kwGroups))
			}
			g := int(kwIndex[key]) - 1
			kwGroups[g] = append(kwGroups[g], kwEntry{k, i})
		}
	}
}

// shapeHits returns a bit set of the shape detectors whose keywords s holds.
func shapeHits(s string) (hits [2]uint64, any bool) {
	for i := 0; i+1 < len(s); i++ {
		g := kwIndex[uint16(s[i])<<8|uint16(s[i+1])]
		if g == 0 {
			continue
		}
		for _, e := range kwGroups[g-1] {
			if strings.HasPrefix(s[i:], e.kw) {
				hits[e.det>>6] |= 1 << (e.det & 63)
				any = true
			}
		}
	}
	return hits, any
}

func hitSet(hits [2]uint64, i int) bool { return hits[i>>6]&(1<<(i&63)) != 0 }

// hit reports whether value holds one of the detector's keywords.
func (d *detector) hit(value string) bool {
	for _, k := range d.Keywords {
		if strings.Contains(value, k) {
			return true
		}
	}
	return false
}

// nameHit reports whether name selects this by-name detector.
func (d *detector) nameHit(name string) bool {
	if name == "" {
		return false
	}
	for _, k := range d.NameKeywords {
		if indexFold(name, k) >= 0 {
			return d.nameRe.get().MatchString(name)
		}
	}
	return false
}

// prefixOf returns the longest of the detector's prefixes that s starts with.
func (d *detector) prefixOf(s string) string {
	best := ""
	for _, p := range d.Prefixes {
		if len(p) > len(best) && strings.HasPrefix(s, p) {
			best = p
		}
	}
	return best
}

// matchesKnownShape reports whether s contains a match of a shape detector.
func matchesKnownShape(s string) bool {
	if len(s) < 8 {
		return false
	}
	hits, any := shapeHits(s)
	if !any {
		return false
	}
	for i, d := range shapeDetectors {
		if hitSet(hits, i) && d.re.get().MatchString(s) {
			return true
		}
	}
	return false
}

// DetectorInfo describes one detector id for documentation and rule lists.
type DetectorInfo struct {
	ID          string
	Description string
}

// Structural detector ids.
const (
	IDURLPassword      = "url-password"
	IDURLTokenUser     = "url-token-user"
	IDConnectionString = "connection-string"
	IDQueryKey         = "query-key"
	IDBearerLiteral    = "bearer-literal"
	IDBasicLiteral     = "basic-auth-literal"
	IDNameEntropy      = "credential-name-entropy"
)

var structuralInfo = []DetectorInfo{
	{IDURLPassword, "Password in URL"},
	{IDURLTokenUser, "Token as URL user name"},
	{IDConnectionString, "Password in database connection string"},
	{IDQueryKey, "Credential in URL query parameter"},
	{IDBearerLiteral, "Literal token in authorization value"},
	{IDBasicLiteral, "Literal HTTP Basic credentials"},
	{IDNameEntropy, "High-entropy literal under a credential-named key"},
}

// Detectors lists every detector id with its description, provider entries
// first, each id once.
func Detectors() []DetectorInfo {
	var out []DetectorInfo
	seen := map[string]bool{}
	for _, d := range detectors {
		if !seen[d.ID] {
			seen[d.ID] = true
			out = append(out, DetectorInfo{d.ID, d.Description})
		}
	}
	return append(out, structuralInfo...)
}
