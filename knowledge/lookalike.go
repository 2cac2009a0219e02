package knowledge

import (
	"strings"

	"github.com/mcplint/mcplint/internal/editdist"
)

// LookAlike returns the known package that name imitates, when name is not
// itself known: a scope that differs from a known one only by separators
// or case (@model-context-protocol/… for @modelcontextprotocol/…), an
// unscoped copy of a scoped name, or a name one edit away (two for long
// names) from a known one. A name under the same npm scope as the known
// one is never a look-alike: only the scope's owner publishes there.
func (b *Base) LookAlike(ecosystem, name string) (string, bool) {
	n := Normalise(ecosystem, name)
	if n == "" || b.ByPackage(ecosystem, name) != nil {
		return "", false
	}
	best, bestD := "", 3
	for _, known := range b.names[ecosystem] {
		if d, ok := lookAlike(ecosystem, n, known); ok && d < bestD {
			best, bestD = known, d
		}
	}
	return best, best != ""
}

func lookAlike(ecosystem, n, known string) (int, bool) {
	if n == known {
		return 0, false
	}
	if ecosystem == "npm" {
		ns, nn := splitScope(n)
		ks, kn := splitScope(known)
		switch {
		case ns != "" && ns == ks:
			return 0, false // the same owner's scope
		case ns != "" && ks != "" && nn == kn && squash(ns) == squash(ks):
			return 1, true // @model-context-protocol for @modelcontextprotocol
		case ns == "" && ks != "" && (n == ks[1:]+"-"+kn || n == ks[1:]+"/"+kn):
			return 1, true // modelcontextprotocol-server-github
		case ns != "" && ks == "":
			return 0, false
		}
	}
	limit := 0
	switch l := len(known); {
	case l >= 12:
		limit = 2
	case l >= 6:
		limit = 1
	}
	if limit == 0 || abs(len(n)-len(known)) > limit {
		return 0, false
	}
	d := editdist.Distance([]byte(n), []byte(known))
	return d, d <= limit && !onlyADigitApart(n, known)
}

// onlyADigitApart: names that differ only in digits (server-v1, server-v2)
// are versions of a family, not an imitation.
func onlyADigitApart(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && !(isDigit(a[i]) && isDigit(b[i])) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func splitScope(n string) (scope, rest string) {
	if strings.HasPrefix(n, "@") {
		if i := strings.IndexByte(n, '/'); i > 0 {
			return n[:i], n[i+1:]
		}
	}
	return "", n
}

// squash drops the separators a confusable scope adds or removes.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r == '@' {
			return -1
		}
		return r
	}, s)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
