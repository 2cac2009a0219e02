package inventory

import (
	"net/url"
	"strings"

	"github.com/mcplint/mcplint/secret"
)

// Endpoint is a server address without its credentials: user info and the
// fragment removed, query parameters that name or hold a credential
// dropped, and anything else key-shaped masked. The rest is kept as
// written, variable references (${HOST}) included.
func Endpoint(raw string) string {
	s := strings.TrimSpace(raw)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	query := ""
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s, query = s[:i], s[i+1:]
	}
	if i := strings.Index(s, "://"); i >= 0 {
		rest := s[i+3:]
		auth, tail := rest, ""
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			auth, tail = rest[:j], rest[j:]
		}
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			auth = auth[at+1:]
		}
		s = s[:i+3] + auth + tail
	}
	var kept []string
	for _, pair := range strings.Split(query, "&") {
		if pair == "" {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		name, err := url.QueryUnescape(k)
		if err != nil {
			name = k
		}
		val, err := url.QueryUnescape(v)
		if err != nil {
			val = v
		}
		// The scanner judges a query value in its place in an address too.
		inURL := "https://host/?" + pair
		if secret.CredentialName(name) || secret.MaskValue(name, val) != val || secret.MaskValue("", inURL) != inURL {
			continue
		}
		kept = append(kept, pair)
	}
	if len(kept) > 0 {
		s += "?" + strings.Join(kept, "&")
	}
	return secret.Text(s)
}
