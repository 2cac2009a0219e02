package facts

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
)

// TrustFact holds approval fields and how the server's client ranks and
// approves its copies.
type TrustFact struct {
	AutoApprove  []string `json:"auto_approve"`
	TrustAll     bool     `json:"trust_all"`
	ApprovalMode string   `json:"approval_mode"`
	Pointer      string   `json:"pointer"`
	// AutoApproveItems are the entries of Cline's/Kiro's autoApprove and
	// Roo's/Kilo's alwaysAllow, each with its place and whether it lets a
	// tool that changes things run without asking.
	AutoApproveItems []ApproveItem `json:"auto_approve_items"`
	// TrustPointer is where Gemini's "trust" is written ("" when absent).
	TrustPointer string `json:"trust_pointer"`
	// ApprovalModePointer is where Codex's default_tools_approval_mode is
	// written ("" when absent).
	ApprovalModePointer string `json:"approval_mode_pointer"`
	// ToolApprovals are Codex's per-tool tools.<tool>.approval_mode.
	ToolApprovals []ToolApprovalFact `json:"tool_approvals"`
	// Approved says whether a Claude Code project server is approved
	// (enabledMcpjsonServers or enableAllProjectMcpServers) by the
	// project's own settings files (.claude/settings.json and
	// .claude/settings.local.json). The user's and managed settings are
	// documents of the input (their settings); approvals kept in
	// ~/.claude.json projects[<dir>] are not seen yet.
	Approved bool `json:"approved"`
	// ApprovedBy names the file and key that approve it.
	ApprovedBy string `json:"approved_by"`
	// ClientName is the client's display name ("Claude Code").
	ClientName string `json:"client_name"`
	// Precedence is the client's tier order, highest first (empty when
	// the client keeps separate collections).
	Precedence []string `json:"precedence"`
	// TierRank is the position of the server's tier in Precedence (0 is
	// highest), or -1 when the client does not rank it.
	TierRank int `json:"tier_rank"`
	// FieldMerge is true for clients that merge a name's copies field by
	// field (Codex, OpenCode, Zed) instead of running one whole copy.
	FieldMerge bool `json:"field_merge"`
}

// ApproveItem is one entry of an auto-approve list.
type ApproveItem struct {
	Tool    string `json:"tool"`
	Pointer string `json:"pointer"`
	// All is true for "*" (every tool of the server).
	All bool `json:"all"`
	// Writes is true when the tool's name says it changes something
	// (create_issue, deleteFile, browser_click, run_query …), or for "*".
	Writes bool `json:"writes"`
}

// ToolApprovalFact is one Codex tools.<tool>.approval_mode.
type ToolApprovalFact struct {
	Tool    string `json:"tool"`
	Mode    string `json:"mode"`
	Pointer string `json:"pointer"`
	// Writes is true when the tool's name says it changes something.
	Writes bool `json:"writes"`
}

// PinFact is oceancode's trust pin for the server.
type PinFact struct {
	// Hash is the pin of the definition as it is now (loader.PinHash).
	Hash string `json:"hash"`
	// Pinned is the hash recorded in trust.json mcp_hashes ("" when none
	// is known). It is read when the loader holds the server because the
	// pin no longer matches.
	Pinned string `json:"pinned"`
	// Source is the display path of the trust.json that holds the pin.
	Source string `json:"source"`
	// Drift is true when the command (stdio) or URL no longer matches the
	// pin, so oceancode holds the server untrusted again.
	Drift bool `json:"drift"`
	// Definition is a keyed hash of the whole normalised definition
	// (transport, command, args, env, url, headers, cwd, approvals):
	// equal for copies that would run the same server. The key is random
	// per process, so the value identifies nothing outside one run.
	Definition string `json:"definition"`
}

// ToolsFact is what is known about the server's tools.
type ToolsFact struct {
	// Count is the known number of tools, 0 when they are unknown
	// (policies then use config.budget.tools_per_server).
	Count int  `json:"count"`
	Known bool `json:"known"`
	// Names are known tool names (from tool snapshots).
	Names []string `json:"names"`
	// Hints are the known tools' behaviour hints (readOnlyHint, …).
	Hints []ToolHintFact `json:"hints"`
}

// precedenceNames is each client's tier precedence as the strings of
// TrustFact.Precedence, made once and shared by the servers' facts (which
// nothing changes once built).
var precedenceNames = sync.OnceValue(func() map[*loader.Client][]string {
	out := make(map[*loader.Client][]string, len(loader.Clients))
	for _, c := range loader.Clients {
		names := make([]string, 0, len(c.Precedence))
		for _, tier := range c.Precedence {
			names = append(names, string(tier))
		}
		out[c] = names
	}
	return out
})

