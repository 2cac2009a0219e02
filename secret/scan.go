// Package secret finds literal credentials in MCP client config values,
// recognises variable references and placeholders (which are never secrets),
// and masks values so that no secret reaches any output.
//
// Scan runs three kinds of checks on a value:
//
//   - provider shapes from a table (GitHub, OpenAI, Anthropic, AWS, Slack,
//     Stripe, private keys, JWTs, …), plus a few provider checks that need
//     the key name (AWS secret access key, Atlassian, Mailgun, Vercel,
//     Cloudflare, Twilio auth token);
//   - structural checks: URL user-info passwords, database connection
//     strings, key-like query parameters, "Bearer …", "Basic …" and
//     "token …" literals;
//   - the entropy rule for credential-named keys (see CredentialName and
//     looksLikeCredential): a literal of at least 16 bytes, with at least two
//     of lower case, upper case and digits, not plain words, not a path,
//     URL, e-mail address, host name, number or boolean, and with Shannon
//     entropy of at least 3.0 bits per character.
//
// A candidate that is, or overlaps, a variable reference, or that is a
// placeholder, is never reported. The one exception is the default of
// ${VAR:-default}: it is literal text from the config and is checked like any
// other literal.
package secret

import (
	"slices"
	"strings"
)

// Detection describes a credential found in a value. It never holds the
// value itself.
type Detection struct {
	Detector    string // stable id, e.g. "github-pat", "url-password"
	Description string // e.g. "GitHub personal access token"
	Start, End  int    // byte range of the secret inside the scanned value
	Masked      string // the masked secret (see Mask)
}

// minScanLen is the shortest value Scan looks at: nothing shorter can hold a
// credential any check reports.
const minScanLen = 8

// Scan looks for credentials in value. name is the key the value sits under
// (env var name, header name, query key, arg flag like "--api-key", or ""),
// used by the name-based checks. Detections are sorted by Start and never
// overlap.
func Scan(name, value string) []Detection {
	if len(value) < minScanLen {
		return nil
	}
	sc := scanner{value: value}
	if strings.IndexByte(value, '$') >= 0 || strings.IndexByte(value, '{') >= 0 {
		var buf [8]Reference
		sc.blockRefs(appendRefs(buf[:0], value))
	}
	var pairBuf [8]namePair
	pairs := sc.namePairs(pairBuf[:0], name)

	sc.shapes()
	for _, p := range pairs {
		sc.byName(p)
	}
	sc.structural()
	for _, p := range pairs {
		sc.entropy(p)
	}

	if len(sc.out) == 0 || IsPlaceholder(value) {
		return nil
	}
	out := sc.out
	slices.SortFunc(out, func(a, b Detection) int { return a.Start - b.Start })
	return out
}

// MaskValue returns value with every detection replaced by its Masked form;
// the rest of the text (e.g. "Bearer ") stays.
func MaskValue(name, value string) string {
	return apply(value, Scan(name, value))
}

// MaskURL masks user-info passwords (and a user name that looks like a
// token), key-like query values and any provider-shaped credential in a URL,
// keeping the URL readable: https://user:****@host/path?api_key=****&page=2.
// References and placeholders are kept as they are.
func MaskURL(raw string) string {
	return MaskValue("", raw)
}

// Masked is value with the detections Scan returned for it masked, for a
// caller that needs both (MaskValue scans again).
func Masked(value string, ds []Detection) string { return apply(value, ds) }

// apply replaces each detection's range with its Masked text.
func apply(value string, ds []Detection) string {
	if len(ds) == 0 {
		return value
	}
	var b strings.Builder
	b.Grow(len(value))
	last := 0
	for _, d := range ds {
		b.WriteString(value[last:d.Start])
		b.WriteString(d.Masked)
		last = d.End
	}
	b.WriteString(value[last:])
	return b.String()
}

// Mask returns a masked form of secret: at most 4 bytes of a recognisable
// prefix (e.g. "ghp_", "sk-", "xoxb", "AKIA") followed by "…****", or just
// "****" when there is no such prefix. The length of the secret is never
// revealed, and values shorter than 8 bytes become "****".
func Mask(secret string) string {
	for _, p := range maskPrefixes {
		if strings.HasPrefix(secret, p) {
			return maskWith(secret, p)
		}
	}
	return "****"
}

