package secret

import (
	"math"
	"strings"
)

func isLower(c byte) bool  { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return isLower(c) || isUpper(c) }
func isAlnum(c byte) bool  { return isLetter(c) || isDigit(c) }

// isWordByte is a byte that continues a token: a match next to one is part of
// a longer word and is not reported.
func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

func lowerASCII(c byte) byte {
	if isUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isLettersOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) {
			return false
		}
	}
	return s != ""
}

// indexFold returns the index of the first occurrence of lower (an ASCII
// lower-case string) in s, ignoring ASCII case, or -1. It does not allocate.
// Candidates are found with IndexByte for each case of lower's first byte,
// each remembered until passed, so every byte is looked at once by each.
func indexFold(s, lower string) int {
	n := len(lower)
	if n == 0 {
		return 0
	}
	first := lower[0]
	if n > len(s) || isUpper(first) {
		return -1
	}
	other := first
	if isLower(first) {
		other = first - 'a' + 'A'
	}
	starts := s[:len(s)-n+1]
	const unknown = -2
	nextFirst, nextOther := unknown, unknown
	if other == first {
		nextOther = -1
	}
	next := func(c byte, at, from int) int {
		if at != -1 && at < from {
			if k := strings.IndexByte(starts[from:], c); k >= 0 {
				return from + k
			}
			return -1
		}
		return at
	}
	for i := 0; i < len(starts); i++ {
		nextFirst, nextOther = next(first, nextFirst, i), next(other, nextOther, i)
		switch {
		case nextFirst < 0 && nextOther < 0:
			return -1
		case nextOther < 0 || nextFirst >= 0 && nextFirst < nextOther:
			i = nextFirst
		default:
			i = nextOther
		}
		j := 1
		for j < n && lowerASCII(s[i+j]) == lower[j] {
			j++
		}
		if j == n {
			return i
		}
	}
	return -1
}

// shannon returns the Shannon entropy of s in bits per byte.
func shannon(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// Entropy rule for credential-named keys (and for URL user names).
const (
	// MinEntropyLen is the shortest literal the entropy rule reports.
	MinEntropyLen = 16
	// MinEntropy is the Shannon entropy, in bits per character, a literal
	// must reach.
	MinEntropy = 3.0
)

// looksLikeCredential applies the entropy rule to a literal: at least
// MinEntropyLen bytes, no white space, at least two of lower case, upper case
// and digits, not only letters and separators (plain words), Shannon entropy
// of at least MinEntropy bits per character, and not a URL, path, e-mail
// address, host name, number or boolean.
func looksLikeCredential(v string) bool {
	if len(v) < MinEntropyLen || len(v) > 8192 {
		return false
	}
	var lower, upper, digit, other bool
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case isLower(c):
			lower = true
		case isUpper(c):
			upper = true
		case isDigit(c):
			digit = true
		case c <= ' ' || c >= 0x7f:
			return false
		default:
			other = true
		}
	}
	classes := 0
	for _, b := range [...]bool{lower, upper, digit} {
		if b {
			classes++
		}
	}
	if classes < 2 {
		return false
	}
	if !digit && (!other || plainWords(v)) {
		return false
	}
	if other {
		if strings.Contains(v, "://") || isPathLike(v) || isEmail(v) || isHostname(v) {
			return false
		}
	}
	return shannon(v) >= MinEntropy
}

// plainWords reports whether v is letters-only words joined by separators.
func plainWords(v string) bool {
	for i := 0; i < len(v); i++ {
		if !isLetter(v[i]) && strings.IndexByte("-_. /:", v[i]) < 0 {
			return false
		}
	}
	return true
}

var fileExts = []string{
	".json", ".jsonc", ".yaml", ".yml", ".toml", ".txt", ".env", ".pem", ".key",
	".crt", ".cer", ".der", ".p12", ".pfx", ".jks", ".gpg", ".asc", ".ini",
	".cfg", ".conf", ".js", ".mjs", ".cjs", ".ts", ".py", ".sh", ".exe", ".db", ".sqlite",
}

