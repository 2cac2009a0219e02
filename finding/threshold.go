package finding

// ParseFailLevel reads --fail-level: the lowest level that fails a run,
// or 0 for "never".
func ParseFailLevel(s string) (Level, bool) {
	if s == "never" {
		return 0, true
	}
	l, err := ParseLevel(s)
	return l, err == nil
}

// AnyAtOrAbove says a finding is at or above threshold (0: never).
func AnyAtOrAbove(fs []Finding, threshold Level) bool {
	for _, f := range fs {
		if threshold != 0 && f.Level >= threshold {
			return true
		}
	}
	return false
}