// maskWith masks secret keeping at most 4 bytes of prefix.
func maskWith(secret, prefix string) string {
	if len(secret) < 8 || prefix == "" || !strings.HasPrefix(secret, prefix) {
		return "****"
	}
	if len(prefix) > 4 {
		prefix = prefix[:4]
	}
	return prefix + "…****"
}

type span struct{ start, end int }

// namePair is a key name with the literal it names: the caller's name with
// the whole value, or an assignment found inside the value.
type namePair struct {
	name string
	off  int // offset of value in the scanned value
	val  string
}

type scanner struct {
	value       string
	nblocked    int
	blocked     [8]span
	moreBlocked []span
	blockedMap  []bool // set when there are many references
	out         []Detection
	covered     []bool // set when there are many detections
}

// blockRefs records the ranges covered by references. The default of
// ${VAR:-default} stays open: it is literal text.
func (sc *scanner) blockRefs(refs []Reference) {
	for _, r := range refs {
		if r.HasDefault {
			ds := r.End - 1 - len(r.Default)
			sc.block(span{r.Start, ds})
			sc.block(span{r.End - 1, r.End})
			continue
		}
		sc.block(span{r.Start, r.End})
	}
	if sc.moreBlocked != nil {
		// Many references: a byte map keeps isBlocked linear.
		sc.blockedMap = make([]bool, len(sc.value))
		for _, b := range sc.blocked[:sc.nblocked] {
			fill(sc.blockedMap, b)
		}
		for _, b := range sc.moreBlocked {
			fill(sc.blockedMap, b)
		}
	}
}

func fill(m []bool, b span) {
	for i := b.start; i < b.end; i++ {
		m[i] = true
	}
}

func anySet(m []bool, s, e int) bool {
	for i := s; i < e; i++ {
		if m[i] {
			return true
		}
	}
	return false
}

// block records one blocked range. The first few live in the scanner itself
// so that Scan does not allocate for them.
func (sc *scanner) block(s span) {
	if sc.nblocked < len(sc.blocked) {
		sc.blocked[sc.nblocked] = s
		sc.nblocked++
		return
	}
	sc.moreBlocked = append(sc.moreBlocked, s)
}

func (sc *scanner) isBlocked(s, e int) bool {
	if sc.blockedMap != nil {
		return anySet(sc.blockedMap, s, e)
	}
	for _, b := range sc.blocked[:sc.nblocked] {
		if s < b.end && b.start < e {
			return true
		}
	}
	return false
}

// add records a detection unless it overlaps one already found; earlier
// checks are more specific and win.
func (sc *scanner) add(id, desc string, s, e int, masked string) {
	if sc.covered == nil && len(sc.out) >= 16 {
		// Many detections: a byte map keeps the overlap test linear.
		sc.covered = make([]bool, len(sc.value))
		for _, d := range sc.out {
			fill(sc.covered, span{d.Start, d.End})
		}
	}
	if sc.covered != nil {
		if anySet(sc.covered, s, e) {
			return
		}
		fill(sc.covered, span{s, e})
	} else {
		for _, d := range sc.out {
			if s < d.End && d.Start < e {
				return
			}
		}
	}
	sc.out = append(sc.out, Detection{Detector: id, Description: desc, Start: s, End: e, Masked: masked})
}

// providerCand considers value[s:e] matched by detector d.
func (sc *scanner) providerCand(d *detector, s, e int) {
	c := sc.value[s:e]
	if len(strings.TrimSpace(c)) < 8 || sc.isBlocked(s, e) || lowVariety(c) || IsPlaceholder(c) {
		return
	}
	sc.add(d.ID, d.Description, s, e, maskWith(c, d.prefixOf(c)))
}

// structCand considers value[s:e] found by a structural or entropy check.
func (sc *scanner) structCand(id, desc string, s, e int) {
	if s >= e || sc.isBlocked(s, e) {
		return
	}
	c := sc.value[s:e]
	if IsPlaceholder(c) {
		return
	}
	if _, ok := IsReference(c); ok {
		return
	}
	if !sc.overlaps(s, e) {
		sc.add(id, desc, s, e, Mask(c))
		return
	}
	// An earlier, more specific detection covers part of the literal (a
	// token inside a longer password, say): mask the rest too, so that no
	// piece of the literal is left in the clear.
	for i := s; i < e; {
		if sc.coveredAt(i) {
			i++
			continue
		}
		j := i
		for j < e && !sc.coveredAt(j) {
			j++
		}
		if hasAlnum(sc.value[i:j]) {
			// (brackets or quotes around the token hold nothing secret)
			sc.add(id, desc, i, j, "****")
		}
		i = j
	}
}

