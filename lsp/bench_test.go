package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/rules"
)

// fiftyServers is a .mcp.json with 50 servers of the usual kinds: pinned
// npx and uvx packages with env references, remote servers with headers;
// every tenth has a problem (plain http, an unpinned package, a literal
// key) so the round publishes findings. version makes each text differ.
func fiftyServers(version int) string {
	var b strings.Builder
	b.WriteString("{\n  \"mcpServers\": {\n")
	for i := 0; i < 50; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		switch i % 5 {
		case 0, 1:
			pkg := fmt.Sprintf("@acme/mcp-server-%d@1.%d.0", i, i)
			if i%10 == 1 {
				pkg = fmt.Sprintf("@acme/mcp-server-%d", i)
			}
			token := fmt.Sprintf("${ACME_%d_TOKEN}", i)
			if i == 20 {
				token = fakeToken()
			}
			fmt.Fprintf(&b, "    \"tool-%d\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", %q, \"--verbose\"],\n      \"env\": { \"ACME_TOKEN\": %q, \"LOG_LEVEL\": \"info\" }\n    }", i, pkg, token)
		case 2:
			fmt.Fprintf(&b, "    \"py-%d\": {\n      \"command\": \"uvx\",\n      \"args\": [\"mcp-server-py%d==2025.4.%d\"]\n    }", i, i, i)
		case 3:
			scheme := "https"
			if i%10 == 3 {
				scheme = "http"
			}
			fmt.Fprintf(&b, "    \"remote-%d\": {\n      \"type\": \"http\",\n      \"url\": \"%s://mcp%d.example.com/mcp\",\n      \"headers\": { \"Authorization\": \"Bearer ${REMOTE_%d_TOKEN}\" }\n    }", i, scheme, i, i)
		case 4:
			fmt.Fprintf(&b, "    \"docker-%d\": {\n      \"command\": \"docker\",\n      \"args\": [\"run\", \"-i\", \"--rm\", \"ghcr.io/acme/mcp-%d:1.0.%d\"]\n    }", i, i, i)
		}
	}
	fmt.Fprintf(&b, "\n  },\n  \"_revision\": %d\n}\n", version)
	return b.String()
}

// BenchmarkDiagnosticsAfterChange measures one round as an editor sees it:
// a didChange of an open 50-server .mcp.json (full text) until its
// publishDiagnostics arrives, with the server in process on pipes (JSON-RPC
// framing both ways, project load with the overlay, policy evaluation
// with the engine compiled once, diagnostics encoding).
func BenchmarkDiagnosticsAfterChange(b *testing.B) {
	proj := b.TempDir()
	file := filepath.Join(proj, ".mcp.json")
	writeFile(b, file, fiftyServers(0))
	c, _, _ := inProcess(b, Options{NoConfig: true})
	c.initialize(pathToURI(proj))
	uri := pathToURI(file)
	c.open(uri, fiftyServers(0), 1)
	p := c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return *p.Version == 1 })
	if !hasCode(p, "transport/https-only") {
		b.Fatalf("the 50-server file has no https-only finding: %+v", p.Diagnostics)
	}
	texts := []string{fiftyServers(1), fiftyServers(2)}
	b.ReportAllocs()
	b.ResetTimer()
	var worst time.Duration
	for i := 0; i < b.N; i++ {
		v := i + 2
		start := time.Now()
		c.change(uri, texts[i%2], v)
		c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version != nil && int(*p.Version) == v })
		worst = max(worst, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
}

// BenchmarkStartUntilFirstDiagnostics is the editor's start: compile the
// policies (rules.New, from the prebuilt encoding when it is current),
// start the server, initialize, open the 50-server file and wait for its
// first diagnostics. Target: well under 100 ms.
func BenchmarkStartUntilFirstDiagnostics(b *testing.B) {
	proj := b.TempDir()
	file := filepath.Join(proj, ".mcp.json")
	writeFile(b, file, fiftyServers(0))
	uri := pathToURI(file)
	b.ReportAllocs()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		eng, err := rules.New(context.Background(), nil)
		if err != nil {
			b.Fatal(err)
		}
		c, _, _ := inProcess(b, Options{NoConfig: true, Engine: eng})
		c.initialize(pathToURI(proj))
		c.open(uri, fiftyServers(0), 1)
		c.diagnostics(uri, func(p PublishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 1 })
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
}
