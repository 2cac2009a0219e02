package secret

import (
	"strings"
	"unicode/utf8"
)

// markerWords are the words that make a wordy value a placeholder. They are
// matched as whole words (after splitting on separators and camelCase), never
// as substrings: "todoist" or "examplecorp" are not placeholders.
var markerWords = map[string]bool{
	"your": true, "yours": true, "here": true, "replace": true, "replaceme": true,
	"changeme": true, "changeit": true, "redacted": true, "placeholder": true,
	"insert": true, "todo": true, "tbd": true, "fixme": true, "dummy": true,
	"example": true, "examples": true, "sample": true, "fake": true,
}

// hereStems are words that may be glued to "here" or follow "your" in a
// single word, as in "yourapikey" or "tokenhere".
var hereStems = map[string]bool{
	"key": true, "apikey": true, "token": true, "secret": true, "password": true,
	"value": true, "pat": true, "accesstoken": true, "authtoken": true,
}

// IsPlaceholder reports whether s is a placeholder standing for a value the
// user must fill in, not a credential: "YOUR_API_KEY_HERE", "<token>",
// "<your-key>", "xxx", "xxxxxxxx", "sk-...", "****", "changeme",
// "REDACTED", "TODO", "example", "dummy", "your-token", "{N8N_TOKEN}".
//
// The tests are whole-word and case-insensitive: a value is a placeholder
// when it is filler (runs of x, *, ., …, # after an optional short prefix
// such as "sk-"), when it is wrapped as <…>, […], {NAME} or %NAME%, or when
// it is made only of plain words of which one is a marker word (your, here,
// replace, changeme, redacted, placeholder, todo, example, dummy, fake, …).
// A wrapped value holding a credential-shaped string ("<ghp_…>") is not a
// placeholder.
func IsPlaceholder(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	if isFiller(t) {
		return true
	}
	if isWrapped(t) {
		return true
	}
	return markedWords(t)
}

func isFillerRune(r rune) bool {
	switch r {
	case 'x', 'X', '*', '.', '…', '•', '#', '?':
		return true
	}
	return false
}

// isFiller reports whether t is filler such as "xxx", "...", "sk-...",
// "ghp_XXXXXXXX", "AKIAXXXXXXXXXXXXXXXX", "sk-…****" or "****abcd".
func isFiller(t string) bool {
	limit := min(len(t), 24)
	for k := 0; k <= limit; k++ {
		if k == len(t) {
			break
		}
		switch {
		case k == 0 || strings.IndexByte("-_.:/ ", t[k-1]) >= 0:
			if fillerTail(t[k:], 3) {
				return true
			}
		case isFillerByteStart(t[k]) && !isFillerByteStart(t[k-1]):
			// A filler run glued to a prefix ("AKIAXXXX…") must be long.
			if fillerTail(t[k:], 6) {
				return true
			}
		}
	}
	return false
}

func isFillerByteStart(c byte) bool {
	return c == 'x' || c == 'X' || c == '*' || c == '.' || c == '#' || c == '?' || c >= 0x80
}

// fillerTail reports whether rest is at least minRun filler runes (with -
// and _ allowed between them), optionally followed, when the filler is not
// only x's, by up to four alphanumerics as in a masked display "sk-...abcd".
func fillerTail(rest string, minRun int) bool {
	n, i := 0, 0
	xOnly := true
	for i < len(rest) {
		r, size := utf8.DecodeRuneInString(rest[i:])
		switch {
		case isFillerRune(r):
			n++
			if r == '…' {
				n += 2
			}
			if r != 'x' && r != 'X' {
				xOnly = false
			}
		case r == '-' || r == '_':
		default:
			goto done
		}
		i += size
	}
done:
	if n < minRun {
		return false
	}
	tail := rest[i:]
	if tail == "" {
		return true
	}
	if xOnly || len(tail) > 4 {
		return false
	}
	for j := 0; j < len(tail); j++ {
		if !isAlnum(tail[j]) {
			return false
		}
	}
	return true
}

// isWrapped reports whether t is <…>, […], {NAME} or %NAME% around text that
// does not look like a credential.
func isWrapped(t string) bool {
	if len(t) < 3 {
		return false
	}
	first, last := t[0], t[len(t)-1]
	inner := t[1 : len(t)-1]
	switch {
	case first == '<' && last == '>', first == '[' && last == ']':
		if len(inner) > 100 || strings.ContainsAny(inner, "<>[]\n") {
			return false
		}
	case first == '{' && last == '}', first == '%' && last == '%':
		for i := 0; i < len(inner); i++ {
			c := inner[i]
			if !isAlnum(c) && c != '_' && c != '-' && c != ' ' && c != '.' {
				return false
			}
		}
	default:
		return false
	}
	inner = strings.TrimSpace(inner)
	if inner == "" || matchesKnownShape(inner) {
		return false
	}
	// "<YOUR_MT5_PASSWORD>": plain words with a marker word are a
	// placeholder even when a short segment mixes letters and digits.
	return markedWords(inner) || !looksLikeCredential(inner)
}

// markedWords reports whether t is made only of plain words (letters-only
// segments, or short alphanumeric ones like "sk" or "v1") joined by "-", "_",
// "." or spaces, and at least one of them is a marker word. URLs, paths and
// anything else with other punctuation are not word placeholders.
func markedWords(t string) bool {
	marked := false
	seg := 0
	for i := 0; i <= len(t); i++ {
		if i < len(t) && isAlnum(t[i]) {
			continue
		}
		if i < len(t) && strings.IndexByte("-_. ", t[i]) < 0 {
			return false
		}
		w := t[seg:i]
		seg = i + 1
		if w == "" {
			continue
		}
		if !isLettersOnly(w) {
			if len(w) > 4 {
				return false
			}
			continue
		}
		m, wordy := segmentWords(w)
		if !wordy {
			return false
		}
		marked = marked || m

	}
	return marked
}

// segmentWords splits a letters-only segment at camelCase boundaries and
// tests each word against the marker list. wordy is false when the segment
// does not read as words: a mixed-case run that splits into one-letter
// pieces ("aBcDe…") is random, not camelCase.
func segmentWords(seg string) (marker, wordy bool) {
	var buf [64]byte
	start := 0
	for i := 1; i <= len(seg); i++ {
		if i < len(seg) && !camelBoundary(seg, i) {
			continue
		}
		w := seg[start:i]
		if len(w) == 1 && (start > 0 || i < len(seg)) {
			return false, false
		}
		start = i
		if marker || len(w) > len(buf) {
			continue
		}
		lw := buf[:len(w)]
		for j := 0; j < len(w); j++ {
			lw[j] = lowerASCII(w[j])
		}
		marker = isMarkerWord(string(lw))
	}
	return marker, true
}

func isMarkerWord(w string) bool {
	if markerWords[w] {
		return true
	}
	if rest, ok := strings.CutPrefix(w, "your"); ok && (hereStems[rest] || strings.HasSuffix(rest, "here")) {
		return true
	}
	if stem, ok := strings.CutSuffix(w, "here"); ok && hereStems[stem] {
		return true
	}
	return false
}

// camelBoundary reports whether a new word starts at s[i] ("apiKey" → "api",
// "Key"; "APIKey" → "API", "Key").
func camelBoundary(s string, i int) bool {
	prev, cur := s[i-1], s[i]
	if isLower(prev) && isUpper(cur) {
		return true
	}
	return isUpper(prev) && isUpper(cur) && i+1 < len(s) && isLower(s[i+1])
}