func hasAlnum(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; isLower(c) || isUpper(c) || isDigit(c) {
			return true
		}
	}
	return false
}

func (sc *scanner) overlaps(s, e int) bool {
	if sc.covered != nil {
		return anySet(sc.covered, s, e)
	}
	for _, d := range sc.out {
		if s < d.End && d.Start < e {
			return true
		}
	}
	return false
}

func (sc *scanner) coveredAt(i int) bool { return sc.overlaps(i, i+1) }

// shapes runs the shape detectors whose keywords the value holds.
func (sc *scanner) shapes() {
	hits, any := shapeHits(sc.value)
	if !any {
		return
	}
	for i, d := range shapeDetectors {
		if hitSet(hits, i) {
			sc.match(d, 0, sc.value)
		}
	}
}

// match runs d's regexp over v (found at off in the value) and reports each
// match that stands on its own.
func (sc *scanner) match(d *detector, off int, v string) {
	for _, m := range d.re.get().FindAllStringSubmatchIndex(v, -1) {
		ms, me := m[0], m[1]
		if !d.AnyBefore && ms > 0 && isWordByte(v[ms-1]) {
			continue
		}
		if !d.AnyAfter && me < len(v) && isWordByte(v[me]) {
			continue
		}
		s, e := m[2*d.Group], m[2*d.Group+1]
		if s < 0 {
			continue
		}
		sc.providerCand(d, off+s, off+e)
	}
}

// byName runs the by-name provider detectors selected by p.name.
func (sc *scanner) byName(p namePair) {
	for _, d := range nameDetectors {
		if d.nameHit(p.name) {
			sc.match(d, p.off, p.val)
		}
	}
}

// entropy applies the entropy rule to a credential-named literal.
func (sc *scanner) entropy(p namePair) {
	v, lead := trimLiteral(p.val)
	if publicKey(v) {
		return
	}
	if looksLikeCredential(v) && (CredentialName(p.name) || credentialInVariableSlot(p.name, v)) {
		sc.structCand(IDNameEntropy, "High-entropy literal under a credential-named key", p.off+lead, p.off+lead+len(v))
	}
}

// publicKeyPrefixes start keys that are published on purpose: they ship
// in web pages and apps (Supabase's publishable key, Stripe's and Clerk's
// pk_ keys).
var publicKeyPrefixes = []string{"sb_publishable_", "pk_live_", "pk_test_"}

func publicKey(v string) bool {
	for _, p := range publicKeyPrefixes {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// credentialInVariableSlot: a key that names the variable holding a
// credential (api_key_env, TOKEN_VAR) holds a variable name, so it is not
// credential-named; a value there that is no variable name (it has a
// character a name cannot) is the credential itself, written where its
// variable's name was meant to go.
func credentialInVariableSlot(name, v string) bool {
	i := strings.LastIndexAny(name, "_-")
	if i <= 0 {
		return false
	}
	switch strings.ToLower(name[i+1:]) {
	case "env", "var", "variable":
	default:
		return false
	}
	if !CredentialName(name[:i]) {
		return false
	}
	for j := 0; j < len(v); j++ {
		c := v[j]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return true
		}
	}
	return false
}

// trimLiteral strips white space and one pair of surrounding quotes, and
// returns the literal and its offset in v.
func trimLiteral(v string) (string, int) {
	lead := 0
	for lead < len(v) && isSpace(v[lead]) {
		lead++
	}
	end := len(v)
	for end > lead && isSpace(v[end-1]) {
		end--
	}
	if end-lead >= 2 && (v[lead] == '"' || v[lead] == '\'') && v[end-1] == v[lead] {
		lead++
		end--
	}
	return v[lead:end], lead
}

// namePairs lists the (name, literal) pairs the name-based checks look at:
// the caller's name with the whole value; an assignment making up the value
// ("API_KEY=…", "--token=…", "X-Api-Key: …"); and, in a value holding a
// command line or several lines, each "KEY=…" field and each credential
// flag with the field after it.
func (sc *scanner) namePairs(pairs []namePair, name string) []namePair {
	if name != "" {
		pairs = append(pairs, namePair{name, 0, sc.value})
	}
	if n, off, ok := inlineAssign(sc.value); ok {
		pairs = append(pairs, namePair{n, off, sc.value[off:]})
	}
	if !strings.ContainsAny(sc.value, " \t\n\r") {
		return pairs
	}
	// Field by field; a credential flag names the field after it.
	var flag string
	for i, s := 0, sc.value; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j == i {
			break
		}
		f := s[i:j]
		if flag != "" {
			pairs = append(pairs, namePair{flag, i, f})
			flag = ""
		}
		if n, off, ok := inlineAssign(f); ok {
			pairs = append(pairs, namePair{n, i + off, f[off:]})
		} else if isFlag(f) && CredentialName(f) {
			flag = f
		}
		i = j
	}
	return pairs
}

