package main

import (
	"bytes"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// loopbackCounter listens on 127.0.0.1 and counts the connections made.
func loopbackCounter(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var n atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Write([]byte("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"))
			c.Close()
		}
	}()
	return ln.Addr().String(), &n
}

// probePolicy is a custom rule whose line 12 is body (and 13… more).
func probePolicy(id, body string) string {
	return `# METADATA
# title: Probe
# description: Tries what a policy may do.
# custom:
#   level: warning
package mcplint.custom.org["` + id + `"]

import data.mcplint.lib

report contains lib.at(s, s.url.pointer, "probe") if {
	some s in lib.servers("url")
	` + body + `
}
`
}

const probeProject = `{"mcpServers": {"api": {"type": "http", "url": "https://api.example.com/mcp"}}}`

// TestPolicySandboxDeniesBuiltins: a --policy module that calls a
// network, time, randomness or runtime built-in does not compile: exit 2
// with its file:line, and nothing reaches the network.
func TestPolicySandboxDeniesBuiltins(t *testing.T) {
	t.Parallel()
	addr, conns := loopbackCounter(t)
	for name, call := range map[string]string{
		"http.send":          `x := http.send({"method": "GET", "url": "http://` + addr + `/"}); x.status_code == 200`,
		"net.lookup_ip_addr": `x := net.lookup_ip_addr("localhost"); count(x) > 0`,
		"time.now_ns":        `time.now_ns() > 0`,
		"rand.intn":          `rand.intn("k", 10) >= 0`,
		"uuid.rfc4122":       `uuid.rfc4122("k") != ""`,
		"opa.runtime":        `opa.runtime().env != {}`,
		"trace":              `trace("x")`,
		"nested http.send":   `count([y | y := http.send({"method": "GET", "url": "http://` + addr + `/x"})]) > 0`,
	} {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{".mcp.json": probeProject, "policies/probe.rego": probePolicy("probe", call)})
		var out, errb bytes.Buffer
		code := run([]string{"check", "--policy", filepath.Join(root, "policies"), root}, &out, &errb)
		want := filepath.Join(root, "policies", "probe.rego") + ":12:"
		fn := strings.TrimPrefix(name, "nested ")
		if code != exitUsage || !strings.Contains(errb.String(), want) || !strings.Contains(errb.String(), fn+" is not available to policies") {
			t.Errorf("%s: exit %d, stderr %q (want %s)", name, code, errb.String(), want)
		}
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("%d connections reached the listener", n)
	}
	// The same listener is reachable, so 0 above means the policy never
	// tried, not that the port was closed.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	for deadline := time.Now().Add(2 * time.Second); conns.Load() == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if conns.Load() != 1 {
		t.Errorf("the listener did not count a real connection")
	}
}

// TestPolicyWithoutDescription: a --policy module whose METADATA has no
// description is the user's error (exit 2) with its file:line, not an
// internal one.
func TestPolicyWithoutDescription(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".mcp.json": probeProject, "policies/nodesc.rego": strings.Replace(probePolicy("nodesc", "s.url.host != \"\""), "# description: Tries what a policy may do.\n", "", 1)})
	var out, errb bytes.Buffer
	code := run([]string{"check", "--policy", filepath.Join(root, "policies"), root}, &out, &errb)
	if want := filepath.Join(root, "policies", "nodesc.rego") + ":1:"; code != exitUsage || !strings.Contains(errb.String(), want) || !strings.Contains(errb.String(), "description") {
		t.Errorf("exit %d, stderr %q, want %s", code, errb.String(), want)
	}
}

// TestPolicyDeadline: a policy that would run for hours is stopped at
// --policy-timeout with an error naming it, exit 2.
func TestPolicyDeadline(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs a policy for a second")
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".mcp.json": probeProject, "policies/slow.rego": probePolicy("slow",
		"some i in numbers.range(1, 200000)\n\tsome j in numbers.range(1, 200000)\n\ti * j == -1")})
	var out, errb bytes.Buffer
	start := time.Now()
	code := run([]string{"check", "--policy-timeout", "1s", "--policy", filepath.Join(root, "policies"), root}, &out, &errb)
	took := time.Since(start)
	if code != exitUsage || !strings.Contains(errb.String(), "slow.rego") || !strings.Contains(errb.String(), "--policy-timeout") || took > 4*time.Second {
		t.Errorf("exit %d after %s, stderr %q", code, took, errb.String())
	}
	t.Logf("stopped after %s: %s", took.Round(10*time.Millisecond), strings.TrimSpace(errb.String()))
}

// TestPolicyHugeRange: count(numbers.range(0, 300000000)) takes minutes
// and gigabytes unguarded; the memory guard or the deadline stops it,
// naming the policy, exit 2.
func TestPolicyHugeRange(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs a policy up to its limits")
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".mcp.json": probeProject, "policies/huge.rego": probePolicy("huge", "count(numbers.range(0, 300000000)) > 0")})
	for _, c := range []struct {
		limits []string
		says   string
		within time.Duration
	}{
		{[]string{"--policy-timeout", "30s", "--policy-memory", "32"}, "--policy-memory", 20 * time.Second},
		{[]string{"--policy-timeout", "1s"}, "--policy-timeout", 4 * time.Second},
	} {
		var out, errb bytes.Buffer
		start := time.Now()
		code := run(append(append([]string{"check"}, c.limits...), "--policy", filepath.Join(root, "policies"), root), &out, &errb)
		took := time.Since(start)
		if code != exitUsage || !strings.Contains(errb.String(), "huge.rego") || !strings.Contains(errb.String(), c.says) || took > c.within {
			t.Errorf("%v: exit %d after %s, stderr %q", c.limits, code, took, errb.String())
		}
		t.Logf("%v: stopped after %s: %s", c.limits, took.Round(10*time.Millisecond), strings.TrimSpace(errb.String()))
	}
}

func TestPolicyLimitFlagsMustBePositive(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".mcp.json": probeProject})
	for _, args := range [][]string{{"--policy-timeout", "0s"}, {"--policy-timeout", "-1s"}, {"--policy-memory", "0"}} {
		var out, errb bytes.Buffer
		if code := run(append(append([]string{"check"}, args...), root), &out, &errb); code != exitUsage || !strings.Contains(errb.String(), args[0]) {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
