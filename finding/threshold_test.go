package finding

import "testing"

func TestFailLevel(t *testing.T) {
	t.Parallel()
	fs := []Finding{{Level: Warning}, {Level: Info}}
	for _, tc := range []struct {
		flag string
		ok   bool
		fail bool
	}{
		{"never", true, false}, {"error", true, false}, {"warning", true, true}, {"info", true, true}, {"loud", false, false},
	} {
		l, ok := ParseFailLevel(tc.flag)
		if ok != tc.ok || AnyAtOrAbove(fs, l) != tc.fail {
			t.Errorf("--fail-level %s: ok %v, fails %v; want %v, %v", tc.flag, ok, AnyAtOrAbove(fs, l), tc.ok, tc.fail)
		}
	}
}
