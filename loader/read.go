package loader

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/finding"
	"github.com/mcplint/mcplint/loader/syntax"
)

// run holds what every file read in one Load shares.
type run struct {
	// within is Plan.within: where a project's record files may lead.
	within func(real string) bool
	opts   Options
	wd     string
	nz     *normaliser
	// listings: Plan.listings
	listings map[string][]string
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// wideEncoding names the encoding of a UTF-16 or UTF-32 file, by its byte
// order mark or, without one, by where the NULs of its first character are
// (a config starts with an ASCII character: '{', '#', a letter, a space),
// or returns "".
func wideEncoding(src []byte) string {
	switch {
	case bytes.HasPrefix(src, []byte{0x00, 0x00, 0xFE, 0xFF}):
		return "UTF-32BE"
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE, 0x00, 0x00}):
		return "UTF-32LE"
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		return "UTF-16BE"
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		return "UTF-16LE"
	case len(src) >= 4 && src[0] == 0 && src[1] == 0 && src[2] == 0 && src[3] != 0:
		return "UTF-32BE"
	case len(src) >= 4 && src[0] != 0 && src[1] == 0 && src[2] == 0 && src[3] == 0:
		return "UTF-32LE"
	case len(src) >= 2 && src[0] == 0 && src[1] != 0:
		return "UTF-16BE"
	case len(src) >= 2 && src[0] != 0 && src[1] == 0:
		return "UTF-16LE"
	}
	return ""
}

