package editdist

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		x, y string
		want int
	}{
		{"", "", 0},
		{"", "args", 4},
		{"args", "", 4},
		{"command", "command", 0},
		{"comand", "command", 1},   // insertion
		{"commands", "command", 1}, // deletion
		{"commamd", "command", 1},  // substitution
		{"kitten", "sitting", 3},
		{"envs", "env_file", 5},
	} {
		if got := Distance([]byte(c.x), []byte(c.y)); got != c.want {
			t.Errorf("Distance(%q, %q) over bytes = %d, want %d", c.x, c.y, got, c.want)
		}
		if got := Distance([]rune(c.x), []rune(c.y)); got != c.want {
			t.Errorf("Distance(%q, %q) over runes = %d, want %d", c.x, c.y, got, c.want)
		}
	}
	// A character of several bytes is one rune but several bytes apart.
	if got := Distance([]rune("héllo"), []rune("hello")); got != 1 {
		t.Errorf("runes: got %d, want 1", got)
	}
	if got := Distance([]byte("héllo"), []byte("hello")); got != 2 {
		t.Errorf("bytes: got %d, want 2", got)
	}
}

func TestNearest(t *testing.T) {
	cmds := []string{"check", "list", "rules", "explain", "export", "merge", "fix", "probe", "baseline", "lsp", "version"}
	for typed, want := range map[string]string{
		"chek": "check", "lsit": "list", "exlpain": "explain", "versoin": "version", "fx": "fix",
		"bas": "baseline", "zzz": "", "c": "", "checkout": "", "formt": "",
	} {
		if got := Nearest(typed, cmds); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", typed, got, want)
		}
	}
	if got := Nearest("formt", []string{"fail-level", "format", "fix"}); got != "format" {
		t.Errorf("Nearest(formt) = %q", got)
	}
}
