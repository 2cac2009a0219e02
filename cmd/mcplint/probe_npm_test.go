package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// The real servers the probe tests run against are installed by .ci/run
// from .ci/npm/package.json at exact versions. Locally the tests skip when
// they are missing; with MCPLINT_REQUIRE_NPM=1 (CI) they fail instead.
func npmServer(t *testing.T, pkg string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", ".ci", "npm", "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js"))
	if err != nil {
		t.Fatal(err)
	}
	_, nodeErr := exec.LookPath("node")
	if _, err := os.Stat(p); err != nil || nodeErr != nil {
		if os.Getenv("MCPLINT_REQUIRE_NPM") != "" {
			t.Fatalf("%s is not installed (run npm install --prefix .ci/npm): %v %v", pkg, err, nodeErr)
		}
		t.Skipf("%s not installed (npm install --prefix .ci/npm)", pkg)
	}
	return p
}

// snapshotToolNames reads the tool names of a snapshot probe wrote.
func snapshotToolNames(t *testing.T, dir, server string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ".mcplint", "tools", server+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Server string
		Tools  []struct {
			Name        string
			Description string
			InputSchema map[string]any
		}
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Server != server {
		t.Errorf("snapshot names server %q", s.Server)
	}
	var names []string
	for _, tl := range s.Tools {
		if tl.Description == "" || tl.InputSchema["type"] != "object" {
			t.Errorf("%s: tool %q lacks a description or an object input schema", server, tl.Name)
		}
		names = append(names, tl.Name)
	}
	return names
}

// everythingTools are the tools server-everything 2026.8.31 lists.
var everythingTools = []string{"echo", "get-annotated-message", "get-env", "get-resource-links", "get-resource-reference",
	"get-structured-content", "get-sum", "get-tiny-image", "gzip-file-as-resource", "simulate-research-query",
	"toggle-simulated-logging", "toggle-subscriber-updates", "trigger-long-running-operation"}

// filesystemTools are the tools server-filesystem 2026.8.31 lists.
var filesystemTools = []string{"create_directory", "directory_tree", "edit_file", "get_file_info", "list_allowed_directories",
	"list_directory", "list_directory_with_sizes", "move_file", "read_file", "read_media_file", "read_multiple_files",
	"read_text_file", "search_files", "write_file"}

func sameNames(t *testing.T, what string, got, want []string) {
	t.Helper()
	got = append([]string(nil), got...)
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s lists %d tools:\n  %s\nwant %d:\n  %s", what, len(got), strings.Join(got, " "), len(want), strings.Join(want, " "))
	}
}

func TestProbeRealStdioServers(t *testing.T) {
	t.Parallel() // touches no package global, no working folder, no environment
	everything := npmServer(t, "server-everything")
	filesystem := npmServer(t, "server-filesystem")
	dir := t.TempDir()
	writeJSONFile(t, filepath.Join(dir, ".mcp.json"), map[string]any{"mcpServers": map[string]any{
		"everything": map[string]any{"command": "node", "args": []string{everything, "stdio"}},
		"filesystem": map[string]any{"command": "node", "args": []string{filesystem, dir}},
	}})
	code, out, errs := runCLI(t, "probe", "--yes", "--no-config", dir)
	if code != exitOK {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	sameNames(t, "server-everything over stdio", snapshotToolNames(t, dir, "everything"), everythingTools)
	sameNames(t, "server-filesystem", snapshotToolNames(t, dir, "filesystem"), filesystemTools)
	b, _ := os.ReadFile(filepath.Join(dir, ".mcplint", "tools", "everything.json"))
	for _, want := range []string{`"prompts": [`, `"resources": [`, `"serverInfo": {`, `"capabilities": {`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("everything snapshot lacks %s", want)
		}
	}
	// The snapshots and pins are what check reads: the real tool count
	// reaches the budget facts (no error from reading them).
	code, out, errs = runCLI(t, "check", "--no-config", "--format", "json", dir)
	if code == exitUsage || code == exitInternal || strings.Contains(out, "schema/parse-error") {
		t.Errorf("check: exit %d\n%s%s", code, out, errs)
	}
}

// startNode runs a server-everything HTTP mode on a free port and waits
// until it accepts connections.
func startNode(t *testing.T, script, mode string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command("node", script, mode)
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return "http://" + addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("server-everything %s did not listen on %s", mode, addr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestProbeRealHTTPServers(t *testing.T) {
	t.Parallel()
	everything := npmServer(t, "server-everything")
	httpURL := startNode(t, everything, "streamableHttp")
	sseURL := startNode(t, everything, "sse")
	dir := t.TempDir()
	writeJSONFile(t, filepath.Join(dir, ".mcp.json"), map[string]any{"mcpServers": map[string]any{
		"everything-http": map[string]any{"type": "http", "url": httpURL + "/mcp", "headers": map[string]string{"X-Probe": "1"}},
		"everything-sse":  map[string]any{"type": "sse", "url": sseURL + "/sse"},
	}})
	// No terminal: a server sent a header needs --yes.
	code, out, errs := cli{}.run(t, "probe", "--yes", "--no-config", dir)
	if code != exitOK {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	sameNames(t, "server-everything over streamable HTTP", snapshotToolNames(t, dir, "everything-http"), everythingTools)
	sameNames(t, "server-everything over SSE", snapshotToolNames(t, dir, "everything-sse"), everythingTools)
}