// isPathLike reports whether v reads as a file-system path.
func isPathLike(v string) bool {
	switch {
	case strings.HasPrefix(v, "./"), strings.HasPrefix(v, "../"), strings.HasPrefix(v, "~/"),
		strings.HasPrefix(v, "~\\"), strings.HasPrefix(v, "\\\\"), strings.HasPrefix(v, ".\\"):
		return true
	case v[0] == '/':
		// A base64 secret may start with '/'; a path has no '+' or '='.
		return strings.IndexByte(v[1:], '/') >= 0 && !strings.ContainsAny(v, "+=")
	case len(v) > 3 && isLetter(v[0]) && v[1] == ':' && (v[2] == '\\' || v[2] == '/'):
		return true
	}
	if i := strings.LastIndexByte(v, '.'); i > 0 && len(v)-i <= 8 {
		ext := v[i:]
		for _, e := range fileExts {
			if strings.EqualFold(ext, e) {
				return true
			}
		}
	}
	return false
}

// isEmail reports whether v is shaped like an e-mail address.
func isEmail(v string) bool {
	at := strings.IndexByte(v, '@')
	if at <= 0 || strings.Count(v, "@") != 1 {
		return false
	}
	domain := v[at+1:]
	return strings.IndexByte(domain, '.') > 0 && isHostname(domain)
}

