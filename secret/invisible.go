package secret

// The one list of characters that hide or reorder text. Escape shows them
// as ‹U+XXXX›, the registry checks report them, and the organisation report
// writes them as \uXXXX: all three read this table, so a character one of
// them knows cannot pass raw through another.

// HiddenRange is a range of hidden characters of one class.
type HiddenRange struct {
	Lo, Hi rune
	// Class is "bidi", "zero-width", "tag", "variation-selector" or
	// "line-break" (a line separator: hidden only where one line is
	// expected).
	Class string
	// Name is the Unicode name of Lo, or of the kind when Lo < Hi.
	Name string
}

// HiddenRanges lists every hidden character mcplint knows, in order.
var HiddenRanges = []HiddenRange{
	{0x00AD, 0x00AD, "zero-width", "SOFT HYPHEN"},
	{0x034F, 0x034F, "zero-width", "COMBINING GRAPHEME JOINER"},
	{0x061C, 0x061C, "bidi", "ARABIC LETTER MARK"},
	{0x115F, 0x115F, "zero-width", "HANGUL CHOSEONG FILLER"},
	{0x1160, 0x1160, "zero-width", "HANGUL JUNGSEONG FILLER"},
	{0x17B4, 0x17B4, "zero-width", "KHMER VOWEL INHERENT AQ"},
	{0x17B5, 0x17B5, "zero-width", "KHMER VOWEL INHERENT AA"},
	{0x180E, 0x180E, "zero-width", "MONGOLIAN VOWEL SEPARATOR"},
	{0x200B, 0x200B, "zero-width", "ZERO WIDTH SPACE"},
	{0x200C, 0x200C, "zero-width", "ZERO WIDTH NON-JOINER"},
	{0x200D, 0x200D, "zero-width", "ZERO WIDTH JOINER"},
	{0x200E, 0x200E, "bidi", "LEFT-TO-RIGHT MARK"},
	{0x200F, 0x200F, "bidi", "RIGHT-TO-LEFT MARK"},
	{0x2028, 0x2028, "line-break", "LINE SEPARATOR"},
	{0x2029, 0x2029, "line-break", "PARAGRAPH SEPARATOR"},
	{0x202A, 0x202A, "bidi", "LEFT-TO-RIGHT EMBEDDING"},
	{0x202B, 0x202B, "bidi", "RIGHT-TO-LEFT EMBEDDING"},
	{0x202C, 0x202C, "bidi", "POP DIRECTIONAL FORMATTING"},
	{0x202D, 0x202D, "bidi", "LEFT-TO-RIGHT OVERRIDE"},
	{0x202E, 0x202E, "bidi", "RIGHT-TO-LEFT OVERRIDE"},
	{0x2060, 0x2060, "zero-width", "WORD JOINER"},
	{0x2061, 0x2061, "zero-width", "FUNCTION APPLICATION"},
	{0x2062, 0x2062, "zero-width", "INVISIBLE TIMES"},
	{0x2063, 0x2063, "zero-width", "INVISIBLE SEPARATOR"},
	{0x2064, 0x2064, "zero-width", "INVISIBLE PLUS"},
	{0x2066, 0x2066, "bidi", "LEFT-TO-RIGHT ISOLATE"},
	{0x2067, 0x2067, "bidi", "RIGHT-TO-LEFT ISOLATE"},
	{0x2068, 0x2068, "bidi", "FIRST STRONG ISOLATE"},
	{0x2069, 0x2069, "bidi", "POP DIRECTIONAL ISOLATE"},
	{0x206A, 0x206F, "zero-width", "DEPRECATED FORMAT CHARACTER"},
	{0x3164, 0x3164, "zero-width", "HANGUL FILLER"},
	{0xFE00, 0xFE0F, "variation-selector", "VARIATION SELECTOR"},
	{0xFEFF, 0xFEFF, "zero-width", "ZERO WIDTH NO-BREAK SPACE"},
	{0xFFA0, 0xFFA0, "zero-width", "HALFWIDTH HANGUL FILLER"},
	{0xFFF9, 0xFFF9, "zero-width", "INTERLINEAR ANNOTATION ANCHOR"},
	{0xFFFA, 0xFFFA, "zero-width", "INTERLINEAR ANNOTATION SEPARATOR"},
	{0xFFFB, 0xFFFB, "zero-width", "INTERLINEAR ANNOTATION TERMINATOR"},
	{0x1BCA0, 0x1BCA3, "zero-width", "SHORTHAND FORMAT CONTROL"},
	{0x1D173, 0x1D17A, "zero-width", "MUSICAL SYMBOL FORMAT CONTROL"},
	{0xE0000, 0xE007F, "tag", "TAG CHARACTER"},
	{0xE0100, 0xE01EF, "variation-selector", "VARIATION SELECTOR"},
}

