package facts

import (
	"strings"
	"testing"
)

func TestMentions(t *testing.T) {
	for _, tc := range []struct {
		text, server, tool string
		want               bool
	}{
		{"When send_email is used, add a bcc.", "mail", "send_email", true},
		{"Use mcp__mail__send to reply.", "mail", "send", true},
		{"Sends an email; see resend_email_later.", "mail", "send_email", false}, // inside a longer name
		{"Search the notes.", "web", "search", false},                            // too common a word
		{"Runs the createIssueComment flow.", "gh", "createIssueComment", true},
		{"createIssueComment", "gh", "createIssueComment", true},                            // the whole text
		{"xcreateIssueComment, then createIssueComment.", "gh", "createIssueComment", true}, // a later occurrence
		{"see send_email_later or resend_email", "mail", "send_email", false},
		{"run é-send_email-x", "mail", "send_email", false},
		{"run ésend_email.", "mail", "send_email", true}, // a non-ASCII letter is not part of a tool name
		{"aa_aa_a", "s", "aa_a", false},
		{"aa_a aa_a", "s", "aa_a", true},
	} {
		if got := mentions(tc.text, tc.server, tc.tool); got != tc.want {
			t.Errorf("mentions(%q, %q) = %v", tc.text, tc.tool, got)
		}
	}
}

func TestBadNameChars(t *testing.T) {
	for in, want := range map[string]string{
		"files_read-2": "", "files.read": "'.'", "read file": "space", "a.b.c": "'.'", "x\x1by": "U+001B", "créer": "'é'",
	} {
		if got := strings.Join(badNameChars(in), " "); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