// inlineAssign splits "NAME=value", "--flag=value" or "Header: value" and
// returns the name and the offset of the value.
func inlineAssign(s string) (name string, off int, ok bool) {
	// The first '=' or ':' in the first 129 bytes (as IndexAny would find
	// it: neither byte is part of a longer UTF-8 sequence).
	i := -1
	for k := 0; k < len(s) && k <= 128; k++ {
		if s[k] == '=' || s[k] == ':' {
			i = k
			break
		}
	}
	if i <= 0 {
		return "", 0, false
	}
	name = strings.TrimRight(s[:i], " \t")
	if !isAssignName(name) {
		return "", 0, false
	}
	if s[i] == ':' && (len(name) < 2 || strings.HasPrefix(s[i+1:], "//")) {
		return "", 0, false
	}
	j := i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) {
		return "", 0, false
	}
	return name, j, true
}

// isAssignName reports whether s is -{0,2}[A-Za-z_][A-Za-z0-9_.-]*.
func isAssignName(s string) bool {
	s = strings.TrimPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	return isTemplateName(s)
}

// isFlag reports whether s is a command-line flag: -k, --api-key.
func isFlag(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	c := s[1]
	if c == '-' {
		return len(s) > 2 && isLetter(s[2])
	}
	return isLetter(c)
}

// structural runs the URL, connection-string and authorization checks.
func (sc *scanner) structural() {
	v := sc.value
	if strings.Contains(v, "://") {
		sc.urls()
	}
	if strings.Count(v, "=") >= 2 && (indexFold(v, "password") >= 0 || indexFold(v, "pwd") >= 0) {
		sc.connKV()
	}
	sc.authSchemes()
}

var dbSchemes = []string{
	"postgres", "postgresql", "mysql", "mariadb", "mongodb", "mongodb+srv", "redis",
	"rediss", "amqp", "amqps", "mssql", "sqlserver", "clickhouse", "cockroachdb",
	"neo4j", "neo4j+s", "neo4j+ssc", "bolt", "couchdb", "memcached", "oracle",
	"snowflake", "cassandra", "nats", "kafka",
}

func isDBScheme(s string) bool {
	for _, d := range dbSchemes {
		if strings.EqualFold(s, d) {
			return true
		}
	}
	return false
}

func isSchemeByte(c byte) bool { return isAlnum(c) || c == '+' || c == '.' || c == '-' }