// hiddenRange finds r's entry in HiddenRanges.
func hiddenRange(r rune) (HiddenRange, bool) {
	if r < HiddenRanges[0].Lo {
		return HiddenRange{}, false
	}
	lo, hi := 0, len(HiddenRanges)
	for lo < hi {
		m := (lo + hi) / 2
		switch e := HiddenRanges[m]; {
		case r < e.Lo:
			hi = m
		case r > e.Hi:
			lo = m + 1
		default:
			return e, true
		}
	}
	return HiddenRange{}, false
}

// MayHide says whether r is in the table at all, whatever its context:
// a quick test before HiddenClass.
func MayHide(r rune) bool {
	_, ok := hiddenRange(r)
	return ok
}

// HiddenClass says whether rs[i] hides or reorders text, and how:
// "control", "bidi", "zero-width", "tag" or "variation-selector" ("" when
// it does not). Tabs and line breaks count as "control" only when oneLine.
// What a visible character needs is kept: joiners inside emoji and the
// scripts that use them, variation selectors after emoji and keycaps, and
// the tag sequences of subdivision flags.
func HiddenClass(rs []rune, i int, oneLine bool) string {
	r := rs[i]
	prev, next := rune(0), rune(0)
	if i > 0 {
		prev = rs[i-1]
	}
	if i+1 < len(rs) {
		next = rs[i+1]
	}
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		if oneLine {
			return "control"
		}
		return ""
	case r < 0x20 || r == 0x7F || (r >= 0x80 && r <= 0x9F):
		return "control"
	case r < 0xA0:
		return ""
	}
	e, ok := hiddenRange(r)
	if !ok {
		return ""
	}
	switch e.Class {
	case "line-break":
		if oneLine {
			return "control"
		}
		return ""
	case "zero-width":
		if (r == 0x200C || r == 0x200D) && joins(prev) && joins(next) {
			return ""
		}
	case "tag":
		if flagTag(rs, i) {
			return ""
		}
	case "variation-selector":
		if r <= 0xFE0F && (prev >= 0x80 && prev != 0xFE0F && !(prev >= 0xFE00 && prev <= 0xFE0F) || prev >= '0' && prev <= '9' || prev == '#' || prev == '*') {
			return ""
		}
	}
	return e.Class
}

// HiddenName is the Unicode name of a hidden or control character ("" for
// others).
func HiddenName(r rune) string {
	if n, ok := controlNames[r]; ok {
		return n
	}
	if e, ok := hiddenRange(r); ok {
		return e.Name
	}
	if r < 0x20 || r >= 0x7F && r <= 0x9F {
		return "CONTROL CHARACTER"
	}
	return ""
}

var controlNames = map[rune]string{
	0x0000: "NULL", 0x0007: "BELL", 0x0008: "BACKSPACE", 0x0009: "TAB", 0x000A: "LINE FEED", 0x000D: "CARRIAGE RETURN",
	0x001B: "ESCAPE", 0x007F: "DELETE", 0x0085: "NEXT LINE",
}

// joins: a joiner between two such runes is part of an emoji or of a
// script that needs it (Persian, Indic).
func joins(r rune) bool {
	return r >= 0x0370 && r != 0x200C && r != 0x200D && !(r >= 0x2000 && r <= 0x206F)
}

// flagTag: the tag characters of a subdivision flag (🏴 + tags + cancel
// tag), e.g. the flag of Scotland.
func flagTag(rs []rune, i int) bool {
	j := i
	for j > 0 && rs[j-1] >= 0xE0020 && rs[j-1] <= 0xE007E {
		j--
	}
	if j == 0 || rs[j-1] != 0x1F3F4 {
		return false
	}
	k := j
	for k < len(rs) && ((rs[k] >= 0xE0061 && rs[k] <= 0xE007A) || (rs[k] >= 0xE0030 && rs[k] <= 0xE0039)) {
		k++
	}
	return k-j >= 2 && k-j <= 7 && k < len(rs) && rs[k] == 0xE007F && i <= k
}
