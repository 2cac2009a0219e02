package secret

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// Untrusted text: every string that comes from a scanned file (a server
// name, an env or header key, a value, a path, an excerpt, a message that
// quotes one) is printed through this file.
//
//   - Text masks what looks like a secret: what the detectors find, and any
//     token that contains a provider prefix or a random-looking run, glued
//     to other characters or not ("123ghp_…", "mcp__sk-proj-…__tool").
//   - Escape shows control, bidi and other invisible characters visibly
//     ("\x1b", "‹U+202E›") so a file cannot steer a terminal or a CI log.
//   - Display is both, for every human-readable output.
//   - Line and BrokenLine mask a source line keeping its columns; a line of
//     a file that does not parse is masked more widely, since the tree that
//     tells keys from values is missing.
//   - SecretLike and NameID hide a name or key from a policy while keeping
//     a stable, non-secret id to match on.

// Text returns s with every secret-like token masked. Machine formats (JSON,
// SARIF) use it as it is; human formats use Display.
func Text(s string) string {
	if len(s) < minRunLen && !hasPrefixHint(s) {
		return s
	}
	masked := MaskValue("", s)
	var b strings.Builder
	changed := false
	last := 0
	forTokens(masked, func(start, end int) {
		tok := masked[start:end]
		if !suspiciousToken(tok) {
			return
		}
		changed = true
		b.WriteString(masked[last:start])
		b.WriteString(Mask(tok))
		last = end
	})
	if !changed {
		return masked
	}
	b.WriteString(masked[last:])
	return b.String()
}

// Display is Escape(Text(s)): the form of untrusted text in every
// human-readable output.
func Display(s string) string { return Escape(Text(s)) }

// SecretLike reports whether a name or key (a server name, an env or
// header key) is itself secret-like and must not be shown or given to a
// policy as it is.
func SecretLike(s string) bool { return Text(s) != s }

// idKey keys the hash of NameID. A fixed key is enough: the id must be
// stable across runs (baselines, ignores) and must not reveal the name,
// and a 64-bit keyed hash of a random token reveals nothing useful.
var idKey = []byte("mcplint untrusted name id v1")

// NameID is a stable, non-secret stand-in for a secret-like name:
// "‹id-" and 12 hex digits of a keyed hash.
func NameID(s string) string {
	m := hmac.New(sha256.New, idKey)
	m.Write([]byte(s))
	return "‹id-" + hex.EncodeToString(m.Sum(nil)[:6]) + "›"
}

// Line masks a source line keeping every column: detector hits and every
// secret-like token become asterisks, one for each character. The line is
// expected to be masked by MaskSource already; Line adds the tokens only
// the token rule finds (a key that is a token, a glued token).
func Line(line string) string {
	return maskColumns(line, suspiciousToken, false)
}

// BrokenLine masks a line of a file that does not parse, more widely than
// Line: without a tree, a value cannot be told from a key, a secret may
// be split by a bad escape or broken across lines, and a credential no
// detector knows ("Cookie": "session=…") is only a long mixed token. Every
// token of 8 or more characters holding a digit or a capital after its
// first character, and the value of every assignment inside a token, is
// masked too.
func BrokenLine(line string) string {
	return maskColumns(line, func(tok string) bool { return suspiciousToken(tok) || brokenToken(tok) }, true)
}