// isURLStop ends a URL embedded in text.
func isURLStop(c byte) bool {
	return isSpace(c) || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`'
}

// urls checks every "scheme://" in the value for user-info credentials and
// key-like query parameters.
func (sc *scanner) urls() {
	v := sc.value
	// A "://" inside an address already read (a URL in a query value) is
	// read too, up to maxNestedURLs of them: each reads to the end of the
	// address it sits in, so a value made of "https://x/?key=" repeated
	// would otherwise cost the square of its length.
	const maxNestedURLs = 8
	nested, lastEnd := 0, -1
	for from := 0; ; {
		k := strings.Index(v[from:], "://")
		if k < 0 {
			return
		}
		i := from + k
		from = i + 3
		if i < lastEnd {
			if nested++; nested > maxNestedURLs {
				from = lastEnd
				continue
			}
		}
		s := i
		for s > 0 && isSchemeByte(v[s-1]) {
			s--
		}
		for s < i && !isLetter(v[s]) {
			s++
		}
		if s == i {
			continue
		}
		scheme := v[s:i]
		end := i + 3
		for end < len(v) && !isURLStop(v[end]) {
			end++
		}
		base := i + 3
		if end > lastEnd {
			lastEnd = end
		}
		seg := v[base:end]
		authEnd := strings.IndexAny(seg, "/?#")
		if authEnd < 0 {
			authEnd = len(seg)
		}
		if at := strings.LastIndexByte(seg[:authEnd], '@'); at > 0 {
			user := seg[:at]
			named := false // a password follows, so user is a user name
			if c := strings.IndexByte(user, ':'); c >= 0 {
				named = c+1 < len(user) && user[c+1:] != "x-oauth-basic"
				pass := user[c+1:]
				user = user[:c]
				switch {
				case stockLocalPassword(user, pass, seg[at+1:authEnd]):
				case isDBScheme(scheme):
					sc.structCand(IDConnectionString, "Password in database connection string", base+c+1, base+at)
				default:
					sc.structCand(IDURLPassword, "Password in URL", base+c+1, base+at)
				}
			}
			if !named && looksLikeCredential(user) {
				sc.structCand(IDURLTokenUser, "Token as URL user name", base, base+len(user))
			}
		}
		rest := seg[authEnd:]
		if h := strings.IndexByte(rest, '#'); h >= 0 {
			rest = rest[:h]
		}
		q := strings.IndexByte(rest, '?')
		if q < 0 {
			continue
		}
		sc.query(rest[q+1:], base+authEnd+q+1)
	}
}

// stockPasswords are the passwords database images and tutorials start
// with (the postgres image's POSTGRES_PASSWORD=postgres, MySQL's root …).
var stockPasswords = map[string]bool{
	"postgres": true, "password": true, "root": true, "admin": true, "secret": true,
	"example": true, "changeme": true, "mysql": true, "test": true, "pass": true,
	"dev": true, "local": true, "guest": true,
}

// stockLocalPassword: a stock password (or the user name again) of a
// database on this machine is the image's default for local development,
// not a credential anyone could use elsewhere.
func stockLocalPassword(user, pass, hostPort string) bool {
	host := hostPort
	if strings.HasPrefix(host, "[") {
		if e := strings.IndexByte(host, ']'); e > 0 {
			host = host[1:e]
		}
	} else if c := strings.LastIndexByte(host, ':'); c >= 0 {
		host = host[:c]
	}
	switch strings.ToLower(host) {
	case "localhost", "127.0.0.1", "::1", "0.0.0.0", "host.docker.internal":
	default:
		return false
	}
	return stockPasswords[strings.ToLower(pass)] || pass == user
}

// queryKeys are query parameter names that carry credentials.
var queryKeys = []string{
	"key", "api_key", "apikey", "api-key", "token", "access_token", "accesstoken",
	"auth", "auth_token", "authtoken", "sig", "signature", "secret", "password",
	"passwd", "pwd", "pass", "client_secret", "code", "refresh_token", "id_token",
	"private_token", "x-api-key", "session", "sessionid", "session_token", "jwt",
	"apisecret", "api_secret", "credential", "credentials", "x-amz-signature",
	"x-amz-security-token", "x-goog-signature", "x-goog-credential",
}

// queryNotSecret are values of key-like parameters that are settings, not
// credentials (?auth=oauth, ?token=required).
var queryNotSecret = []string{
	"basic", "bearer", "oauth", "oauth2", "jwt", "required", "optional", "header",
	"query", "cookie", "token", "apikey", "api_key", "none", "null", "true", "false",
}

func isQueryKey(k string) bool {
	for _, q := range queryKeys {
		if strings.EqualFold(k, q) {
			return true
		}
	}
	return CredentialName(k)
}

// query checks the pairs of a query string found at off.
func (sc *scanner) query(qs string, off int) {
	for p := 0; p < len(qs); {
		e := p
		for e < len(qs) && qs[e] != '&' && qs[e] != ';' {
			e++
		}
		pair := qs[p:e]
		if eq := strings.IndexByte(pair, '='); eq > 0 && eq < len(pair)-1 {
			key, val := pair[:eq], pair[eq+1:]
			if isQueryKey(key) && !isBoolOrNumber(val) && !isQueryEnum(val) {
				sc.structCand(IDQueryKey, "Credential in URL query parameter", off+p+eq+1, off+e)
			}
		}
		p = e + 1
	}
}

func isQueryEnum(v string) bool {
	for _, q := range queryNotSecret {
		if strings.EqualFold(v, q) {
			return true
		}
	}
	return false
}

// connKVRe finds the password of a key=value connection string
// ("Server=db;User Id=sa;Password=…;", "host=db user=app password=…").
var connKVRe = &lazyRegexp{expr: `(?i)(?:^|[;\s])(?:password|pwd)\s*=\s*("[^"]*"|'[^']*'|[^;\s"']+)`}

func (sc *scanner) connKV() {
	for _, m := range connKVRe.get().FindAllStringSubmatchIndex(sc.value, -1) {
		s, e := m[2], m[3]
		if e-s >= 2 && (sc.value[s] == '"' || sc.value[s] == '\'') {
			s++
			e--
		}
		sc.structCand(IDConnectionString, "Password in database connection string", s, e)
	}
}

// authSchemes are the authorization prefixes followed by a literal.
var authSchemes = []struct {
	word, id, desc string
	min            int
	strict         bool // the literal must also pass the entropy rule
}{
	{"bearer", IDBearerLiteral, "Literal bearer token", 8, false},
	{"basic", IDBasicLiteral, "Literal HTTP Basic credentials", 8, false},
	{"token", IDBearerLiteral, "Literal token in authorization value", MinEntropyLen, true},
}

// authSchemes finds "Bearer <literal>", "Basic <literal>" and
// "token <literal>".
func (sc *scanner) authSchemes() {
	v := sc.value
	// Each search starts where the last ended; in a long value, a case of
	// the word's first byte that is not there would be looked for to the
	// end every time ("Bearer " written 50,000 times), so a long value is
	// searched in a lower-case copy.
	find := func(from int, word string) int { return indexFold(v[from:], word) }
	if len(v) > 4096 {
		lv := []byte(v)
		for i, c := range lv {
			lv[i] = lowerASCII(c)
		}
		lower := string(lv)
		find = func(from int, word string) int { return strings.Index(lower[from:], word) }
	}
	for _, a := range authSchemes {
		for from := 0; from < len(v); {
			k := find(from, a.word)
			if k < 0 {
				break
			}
			i := from + k
			from = i + len(a.word)
			if i > 0 && (isAlnum(v[i-1]) || (a.strict && (v[i-1] == '-' || v[i-1] == '_'))) {
				// Inside a word; and "--token x" or "GH_TOKEN x" are left
				// to the name-based checks.
				continue
			}
			j := from
			if j >= len(v) || (v[j] != ' ' && v[j] != '\t') {
				continue
			}
			for j < len(v) && (v[j] == ' ' || v[j] == '\t') {
				j++
			}
			e := j
			for e < len(v) && !isSpace(v[e]) && strings.IndexByte("\"'`,;", v[e]) < 0 {
				e++
			}
			c := v[j:e]
			if len(c) < a.min || plainWords(c) || lowVariety(c) {
				continue
			}
			if a.strict && !looksLikeCredential(c) {
				continue
			}
			sc.structCand(a.id, a.desc, j, e)
		}
	}
}

// ArgDetection is a detection in one element of an argument list; Start and
// End are offsets inside args[Index].
type ArgDetection struct {
	Index int
	Detection
}

// ScanArgs scans a command's argument list. Each argument is scanned on its
// own (which covers "--token=…", "KEY=…" and provider-shaped tokens); a
// credential-named flag without "=" ("--api-key", "--token", "-k") names
// the argument after it, which is then scanned with the flag as its name.
func ScanArgs(args []string) []ArgDetection {
	var out []ArgDetection
	for i := 0; i < len(args); i++ {
		a := args[i]
		for _, d := range Scan("", a) {
			out = append(out, ArgDetection{Index: i, Detection: d})
		}
		if isFlag(a) && !strings.Contains(a, "=") && i+1 < len(args) && !isFlag(args[i+1]) && CredentialName(a) {
			i++
			for _, d := range Scan(a, args[i]) {
				out = append(out, ArgDetection{Index: i, Detection: d})
			}
		}
	}
	return out
}

// MaskArgs returns a copy of args with every detection masked.
func MaskArgs(args []string) []string {
	out := append([]string(nil), args...)
	ds := ScanArgs(args)
	for i := range out {
		var mine []Detection
		for _, d := range ds {
			if d.Index == i {
				mine = append(mine, d.Detection)
			}
		}
		out[i] = apply(out[i], mine)
	}
	return out
}
