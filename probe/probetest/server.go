// Package probetest is an MCP server for tests of probe: its tools,
// instructions and behaviour come from environment variables, so a test
// can change a tool's description between two runs, make the server hang,
// or learn whether a variable reached it. Tests run it by re-executing
// their own binary (see Main).
package probetest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Environment variables the server reads.
const (
	EnvMode    = "PROBETEST_MODE"    // "stdio" runs the server; "hang" never answers; "spawn" serves and leaves a child; "fail" exits; "endless" pages without end
	EnvTools   = "PROBETEST_TOOLS"   // file with a JSON list of tools (read at start)
	EnvRecord  = "PROBETEST_RECORD"  // a file created when the server starts
	EnvEcho    = "PROBETEST_ECHO"    // a variable name: the "echo" tool's description says whether it is set
	EnvCompare = "PROBETEST_COMPARE" // with EnvEcho: a file holding the value it must have
	EnvLeak    = "PROBETEST_LEAK"    // with EnvEcho: also put the value itself in the description
	EnvPage    = "PROBETEST_PAGE"    // page size of every list
	EnvInstr   = "PROBETEST_INSTRUCTIONS"
	EnvChild   = "PROBETEST_CHILD" // mode "spawn": file that gets the child's pid
)

// Main runs the server when the environment asks for it and exits; it
// returns at once otherwise. Call it first in TestMain.
func Main() {
	mode := os.Getenv(EnvMode)
	if mode == "" {
		return
	}
	if p := os.Getenv(EnvRecord); p != "" {
		_ = os.WriteFile(p, []byte("started\n"), 0o644)
	}
	switch mode {
	case "fail":
		// Exit at once, printing the value of the variable EnvEcho names.
		fmt.Fprintf(os.Stderr, "fatal: token %s refused\n", os.Getenv(os.Getenv(EnvEcho)))
		os.Exit(1)
	case "hang":
		time.Sleep(time.Hour)
		os.Exit(0)
	case "endless":
		endless()
		os.Exit(0)
	case "spawn":
		// Leave a child behind that outlives the server unless its
		// process group is killed; its pid goes to EnvChild.
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), EnvMode+"=hang", EnvRecord+"=")
		if err := child.Start(); err == nil {
			_ = os.WriteFile(os.Getenv(EnvChild), []byte(strconv.Itoa(child.Process.Pid)), 0o644)
		}
	}
	s, err := FromEnv(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// endless answers initialize, then every tools/list with an empty page
// and a new cursor, for ever: a server that would page a client without
// end.
func endless() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for in.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(in.Bytes(), &req) != nil || len(req.ID) == 0 {
			continue // a notification
		}
		var result any
		switch req.Method {
		case "initialize":
			result = map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "endless", "version": "1.0.0"}}
		case "tools/list":
			n++
			result = map[string]any{"tools": []any{}, "nextCursor": "page-" + strconv.Itoa(n)}
		default:
			result = map[string]any{}
		}
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
		fmt.Println(string(b))
	}
}

// FromEnv builds the server from the variables above.
func FromEnv(getenv func(string) string) (*mcp.Server, error) {
	var tools []*mcp.Tool
	if p := getenv(EnvTools); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &tools); err != nil {
			return nil, err
		}
	}
	if name := getenv(EnvEcho); name != "" {
		got := "no"
		want, _ := os.ReadFile(getenv(EnvCompare))
		if v := getenv(name); v != "" && v == string(want) {
			got = "yes"
		}
		if getenv(EnvLeak) != "" {
			got += " (" + getenv(name) + ")"
		}
		tools = append(tools, &mcp.Tool{Name: "echo", Description: "token received: " + got,
			InputSchema: map[string]any{"type": "object"}})
	}
	page, _ := strconv.Atoi(getenv(EnvPage))
	return New(tools, getenv(EnvInstr), page), nil
}

// New is a server offering tools, one prompt and one resource, listing
// page items a page (0: the SDK's default).
func New(tools []*mcp.Tool, instructions string, page int) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "probetest", Version: "1.0.0"}, &mcp.ServerOptions{Instructions: instructions, PageSize: page})
	for _, t := range tools {
		if t.InputSchema == nil {
			t.InputSchema = map[string]any{"type": "object"}
		}
		s.AddTool(t, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	}
	s.AddPrompt(&mcp.Prompt{Name: "summarise", Description: "Summarise the notes"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	s.AddResource(&mcp.Resource{Name: "readme", URI: "notes://readme", Description: "The notes' readme", MIMEType: "text/plain"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{}, nil
	})
	return s
}

// Handlers serve s over streamable HTTP (at /mcp) and legacy SSE (at
// /sse), with an optional required header.
func Handlers(s *mcp.Server, header, value string) http.Handler {
	mux := http.NewServeMux()
	get := func(*http.Request) *mcp.Server { return s }
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(get, nil))
	mux.Handle("/sse", mcp.NewSSEHandler(get, nil))
	if header == "" {
		return mux
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(header) != value {
			http.Error(w, "unauthorised", http.StatusUnauthorized)
			return
		}
		mux.ServeHTTP(w, r)
	})
}