// maskColumns replaces every token for which hide is true, and every
// detector hit, with asterisks, one per character. With assignments, the
// value of "name=value" inside a token is hidden too when it is 6 or more
// characters ("session=…").
func maskColumns(line string, hide func(string) bool, assignments bool) string {
	var out []byte
	var drop []bool
	put := func(start, end int) {
		if out == nil {
			out, drop = []byte(line), make([]bool, len(line))
		}
		for i := start; i < end; {
			_, size := utf8.DecodeRuneInString(line[i:])
			// Keep the column: one asterisk for a character, the rest of a
			// multi-byte character is dropped below.
			out[i] = '*'
			for j := 1; j < size; j++ {
				drop[i+j] = true
			}
			i += size
		}
	}
	for _, d := range Scan("", line) {
		put(d.Start, d.End)
	}
	forTokens(line, func(start, end int) {
		tok := line[start:end]
		if hide(tok) {
			put(start, end)
			return
		}
	})
	if assignments {
		// '=' separates tokens, so look at the text after each one. The
		// values of "a=b=c…" all end at the same place (found once while
		// the '=' stay before it): one that starts inside a value already
		// hidden is hidden too, and one longer than maxAssignValue is
		// hidden without a closer look, so the line is read a bounded
		// number of times however many '=' it has.
		end, hiddenTo := -1, 0
		for i := 0; i < len(line); i++ {
			if line[i] != '=' || i == 0 || !isTokenByte(line[i-1]) || i < hiddenTo {
				continue
			}
			if end < i+1 {
				end = i + 1
				for end < len(line) && !isAssignStop(line[end]) {
					end++
				}
			}
			j := end
			if v := line[i+1 : j]; len(v) > maxAssignValue || len(v) >= 6 && (brokenValue(v) || len(v) >= 16 && !isPathLike(v) && !plainWords(v)) {
				put(i+1, j)
				hiddenTo = j
			}
		}
	}
	if out == nil {
		return line
	}
	clean := out[:0]
	for i, c := range out {
		if !drop[i] {
			clean = append(clean, c)
		}
	}
	return string(clean)
}

// maxAssignValue is the longest value of an assignment in a broken line that
// BrokenLine looks at closely; a longer one is hidden.
const maxAssignValue = 256

func isAssignStop(c byte) bool {
	return c == '"' || c == '\'' || c == ';' || c == '&' || c == ',' || isSpace(c)
}

// isTokenByte is a byte that continues a token: letters, digits and the
// punctuation that credentials are made of. Everything else (space,
// quotes, brackets, ':', ',', '/', '=', '@', …) separates tokens.
func isTokenByte(c byte) bool {
	return isAlnum(c) || c == '_' || c == '-' || c == '.' || c == '+' || c == '~' || c == '%' || c == '\\'
}

// forTokens calls fn with the byte range of every token of s.
func forTokens(s string, fn func(start, end int)) {
	start := -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && isTokenByte(s[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			fn(start, i)
			start = -1
		}
	}
}

// minRunLen is the shortest alphanumeric run the token rule calls random.
const minRunLen = 12

// suspiciousToken reports whether a token contains a detected credential,
// a provider prefix followed by a key-like run, or a random-looking run.
func suspiciousToken(tok string) bool {
	// A prefix needs 10 key characters after it and a random run 12.
	if len(tok) < minRunLen {
		return false
	}
	// Detector hits are found on the whole text before tokens are looked
	// at (MaskValue, maskColumns); here only what they miss.
	if prefixedRun(tok) {
		return true
	}
	// Each alphanumeric run on its own.
	start := -1
	for i := 0; i <= len(tok); i++ {
		if i < len(tok) && isAlnum(tok[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			if randomRun(tok[start:i]) {
				return true
			}
			start = -1
		}
	}
	return false
}

// hasPrefixHint is a cheap test for a provider prefix anywhere in s.
func hasPrefixHint(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		for _, p := range prefixesAt(s, i) {
			if strings.HasPrefix(s[i:], p) {
				return true
			}
		}
	}
	return false
}

// prefixTable files the mask prefixes under their first two bytes: a
// two-byte key gives 1 + the index of its group in groups, or 0.
type prefixTable struct {
	index  [1 << 16]uint16
	groups [][]string
}

var prefixIndex = sync.OnceValue(func() *prefixTable {
	t := &prefixTable{}
	for _, p := range maskPrefixes {
		k := uint16(p[0])<<8 | uint16(p[1])
		if t.index[k] == 0 {
			t.groups = append(t.groups, nil)
			t.index[k] = uint16(len(t.groups))
		}
		t.groups[t.index[k]-1] = append(t.groups[t.index[k]-1], p)
	}
	return t
})

func prefixesAt(s string, i int) []string {
	t := prefixIndex()
	if g := t.index[uint16(s[i])<<8|uint16(s[i+1])]; g != 0 {
		return t.groups[g-1]
	}
	return nil
}