// trustFacts fills the trust, pin and tools facts of a server.
func trustFacts(sf *ServerFact, s *loader.Server) {
	t := &sf.Trust
	t.AutoApproveItems = []ApproveItem{}
	t.ToolApprovals = []ToolApprovalFact{}
	t.Precedence = []string{}
	t.TierRank = -1
	if c := loader.Clients[s.Client]; c != nil {
		t.ClientName = c.Name
		t.FieldMerge = c.FieldMerge
		names, shared := precedenceNames()[c]
		for i, tier := range c.Precedence {
			if !shared {
				t.Precedence = append(t.Precedence, string(tier))
			}
			if tier == s.Tier {
				t.TierRank = i
			}
		}
		if shared {
			t.Precedence = names
		}
	}
	if t.ClientName == "" {
		t.ClientName = s.Client
	}
	if s.Via != "" || (s.Client == "claude-code" && s.Tier == loader.TierPlugin) {
		// Only oceancode reads the copy this way: Cursor's and OpenCode's
		// files, and a plugin's .mcp.json folded by name with the user's
		// (Claude Code keeps a plugin's servers under the plugin's name).
		t.ClientName = "oceancode"
	}
	if s.Doc != nil && s.Doc.Unsure {
		t.ClientName = "the client that loads this file"
	}
	if n := s.Node; n != nil && n.Kind == syntax.Object {
		for _, k := range []string{"autoApprove", "alwaysAllow"} {
			m := n.Member(k)
			if m == nil || m.Value.Kind != syntax.Array {
				continue
			}
			for i, it := range m.Value.Items {
				name, ok := it.Str()
				if !ok {
					continue
				}
				all := strings.TrimSpace(name) == "*"
				t.AutoApproveItems = append(t.AutoApproveItems, ApproveItem{
					Tool: name, Pointer: s.Pointer + "/" + k + "/" + strconv.Itoa(i),
					All: all, Writes: all || WriteTool(name),
				})
			}
		}
		if m := n.Member("trust"); m != nil {
			t.TrustPointer = s.Pointer + "/trust"
		}
		if m := n.Member("default_tools_approval_mode"); m != nil {
			t.ApprovalModePointer = s.Pointer + "/default_tools_approval_mode"
		}
		if tools := n.Get("tools"); tools != nil && tools.Kind == syntax.Object && s.Client == "codex" {
			for _, tm := range tools.Members {
				if mode, ok := tm.Value.Get("approval_mode").Str(); ok {
					t.ToolApprovals = append(t.ToolApprovals, ToolApprovalFact{Tool: tm.Key, Mode: mode,
						Pointer: s.Pointer + "/tools/" + syntax.EscapePointerToken(tm.Key) + "/approval_mode", Writes: WriteTool(tm.Key)})
				}
			}
		}
	}
	if s.Client == "claude-code" && s.Tier == loader.TierProject {
		t.Approved, t.ApprovedBy = s.Approved, s.ApprovedBy
	}

	pinFacts(&sf.Pin, s)
	sf.Pin.Definition = definitionHash(s)

	registryAndToolFacts(sf, s)
}

// pinFacts records the oceancode pin of s and whether it still matches.
func pinFacts(p *PinFact, s *loader.Server) {
	p.Pinned, p.Source = s.PinnedHash, s.PinSource
	p.Drift = s.PinnedHash != "" && s.PinnedHash != p.Hash
}

// definitionKey keys the definition hashes of one process.
var definitionKey = func() []byte {
	k := make([]byte, 32)
	_, _ = rand.Read(k)
	return k
}()

// definitionMACs holds HMACs keyed with definitionKey for reuse: after
// its first Reset an HMAC restores the state after the padded key instead
// of hashing the key again.
var definitionMACs = sync.Pool{New: func() any {
	return &definitionMAC{mac: hmac.New(sha256.New, definitionKey), buf: make([]byte, 0, 256)}
}}

// definitionMAC is a pooled HMAC with the buffer a definition is written
// into.
type definitionMAC struct {
	mac hash.Hash
	buf []byte
}