// outsideOf is where abs leads when it is a link (or under a linked
// folder) leading outside the PATHs and --home, else "": a record file of
// a project (a tool snapshot, the pins file) is confined like its configs.
func (l *run) outsideOf(abs string) string {
	if l.within == nil {
		return ""
	}
	if _, open := l.opts.Overlay[abs]; open {
		return ""
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil && !l.within(real) {
		return real
	}
	return ""
}

// mayHoldRecords is false when discovery listed dir and it has no
// .mcplint entry (compared as a case-insensitive file system would): a
// lookup in every project folder for a record folder most projects lack
// costs a system call each. Unlisted folders may hold anything.
func (l *run) mayHoldRecords(dir string) bool { return mayHold(l.listings, dir, ".mcplint") }

// MayHold is false when discovery listed dir and no entry there is name
// (as for the record files, see run.mayHoldRecords): a caller looking for a file
// in every project folder can skip the system call there.
func (ws *Workspace) MayHold(dir, name string) bool { return mayHold(ws.listings, dir, name) }

func mayHold(listings map[string][]string, dir, name string) bool {
	names, ok := listings[filepath.Clean(dir)]
	if !ok || names == nil {
		return true
	}
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// read loads one candidate. It never fails: every problem is a finding on
// the document, and the document is returned so list shows it. The one
// exception is a walked file whose common name (server.json) matched but
// whose content is not an MCP document: it is not MCP's, and read returns
// a nil document.
// readSafe is read, with a failure of mcplint itself on one file (a panic)
// reported at that file as an internal error instead of ending the run:
// the other files are still read and checked.
func (l *run) readSafe(c candidate) (doc *Document, fs []finding.Finding, apply func(*state)) {
	defer func() {
		if r := recover(); r != nil {
			doc = &Document{Path: l.displayPath(c.abs), AbsPath: c.abs, Explicit: c.explicit, Kind: KindUnknown, ParseFailed: true}
			if c.pat != nil {
				doc.Kind, doc.Client, doc.Tier, doc.Format = c.pat.kind, c.pat.client, c.pat.tier, c.pat.format
			}
			doc.Error = fmt.Sprintf("mcplint failed on this file (internal error: %v); it was not checked: please report this with the file's shape", r)
			fs = []finding.Finding{l.finding(doc, "schema/unreadable", finding.Error, 0, 0, doc.Error)}
			apply = nil
		}
	}()
	return l.read(c)
}

// readHook is called with each file's path before it is read; tests use
// it to make mcplint itself fail on one file.
var readHook func(path string)

func (l *run) read(c candidate) (doc *Document, fs []finding.Finding, apply func(*state)) {
	if readHook != nil {
		readHook(c.abs)
	}
	r := &docRead{run: l, doc: l.newDocument(c)}
	src, ok := r.source(c)
	if !ok || !r.decodable(src) {
		return r.doc, r.fs, nil
	}
	d, st := r.parse(c, src)
	switch st {
	case notMCP:
		return nil, nil, nil
	case readFailed:
		return r.doc, r.fs, nil
	}
	doc = r.doc
	if d == dNone {
		if c.generic {
			return nil, nil, nil
		}
		if c.explicit {
			r.fs = append(r.fs, l.finding(doc, "schema/empty", finding.Info, 0, 0,
				"no MCP server definitions found: the file has none of the keys a client reads (mcpServers, servers, mcp, mcp_servers, context_servers, extensions) and is not a registry or catalogue document"))
		}
		return doc, r.fs, nil
	}
	doc.Servers, apply = l.nz.servers(doc, d)
	for _, s := range doc.Servers {
		if s.Project == "" && (s.Tier == TierProject || s.Tier == TierLocal || s.Tier == TierAgent) {
			s.Project = doc.ProjectDir
		}
	}
	if doc.Format == syntax.JSON || doc.Format == syntax.JSONC {
		servers := make(map[int]bool, len(doc.Servers))
		for _, s := range doc.Servers {
			servers[s.KeyStart] = true
		}
		r.fs = append(r.fs, l.duplicateKeys(doc, doc.File.Root, servers)...)
	}
	return doc, r.fs, apply
}

// newDocument is a candidate's document before it is read: its path, and
// what its place says of its kind, client, tier and format.
func (l *run) newDocument(c candidate) *Document {
	doc := &Document{Path: l.displayPath(c.abs), AbsPath: c.abs, Explicit: c.explicit, Context: c.context, ProjectDir: c.projectDir, Kind: KindUnknown}
	if c.pat != nil {
		doc.Kind, doc.Client, doc.Tier, doc.Format, doc.Variant = c.pat.kind, c.pat.client, c.pat.tier, c.pat.format, c.pat.variant
		if doc.Tier != TierProject && doc.Tier != TierLocal && doc.Tier != TierAgent {
			doc.ProjectDir = ""
		}
	}
	if doc.ProjectDir != "" {
		doc.ProjectNames = l.listings[filepath.Clean(doc.ProjectDir)]
	}
	return doc
}

// docRead is one document being read, with its findings so far.
type docRead struct {
	run *run
	doc *Document
	fs  []finding.Finding
}

// fail records an error that stops the file from being read.
func (r *docRead) fail(rule string, off int, msg string) {
	r.doc.ParseFailed = true
	if r.doc.Error == "" {
		r.doc.Error = msg
	}
	r.fs = append(r.fs, r.run.finding(r.doc, rule, finding.Error, off, off+1, msg))
}

// source reads the candidate's bytes (or an editor's unsaved text), within
// the size limit, refusing a link out of the checked folders and
// anything that is not a regular file.
func (r *docRead) source(c candidate) ([]byte, bool) {
	doc := r.doc
	limit := r.run.opts.MaxFileSize
	if limit <= 0 {
		limit = DefaultMaxFileSize
	}
	if c.pat != nil && c.pat.dialect == dClaudeJSON && limit < ClaudeJSONMaxSize {
		limit = ClaudeJSONMaxSize
	}
	tooBig := func(size int64) bool {
		if size <= limit {
			return false
		}
		r.fail("schema/limits", 0, fmt.Sprintf("the file is %s, over the %s that mcplint reads (--max-file-size); it was not read", human(size), human(limit)))
		return true
	}
	if src, ok := r.run.opts.Overlay[c.abs]; ok {
		// An editor's unsaved text stands in for the file on disk.
		doc.Size = int64(len(src))
		return src, !tooBig(doc.Size)
	}
	if c.outside != "" {
		doc.Outside = c.outside
		r.fail("schema/unreadable", 0, fmt.Sprintf("not read: the file is a link leading outside the folders being checked, to %s; name that file to check it (fix --fix-outside-roots edits it there)", c.outside))
		return nil, false
	}
	fi, err := os.Stat(c.abs)
	if err != nil {
		r.fail("schema/unreadable", 0, "cannot read the file: "+reason(err))
		return nil, false
	}
	if !fi.Mode().IsRegular() {
		// Reading a FIFO or a device could block forever.
		r.fail("schema/unreadable", 0, "cannot read the file: not a regular file")
		return nil, false
	}
	doc.Size = fi.Size()
	if tooBig(doc.Size) {
		return nil, false
	}
	src, err := os.ReadFile(c.abs)
	if err != nil {
		r.fail("schema/unreadable", 0, "cannot read the file: "+reason(err))
		return nil, false
	}
	return src, true
}

// decodable refuses text that is not UTF-8 and warns of a byte order
// mark.
func (r *docRead) decodable(src []byte) bool {
	doc := r.doc
	if enc := wideEncoding(src); enc != "" {
		// The text of a UTF-16 or UTF-32 file read as UTF-8 is every
		// character with NULs between: no detector or token rule sees a
		// secret in it, so no excerpt of it may be shown. The file is
		// refused with its first line empty.
		doc.File = syntax.NewFile(nil, doc.Format)
		r.fail("schema/encoding", 0, "the file is "+enc+"; mcplint reads UTF-8 only, so it was not read (save it as UTF-8: PowerShell 5's > and Out-File write UTF-16)")
		return false
	}
	doc.File = syntax.NewFile(src, doc.Format)
	if !utf8.Valid(src) {
		off := firstInvalidUTF8(src)
		r.fail("schema/encoding", off, fmt.Sprintf("invalid UTF-8 (byte 0x%02X); the file was not read further and mcplint never rewrites it", src[off]))
		return false
	}
	if bytes.HasPrefix(src, bom) {
		r.fs = append(r.fs, r.run.finding(doc, "schema/encoding", finding.Warning, 0, 3,
			"the file starts with a UTF-8 byte order mark; some clients refuse it (Claude Desktop wipes mcpServers when it reads one)"))
	}
	return true
}

// parseStatus says how parsing a document ended.
type parseStatus int

const (
	parsed     parseStatus = iota
	readFailed             // the document is reported and read no further
	notMCP                 // some other program's file: dropped without a word
)

// parse parses the text and works out the document's dialect: from its
// place, or by its content for a file recognised that way.
func (r *docRead) parse(c candidate, src []byte) (dialect, parseStatus) {
	l, doc := r.run, r.doc
	format := doc.Format
	if format == 0 {
		format = formatByExtension(c.abs)
	}
	// A file recognised by content is parsed leniently first; once its
	// client is known, a strict-JSON client gets a strict second pass.
	parseFormat := format
	if c.pat == nil && format == syntax.JSON {
		parseFormat = syntax.JSONC
	}
	f, perr := syntax.Parse(src, parseFormat)
	doc.File, doc.Format = f, format
	unconfirmed := c.pat != nil && c.pat.confirm != nil && (!c.explicit || c.generic)
	if perr != nil {
		if unconfirmed && !mentionsRegistry(src) || c.generic && (c.pat == nil || c.pat.confirm == nil) && !mentionsMCP(src) {
			// A server.json that does not parse and says nothing of the
			// registry is some other program's file; so is a file of a
			// generic name that says nothing of MCP servers.
			return dNone, notMCP
		}
		l.parseFailure(doc, perr, &r.fs)
		return dNone, readFailed
	}
	if unconfirmed && !c.pat.confirm(f.Root) {
		return dNone, notMCP
	}
	if c.generic && c.pat != nil && c.pat.confirm == nil && l.sniff(&Document{Format: doc.Format}, f.Root) == dNone {
		// A generic name (mcp_config.json) whose content has none of the
		// shapes of an MCP document.
		return dNone, notMCP
	}
	if format == syntax.YAML {
		// Parse reads the first document of a stream; the clients' YAML
		// readers refuse the whole file, so the servers after "---" would
		// be lost without a word.
		if off, two := syntax.YAMLSecondDocument(src); two {
			r.fs = append(r.fs, l.finding(doc, "schema/parse-error", finding.Error, off, off+3,
				"a second YAML document starts here: the client reads one document and refuses a file holding more (Goose, Continue), so none of its servers load; keep one document per file"))
		}
	}
	if c.pat != nil {
		return c.pat.dialect, parsed
	}
	d := l.sniff(doc, f.Root)
	doc.Sniffed = doc.Kind == KindClientConfig
	if c.team && (doc.Kind == KindTeamCatalogue || doc.Kind == KindRegistryList) {
		doc.Team = true
	}
	if doc.Format == syntax.JSON && strictJSON(doc.Client) {
		if f2, err := syntax.Parse(src, syntax.JSON); err != nil {
			doc.File = f2
			l.parseFailure(doc, err, &r.fs)
			return dNone, readFailed
		}
	}
	return d, parsed
}

func (l *run) parseFailure(doc *Document, err error, fs *[]finding.Finding) {
	var se *syntax.Error
	off, msg := 0, err.Error()
	if errors.As(err, &se) {
		off, msg = se.Offset, se.Msg
		src := doc.File.Src
		if off < len(src) && (src[off] == '\n' || src[off] == '\r') {
			msg += " (at end of line)"
		} else if off < len(src) {
			r, _ := utf8.DecodeRune(src[off:])
			msg += fmt.Sprintf(" (at %s)", describeRune(r, src[off]))
		} else {
			msg += " (at end of file)"
		}
		switch {
		case strings.Contains(se.Msg, "strict JSON") && doc.Client != "":
			// Say which client is strict instead of the parser's generic hint.
			msg += fmt.Sprintf("; %s reads %s as strict JSON (comments and trailing commas are JSONC only)", ClientName(doc.Client), filepath.Base(doc.Path))
		case se.Hint != "":
			msg += "; " + se.Hint
		}
	}
	doc.ParseFailed = true
	doc.Error = msg
	*fs = append(*fs, l.finding(doc, "schema/parse-error", finding.Error, off, off+1, fmt.Sprintf("%s does not parse: %s", strings.ToUpper(doc.Format.String()), msg)))
}

func describeRune(r rune, b byte) string {
	switch {
	case r == utf8.RuneError:
		return fmt.Sprintf("byte 0x%02X", b)
	case r < 0x20 || r == 0x7F:
		return fmt.Sprintf("control character U+%04X", r)
	case r < 0x80:
		return fmt.Sprintf("'%c', byte 0x%02X", r, b)
	}
	return fmt.Sprintf("'%c', U+%04X", r, r)
}

// ClientName is a client's display name ("Claude Code"), or its id.
func ClientName(id string) string {
	if c := Clients[id]; c != nil {
		return c.Name
	}
	return id
}

// strictJSON says whether a client's JSON reader rejects comments.
func strictJSON(client string) bool {
	switch client {
	case "vscode", "zed", "opencode", "gemini", "registry", "paseo", "":
		return false
	}
	return true
}

func formatByExtension(p string) syntax.Format {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".toml":
		return syntax.TOML
	case ".yaml", ".yml":
		return syntax.YAML
	case ".jsonc":
		return syntax.JSONC
	}
	return syntax.JSON
}

// finding builds a loader finding at a byte range of doc.
func (l *run) finding(doc *Document, rule string, level finding.Level, start, end int, msg string) finding.Finding {
	f := finding.Finding{Rule: rule, Level: level, Message: msg, File: doc.Path, Client: doc.Client, Tier: string(doc.Tier)}
	if doc.File != nil {
		if end > len(doc.File.Src) {
			end = len(doc.File.Src)
		}
		if end < start {
			end = start
		}
		f.Range = finding.Range{Start: doc.File.Position(start), End: doc.File.Position(end)}
	} else {
		p := syntax.Position{Line: 1, Column: 1, UTF16Column: 1, ByteColumn: 1}
		f.Range = finding.Range{Start: p, End: p}
	}
	return f
}

// mentionsRegistry says whether unparsable text still looks like it was
// meant as an MCP Registry server.json.
func mentionsRegistry(src []byte) bool {
	return bytes.Contains(src, []byte("server.schema")) || bytes.Contains(src, []byte(`"packages"`)) || bytes.Contains(src, []byte(`"remotes"`))
}

// mentionsMCP says whether unparsable text still names a key MCP clients
// read servers from.
func mentionsMCP(src []byte) bool {
	for _, k := range []string{"mcpServers", "mcp_servers", "context_servers", "servers", `"mcp"`, "extensions"} {
		if bytes.Contains(src, []byte(k)) {
			return true
		}
	}
	return mentionsRegistry(src)
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return 0
}

// reason strips the path from an OS error (the finding names the file).
func reason(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func human(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