// prefixedRun reports whether tok contains a provider prefix (ghp_, sk-,
// xoxb-, AKIA, …) anywhere, followed by at least 8 key characters of which
// one is a digit or the run mixes cases: "trughp_…", "123ghp_…" (16 after
// a three-byte prefix).
func prefixedRun(tok string) bool {
	if len(tok) > 256 {
		return prefixedRunLong(tok)
	}
	for at := 0; at+1 < len(tok); at++ {
		for _, p := range prefixesAt(tok, at) {
			if !strings.HasPrefix(tok[at:], p) {
				continue
			}
			n, kinds := keyRun(tok[at+len(p):])
			if keyLike(p, n, kinds) {
				return true
			}
		}
	}
	return false
}

// Kinds of characters in a key-like run.
const (
	kindDigit = 1 << iota
	kindLower
	kindUpper
)

// keyRun is the length of the run of key characters (letters, digits, "_"
// and "-") that s starts with, and the kinds of characters in it.
func keyRun(s string) (n int, kinds uint8) {
	for n < len(s) && (isAlnum(s[n]) || s[n] == '_' || s[n] == '-') {
		kinds |= charKind(s[n])
		n++
	}
	return n, kinds
}

func charKind(c byte) uint8 {
	switch {
	case isDigit(c):
		return kindDigit
	case isLower(c):
		return kindLower
	case isUpper(c):
		return kindUpper
	}
	return 0
}

// keyLike: a prefix followed by 10 key characters (16 after a short
// prefix: "sk-" is in words, "task-manager-2") with a digit or both cases.
func keyLike(p string, n int, kinds uint8) bool {
	need := 10
	if len(p) < 4 {
		need = 16
	}
	return n >= need && (kinds&kindDigit != 0 || kinds&(kindLower|kindUpper) == kindLower|kindUpper)
}

// prefixedRunLong is prefixedRun for a long token in linear time: the run
// that follows each position is known from one pass from the end, instead
// of being read again after every prefix ("ghp_" written 75,000 times).
func prefixedRunLong(tok string) bool {
	runLen := make([]int32, len(tok)+1)
	runKinds := make([]uint8, len(tok)+1)
	for i := len(tok) - 1; i >= 0; i-- {
		if c := tok[i]; isAlnum(c) || c == '_' || c == '-' {
			runLen[i] = runLen[i+1] + 1
			runKinds[i] = runKinds[i+1] | charKind(c)
		}
	}
	for at := 0; at+1 < len(tok); at++ {
		for _, p := range prefixesAt(tok, at) {
			if strings.HasPrefix(tok[at:], p) && keyLike(p, int(runLen[at+len(p)]), runKinds[at+len(p)]) {
				return true
			}
		}
	}
	return false
}

// randomRun reports whether an alphanumeric run looks random rather than
// like a word, a camelCase name, a version or a number. It needs at least
// minRunLen characters, a letter, not only hex digits, and then one of:
// many characters in pieces no word has (oddPieces), capital runs beside
// lower case, short pieces on average (split at case and digit changes the
// way camelCase words are: "MIVozOH…" → MI Voz OH…, where a name splits
// into words of four or more), or few vowels (random letters hold about
// one in five, words about two in five).
func randomRun(r string) bool {
	if len(r) < minRunLen {
		return false
	}
	lowerHex, upperHex := true, true
	letters, vowels, lowers := 0, 0, 0
	for i := 0; i < len(r); i++ {
		c := r[i]
		if isLetter(c) {
			letters++
			if strings.IndexByte("aeiouyAEIOUY", c) >= 0 {
				vowels++
			}
		}
		if isLower(c) {
			lowers++
		}
		if !isDigit(c) && (c < 'a' || c > 'f') {
			lowerHex = false
		}
		if !isDigit(c) && (c < 'A' || c > 'F') {
			upperHex = false
		}
	}
	if letters == 0 || lowerHex || upperHex || shannon(r) < 3.0 {
		return false
	}
	if len(r) >= 16 && !single(r) && oddPieces(r)*4 >= len(r) {
		return true
	}
	if len(r) >= 20 && lowers > 0 && capitalRuns(r) >= 3 && (letters-lowers)*10 >= len(r)*3 {
		// Capitals a third of the time and in runs, beside lower case:
		// "QQNVIrudsYLDARHEe5gRFQKuu…".
		return true
	}
	pieces := camelPieces(r)
	single := single(r)
	switch {
	case !single && len(r) < 3*pieces:
		return true
	case len(r) >= 16 && vowels*4 < letters && !single:
		return true
	case len(r) >= 20 && vowels*5 < letters:
		return true
	case !single && len(r) < 4*pieces && vowels*10 < letters*3:
		return true
	}
	return false
}