// definitionHash is a keyed hash of everything that makes two copies of a
// server the same server: a policy can compare two copies without ever
// seeing their values. Only equality means anything (the key is new in
// every process), so the definition is written in an encoding that tells
// two definitions apart exactly when their JSON does: each string after
// its length (with every byte that is not UTF-8 alike, as JSON writes
// each as the escape \ufffd), each list after its count, a missing list
// apart from an empty one.
func definitionHash(s *loader.Server) string {
	pairs := func(b []byte, ps []loader.Pair) []byte {
		out := make([][2]string, 0, len(ps))
		for _, p := range ps {
			out = append(out, [2]string{p.Key, p.Value})
		}
		sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
		b = binary.AppendUvarint(b, uint64(len(out)))
		for _, p := range out {
			b = appendDefString(appendDefString(b, p[0]), p[1])
		}
		return b
	}
	strs := func(b []byte, ss []string) []byte {
		if ss == nil {
			return append(b, 0) // JSON's null, which the hash once was of
		}
		b = binary.AppendUvarint(b, uint64(len(ss))+1)
		for _, x := range ss {
			b = appendDefString(b, x)
		}
		return b
	}
	auto := append([]string(nil), s.Trust.AutoApprove...)
	sort.Strings(auto)
	m := definitionMACs.Get().(*definitionMAC)
	b := appendDefString(m.buf[:0], s.Transport)
	b = appendDefString(b, s.Command)
	b = strs(b, s.Args)
	b = pairs(b, s.Env)
	b = appendDefString(b, strings.TrimSpace(s.URL))
	b = pairs(b, s.Headers)
	b = appendDefString(b, s.Cwd)
	b = appendDefString(b, s.EnvFile)
	b = strs(b, auto)
	if s.Trust.TrustAll {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = appendDefString(b, s.Trust.ApprovalMode)
	m.mac.Reset()
	m.mac.Write(b)
	var sum [sha256.Size]byte
	var h [24]byte
	hex.Encode(h[:], m.mac.Sum(sum[:0])[:12])
	if m.buf = b[:0]; cap(b) > 1<<16 {
		m.buf = make([]byte, 0, 256) // a huge definition's buffer is not kept
	}
	definitionMACs.Put(m)
	return string(h[:])
}

func appendDefString(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		var v strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				v.WriteByte(0xff) // never in UTF-8: apart from U+FFFD itself
			} else {
				v.WriteString(s[i : i+size])
			}
			i += size
		}
		s = v.String()
	}
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// readVerbs start a tool name that only reads.
var readVerbs = map[string]bool{
	"get": true, "list": true, "read": true, "search": true, "fetch": true, "query": true, "describe": true,
	"view": true, "find": true, "show": true, "lookup": true, "check": true, "count": true, "inspect": true,
	"explain": true, "analyze": true, "analyse": true, "preview": true, "peek": true, "stat": true, "status": true,
	"info": true, "browse": true, "resolve": true, "validate": true, "lint": true, "diff": true, "summarize": true,
	"retrieve": true, "load": true, "scan": true, "snapshot": true, "screenshot": true, "whoami": true,
}

// writeWords are words of a tool name that change something.
var writeWords = map[string]bool{
	"write": true, "create": true, "delete": true, "remove": true, "update": true, "edit": true, "push": true,
	"exec": true, "execute": true, "run": true, "send": true, "post": true, "put": true, "patch": true,
	"deploy": true, "merge": true, "move": true, "rename": true, "insert": true, "drop": true, "kill": true,
	"commit": true, "upload": true, "modify": true, "apply": true, "shell": true, "command": true, "destroy": true,
	"publish": true, "transfer": true, "pay": true, "charge": true, "approve": true, "close": true, "archive": true,
	"fork": true, "invite": true, "grant": true, "revoke": true, "set": true, "add": true, "reply": true,
	"comment": true, "upsert": true, "replace": true, "reset": true, "restart": true, "stop": true, "start": true,
	"terminate": true, "cancel": true, "assign": true, "lock": true, "unlock": true, "enable": true,
	"disable": true, "install": true, "uninstall": true, "save": true, "store": true, "import": true,
	"submit": true, "trigger": true, "invoke": true, "click": true, "type": true, "fill": true, "press": true,
	"drag": true, "select": true, "navigate": true, "evaluate": true, "eval": true, "bash": true,
	"terminal": true, "mutate": true, "mutation": true, "purge": true, "truncate": true, "clear": true,
	"scale": true, "rollback": true, "release": true, "revert": true, "rebase": true, "checkout": true,
	"clone": true, "transition": true, "schedule": true, "book": true, "order": true, "buy": true, "sell": true,
	"refund": true, "sign": true, "email": true, "message": true, "notify": true, "tweet": true, "share": true,
	"manage": true, "migrate": true, "overwrite": true, "append": true, "mkdir": true, "rm": true, "mv": true,
	"cp": true, "chmod": true, "sql": true, "script": true, "spawn": true, "launch": true,
}

// WriteTool reports whether a tool's name says it changes something:
// a name that starts with a read verb (get_, list_, searchCode) reads;
// otherwise any write word makes it a write (create_issue, browser_click,
// deleteFile, run_query).
func WriteTool(name string) bool {
	words := toolWords(name)
	if len(words) == 0 {
		return false
	}
	if readVerbs[words[0]] {
		return false
	}
	for _, w := range words {
		if writeWords[w] {
			return true
		}
	}
	return false
}

// toolWords splits a tool name into lower-case words at separators and
// camelCase boundaries: "browser_click" → [browser click],
// "deleteFile" → [delete file], "HTTPRequest" → [http request].
func toolWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && len(cur) > 0 &&
			(unicode.IsLower(cur[len(cur)-1]) || unicode.IsDigit(cur[len(cur)-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}
