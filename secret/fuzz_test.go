package secret

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzScan checks that Scan, MaskValue and the reference helpers never
// panic, that detections are well-formed, and that masking keeps at most 4
// bytes of any secret.
func FuzzScan(f *testing.F) {
	for _, d := range detectors {
		for _, s := range d.TruePositives {
			f.Add("", s)
		}
		for _, s := range d.FalsePositives {
			f.Add("API_KEY", s)
		}
	}
	for _, s := range []string{
		"Bearer ${TOKEN}", "postgres://u:p@h/db", "https://u:p@h/x?api_key=abc&page=2",
		"${A:-${B:-ghp_x}}", "{{session_id}}", "${{ secrets.X }}", "Bearer {token}",
		"--api-key=b0UCHnibrWFLxB8VDJtDCGEoHB8Sl8", "Server=x;Password=y;", "token abc",
		"sk-…****", "-----BEGIN PRIVATE KEY-----", "$", "${", "{", "{{", "\xff\xfe",
	} {
		f.Add("Authorization", s)
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		ds := Scan(name, value)
		last := 0
		for _, d := range ds {
			if d.Start < last || d.End <= d.Start || d.End > len(value) {
				t.Fatalf("Scan(%q, %q): bad or overlapping range %+v", name, value, d)
			}
			last = d.End
			if d.Detector == "" || d.Description == "" {
				t.Fatalf("empty id or description: %+v", d)
			}
			secret := value[d.Start:d.End]
			m := d.Masked
			if m != "****" {
				kept, ok := strings.CutSuffix(m, "…****")
				if !ok || kept == "" || len(kept) > 4 || !strings.HasPrefix(secret, kept) || len(secret) < 8 {
					t.Fatalf("Scan(%q, %q): masked %q for secret %q", name, value, m, secret)
				}
			}
			// No 5-byte piece of the secret past the kept prefix is in the mask.
			body := secret[min(4, len(secret)):]
			for i := 0; i+5 <= len(body); i++ {
				if strings.Contains(m, body[i:i+5]) {
					t.Fatalf("masked %q leaks %q", m, body[i:i+5])
				}
			}
		}
		if got, want := MaskValue(name, value), apply(value, ds); got != want {
			t.Fatalf("MaskValue(%q, %q) = %q, want %q", name, value, got, want)
		}
		if IsPlaceholder(value) && len(ds) != 0 {
			t.Fatalf("placeholder %q yields %+v", value, ds)
		}
		refs := References(value)
		for _, r := range refs {
			if r.Start < 0 || r.End > len(value) || r.Start >= r.End || r.Syntax == "" {
				t.Fatalf("References(%q): bad %+v", value, r)
			}
		}
		if _, ok := IsReference(value); ok {
			hasDefault := false
			for _, r := range refs {
				hasDefault = hasDefault || r.HasDefault
			}
			if !hasDefault && len(ds) != 0 {
				t.Fatalf("reference %q yields %+v", value, ds)
			}
		}
		_ = MaskURL(value)
		_ = ScanArgs([]string{name, value})
	})
}

// benchCorpus builds n realistic (name, value) pairs from MCP configs: mostly
// clean commands, arguments, URLs, paths and references, with about one in a
// hundred holding a credential.
func benchCorpus(n int) [][2]string {
	r := rand.New(rand.NewPCG(1, 2))
	clean := [][2]string{
		{"command", "npx"}, {"command", "uvx"}, {"command", "docker"}, {"command", "/usr/local/bin/node"},
		{"", "-y"}, {"", "@modelcontextprotocol/server-filesystem"}, {"", "@modelcontextprotocol/server-github"},
		{"", "/Users/alice/projects/website"}, {"", "--transport=stdio"}, {"", "mcp-server-fetch"},
		{"", "run"}, {"", "-i"}, {"", "--rm"}, {"", "-e"}, {"", "GITHUB_PERSONAL_ACCESS_TOKEN"},
		{"", "ghcr.io/github/github-mcp-server"}, {"url", "https://api.githubcopilot.com/mcp/"},
		{"url", "https://mcp.linear.app/sse"}, {"url", "http://localhost:3000/mcp"},
		{"GITHUB_PERSONAL_ACCESS_TOKEN", "${GITHUB_TOKEN}"}, {"OPENAI_API_KEY", "${env:OPENAI_API_KEY}"},
		{"BRAVE_API_KEY", "{env:BRAVE_API_KEY}"}, {"Authorization", "Bearer ${input:api-token}"},
		{"NODE_ENV", "production"}, {"LOG_LEVEL", "debug"}, {"PORT", "8080"}, {"DEBUG", "true"},
		{"type", "stdio"}, {"type", "http"}, {"cwd", "${workspaceFolder}"}, {"description", "Read and write files in the project"},
		{"model", "claude-sonnet-4-5"}, {"DATABASE_URL", "postgresql://localhost:5432/app"},
		{"PATH", "/usr/local/bin:/usr/bin:/bin"}, {"HOME", "/home/alice"}, {"timeout", "30000"},
		{"", "--allowed-directories"}, {"", "C:\\Users\\bob\\Documents"}, {"name", "filesystem"},
		{"X-Api-Key", "${API_KEY}"}, {"API_KEY", "YOUR_API_KEY_HERE"}, {"TOKEN", "<token>"},
		{"", "npx -y @upstash/context7-mcp --api-key ${CONTEXT7_KEY}"}, {"url", "https://mcp.example.com/sse?session={{session_id}}"},
	}
	dirty := [][2]string{
		{"GITHUB_TOKEN", "ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"},
		{"OPENAI_API_KEY", "sk-proj-" + "20etWxfEh1U-9PaNOYR-hR90xDDc9XIgi_vnVML2qGrEGuCsEXTvH4ZOoEyxIWtQgG37h5iSzKT3BlbkFJ03uIO0M9c5Zeokq0oudM2gY0aBar"},
		{"Authorization", "Bearer b0UCHnibrWFLxB8VDJtDCGEoHB8Sl8"},
		{"DATABASE_URL", "postgres://app:Zx9pQ2rT@db.internal:5432/app"},
		{"url", "https://mcp.example.com/sse?api_key=b0UCHnibrWFLxB8VDJtDCGEoHB8Sl8"},
		{"BRAVE_API_KEY", "BgslngspxVHlbYIL4FUdbCK0jIW2yexC"},
	}
	out := make([][2]string, n)
	for i := range out {
		if r.IntN(100) == 0 {
			out[i] = dirty[r.IntN(len(dirty))]
		} else {
			out[i] = clean[r.IntN(len(clean))]
		}
	}
	return out
}

func BenchmarkScan(b *testing.B) {
	corpus := benchCorpus(10000)
	found := 0
	for _, c := range corpus {
		found += len(Scan(c[0], c[1]))
	}
	if found == 0 {
		b.Fatal("corpus has no detections")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, c := range corpus {
			Scan(c[0], c[1])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(corpus)), "ns/value")
}

func BenchmarkMaskValue(b *testing.B) {
	corpus := benchCorpus(10000)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range corpus {
			MaskValue(c[0], c[1])
		}
	}
}

func ExampleMaskValue() {
	fmt.Println(MaskValue("Authorization", "Bearer ghp_"+"62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"))
	fmt.Println(MaskURL("https://user:hunter22@db.example.com/path?api_key=abc123&page=2"))
	fmt.Println(MaskValue("GITHUB_TOKEN", "${GITHUB_TOKEN}"))
	// Output:
	// Bearer ghp_…****
	// https://user:****@db.example.com/path?api_key=****&page=2
	// ${GITHUB_TOKEN}
}