// oddPieces counts the characters of r that are in no word-like piece: a
// name is made of words and numbers ("Client", "server", "HTTP", "2024");
// a random run is
// mostly single letters, two-letter pieces, long capital runs and mixed
// digits ("MI Voz OHTY Yg LFNGAST m A").
func oddPieces(r string) int {
	odd := 0
	forCamelPieces(r, func(p string) {
		switch {
		case isDigit(p[0]):
			// Numbers, dates and build ids are not secrets on their own.
		case isUpper(p[0]) && (len(p) == 1 || isUpper(p[1])):
			// A long capital run counts when it reads like no word.
			if len(p) > 4 && vowelCount(p)*4 < len(p) {
				odd += len(p)
			}
		case len(p) < 3 || len(p) == 3 && isUpper(p[0]):
			odd += len(p)
		}
	})
	return odd
}

// camelPieces counts the pieces of r split the way camelCase is read:
// "Abc", "ABC" before another capital, digits.
func camelPieces(r string) int {
	n := 0
	forCamelPieces(r, func(string) { n++ })
	return n
}

// forCamelPieces calls fn with each piece of r split the way camelCase is
// read: "Abc", "abc", "ABC" before another capital or the end, digits,
// and any other character alone.
func forCamelPieces(r string, fn func(string)) {
	for i := 0; i < len(r); {
		start := i
		c := r[i]
		switch {
		case isDigit(c):
			for i < len(r) && isDigit(r[i]) {
				i++
			}
		case isUpper(c):
			j := i
			for j < len(r) && isUpper(r[j]) {
				j++
			}
			if j-i > 1 {
				// An acronym; its last capital starts the next word when
				// a lower-case letter follows.
				if j < len(r) && isLower(r[j]) {
					j--
				}
				i = j
				break
			}
			i = j
			for i < len(r) && isLower(r[i]) {
				i++
			}
		case isLower(c):
			for i < len(r) && isLower(r[i]) {
				i++
			}
		default:
			i++
		}
		fn(r[start:i])
	}
}

// capitalRuns counts the runs of three or more capitals in r.
func capitalRuns(r string) int {
	n, run := 0, 0
	for i := 0; i <= len(r); i++ {
		if i < len(r) && isUpper(r[i]) {
			run++
			continue
		}
		if run >= 3 {
			n++
		}
		run = 0
	}
	return n
}

// single reports whether r is letters of one case only.
func single(r string) bool {
	lower, upper := true, true
	for i := 0; i < len(r); i++ {
		lower = lower && isLower(r[i])
		upper = upper && isUpper(r[i])
	}
	return lower || upper
}

func vowelCount(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("aeiouyAEIOUY", s[i]) >= 0 {
			n++
		}
	}
	return n
}

// brokenToken is the wider rule for lines of a file that does not parse:
// 8 or more characters with a digit and a letter, or a capital after the
// first character next to a lower-case letter (not a plain word, not a
// camelCase key of the client's own, which never reaches 8 mixed pieces).
func brokenToken(tok string) bool {
	if len(tok) < 8 || isPathLike(tok) || isBoolOrNumber(tok) {
		return false
	}
	for _, piece := range strings.FieldsFunc(tok, func(r rune) bool { return r == '.' || r == '-' || r == '_' || r == '\\' || r == '%' }) {
		if len(piece) < 8 {
			continue
		}
		if brokenValue(piece) {
			return true
		}
	}
	return false
}

// brokenValue: a digit and a letter, or inner capitals more often than
// camelCase words have them ("OpenCode" is a name, "aBcDeFgH" is not).
func brokenValue(s string) bool {
	digit, letter, inner := false, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
			digit = true
		case isUpper(c):
			letter = true
			if i > 0 {
				inner = true
			}
		case isLower(c):
			letter = true
		}
	}
	return (digit && letter) || inner && 2*len(s) < 7*camelPieces(s)
}