// isHostname reports whether v is a lower-case DNS name, optionally with a
// port: api.example.com, mcp-01.internal:8443.
func isHostname(v string) bool {
	if i := strings.LastIndexByte(v, ':'); i > 0 {
		for j := i + 1; j < len(v); j++ {
			if !isDigit(v[j]) {
				return false
			}
		}
		v = v[:i]
	}
	if strings.IndexByte(v, '.') < 0 {
		return false
	}
	for _, label := range strings.Split(v, ".") {
		if label == "" || len(label) > 63 {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !isLower(c) && !isDigit(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

// isBoolOrNumber reports whether v is a boolean, null-ish word or a number.
func isBoolOrNumber(v string) bool {
	if len(v) > 64 {
		return false // no word of the list, and no number mcplint calls one
	}
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "null", "nil", "none", "undefined", "0", "1":
		return true
	}
	if v == "" {
		return false
	}
	s := v
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	dot := false
	for i := 0; i < len(s); i++ {
		switch {
		case isDigit(s[i]):
		case s[i] == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return s != ""
}

// lowVariety reports whether the last 16 bytes of s hold fewer than five
// distinct bytes, as in "ghp_0000…" or "T000/B000/XXXX…": real tokens are
// random there.
func lowVariety(s string) bool {
	tail := s[max(0, len(s)-16):]
	var seen [256]bool
	n := 0
	for i := 0; i < len(tail); i++ {
		if !seen[tail[i]] {
			seen[tail[i]] = true
			n++
		}
	}
	return n < 5
}

// credentialWords mark a key name as naming a credential.
var credentialWords = map[string]bool{
	"token": true, "secret": true, "secrets": true, "password": true, "passwd": true,
	"passphrase": true, "pwd": true, "apikey": true, "auth": true, "authorization": true,
	"credential": true, "credentials": true, "privatekey": true, "accesskey": true,
	"secretkey": true, "pat": true, "bearer": true,
}

// credentialSuffixes mark glued names such as "githubtoken" or "xapikey".
var credentialSuffixes = []string{"token", "secret", "password", "passwd", "apikey", "accesskey", "privatekey", "secretkey"}

// notSecretLast are last words that make a name describe something other than
// the credential itself: GITHUB_TOKEN_PATH, OAUTH_CLIENT_ID, AUTH_URL.
var notSecretLast = map[string]bool{
	"id": true, "ids": true, "url": true, "uri": true, "urls": true, "endpoint": true,
	"host": true, "hostname": true, "port": true, "path": true, "file": true,
	"filename": true, "dir": true, "directory": true, "folder": true, "type": true,
	"mode": true, "method": true, "header": true, "name": true, "user": true,
	"username": true, "login": true, "email": true, "enabled": true, "enable": true,
	"disabled": true, "provider": true, "scope": true, "scopes": true, "audience": true,
	"issuer": true, "expiry": true, "expires": true, "expiration": true, "ttl": true,
	"region": true, "location": true, "format": true, "length": true, "size": true,
	"count": true, "prefix": true, "suffix": true, "strategy": true, "version": true,
	"timeout": true, "field": true, "kind": true, "algorithm": true, "alg": true,
	"domain": true, "realm": true, "server": true, "label": true, "hint": true,
	"helper": true, "command": true, "cmd": true, "source": true, "var": true,
	"variable": true, "required": true, "flow": true, "policy": true, "limit": true,
	"max": true, "min": true, "env": true, "store": true, "storage": true,
	"cache": true, "callback": true, "redirect": true, "base": true, "baseurl": true,
}

// notSecretKeyQualifiers make "…_KEY" not a credential: PUBLIC_KEY, SORT_KEY,
// ANON_KEY (Supabase's anon key is meant for browsers).
var notSecretKeyQualifiers = map[string]bool{
	"public": true, "pub": true, "publishable": true, "anon": true, "anonymous": true, "primary": true, "sort": true,
	"partition": true, "foreign": true, "cache": true, "shortcut": true, "hot": true,
	"lookup": true, "routing": true, "group": true, "dedup": true, "idempotency": true,
	"map": true, "object": true, "hash": true, "s3": true, "bucket": true,
}

// CredentialName reports whether a key name (an env var, header, query key,
// or an argument flag such as "--api-key") names a credential: one of its
// words is token, secret, password, passwd, passphrase, pwd, api key, auth,
// authorization, credential(s), private key, access key, secret key, pat or
// bearer, or it ends in key (not public/sort/… key), or it is the short flag
// "-k". Names whose last word shows they hold something else (…_ID, …_URL,
// …_PATH, …_FILE, …_USER, …) do not count.
func CredentialName(name string) bool {
	n := strings.TrimLeft(name, "-")
	if n == "" {
		return false
	}
	if len(n) == 1 {
		return n == "k" && len(name) == 2
	}
	var spanBuf [16][2]int
	spans := wordSpans(spanBuf[:0], n)
	if len(spans) == 0 {
		return false
	}
	var cur, prev [64]byte
	lower := func(dst *[64]byte, sp [2]int) []byte {
		w := n[sp[0]:sp[1]]
		if len(w) > len(dst) {
			w = w[:len(dst)]
		}
		for j := 0; j < len(w); j++ {
			dst[j] = lowerASCII(w[j])
		}
		return dst[:len(w)]
	}
	if notSecretLast[string(lower(&cur, spans[len(spans)-1]))] {
		return false
	}
	var pw []byte
	for i, sp := range spans {
		w := lower(&cur, sp)
		if credentialWords[string(w)] {
			return true
		}
		switch string(w) {
		case "key", "keys":
			if i == 0 || !notSecretKeyQualifiers[string(pw)] {
				return true
			}
		case "pass":
			if i == len(spans)-1 {
				return true
			}
		}
		for _, suf := range credentialSuffixes {
			if len(w) > len(suf) && string(w[len(w)-len(suf):]) == suf {
				return true
			}
		}
		prev = cur
		pw = prev[:len(w)]
	}
	return false
}

// wordSpans appends the byte ranges of the words of a name, split at
// non-alphanumerics and camelCase boundaries: "X-API-Key" → X API Key,
// "apiKey" → api Key.
func wordSpans(dst [][2]int, s string) [][2]int {
	start := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case !isAlnum(c):
			if start >= 0 {
				dst = append(dst, [2]int{start, i})
			}
			start = -1
		case start < 0:
			start = i
		case isLetter(c) && camelBoundary(s, i):
			dst = append(dst, [2]int{start, i})
			start = i
		}
	}
	if start >= 0 {
		dst = append(dst, [2]int{start, len(s)})
	}
	return dst
}