// Escape shows every character that could steer a terminal, a CI log or a
// reader's eye: C0 controls (tab and newline too: the text is one field),
// DEL and C1 controls as \xNN, bidi controls, zero-width and other
// invisible format characters and line separators as ‹U+NNNN›, and bytes
// that are not UTF-8 as \xNN. A leading "::" becomes "\x3a:", so a field
// printed at the start of a line cannot be a GitHub workflow command.
// Everything else is kept as it is.
func Escape(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	if strings.HasPrefix(s, "::") {
		// At the start of a line this would be a GitHub workflow command.
		b.WriteString(`\x3a`)
		s = s[1:]
	}
	// Runes with their byte sizes: whether a joiner or a variation
	// selector hides anything depends on its neighbours.
	var rs []rune
	var sizes []int
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		rs, sizes = append(rs, r), append(sizes, size)
		i += size
	}
	i := 0
	for k, r := range rs {
		size := sizes[k]
		if r == utf8.RuneError && size <= 1 {
			fmt.Fprintf(&b, `\x%02x`, s[i])
		} else if e, ok := escapeRune(rs, k); ok {
			b.WriteString(e)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// EscapeRune is Escape for rs[i] alone, in its context (a joiner between
// two emoji is kept): for a caller that must know how wide each character
// is shown, such as an excerpt with a caret under it.
func EscapeRune(rs []rune, i int) string {
	if e, ok := escapeRune(rs, i); ok {
		return e
	}
	return string(rs[i])
}

func escapeRune(rs []rune, i int) (string, bool) {
	switch r := rs[i]; {
	case r == '\n':
		return `\n`, true
	case r == '\r':
		return `\r`, true
	case r == '\t':
		return `\t`, true
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf(`\x%02x`, r), true
	case r >= 0x80 && r <= 0x9f, MayHide(r) && HiddenClass(rs, i, true) != "":
		return fmt.Sprintf("‹U+%04X›", r), true
	}
	return "", false
}

func needsEscape(s string) bool {
	if strings.HasPrefix(s, "::") {
		return true
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			if c < 0x80 {
				return true
			}
			// Non-ASCII: look closer.
			for _, r := range s[i:] {
				if r == utf8.RuneError || (r >= 0x80 && r <= 0x9f) || MayHide(r) || r < 0x20 || r == 0x7f {
					return true
				}
			}
			return !utf8.ValidString(s[i:])
		}
	}
	return false
}

// EscapeLines is Escape for text of several lines: newlines are kept, every
// other control character is shown, and a line never starts with "::" (a
// GitHub workflow command).
func EscapeLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Escape(strings.TrimSuffix(l, "\r"))
	}
	return strings.Join(lines, "\n")
}

// Writer escapes what is written to it line by line (EscapeLines) and
// masks each line (Text): standard error, where messages may quote a
// scanned file's name or an error about it.
type Writer struct {
	W   io.Writer
	buf []byte
}

// NewWriter returns a Writer that passes escaped, masked lines to w. Call
// Flush at the end for a last line without a newline.
func NewWriter(w io.Writer) *Writer { return &Writer{W: w} }

func (w *Writer) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			break
		}
		if _, err := io.WriteString(w.W, escapeKeepTabs(Text(string(w.buf[:i])))+"\n"); err != nil {
			return 0, err
		}
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}

// Flush writes a pending line without a newline.
func (w *Writer) Flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	_, err := io.WriteString(w.W, escapeKeepTabs(Text(string(w.buf))))
	w.buf = nil
	return err
}

// escapeKeepTabs is EscapeLines that keeps tabs, which a terminal only
// moves over: flag usage text indents with them.
func escapeKeepTabs(s string) string {
	parts := strings.Split(s, "\t")
	for i, p := range parts {
		parts[i] = EscapeLines(p)
	}
	return strings.Join(parts, "\t")
}

// PointerIDs replaces each token of a JSON pointer that is secret-like by
// its NameID: a pointer that must stay unique and stable (an SBOM's
// bom-ref) without showing the name.
func PointerIDs(pointer string) string {
	parts := strings.Split(pointer, "/")
	for i, p := range parts {
		if SecretLike(p) {
			parts[i] = NameID(p)
		}
	}
	return strings.Join(parts, "/")
}
